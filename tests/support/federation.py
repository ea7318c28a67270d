"""Federations for the tests and the benchmark: leagues of the GL demo's input tabs, on `.xlsx` files or on the local
Sheets API server, and the federation.toml naming them."""

from __future__ import annotations

import copy
import functools
import tempfile
from pathlib import Path

from jobs.config import load_config
from jobs.sync_job import run_check
from league.cells import Grid
from league.problems import Severity
from sync.memory import MemoryWorkbook
from sync.xlsx import XlsxWorkbook
from tests.support.google_league import demo_inputs
from tests.support.grids import sheets
from tests.support.sheets_server import SheetsServer

POINTS = "[10, 8, 6, 6, 4, 4, 4, 4]"


@functools.cache
def _finished() -> dict[str, Grid]:
    tabs = demo_inputs()
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "league.toml").write_text('ruleset = "gl-unmatched"\nworkbook = "x.xlsx"\n', encoding="utf-8")
        config = load_config(Path(folder))
        for _ in range(6):
            book = MemoryWorkbook()
            book.tabs = copy.deepcopy(tabs)
            wrong = sorted(
                {(p.tab, p.row) for p in run_check(config, book).problems if p.severity is Severity.ERROR and p.row},
                key=lambda p: -p[1],
            )
            if not wrong:
                return tabs
            for tab, row in wrong:
                del tabs[tab][row - 1]
    raise AssertionError("the demo's mistakes did not all go")


def finished_inputs() -> dict[str, Grid]:
    """The GL demo's input tabs without the rows holding its planted mistakes: every event final, with a champion."""
    return copy.deepcopy(_finished())


def one_event_inputs() -> dict[str, Grid]:
    """One finished event of the demo (its first), for runs of many leagues where each sync's CPU time is not what
    is measured."""
    tabs = finished_inputs()
    first = tabs["Events"][1]
    players = [row for row in tabs["Players"][1:] if row[1] == first[0]]
    return {
        "Events": [tabs["Events"][0], first],
        "Players": [tabs["Players"][0], *players],
        str(first[-1]): tabs[str(first[-1])],
        "Penalties": tabs["Penalties"][:1],
        "Avoid": tabs["Avoid"][:1],
    }


def federation_toml(folder: Path, extra: str = "", leagues: str = '["stores/*/league.toml"]') -> Path:
    """federation.toml in `folder`, its series on `series.xlsx`, `extra` lines added at the top."""
    (folder / "federation.toml").write_text(
        f'name = "Luzon Unmatched Series"\nleagues = {leagues}\nworkbook = "series.xlsx"\n{extra}\n'
        f"[series]\npoints = {POINTS}\nbest = 4\n",
        encoding="utf-8",
    )
    return folder / "federation.toml"


def xlsx_store(folder: Path, name: str, inputs: dict[str, Grid] | None = None) -> Path:
    """A store's league on its own `.xlsx`, exporting only its CSV files (the tests look at the series)."""
    store = folder / "stores" / name
    store.mkdir(parents=True)
    XlsxWorkbook(store / "league.xlsx").create(sheets(inputs or finished_inputs()))
    (store / "league.toml").write_text(
        'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\nexport_formats = ["csv"]\n', encoding="utf-8"
    )
    return store / "league.toml"


def sheets_store(
    folder: Path,
    name: str,
    server: SheetsServer,
    key: Path,
    inputs: dict[str, Grid] | None = None,
    formats: str = '["csv"]',
) -> Path:
    """A store's league on the local Sheets API server (its spreadsheet id is the store's name)."""
    store = folder / "stores" / name
    store.mkdir(parents=True)
    server.add_spreadsheet(name, inputs or finished_inputs())
    (store / "league.toml").write_text(
        f'ruleset = "gl-unmatched"\nspreadsheet_id = "{name}"\ncredentials = "{key}"\nsheets_api = "{server.url}"\n'
        f"export_formats = {formats}\nsheets_retry_seconds = 20\n",
        encoding="utf-8",
    )
    return store / "league.toml"

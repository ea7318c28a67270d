"""A league kept on the local Sheets API server: its spreadsheet id, its league.toml, the backend reaching it,
and the same input tabs synced on `.xlsx` and on Google to compare the output tabs."""

from __future__ import annotations

from pathlib import Path

from jobs.config import load_config, load_ruleset
from jobs.sync_job import run_sync
from league.cells import Grid
from league.demos.gl import build_demo
from league.sheet import SYNC_LOG_TAB, Changes, is_output_tab
from sync.google import GoogleWorkbook, load_credentials
from sync.memory import MemoryWorkbook
from sync.open import open_workbook
from sync.retry import BoundedRetryClient, RetryPolicy
from sync.xlsx import XlsxWorkbook
from tests.support.grids import sheets, texts
from tests.support.sheets_server import SERVICE_ACCOUNT_EMAIL, SheetsServer

SHEET_ID = "1LeagueTestSpreadsheet0000000000000000000000"
ACCOUNT = SERVICE_ACCOUNT_EMAIL
"""The service account of the tests' key file, which the spreadsheets are shared with."""
FAST = RetryPolicy(budget=8.0, base=0.01, cap=0.05, timeout=(2.0, 5.0))
PATIENT = RetryPolicy(budget=60.0, base=0.01, cap=0.05, timeout=(2.0, 60.0))
"""For `league init` tabs: the local server stores, and copies on every batch, each dropdown cell one by one."""
CSV_ONLY = 'export_formats = ["csv"]\n'
"""A league.toml line for syncs that test the workbook, not the files: without images and posters to draw, a sync
costs a fraction of the CPU."""


def demo_inputs() -> dict[str, Grid]:
    """The GL demo league's input tabs."""
    ruleset, catalog = load_ruleset("gl-unmatched", Path("."))
    demo = build_demo(ruleset, catalog)
    book = MemoryWorkbook()
    book.write(Changes(replace=tuple(demo.sheets(ruleset, catalog))))
    return book.tabs


def configure(folder: Path, server: SheetsServer, key: Path, extra: str = "") -> Path:
    """A league.toml in `folder` for the GL league on the server's SHEET_ID."""
    (folder / "league.toml").write_text(
        f'ruleset = "gl-unmatched"\nspreadsheet_id = "{SHEET_ID}"\ncredentials = "{key}"\n'
        f'sheets_api = "{server.url}"\n{extra}',
        encoding="utf-8",
    )
    return folder


def workbook(server: SheetsServer, key: Path, policy: RetryPolicy = FAST) -> GoogleWorkbook:
    """The Google backend on the server's SHEET_ID, reached with the key file."""
    credentials = load_credentials(key)
    return GoogleWorkbook(
        SHEET_ID, BoundedRetryClient(credentials, policy=policy), server.url, credentials.service_account_email
    )


def offline_league(tmp_path: Path, ruleset: str, inputs: dict[str, Grid], extra: str = "") -> Path:
    """The input tabs as a new `.xlsx` league in `tmp_path/offline`, its league.toml with `extra` lines; its folder."""
    offline = tmp_path / "offline"
    offline.mkdir()
    XlsxWorkbook(offline / "league.xlsx").create(sheets(inputs))
    (offline / "league.toml").write_text(f'ruleset = "{ruleset}"\nworkbook = "league.xlsx"\n{extra}', encoding="utf-8")
    return offline


def synced_both_ways(
    tmp_path: Path, server: SheetsServer, key: Path, ruleset: str, inputs: dict[str, Grid]
) -> dict[str, Grid]:
    """Sync the same input tabs offline (.xlsx) and through the local Sheets API; the output tabs must agree (the
    exports, CSV only, are the same code on either backend)."""
    offline = offline_league(tmp_path, ruleset, inputs, CSV_ONLY)
    config = load_config(offline)
    offline_code = run_sync(config, open_workbook(config)).code

    server.add_spreadsheet(SHEET_ID, inputs, shared_with=[ACCOUNT])
    online = tmp_path / "online"
    online.mkdir()
    (online / "league.toml").write_text(
        f'ruleset = "{ruleset}"\nspreadsheet_id = "{SHEET_ID}"\ncredentials = "{key}"\nsheets_api = "{server.url}"\n'
        + CSV_ONLY,
        encoding="utf-8",
    )
    config = load_config(online)
    assert run_sync(config, open_workbook(config)).code == offline_code

    book = XlsxWorkbook(offline / "league.xlsx")
    outputs = [t for t in book.tab_names() if is_output_tab(t) and t != SYNC_LOG_TAB]
    local = book.read(outputs)
    for tab in outputs:
        assert texts(server.values(SHEET_ID, tab)) == texts(local[tab]), tab
    return local

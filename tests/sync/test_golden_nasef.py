"""The hand-checked NASEF scenario (`tests/golden/nasef/`, worked as fractions in its README): its input tabs synced
on `.xlsx` and through the local Sheets API server give the expected standings, and identical output tabs."""

from __future__ import annotations

import csv
import datetime as dt
from fractions import Fraction as F
from pathlib import Path

from jobs.config import load_config
from jobs.sync_job import run_sync
from league.cells import Cell, Grid
from league.sheet import SYNC_LOG_TAB, is_output_tab
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook
from tests.support.google_league import ACCOUNT, SHEET_ID
from tests.support.grids import sheets, texts
from tests.support.sheets_server import SheetsServer

GOLDEN = Path(__file__).parents[1] / "golden" / "nasef"
INPUTS = {"Events": "events.csv", "Teams": "teams.csv", "Rosters": "rosters.csv", "Results S1": "results-s1.csv"}
NOW = dt.datetime(2026, 2, 12, 21, 0, tzinfo=dt.UTC)
EXACT = {
    "Comet": (F(3, 4), F(1, 3)),
    "Eclipse": (F(4, 7), F(5, 9)),
    "Falcon": (F(4, 7), F(1, 3)),
    "Aurora": (F(1, 2), F(5, 9)),
    "Dynamo": (F(1, 5), F(5, 9)),
    "Blaze": (F(1, 5), F(1, 3)),
}
"""Game Win % and OMW% of each team, as worked by hand in the README."""


def _read(name: str) -> list[list[str]]:
    with (GOLDEN / name).open(encoding="utf-8", newline="") as f:
        return list(csv.reader(f))


def _inputs() -> dict[str, Grid]:
    return {tab: [list[Cell](row) for row in _read(file)] for tab, file in INPUTS.items()}


def _config(folder: Path, where: str) -> Path:
    folder.mkdir()
    (folder / "league.toml").write_text(
        f'ruleset = "{GOLDEN / "ruleset.toml"}"\n{where}export_formats = ["csv"]\n', encoding="utf-8"
    )
    return folder


def _outputs(grids: dict[str, Grid]) -> dict[str, list[list[str]]]:
    return {name: texts(grid) for name, grid in grids.items() if is_output_tab(name) and name != SYNC_LOG_TAB}


def test_the_golden_season_on_xlsx_and_google(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    inputs = _inputs()
    offline = _config(tmp_path / "offline", 'workbook = "league.xlsx"\n')
    XlsxWorkbook(offline / "league.xlsx").create(sheets(inputs))
    local = load_config(offline)
    assert run_sync(local, open_workbook(local), now=NOW).code == 0

    sheets_server.add_spreadsheet(SHEET_ID, inputs, shared_with=[ACCOUNT])
    online = _config(
        tmp_path / "online",
        f'spreadsheet_id = "{SHEET_ID}"\ncredentials = "{service_account_file}"\nsheets_api = "{sheets_server.url}"\n',
    )
    remote = load_config(online)
    assert run_sync(remote, open_workbook(remote), now=NOW).code == 0

    book = XlsxWorkbook(offline / "league.xlsx")
    on_xlsx = book.read(book.tab_names())
    on_google = {name: sheets_server.values(SHEET_ID, name) for name in on_xlsx}
    assert _outputs(on_xlsx) == _outputs(on_google)
    expected = _read("standings-s1.csv")
    for folder in (offline, online):
        assert _read_export(folder / "exports" / "standings-s1.csv") == expected
    tab = on_xlsx["Standings S1"]
    assert {row[1]: (row[4], row[5]) for row in tab[1:]} == {
        team: (float(g), float(o)) for team, (g, o) in EXACT.items()
    }


def _read_export(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        return list(csv.reader(f))

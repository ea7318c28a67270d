"""A format unlike GL (the test-only Swiss ruleset with draws) synced through both backends: same output tabs."""

from __future__ import annotations

import sys
from pathlib import Path

from sheets_server import SheetsServer

from jobs.config import load_config, load_ruleset
from jobs.sync_job import run_sync
from league.cells import Grid
from league.demo_magic import build_magic_demo
from league.sheet import SYNC_LOG_TAB, Sheet, is_output_tab
from sync.xlsx import XlsxWorkbook
from sync.open import open_workbook

sys.path.insert(0, str(Path(__file__).parents[1] / "league"))
from test_formats import RULESET_FILE, tabs  # noqa: E402
from test_google import ACCOUNT, SHEET_ID, texts  # noqa: E402


def _sheets(grids: dict[str, Grid]) -> list[Sheet]:
    return [Sheet(name, tuple(str(h) for h in grid[0]), tuple(tuple(r) for r in grid[1:])) for name, grid in grids.items()]


def _synced_both_ways(tmp_path: Path, server: SheetsServer, key: Path, ruleset: str, inputs: dict[str, Grid]) -> dict[str, Grid]:
    """Sync the same input tabs offline (.xlsx) and through the local Sheets API; the output tabs must agree."""
    offline = tmp_path / "offline"
    offline.mkdir()
    XlsxWorkbook(offline / "league.xlsx").create(_sheets(inputs))
    (offline / "league.toml").write_text(f'ruleset = "{ruleset}"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    config = load_config(offline)
    offline_code = run_sync(config, open_workbook(config)).code

    server.add_spreadsheet(SHEET_ID, inputs, shared_with=[ACCOUNT])
    online = tmp_path / "online"
    online.mkdir()
    (online / "league.toml").write_text(
        f'ruleset = "{ruleset}"\nspreadsheet_id = "{SHEET_ID}"\ncredentials = "{key}"\nsheets_api = "{server.url}"\n',
        encoding="utf-8")
    config = load_config(online)
    assert run_sync(config, open_workbook(config)).code == offline_code

    book = XlsxWorkbook(offline / "league.xlsx")
    outputs = [t for t in book.tab_names() if is_output_tab(t) and t != SYNC_LOG_TAB]
    local = book.read(outputs)
    for tab in outputs:
        assert texts(server.values(SHEET_ID, tab)) == texts(local[tab]), tab
    return local


def test_swiss_with_draws_gives_the_same_tabs_on_xlsx_and_google(tmp_path: Path, sheets_server: SheetsServer,
                                                                  service_account_file: Path) -> None:
    local = _synced_both_ways(tmp_path, sheets_server, service_account_file, str(RULESET_FILE), tabs())
    assert sorted(local) == ["Leaderboard", "Problems", "Standings W1"]
    assert [row[1] for row in local["Standings W1"][1:]] == ["Ana", "Ben", "Eve", "Cy", "Dee"]
    assert local["Standings W1"][2][:8] == [2, "Ben", 6, 3, 0.7222, 0.5714, 0.7381, 7]


def test_magic_standings_are_the_same_on_xlsx_and_google(tmp_path: Path, sheets_server: SheetsServer,
                                                         service_account_file: Path) -> None:
    ruleset, catalog = load_ruleset("ogaming-mtg", tmp_path)
    local = _synced_both_ways(tmp_path, sheets_server, service_account_file, "ogaming-mtg",
                              build_magic_demo().tabs(ruleset, catalog))
    assert {"Standings W1", "Standings W2", "Standings W3", "Leaderboard"} <= set(local)
    assert local["Standings W2"][0][3:7] == ["Record", "OMW%", "GW%", "OGW%"]
    assert all(isinstance(row[4], float) for row in local["Standings W2"][1:])

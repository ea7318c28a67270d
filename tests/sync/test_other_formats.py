"""A format unlike GL (the test-only Swiss ruleset with draws) synced through both backends: same output tabs."""

from __future__ import annotations

import sys
from pathlib import Path

from sheets_server import SheetsServer

from jobs.config import load_config
from jobs.sync_job import run_sync
from league.cells import Grid
from league.sheet import SYNC_LOG_TAB, Sheet, is_output_tab
from sync.xlsx import XlsxWorkbook
from sync.open import open_workbook

sys.path.insert(0, str(Path(__file__).parents[1] / "league"))
from test_formats import RULESET_FILE, tabs  # noqa: E402
from test_google import ACCOUNT, SHEET_ID, texts  # noqa: E402


def _sheets(grids: dict[str, Grid]) -> list[Sheet]:
    return [Sheet(name, tuple(str(h) for h in grid[0]), tuple(tuple(r) for r in grid[1:])) for name, grid in grids.items()]


def test_swiss_with_draws_gives_the_same_tabs_on_xlsx_and_google(tmp_path: Path, sheets_server: SheetsServer,
                                                                  service_account_file: Path) -> None:
    inputs = tabs()
    offline = tmp_path / "offline"
    offline.mkdir()
    XlsxWorkbook(offline / "league.xlsx").create(_sheets(inputs))
    (offline / "league.toml").write_text(f'ruleset = "{RULESET_FILE}"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    config = load_config(offline)
    assert run_sync(config, open_workbook(config)).code == 0

    sheets_server.add_spreadsheet(SHEET_ID, inputs, shared_with=[ACCOUNT])
    online = tmp_path / "online"
    online.mkdir()
    (online / "league.toml").write_text(
        f'ruleset = "{RULESET_FILE}"\nspreadsheet_id = "{SHEET_ID}"\ncredentials = "{service_account_file}"\n'
        f'sheets_api = "{sheets_server.url}"\n', encoding="utf-8")
    config = load_config(online)
    assert run_sync(config, open_workbook(config)).code == 0

    book = XlsxWorkbook(offline / "league.xlsx")
    outputs = [t for t in book.tab_names() if is_output_tab(t) and t != SYNC_LOG_TAB]
    assert sorted(outputs) == ["Leaderboard", "Problems", "Standings W1"]
    local = book.read(outputs)
    for tab in outputs:
        assert texts(sheets_server.values(SHEET_ID, tab)) == texts(local[tab]), tab
    assert [row[1] for row in local["Standings W1"][1:]] == ["Ana", "Ben", "Eve", "Cy", "Dee"]
    assert local["Standings W1"][2][:8] == [2, "Ben", 6, 3, 0.7222, 0.5714, 0.7381, 7]

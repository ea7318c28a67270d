"""The `Stats` tab on Google Sheets, through gspread against the local Sheets API server: the same cells as on `.xlsx`,
and still three requests a sync."""

from __future__ import annotations

from pathlib import Path

from jobs.config import load_config
from jobs.sync_job import run_sync
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook
from tests.support.google_league import ACCOUNT, SHEET_ID, configure, demo_inputs, offline_league
from tests.support.grids import texts
from tests.support.sheets_server import SheetsServer


def test_the_stats_tab_is_the_same_on_google_and_xlsx(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    inputs = demo_inputs()
    offline = offline_league(tmp_path, "gl-unmatched", inputs, "stats = true\n")
    config = load_config(offline)
    run_sync(config, open_workbook(config))
    local = XlsxWorkbook(offline / "league.xlsx").read(["Stats"])["Stats"]

    sheets_server.add_spreadsheet(SHEET_ID, inputs, shared_with=[ACCOUNT])
    online = configure(tmp_path, sheets_server, service_account_file, "stats = true\n")
    config = load_config(online)
    before = len(sheets_server.requests)
    run_sync(config, open_workbook(config))
    assert len([r for r in sheets_server.requests[before:] if "/token" not in r.path]) == 3
    remote = sheets_server.values(SHEET_ID, "Stats")
    assert texts(remote) == texts(local)
    assert remote[0] == ["fighter", "Games", "Wins", "Draws", "Losses", "Win Rate", "Low", "High"]
    assert ["Bullseye", 18, 6, 0, 12] in [row[:5] for row in remote]
    headings = [i + 1 for i, row in enumerate(remote) if row[:1] in (["fighter against"], ["Player"])]
    assert len(headings) == 2
    for row in headings:
        assert sheets_server.cell(SHEET_ID, "Stats", f"A{row}")["userEnteredFormat"]["textFormat"]["bold"] is True
    assert "numberFormat" in sheets_server.cell(SHEET_ID, "Stats", "F2")["userEnteredFormat"], (
        "the win rates: percentages"
    )
    row, column = next(
        (r, c)
        for r in range(headings[0] + 1, headings[1])
        for c in range(1, 9)
        if len(remote[r - 1]) > c and remote[r - 1][c]
    )
    below = sheets_server.cell(SHEET_ID, "Stats", f"{'ABCDEFGHI'[column]}{row}")
    assert "numberFormat" not in below.get("userEnteredFormat", {}), "a matchup cell is text, not a percentage"

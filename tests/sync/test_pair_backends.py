"""`league pair` through the local Sheets API and on .xlsx: identical rows appended, nothing else changed."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from jobs.config import load_config, load_ruleset
from jobs.pair_job import run_pair
from league.cells import Grid
from league.demos.magic import build_magic_demo
from league.sheet import SYNC_LOG_TAB
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook
from tests.support.google_league import ACCOUNT, SHEET_ID, offline_league
from tests.support.grids import texts
from tests.support.sheets_server import SheetsServer

NOW = dt.datetime(2024, 5, 4, 18, 30, tzinfo=dt.UTC)


def _inputs() -> dict[str, Grid]:
    """The Magic demo with the last round of its first week not yet paired (its planted mistake stays: forced)."""
    ruleset, catalog = load_ruleset("ogaming-mtg", Path("."))
    tabs = build_magic_demo().tabs(ruleset, catalog)
    tabs["Results W1"] = [row for row in tabs["Results W1"] if row[0] != 4]
    return tabs


def test_pair_appends_the_same_rows_on_xlsx_and_google(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    inputs = _inputs()
    offline = offline_league(tmp_path, "ogaming-mtg", inputs)
    local = load_config(offline)
    done = run_pair(local, open_workbook(local), "W1", seed=5, force=True, now=NOW)
    assert done.written and done.round == 4

    sheets_server.add_spreadsheet(SHEET_ID, inputs, shared_with=[ACCOUNT])
    online = tmp_path / "online"
    online.mkdir()
    (online / "league.toml").write_text(
        f'ruleset = "ogaming-mtg"\nspreadsheet_id = "{SHEET_ID}"\ncredentials = "{service_account_file}"\n'
        f'sheets_api = "{sheets_server.url}"\n',
        encoding="utf-8",
    )
    remote = load_config(online)
    before = sheets_server.count()
    assert run_pair(remote, open_workbook(remote), "W1", seed=5, force=True, now=NOW).rows == done.rows
    assert sheets_server.count() - before == 3  # the metadata, one read of every tab, one write (rows and log)

    book = XlsxWorkbook(offline / "league.xlsx")
    for tab in book.tab_names():
        expected = texts(book.read([tab])[tab])
        assert texts(sheets_server.values(SHEET_ID, tab)) == expected, tab
    added = texts(book.read(["Results W1"])["Results W1"])[len(inputs["Results W1"]) :]
    assert len(added) == len(done.rows) and all(row[0] == "4" for row in added)

    log = texts(book.read([SYNC_LOG_TAB])[SYNC_LOG_TAB])
    assert log[0][0] == "Time" and log[1][0] == "2024-05-04 18:30:00 UTC" and len(log) == 2 + len(done.pairings)
    assert log[1][-1] == f"paired W1 round 4, seed 5: {len(done.rows)} rows added"
    assert [row[-1] for row in log[2:]] == [
        f"W1 round 4 table {p.table}: {done.names[p.first]} v {done.names[p.second] if p.second else 'bye'}: {p.why}"
        for p in done.pairings
    ]

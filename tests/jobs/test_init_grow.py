"""`league init` on a league that exists (issue 18, item 9): it adds what the new events and the ruleset need, through
the real CLI on `.xlsx` (the Google path is in tests/sync/test_google.py), and touches nothing that exists."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from openpyxl.worksheet.worksheet import Worksheet
from typer.testing import CliRunner

from jobs.cli import app
from jobs.demo_job import DEMO_WORKBOOK
from league.read.events import EVENTS_TAB
from league.sheet import is_output_tab
from sync.xlsx import LISTS, XlsxWorkbook
from sync.xlsx_parts import WorkbookParts, read_parts
from tests.support.google_league import ACCOUNT, SHEET_ID, configure
from tests.support.sheets_server import SheetsServer

runner = CliRunner()


def said(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["init", *args])
    return result.exit_code, " ".join(result.output.split())


def sheet_parts(path: Path) -> dict[str, bytes]:
    """Each tab's worksheet part, by tab name."""
    parts, _ = read_parts(path)
    book = WorkbookParts(parts)
    names = openpyxl.load_workbook(path, read_only=True).sheetnames
    return {name: parts[part] for name in names if (part := book.part(name)) is not None}


def look(ws: Worksheet, rows: int, columns: int) -> list[object]:
    """Every cell of the range as a judge sees it (value and format), then the tab's dropdowns, panes and widths."""
    cells = [
        (
            c.coordinate,
            c.value,
            c.number_format,
            c.font.b,
            c.font.color.rgb if c.font.color else None,
            c.fill.fgColor.rgb,
            c.alignment.wrap_text,
        )
        for row in ws.iter_rows(max_row=rows, max_col=columns)
        for c in row
    ]
    return [
        *cells,
        sorted((str(v.sqref), v.formula1) for v in ws.data_validations.dataValidation),
        ws.freeze_panes,
        {k: d.width for k, d in ws.column_dimensions.items()},
    ]


def test_a_new_event_adds_its_results_tab_and_events_row_and_nothing_else(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert runner.invoke(app, ["demo", "league"]).exit_code == 0
    path = in_tmp / "league" / DEMO_WORKBOOK
    parts_before = sheet_parts(path)
    old = openpyxl.load_workbook(path)
    events = old[EVENTS_TAB]
    size = (events.max_row, events.max_column)
    monkeypatch.chdir(in_tmp / "league")

    assert said("--event", "QR3-AE") == (
        0,
        f"added Results QR3-AE and the QR3-AE row of Events to {path}; nothing else changed",
    )
    parts_after = sheet_parts(path)
    assert list(parts_after) == [*parts_before, "Results QR3-AE"]
    unchanged = [t for t in parts_before if t != EVENTS_TAB]
    assert any(is_output_tab(t) for t in unchanged) and LISTS in unchanged
    for tab in unchanged:
        assert parts_after[tab] == parts_before[tab], f"{tab} changed"
    new = openpyxl.load_workbook(path)
    assert look(new[EVENTS_TAB], *size) == look(events, *size), "every Events cell there before is as it was"
    book = XlsxWorkbook(path)
    grids = book.read([EVENTS_TAB, "Results QR3-AE", "Results QR1-AE"])
    assert grids[EVENTS_TAB][-1] == ["QR3-AE", None, None, None, None, None, "Results QR3-AE"]
    assert grids[EVENTS_TAB][:-1] == old_grid(old, EVENTS_TAB)
    assert grids["Results QR3-AE"] == grids["Results QR1-AE"][:1], "the results headers, no rows"
    results = new["Results QR3-AE"]
    assert results.freeze_panes == "A2" and results["A1"].font.b
    formulas = {str(v.sqref): v.formula1 for v in results.data_validations.dataValidation}
    assert formulas["C2:C2000"] == "'Players'!$A$2:$A$2000"
    assert formulas["D2:D2000"].startswith("'Lists'!"), "the fighters: a column the Lists tab (unchanged) already holds"

    before = path.read_bytes()
    assert said("--event", "qr3-ae", "--event", "QR1-AE") == (
        0,
        f"nothing to add: {path} already has every tab and header the ruleset and these events need; nothing changed",
    )
    assert path.read_bytes() == before
    assert runner.invoke(app, ["sync"]).exit_code == 1, "the league still syncs, its planted mistakes reported"


def old_grid(book: openpyxl.Workbook, tab: str) -> list[list[object]]:
    """A tab's values as the backends read them (trailing empty cells dropped)."""
    rows = [[c.value for c in row] for row in book[tab].iter_rows()]
    for row in rows:
        while row and row[-1] is None:
            row.pop()
    return rows


def test_an_event_already_listed_gets_the_tab_its_row_names(in_tmp: Path) -> None:
    assert said("--event", "W1", "--ruleset", "ogaming-mtg")[0] == 0
    book = XlsxWorkbook(in_tmp / "league.xlsx")
    book.add_rows(EVENTS_TAB, [{"Event": "W2", "Name": "Week 2", "Results Tab": "W2 games"}])
    assert said("--event", " w2 ") == (0, f"added W2 games to {in_tmp / 'league.xlsx'}; nothing else changed")
    grids = XlsxWorkbook(in_tmp / "league.xlsx").read([EVENTS_TAB, "W2 games"])
    assert [row[0] for row in grids[EVENTS_TAB][1:]] == ["W1", "W2"]
    assert grids["W2 games"][0][:4] == ["Round", "Table", "Player A", "Player B"]


def test_a_newer_ruleset_adds_its_columns_at_the_end_of_existing_tabs(in_tmp: Path) -> None:
    assert said("--event", "D1", "--ruleset", "mesbg-pairs")[0] == 0
    path = in_tmp / "league.xlsx"
    older = openpyxl.load_workbook(path)  # the workbook an older ruleset made: Penalties without Army
    penalties = older["Penalties"]
    army = next(c.column for c in penalties[1] if c.value == "Army")
    penalties.delete_cols(army)
    penalties.data_validations.dataValidation = [
        v
        for v in penalties.data_validations.dataValidation
        if not str(v.sqref).startswith(penalties.cell(1, army).column_letter)
    ]
    penalties.append(["D1", 1, "Pair 1", "VP", 2])
    older.save(path)
    headers = [c.value for c in penalties[1] if c.value is not None]
    before = openpyxl.load_workbook(path)
    size = (before["Penalties"].max_row, before["Penalties"].max_column)

    assert said("--event", "D1") == (0, f"added the Army column of Penalties to {path}; nothing else changed")
    after = openpyxl.load_workbook(path)
    grown = after["Penalties"]
    assert [c.value for c in grown[1]] == [*headers, "Army"], "at the end: nothing reordered or renamed"
    assert look(grown, *size) == [*look(before["Penalties"], *size)[:-3], *look(grown, *size)[-3:]]
    kept = {(str(v.sqref), v.formula1) for v in before["Penalties"].data_validations.dataValidation}
    now = {(str(v.sqref), v.formula1) for v in grown.data_validations.dataValidation}
    letter = grown.cell(1, len(headers) + 1).column_letter
    assert now - kept == {(f"{letter}2:{letter}2000", '"Good,Evil"')} and kept <= now
    assert grown.cell(1, len(headers) + 1).font.b, "the new header looks like the ones before it"
    assert said("--event", "D1")[1].startswith("nothing to add")


def test_an_event_id_that_cannot_name_a_tab_is_refused_on_a_league_that_exists(in_tmp: Path) -> None:
    assert said("--event", "W1")[0] == 0
    before = (in_tmp / "league.xlsx").read_bytes()
    code, text = said("--event", "W2", "--event", "W/3")
    assert code == 2 and "W/3" in text
    assert (in_tmp / "league.xlsx").read_bytes() == before


def test_a_league_keeps_its_ruleset_and_refuses_another(in_tmp: Path) -> None:
    assert said("--ruleset", "ogaming-mtg", "--event", "W1")[0] == 0
    book, toml = (in_tmp / "league.xlsx").read_bytes(), (in_tmp / "league.toml").read_text(encoding="utf-8")
    code, text = said("--ruleset", "nasef-lol", "--event", "V2")
    assert code == 2, text
    assert "keeps a 'ogaming-mtg' league: --ruleset nasef-lol cannot be added to it (nothing was written)" in text
    assert "run `league init --ruleset nasef-lol` in a new folder" in text
    assert (in_tmp / "league.xlsx").read_bytes() == book and (in_tmp / "league.toml").read_text(
        encoding="utf-8"
    ) == toml
    assert said("--ruleset", "ogaming-mtg", "--event", "W2")[0] == 0, "its own ruleset, named, is no other"
    assert [row[0] for row in XlsxWorkbook(in_tmp / "league.xlsx").read([EVENTS_TAB])[EVENTS_TAB][1:]] == ["W1", "W2"]


def test_a_league_on_sheets_keeps_its_ruleset_and_nothing_is_written(
    in_tmp: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    sheets_server.add_spreadsheet(SHEET_ID, {"Sheet1": []}, shared_with=[ACCOUNT])
    configure(in_tmp, sheets_server, service_account_file)
    assert said("--event", "QR1")[0] == 0
    writes, tabs = sheets_server.count(":batchUpdate"), sheets_server.tab_names(SHEET_ID)
    code, text = said("--ruleset", "ogaming-mtg", "--event", "W2")
    assert code == 2 and "keeps a 'gl-unmatched' league: --ruleset ogaming-mtg cannot be added" in text, text
    assert sheets_server.count(":batchUpdate") == writes and sheets_server.tab_names(SHEET_ID) == tabs

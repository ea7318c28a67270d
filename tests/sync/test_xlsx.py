"""The `.xlsx` backend against real files: round trips, input tabs left alone, atomic failures."""

from __future__ import annotations

import datetime as dt
import io
import os
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont
from openpyxl.styles import Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

import sync.xlsx as xlsx
import sync.xlsx_styles as xlsx_styles
from league.sheet import Changes, Dropdown, Sheet
from sync.layout import LAST_ROW
from sync.workbook import BackendError
from sync.xlsx import XlsxWorkbook

TRICKY = ('=IMPORTXML("x","//a")', "+1", "-2", "@me", "#N/A", "=")


def sheet_xml(path: Path, title: str) -> str:
    """The raw XML of one tab, found through the workbook's relationships."""
    book = openpyxl.load_workbook(path)
    with zipfile.ZipFile(path) as archive:
        return archive.read(f"xl/worksheets/sheet{book.sheetnames.index(title) + 1}.xml").decode()


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def league(tmp_path: Path) -> Path:
    """A workbook with a formatted input tab, a results tab and a stale output tab."""
    path = tmp_path / "league.xlsx"
    book = openpyxl.Workbook()
    players = book.active
    assert players is not None
    players.title = "Players"
    players.append(["Player", "Event", "Status"])
    players.append(["Ñandú Łukasz", "QR1", None])
    players.append(["Żaneta", "QR1", "Dropped"])
    players["A1"].font = Font(bold=True, color="FF0000")
    players["B2"].fill = PatternFill("solid", fgColor="FFFF00")
    players["C3"].number_format = "@"
    players.column_dimensions["A"].width = 31
    players.freeze_panes = "B2"
    validation = DataValidation(type="list", formula1='"Dropped,DQ"', allow_blank=True)
    validation.add("C2:C500")
    players.add_data_validation(validation)
    results = book.create_sheet("Results QR1")
    results.append(["Round", "Player A", "Player B"])
    results.append([1, "Żaneta", "Ñandú Łukasz"])
    results["A20"].fill = PatternFill("solid", fgColor="00FF00")  # formatted but empty
    stale = book.create_sheet("Leaderboard")
    for number in range(10):
        stale.append([number, "old", "old", "old", "old"])
    book.create_sheet("Events").append(["Event", "Date"])
    book.save(path)
    return path


def test_round_trip_keeps_values_and_text_never_becomes_formula(tmp_path: Path) -> None:
    path = tmp_path / "league.xlsx"
    when = dt.datetime(2024, 5, 1, 18, 30)
    row = ("Ñandú Łukasz żółw", 7, 7.5, dt.date(2024, 5, 1), when, True, None, *TRICKY)
    header = tuple(f"H{n}" for n in range(len(row)))
    XlsxWorkbook(path).create([Sheet("Players", header, rows=(row,))])

    assert XlsxWorkbook(path).read(["Players", "Missing"]) == {"Players": [list(header), list(row)]}
    cells = openpyxl.load_workbook(path)["Players"][2][7:]
    assert [(c.value, c.data_type) for c in cells] == [(text, "s") for text in TRICKY]
    assert "<f>" not in sheet_xml(path, "Players")


def test_read_trims_empty_edges_and_loads_once(league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loads: list[object] = []
    real, fast = xlsx._load, xlsx.CalamineBook

    def counted(path: Path, data_only: bool, limit_mib: int) -> object:
        loads.append(data_only)
        return real(path, data_only, limit_mib)

    def opened(path: Path, limit_mib: int) -> object:
        loads.append("calamine")
        return fast(path, limit_mib)

    monkeypatch.setattr(xlsx, "_load", counted)
    monkeypatch.setattr(xlsx, "CalamineBook", opened)
    workbook = XlsxWorkbook(league)

    grids = workbook.read(["Players", "Results QR1", "Events"])

    assert grids["Results QR1"] == [["Round", "Player A", "Player B"], [1, "Żaneta", "Ñandú Łukasz"]]
    assert grids["Players"][1] == ["Ñandú Łukasz", "QR1"]
    assert grids["Events"] == [["Event", "Date"]]
    assert workbook.tab_names() == ["Players", "Results QR1", "Leaderboard", "Events"]
    assert loads == ["calamine"], "one load, and openpyxl's slow one not needed"


def test_formula_cells_give_cached_value_else_formula_text(tmp_path: Path) -> None:
    path = tmp_path / "league.xlsx"
    book = openpyxl.Workbook()
    ws = book.active
    assert ws is not None
    ws.title = "Sums"
    ws.append(["=1+2", "=2+2", "=A1"])
    ws["C1"].data_type = "s"
    book.save(path)
    computed = path.with_name("computed.xlsx")
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(computed, "w") as target:
        for item in source.infolist():  # as Excel would save it: with the last computed value
            data = source.read(item)
            target.writestr(item, data.replace(b"<f>1+2</f><v />", b"<f>1+2</f><v>3</v>"))

    assert XlsxWorkbook(computed).read(["Sums"]) == {"Sums": [[3, "=2+2", "=A1"]]}


def test_replace_rewrites_whole_tab_in_place(league: Path) -> None:
    fresh = Sheet("Leaderboard", ("Rank", "Player"), rows=((1, "Żaneta"),))
    new = Sheet("Problems", ("Severity", "Problem"), widths=(12, 60))
    XlsxWorkbook(league).write(Changes(replace=(fresh, new)))

    workbook = XlsxWorkbook(league)
    assert workbook.read(["Leaderboard", "Problems"]) == {
        "Leaderboard": [["Rank", "Player"], [1, "Żaneta"]],
        "Problems": [["Severity", "Problem"]],
    }
    assert workbook.tab_names() == ["Players", "Results QR1", "Leaderboard", "Events", "Problems"]
    book = openpyxl.load_workbook(league)
    board = book["Leaderboard"]
    assert (board.max_row, board.max_column) == (2, 2)
    assert board["A1"].font.bold and board.freeze_panes == "A2"
    assert book["Problems"].column_dimensions["B"].width == 60


def test_append_goes_below_last_value_and_creates_missing_tab(league: Path) -> None:
    log = Sheet("Sync Log", ("Time", "Outcome"), rows=((dt.datetime(2024, 5, 1, 9), "ok"),))
    XlsxWorkbook(league).write(Changes(append=(log,)))
    XlsxWorkbook(league).write(Changes(append=(Sheet("Sync Log", ("Time", "Outcome"), rows=(("later", "=cheat"),)),)))

    grids = XlsxWorkbook(league).read(["Sync Log"])
    assert grids["Sync Log"] == [["Time", "Outcome"], [dt.datetime(2024, 5, 1, 9), "ok"], ["later", "=cheat"]]
    assert "<f>" not in sheet_xml(league, "Sync Log")


def test_appending_to_an_input_tab_in_a_write_is_refused(league: Path) -> None:
    original = league.read_bytes()
    with pytest.raises(BackendError, match="'Results QR1'.*add_rows"):
        XlsxWorkbook(league).write(Changes(append=(Sheet("Results QR1", ("Round",), rows=((2,),)),)))
    assert league.read_bytes() == original


def test_add_rows_fills_a_formatted_empty_row_keeping_its_style(league: Path) -> None:
    XlsxWorkbook(league).add_rows("Results QR1", [{"Round": n} for n in range(2, 21)])
    ws = openpyxl.load_workbook(league)["Results QR1"]
    assert [ws[f"A{n}"].value for n in (2, 3, 20, 21)] == [1, 2, 19, 20]
    assert ws["A20"].fill.fgColor.rgb == "0000FF00" and ws.dimensions == "A1:C21"


def test_input_tabs_keep_values_and_formats(league: Path) -> None:
    before = sheet_xml(league, "Players")  # the exact bytes: nothing of an input tab is re-rendered
    XlsxWorkbook(league).write(Changes(replace=(Sheet("Leaderboard", ("Rank",), rows=((1,),)),)))
    XlsxWorkbook(league).add_rows("Results QR1", [{"Round": 2}])

    assert sheet_xml(league, "Players") == before
    players = openpyxl.load_workbook(league)["Players"]
    assert [[c.value for c in row] for row in players.iter_rows()] == [
        ["Player", "Event", "Status"],
        ["Ñandú Łukasz", "QR1", None],
        ["Żaneta", "QR1", "Dropped"],
    ]
    assert players["A1"].font.bold and players["A1"].font.color.rgb == "00FF0000"
    assert players["B2"].fill.fgColor.rgb == "00FFFF00" and players["C3"].number_format == "@"
    assert players.column_dimensions["A"].width == 31 and players.freeze_panes == "B2"
    [validation] = players.data_validations.dataValidation
    assert (validation.formula1, str(validation.sqref)) == ('"Dropped,DQ"', "C2:C500")


def test_failed_save_leaves_original_and_no_temp_file(league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original, listing = league.read_bytes(), files(league.parent)

    def broken(*_: object) -> None:
        raise ValueError("a part could not be written")

    with monkeypatch.context() as patch:
        patch.setattr(xlsx, "write_parts", broken)
        with pytest.raises(BackendError, match=r"league\.xlsx \(a part could not be written\).*nothing was changed"):
            XlsxWorkbook(league).write(Changes(replace=(Sheet("Leaderboard", ("Rank",)),)))

    def refuse(source: str, target: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(xlsx.os, "replace", refuse)
    with pytest.raises(BackendError, match="disk full"):
        XlsxWorkbook(league).write(Changes(replace=(Sheet("Leaderboard", ("Rank",)),)))
    assert league.read_bytes() == original and files(league.parent) == listing


def test_write_keeps_file_permissions(league: Path) -> None:
    league.chmod(0o640)
    XlsxWorkbook(league).write(Changes(replace=(Sheet("Leaderboard", ("Rank",)),)))
    assert league.stat().st_mode & 0o777 == 0o640


def test_missing_file_says_how_to_create_it(tmp_path: Path) -> None:
    workbook = XlsxWorkbook(tmp_path / "nope.xlsx")
    for attempt in (lambda: workbook.read(["Players"]), workbook.tab_names, lambda: workbook.write(Changes())):
        with pytest.raises(BackendError, match=r"nope\.xlsx not found; run `league init`.*league\.toml"):
            attempt()


@pytest.mark.parametrize("content", ["text", "csv", "zip"])
def test_not_a_workbook(tmp_path: Path, content: str) -> None:
    path = tmp_path / "league.xlsx"
    if content == "zip":
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("notes.txt", "hello")
    else:
        path.write_text("Player,Event\nŻaneta,QR1\n" if content == "csv" else "just some notes")
    with pytest.raises(BackendError, match=r"league\.xlsx is not a readable \.xlsx workbook"):
        XlsxWorkbook(path).read(["Players"])


@pytest.mark.parametrize("lock", ["~$league.xlsx", ".~lock.league.xlsx#"])
def test_open_in_office_blocks_writes_not_reads(league: Path, lock: str) -> None:
    (league.parent / lock).write_text("someone")
    original = league.read_bytes()
    workbook = XlsxWorkbook(league)
    assert "Players" in workbook.read(["Players"])
    with pytest.raises(BackendError, match=re.escape("close it in Excel/LibreOffice, then sync again")):
        workbook.write(Changes(replace=(Sheet("Leaderboard", ("Rank",)),)))
    assert league.read_bytes() == original


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores file permissions")
def test_permission_denied(league: Path) -> None:
    league.parent.chmod(0o500)
    try:
        with pytest.raises(BackendError, match="permission denied"):
            XlsxWorkbook(league).write(Changes(replace=(Sheet("Leaderboard", ("Rank",)),)))
    finally:
        league.parent.chmod(0o700)
    league.chmod(0)
    with pytest.raises(BackendError, match="Cannot read .*permission denied"):
        XlsxWorkbook(league).read(["Players"])


def test_create_workbook_with_dropdowns(tmp_path: Path) -> None:
    path = tmp_path / "new.xlsx"
    fighters = tuple(f"Fighter number {n}" for n in range(30))  # too long for an inline list
    players = Sheet(
        "Players",
        ("Player", "Fighter 1", "Status"),
        dropdowns=(Dropdown("fighter  1", values=fighters), Dropdown("Status", values=("Dropped", "DQ"))),
    )
    results = Sheet("Results QR1", ("Round", "Player A"), dropdowns=(Dropdown("Player A", source="'Players'!A2:A"),))
    XlsxWorkbook(path).create([players, results])

    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["Players", "Results QR1", "Lists"] and book["Lists"].sheet_state == "hidden"
    assert [c.value for c in book["Lists"]["A"]] == ["Players: Fighter 1", *fighters]
    rules = {(v.formula1, str(v.sqref), v.allow_blank) for v in book["Players"].data_validations.dataValidation}
    assert rules == {("'Lists'!$A$2:$A$31", f"B2:B{LAST_ROW}", True), ('"Dropped,DQ"', f"C2:C{LAST_ROW}", True)}
    [source] = book["Results QR1"].data_validations.dataValidation
    assert (source.formula1, str(source.sqref)) == (f"'Players'!A2:A{LAST_ROW}", f"B2:B{LAST_ROW}")
    assert book["Players"]["A1"].font.bold and book["Players"].freeze_panes == "A2"
    assert XlsxWorkbook(path).read(["Players"]) == {"Players": [["Player", "Fighter 1", "Status"]]}

    with pytest.raises(BackendError, match=r"new\.xlsx already exists"):
        XlsxWorkbook(path).create([players])


def test_a_tab_differing_only_in_case_is_replaced_not_duplicated(league: Path) -> None:
    XlsxWorkbook(league).write(Changes(replace=(Sheet("LEADERBOARD", ("Rank",)),)))
    for _ in range(2):
        XlsxWorkbook(league).write(Changes(replace=(Sheet("Leaderboard", ("Rank", "Player"), rows=((1, "Ana"),)),)))
    names = XlsxWorkbook(league).tab_names()
    assert [n for n in names if n.casefold().startswith("leaderboard")] == ["Leaderboard"]


def test_input_tabs_keep_their_exact_bytes_formula_results_and_rich_text(tmp_path: Path) -> None:
    """What Excel saves (a formula with its result, rich text) survives any number of syncs untouched."""
    path = tmp_path / "league.xlsx"
    book = openpyxl.Workbook()
    ws = book.active
    assert ws is not None
    ws.title = "Results"
    ws.append(["Round", "Check", "Note"])
    ws["B2"] = "=1+1"
    ws["C2"] = CellRichText("plain ", TextBlock(InlineFont(b=True), "BOLD"))
    book.save(path)
    with zipfile.ZipFile(path) as archive:  # store the result as Excel does when it saves
        parts = {n: archive.read(n) for n in archive.namelist()}
    parts["xl/worksheets/sheet1.xml"] = re.sub(
        rb"<f>1\+1</f><v\s*/>|<f>1\+1</f><v></v>", b"<f>1+1</f><v>2</v>", parts["xl/worksheets/sheet1.xml"]
    )
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    original = parts["xl/worksheets/sheet1.xml"]
    for n in range(2):
        XlsxWorkbook(path).write(
            Changes(
                replace=(Sheet("Leaderboard", ("Rank",), ((n,),)),),
                append=(Sheet("Sync Log", ("Time",), ((f"sync {n}",),)),),
            )
        )
    with zipfile.ZipFile(path) as archive:
        assert archive.read("xl/worksheets/sheet1.xml") == original
    assert XlsxWorkbook(path).read(["Results", "Sync Log"]) == {
        "Results": [["Round", "Check", "Note"], [None, 2, "plain BOLD"]],
        "Sync Log": [["Time"], ["sync 0"], ["sync 1"]],
    }


class _Stream(io.BytesIO):
    """A file written as a stream (no seeking back): every zip entry then ends in a data descriptor."""

    def seek(self, offset: int, whence: int = 0) -> int:
        raise OSError("a stream cannot seek")


@pytest.mark.parametrize("streamed", [False, True])
def test_untouched_parts_are_copied_still_compressed(tmp_path: Path, streamed: bool) -> None:
    path = tmp_path / "league.xlsx"
    book = openpyxl.Workbook()
    ws = book.active
    assert ws is not None
    ws.title = "Results"
    ws.append(["Round", "Player A"])
    ws.append([1, "Ada " * 50])
    out = _Stream() if streamed else io.BytesIO()
    book.save(out)
    path.write_bytes(out.getvalue())
    with zipfile.ZipFile(path) as before:
        assert all(bool(i.flag_bits & 0x08) is streamed for i in before.infolist())
        kept = {
            i.filename: (i.CRC, i.compress_type, i.compress_size, before.read(i))
            for i in before.infolist()
            if i.filename.startswith("xl/worksheets/")
        }
    XlsxWorkbook(path).write(Changes(replace=(Sheet("Leaderboard", ("Rank",), ((1,),)),)))
    with zipfile.ZipFile(path) as after:
        assert after.testzip() is None
        assert {
            n: (i.CRC, i.compress_type, i.compress_size, after.read(i))
            for n, i in ((n, after.getinfo(n)) for n in kept)
        } == kept
    assert XlsxWorkbook(path).read(["Results", "Leaderboard"]) == {
        "Results": [["Round", "Player A"], [1, "Ada " * 50]],
        "Leaderboard": [["Rank"], [1]],
    }


@pytest.mark.parametrize("text", ["a", 'say "hi"', "it's", "both \" and '", "<&>\n\r\t", "", "0.0%"])
def test_xml_escaping_is_the_standard_librarys(text: str) -> None:
    from xml.sax.saxutils import escape, quoteattr

    assert xlsx_styles.escape(text) == escape(text) and xlsx_styles.quoteattr(text) == quoteattr(text)

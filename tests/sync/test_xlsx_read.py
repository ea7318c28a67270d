"""The calamine reader gives exactly openpyxl's grids: every awkward cell, value and type alike.

The reference is `XlsxWorkbook.read_openpyxl`, the reader the tool was built on. Each tab of the
hand-written workbook below also says whether calamine reads it (fast) or hands it to openpyxl:
a fix-up that silently fell back everywhere would otherwise pass unnoticed.
"""

from __future__ import annotations

import datetime as dt
import os
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.chart import BarChart, Reference
from openpyxl.styles import Font, PatternFill
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

import sync.xlsx as xlsx
from league.cells import Grid
from league.sheet import Changes, Sheet
from sync.xlsx import XlsxWorkbook
from sync.xlsx_read import CalamineBook

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
DOC = "http://schemas.openxmlformats.org/officeDocument/2006"
LONG = "Ñandú Łukasz żółw 🂡 " * 400

SHARED = [
    "007",
    "7",
    "Ñandú Łukasz",
    LONG,
    '<r><t xml:space="preserve">plain </t></r><r><rPr><b/></rPr><t>BOLD</t></r>',
    " 7 ",
    "line_x000D_break",
    "",
    "top",
    "under the merge",
]
"""Shared strings by index; a plain one is wrapped in <t>, one starting with <r> is rich text."""

STYLES = f"""<styleSheet xmlns="{MAIN}"><numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/>
<numFmt numFmtId="165" formatCode="[h]:mm:ss"/><numFmt numFmtId="166" formatCode="&quot;Day &quot;0"/></numFmts>
<fonts count="1"><font/></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills>
<borders count="1"><border/></borders>
<cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="8"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/>
<xf numFmtId="165"/><xf numFmtId="21"/><xf numFmtId="2"/><xf numFmtId="49"/><xf numFmtId="166"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>"""
"""Cell styles: 0 General, 1 date, 2 date and time, 3 duration, 4 time, 5 "0.00", 6 text, 7 a quoted "Day"."""


def row(number: int, *cells: str) -> str:
    return f'<row r="{number}">{"".join(cells)}</row>'


def c(ref: str, inner: str = "", t: str = "", s: int = 0) -> str:
    attributes = f' r="{ref}"' + (f' t="{t}"' if t else "") + (f' s="{s}"' if s else "")
    return f"<c{attributes}>{inner}</c>" if inner else f"<c{attributes}/>"


def v(value: object) -> str:
    return f"<v>{value}</v>"


TABS: list[tuple[str, str, bool]] = [
    (
        "Numbers",
        row(
            1,
            c("A1", v(7)),
            c("B1", v(-3)),
            c("C1", v(0)),
            c("D1", v(7.5)),
            c("E1", v("1.0")),
            c("F1", v("1e+16")),
            c("G1", v("1.5E-3")),
            c("H1", v(7), s=5),
            c("I1", v(-0.0)),
            c("J1", v(5), s=7),
            c("K1", v(123456789012345)),
            c("L1", v("1E+2")),
        ),
        True,
    ),
    ("Long number", row(1, c("A1", v(12345678901234567890))), False),
    (
        "Text",
        row(1, *(c(f"{col}1", v(i), t="s") for i, col in enumerate("ABCDEF")))
        + row(
            2,
            c("A2", "<is><t>inline</t></is>", t="inlineStr"),
            c("B2", v(1), t="b"),
            c("C2", v(0), t="b"),
            c("D2", v(0), t="s", s=1),
            c("E2", v("text typed as str"), t="str"),
            c("F2", "<is><t>7</t></is>", t="inlineStr"),
        ),
        True,
    ),
    (
        "Dates",
        row(
            1,
            c("A1", v(45413), s=1),
            c("B1", v(45413.75), s=1),
            c("C1", v(45413), s=2),
            c("D1", v(45413.5), s=2),
            c("E1", v(0.75), s=4),
            c("F1", v(1.25), s=3),
            c("G1", v(0.5), s=1),
            c("H1", v(30), s=1),
            c("I1", v(45413.25), s=4),
            c("J1", s=2),
            c("K1", v(0), s=6),
        )
        + row(3, c("B3", v(2.5), s=3)),
        True,
    ),
    (
        "Formulas",
        row(
            1,
            c("A1", "<f>1+2</f>" + v(3)),
            c("B1", '<f>"a"&amp;"b"</f>' + v("ab"), t="str"),
            c("C1", "<f>TRUE()</f>" + v(1), t="b"),
            c("D1", '<f t="shared" ref="D1:D2" si="0">A1*2</f>' + v(6)),
            c("E1", "<f>TODAY()</f>" + v(45413), s=1),
        )
        + row(2, c("D2", '<f t="shared" si="0"/>' + v(8))),
        True,
    ),
    (
        "Uncached",
        row(1, c("A1", v(1)), c("B1", "<f>A1+1</f>"), c("C1", "<f>A1*3</f><v></v>"), c("D1", "<f>B1</f><v/>")),
        False,
    ),
    ("Errors", row(1, c("A1", v("#N/A"), t="e"), c("B1", "<f>1/0</f>" + v("#DIV/0!"), t="e")), False),
    ("ISO date", row(1, c("A1", v("2024-05-01T18:30:00"), t="d")), False),
    ("Escapes", row(1, c("A1", v(6), t="s")), False),
    ("Empty text", row(1, c("A1", v(7), t="s"), c("B1", v(0), t="s")), False),
    (
        "Merged",
        row(1, c("A1", v(8), t="s"), c("B1", v(9), t="s"), c("C1", v(1)))
        + row(2, c("A2", v(2)), c("B2", v(3)))
        + row(4, c("C4", v(4))),
        True,
    ),
    (
        "Offset",
        row(4, c("C4", v(0), t="s"), c("D4", v(2)))
        + row(6, c("E6", v(3)), c("F6", s=2), c("Z6", s=5))
        + "".join(row(r, c(f"A{r}", s=5), c(f"H{r}", s=1)) for r in range(7, 60)),
        True,
    ),
    ("No positions", '<row r="2"><c><v>1</v></c><c t="s"><v>0</v></c><c><v>2.5</v></c></row>', True),
    ("No position for 1.0", row(1, c("A1", v(5))) + '<row r="2"><c><v>1.0</v></c></row>', False),
    ("Empty", "", True),
]
"""(tab, its sheetData rows, whether calamine reads it or it goes to openpyxl)."""
MERGES = {"Merged": '<mergeCells count="1"><mergeCell ref="A1:B2"/></mergeCells>'}


def item(text: str) -> str:
    """One shared string's XML: rich text as given, plain text in a space-keeping <t>, empty text as <t/>."""
    if text.startswith("<r>"):
        return text
    return f'<t xml:space="preserve">{text}</t>' if text else "<t/>"


def handmade(path: Path, date1904: bool = False) -> Path:
    """A workbook written part by part, as Excel saves one: shared strings, cached formula results, styles."""
    shared = "".join(f"<si>{item(text)}</si>" for text in SHARED)
    sheets = "".join(f'<sheet name="{name}" sheetId="{i}" r:id="rId{i}"/>' for i, (name, _, _) in enumerate(TABS, 1))
    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{DOC}/relationships/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, len(TABS) + 1)
    )
    parts = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/styles.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
        '<Override PartName="/xl/sharedStrings.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
        + "".join(
            f'<Override PartName="/xl/worksheets/sheet{i}.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            for i in range(1, len(TABS) + 1)
        )
        + "</Types>",
        "_rels/.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{DOC}/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{MAIN}" xmlns:r="{DOC}/relationships">'
        f'<workbookPr date1904="{int(date1904)}"/><sheets>{sheets}</sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'{rels}<Relationship Id="rIdS" Type="{DOC}/relationships/styles" Target="styles.xml"/>'
        f'<Relationship Id="rIdT" Type="{DOC}/relationships/sharedStrings" Target="/xl/sharedStrings.xml"/>'
        "</Relationships>",
        "xl/styles.xml": STYLES,
        "xl/sharedStrings.xml": f'<sst xmlns="{MAIN}" count="{len(SHARED)}" uniqueCount="{len(SHARED)}">{shared}</sst>',
    }
    for i, (name, rows, _) in enumerate(TABS, 1):
        parts[f"xl/worksheets/sheet{i}.xml"] = (
            f'<worksheet xmlns="{MAIN}"><sheetData>{rows}</sheetData>{MERGES.get(name, "")}</worksheet>'
        )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    return path


def new_book(title: str) -> tuple[Workbook, Worksheet]:
    """An openpyxl workbook whose one tab is called `title`."""
    book = openpyxl.Workbook()
    ws = book.active
    assert isinstance(ws, Worksheet)
    ws.title = title
    return book, ws


def typed(grid: Grid) -> list[list[tuple[str, object]]]:
    """A grid with each value's type beside it, so 7 and 7.0 (or a date and a datetime) differ."""
    return [[(type(value).__name__, value) for value in line] for line in grid]


def assert_same(path: Path) -> dict[str, Grid]:
    """Both readers agree on every tab; the grids calamine gave, by tab."""
    names = XlsxWorkbook(path).tab_names()
    assert names == openpyxl.load_workbook(path).sheetnames
    fast, reference = XlsxWorkbook(path).read(names), XlsxWorkbook(path).read_openpyxl(names)
    assert fast.keys() == reference.keys()
    for name in fast:
        assert typed(fast[name]) == typed(reference[name]), name
    return fast


@pytest.mark.parametrize("date1904", [False, True])
@pytest.mark.parametrize(("tab", "fast"), [(name, fast) for name, _, fast in TABS])
def test_handmade_tab_reads_as_openpyxl_reads_it(tmp_path: Path, tab: str, fast: bool, date1904: bool) -> None:
    path = handmade(tmp_path / "league.xlsx", date1904)
    assert typed(XlsxWorkbook(path).read([tab])[tab]) == typed(XlsxWorkbook(path).read_openpyxl([tab])[tab])
    assert (CalamineBook(path).grid(tab) is not None) == fast, "read by calamine" if fast else "left to openpyxl"


def test_handmade_workbook_spot_checks(tmp_path: Path) -> None:
    grids = assert_same(handmade(tmp_path / "league.xlsx"))
    assert grids["Numbers"][0][:6] == [7, -3, 0, 7.5, 1.0, 1e16] and type(grids["Numbers"][0][4]) is float
    assert grids["Text"][0][:3] == ["007", "7", "Ñandú Łukasz"] and grids["Text"][0][3] == LONG
    assert grids["Dates"][0][:6] == [
        dt.date(2024, 5, 1),
        dt.date(2024, 5, 1),
        dt.datetime(2024, 5, 1),
        dt.datetime(2024, 5, 1, 12),
        "18:00:00",
        "1 day, 6:00:00",
    ]
    assert grids["Formulas"] == [[3, "ab", True, 6, dt.date(2024, 5, 1)], [None, None, None, 8]]
    assert grids["Uncached"] == [[1, "=A1+1", "=A1*3", "=B1"]]
    assert grids["Merged"] == [["top", None, 1], [], [], [None, None, 4]]
    assert grids["Offset"][3] == [None, None, "007", 2] and len(grids["Offset"]) == 6
    assert grids["Empty"] == []


def test_openpyxl_workbook_of_awkward_cells(tmp_path: Path) -> None:
    """Inline strings, formulas without results (openpyxl never stores them), tabs of every kind."""
    path = tmp_path / "league.xlsx"
    book, ws = new_book("Awkward")
    cells: list[str | float | dt.date | dt.time | dt.timedelta] = [
        "007",
        "7",
        " 7 ",
        "1e5",
        7,
        7.0,
        7.5,
        -0.25,
        True,
        False,
        dt.date(2024, 5, 1),
        dt.datetime(2024, 5, 1, 18, 30),
        dt.datetime(2024, 5, 1),
        dt.time(18, 30),
        dt.timedelta(hours=30),
        "Ñandú Łukasz żółw",
        LONG,
        '=IMPORTXML("x")',
        "=C3+1",
        "#N/A",
        "a\nb",
    ]
    for index, value in enumerate(cells):
        ws.cell(row=3, column=3 + index, value=value)
    ws["C3"].font = Font(bold=True)
    ws["D5"] = "merged"
    ws.merge_cells("D5:F6")
    ws["C3"].number_format = "@"
    ws.cell(row=3, column=3 + cells.index('=IMPORTXML("x")')).data_type = "s"  # text that looks like a formula
    ws["H9"].fill = PatternFill("solid", fgColor="00FF00")  # formatted but empty
    hidden = book.create_sheet("hidden")
    hidden.sheet_state = "hidden"
    hidden["B2"] = dt.datetime(2024, 5, 1, 9)
    book.create_sheet("Very hidden").sheet_state = "veryHidden"
    chart = BarChart()
    chart.add_data(Reference(hidden, min_col=2, min_row=2, max_row=2))
    book.create_chartsheet("Chart").add_chart(chart)
    book.save(path)

    grids = assert_same(path)
    assert "Chart" not in grids and grids["Very hidden"] == []
    assert grids["Awkward"][2][2:7] == ["007", "7", " 7 ", "1e5", 7]
    assert XlsxWorkbook(path).read(["HIDDEN", "Missing"]) == {"HIDDEN": [[], [None, dt.datetime(2024, 5, 1, 9)]]}


def test_formatted_empty_rows_below_the_data_cost_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Thousands of styled empty rows (100,000 took openpyxl 17.7 s): never an object per empty cell."""
    path = tmp_path / "league.xlsx"
    book, ws = new_book("Results QR1")
    ws.append(["Round", "Player A", "Player B"])
    ws.append([1, "Żaneta", "Ñandú Łukasz"])
    fill = PatternFill("solid", fgColor="FFFF00")
    for number in range(3, 3_003):
        for column in range(1, 16):
            ws.cell(row=number, column=column).fill = fill
    book.save(path)

    assert_same(path)
    monkeypatch.setattr(xlsx, "_load", lambda *_: pytest.fail("openpyxl loaded the whole workbook"))
    assert XlsxWorkbook(path).read(["Results QR1"]) == {
        "Results QR1": [["Round", "Player A", "Player B"], [1, "Żaneta", "Ñandú Łukasz"]]
    }


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to list open files")
def test_no_file_left_open_after_a_read(tmp_path: Path) -> None:
    """An open handle would make the write's rename fail on Windows."""
    path = handmade(tmp_path / "league.xlsx")
    workbook = XlsxWorkbook(path)
    workbook.read(workbook.tab_names())
    open_files = {os.path.realpath(f"/proc/self/fd/{fd}") for fd in os.listdir("/proc/self/fd")}
    assert str(path.resolve()) not in open_files


def test_rows_saved_after_the_read_are_kept_when_appending(tmp_path: Path) -> None:
    path = tmp_path / "league.xlsx"
    XlsxWorkbook(path).create([Sheet("Players", ("Player",), (("Ana",),)), Sheet("Sync Log", ("Time",), (("first",),))])
    workbook = XlsxWorkbook(path)
    workbook.read(workbook.tab_names())
    XlsxWorkbook(path).write(Changes(append=(Sheet("Sync Log", ("Time",), (("elsewhere",),)),)))

    workbook.write(Changes(append=(Sheet("Sync Log", ("Time",), (("here",),)),)))

    assert XlsxWorkbook(path).read(["Sync Log"]) == {"Sync Log": [["Time"], ["first"], ["elsewhere"], ["here"]]}

"""`add_rows` on `.xlsx` files: new `<row>` elements only, every dropdown, format, formula and other byte kept."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest

from jobs.config import load_ruleset
from league.template import input_sheets
from sync.workbook import BackendError
from sync.xlsx import XlsxWorkbook
from sync.xlsx_rows import rows_added

RESULTS = "Results QR1-GB5"
TRICKY = ('=IMPORTXML("http://example.invalid","//a")', "+1", "@me")


def parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def sheet_part(path: Path, tab: str) -> str:
    """The part name of a tab, through openpyxl's order (a file made by `create` numbers them in order)."""
    return f"xl/worksheets/sheet{openpyxl.load_workbook(path).sheetnames.index(tab) + 1}.xml"


def looks(path: Path) -> dict[str, object]:
    """Per tab: dropdowns (rule and range), frozen pane, widths, and every non-empty cell's value and style."""
    book = openpyxl.load_workbook(path)
    out: dict[str, object] = {}
    for ws in book.worksheets:
        out[ws.title] = (
            sorted((v.formula1, str(v.sqref)) for v in ws.data_validations.dataValidation),
            ws.freeze_panes,
            ws.sheet_state,
            {k: d.width for k, d in ws.column_dimensions.items()},
            {
                c.coordinate: (c.value, c.font.b, c.fill.fgColor.rgb, c.number_format)
                for row in ws.iter_rows()
                for c in row
                if c.value is not None or c.has_style
            },
        )
    return out


@pytest.fixture
def league(tmp_path: Path) -> Path:
    """What `league init --event QR1-GB5` makes, then saved by Excel with a formula and its result in row 2."""
    ruleset, catalog = load_ruleset("gl-unmatched", Path("."))
    path = tmp_path / "league.xlsx"
    XlsxWorkbook(path).create(
        input_sheets(
            ruleset,
            catalog,
            [["QR1-GB5", "", "", "", None, "", RESULTS]],
            results={RESULTS: [[1, 1, "Ana", "Medusa", 0, 16, "Bo", "Sinbad", 3, 15, "Sarpedon", "Bo"]]},
        )
    )
    files = parts(path)
    name = sheet_part(path, RESULTS)
    files[name] = files[name].replace(
        b"</row></sheetData>", b'<c r="N2"><f>LEN(C2)</f><v>3</v></c></row></sheetData>', 1
    )
    assert b"<f>" in files[name]
    with zipfile.ZipFile(path, "w") as archive:
        for part, data in files.items():
            archive.writestr(part, data)
    return path


def test_add_rows_keeps_dropdowns_formats_formulas_and_every_other_part(league: Path) -> None:
    before, shown = parts(league), looks(league)
    dropdowns = {tab: len(rules[0]) for tab, rules in shown.items()}  # type: ignore[index, arg-type]
    assert dropdowns[RESULTS] == 7 and dropdowns["Players"] == 7

    XlsxWorkbook(league).add_rows(
        RESULTS,
        [
            {"Round": 2, "Table": 1, "Player A": "Ana", "Player B": "Cy"},
            {"round": 2, "table": 2, "player a": TRICKY[0], "NOTES": TRICKY[1]},
        ],
    )

    after = parts(league)
    name = sheet_part(league, RESULTS)
    assert sorted(after) == sorted(before)
    assert {n: d for n, d in after.items() if n != name} == {n: d for n, d in before.items() if n != name}
    new = re.findall(r'<row r="[34]">.*?</row>', after[name].decode())
    assert len(new) == 2 and "<f>" not in "".join(new)
    untouched = after[name].decode().replace("".join(new), "").replace('ref="A1:O4"', 'ref="A1:O2"')
    assert untouched == before[name].decode()

    grown = looks(league)
    assert {tab: len(rules[0]) for tab, rules in grown.items()} == dropdowns  # type: ignore[index, arg-type]
    old_cells, new_cells = shown[RESULTS][4], grown[RESULTS][4]  # type: ignore[index]
    assert {k: v for k, v in new_cells.items() if k in old_cells} == old_cells
    assert grown[RESULTS][:4] == shown[RESULTS][:4]  # type: ignore[index]
    assert {t: v for t, v in grown.items() if t != RESULTS} == {t: v for t, v in shown.items() if t != RESULTS}
    assert XlsxWorkbook(league).read([RESULTS])[RESULTS][1:] == [
        [1, 1, "Ana", "Medusa", 0, 16, "Bo", "Sinbad", 3, 15, "Sarpedon", "Bo", None, 3],
        [2, 1, "Ana", None, None, None, "Cy"],
        [2, 2, TRICKY[0], *[None] * 11, TRICKY[1]],
    ]
    cells = openpyxl.load_workbook(league)[RESULTS]
    assert (cells["C4"].value, cells["C4"].data_type) == (TRICKY[0], "s")


@pytest.mark.parametrize("lock", ["~$league.xlsx", ".~lock.league.xlsx#"])
def test_add_rows_refuses_an_open_file(league: Path, lock: str) -> None:
    (league.parent / lock).write_text("someone")
    original = league.read_bytes()
    with pytest.raises(BackendError, match="close it in Excel/LibreOffice"):
        XlsxWorkbook(league).add_rows(RESULTS, [{"Round": 2}])
    assert league.read_bytes() == original


def test_failed_add_rows_leaves_the_file_and_no_temporary_one(league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original, listing = league.read_bytes(), sorted(league.parent.iterdir())
    monkeypatch.setattr("sync.xlsx.os.replace", lambda *_: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(BackendError, match="disk full"):
        XlsxWorkbook(league).add_rows(RESULTS, [{"Round": 2}])
    assert league.read_bytes() == original and sorted(league.parent.iterdir()) == listing


def test_prefixed_parts_rows_without_numbers_and_column_styles() -> None:
    """A new cell takes its column's style; a formatting-only row keeps its cells (styles, unset ones whole)
    and loses its stale `spans`."""
    xml = (
        '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:dimension ref="A1:B2"/>'
        '<x:cols><x:col min="1" max="1" width="9" style="7"/></x:cols>'
        '<x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>Round</x:t></x:is></x:c></x:row>'
        '<x:row><x:c><x:v>1</x:v></x:c></x:row><x:row r="4" spans="1:2"><x:c r="A4" s="6"/><x:c r="B4" s="5"/></x:row>'
        "</x:sheetData></x:worksheet>"
    )
    added = rows_added(xml, 3, [[2, "=1"], [None, 4]])
    assert added == (
        '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<x:dimension ref="A1:B4"/><x:cols><x:col min="1" max="1" width="9" style="7"/></x:cols>'
        '<x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>Round</x:t></x:is></x:c>'
        "</x:row><x:row><x:c><x:v>1</x:v></x:c></x:row>"
        '<x:row r="3"><x:c r="A3" s="7"><x:v>2</x:v></x:c><x:c r="B3" s="0" t="inlineStr"><x:is>'
        '<x:t xml:space="preserve">=1</x:t></x:is></x:c></x:row>'
        '<x:row r="4"><x:c r="A4" s="6"/><x:c r="B4" s="5"><x:v>4</x:v></x:c></x:row></x:sheetData></x:worksheet>'
    )
    assert rows_added("<worksheet><sheetData/></worksheet>", 1, [["Round"]]) == (
        '<worksheet><sheetData><row r="1"><c r="A1" s="0" t="inlineStr"><is><t xml:space="preserve">Round</t></is></c>'
        "</row></sheetData></worksheet>"
    )

"""Writing output tabs into an `.xlsx` file part by part, so every other tab keeps its exact bytes.

openpyxl rewrites a whole workbook when it saves: formulas lose their last computed values, rich
text turns plain, and images or slicers vanish. Here the file is copied entry by entry and only
the output tabs' sheet parts, the sheet list, the relationships, the content types and the
styles the output tabs use (`xlsx_styles.py`) change.
"""

from __future__ import annotations

import copy
import datetime as dt
import io
import posixpath
import re
import struct
import zipfile
from collections.abc import Sequence, Set
from pathlib import Path
from typing import BinaryIO

from league.cells import SERIAL_EPOCH, Cell, a1, column_letter, quote_tab
from league.sheet import Sheet
from sync.layout import DATE_PATTERN, FROZEN_ROWS, look
from sync.xlsx_dates import ILLEGAL_CHARACTERS
from sync.xlsx_styles import Styles, escape, output_styles, quoteattr, used_formats

MAX_TEXT = 32_767
"""Excel's limit on one cell's text."""
WORKSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
WORKSHEET_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"
CALC_CHAIN = "xl/calcChain.xml"
LOCAL_HEADER = 30
"""Bytes of a zip entry's local header before its name and extra field."""
ENCRYPTED, DATA_DESCRIPTOR = 0x01, 0x08
"""Zip entry flag bits."""


def write_parts(source: Path, target: Path | str, replace: Sequence[Sheet], remove: Sequence[str]) -> None:
    """Copy `source` to `target` with the `replace` tabs written whole and the `remove` tabs gone."""
    stored = io.BytesIO(
        source.read_bytes()
    )  # read once: the parts edited and the parts copied come from the same bytes
    parts, infos = read_parts(stored)
    original = dict(parts)
    book = WorkbookParts(parts)
    for name in remove:
        book.remove(name)
    patterns = sorted({DATE_PATTERN, *(p for s in replace for _, p in s.number_formats)})
    styles = book.add_styles(patterns, [s.name for s in replace])
    for sheet in replace:
        book.put(sheet.name, sheet_xml(sheet, styles).encode("utf-8"))
    book.finish()
    write_zip(
        target, infos, book.parts, stored, {name for name, data in book.parts.items() if original.get(name) is data}
    )


def read_parts(source: Path | BinaryIO) -> tuple[dict[str, bytes], list[zipfile.ZipInfo]]:
    """Every part of the file by name, and the zip entries in their order."""
    with zipfile.ZipFile(source) as zin:
        return {name: zin.read(name) for name in zin.namelist()}, zin.infolist()


def write_zip(
    target: Path | str,
    infos: Sequence[zipfile.ZipInfo],
    parts: dict[str, bytes],
    source: BinaryIO | None = None,
    unchanged: Set[str] = frozenset(),
) -> None:
    """The parts as a zip, kept parts in their original order and entries, new ones after; the `unchanged`
    parts are copied from `source` (the zip `infos` describe) still compressed: deflating them again was
    half the time of a write."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
        written = set()
        for info in infos:
            if info.filename in parts:
                if source is not None and info.filename in unchanged and not info.flag_bits & ENCRYPTED:
                    _copy_compressed(source, zout, info)
                else:
                    zout.writestr(info, parts[info.filename])
                written.add(info.filename)
        for name, data in parts.items():
            if name not in written:
                zout.writestr(name, data)


def _copy_compressed(source: BinaryIO, zout: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
    """Append an entry of `source` to `zout` with its compressed bytes as they are."""
    source.seek(info.header_offset)
    name_length, extra_length = struct.unpack("<HH", source.read(LOCAL_HEADER)[26:])
    source.seek(info.header_offset + LOCAL_HEADER + name_length + extra_length)
    data = source.read(info.compress_size)
    entry = copy.copy(info)
    entry.flag_bits &= ~DATA_DESCRIPTOR  # the sizes and checksum are known, so the local header holds them
    assert zout.fp is not None, "the zip is open for writing"
    entry.header_offset = zout.fp.tell()
    zout.fp.write(entry.FileHeader())
    zout.fp.write(data)
    zout.filelist.append(entry)
    zout.NameToInfo[entry.filename] = entry
    zout.start_dir = zout.fp.tell()
    zout._didModify = True  # type: ignore[attr-defined]  # what writestr sets: the central directory is written on close


class WorkbookParts:
    """The workbook's index parts, edited as text so that nothing else in them changes."""

    def __init__(self, parts: dict[str, bytes]) -> None:
        self.parts = parts
        self.workbook = parts["xl/workbook.xml"].decode("utf-8")
        self.rels = parts["xl/_rels/workbook.xml.rels"].decode("utf-8")
        self.types = parts["[Content_Types].xml"].decode("utf-8")
        prefix = re.search(
            r'xmlns:(\w+)="http://schemas.openxmlformats.org/officeDocument/2006/relationships"', self.workbook
        )
        self.r = prefix.group(1) if prefix else "r"
        """The prefix this workbook uses for relationship ids (`r:id` almost always)."""
        self.touched = False

    def _sheets(self) -> list[tuple[str, str, str]]:
        """(element text, name, relationship id) of every `<sheet>` in workbook order."""
        out = []
        for m in re.finditer(r"<sheet\b[^>]*/>", self.workbook):
            name = re.search(r'\sname="([^"]*)"', m.group(0))
            rid = re.search(rf'\s{self.r}:id="([^"]*)"', m.group(0))
            if name and rid:
                out.append((m.group(0), _unescape(name.group(1)), rid.group(1)))
        return out

    def _target(self, rid: str) -> str | None:
        m = re.search(rf'<Relationship\b[^>]*\sId="{re.escape(rid)}"[^>]*/>', self.rels)
        target = re.search(r'\sTarget="([^"]*)"', m.group(0)) if m else None
        if not target:
            return None
        path = target.group(1)
        return path.lstrip("/") if path.startswith("/") else posixpath.normpath(posixpath.join("xl", path))

    def _find(self, name: str) -> tuple[str, str, str] | None:
        return next((s for s in self._sheets() if s[1].casefold() == name.casefold()), None)

    def part(self, name: str) -> str | None:
        """The path of the part holding the tab called `name` (ignoring case), if there is one."""
        found = self._find(name)
        return self._target(found[2]) if found else None

    def put(self, name: str, xml: bytes, hidden: bool = False) -> None:
        """Write a tab whole: the existing part (renamed to `name` if only its case differs), or a new one
        (`hidden` from people's view, as the dropdowns' `Lists` tab is)."""
        self.touched = True
        found = self._find(name)
        part = self._target(found[2]) if found else None
        if found and part:
            self.parts[part] = xml
            self.parts.pop(_rels_of(part), None)  # what the old tab linked to (drawings, comments) goes with it
            renamed = re.sub(r'\sname="[^"]*"', f" name={quoteattr(name)}", found[0], count=1)
            self.workbook = self.workbook.replace(found[0], renamed, 1)
            return
        number = 1 + max([int(n) for n in re.findall(r"xl/worksheets/sheet(\d+)\.xml", " ".join(self.parts))] or [0])
        part = f"xl/worksheets/sheet{number}.xml"
        rid = f"rIdLeague{number}"
        sheet_id = 1 + max([int(i) for i in re.findall(r'<sheet\b[^>]*\ssheetId="(\d+)"', self.workbook)] or [0])
        self.parts[part] = xml
        self.rels = self.rels.replace(
            "</Relationships>", f'<Relationship Id="{rid}" Type="{WORKSHEET_REL}" Target="/{part}"/></Relationships>'
        )
        self.types = self.types.replace("</Types>", f'<Override PartName="/{part}" ContentType="{WORKSHEET}"/></Types>')
        state = ' state="hidden"' if hidden else ""
        element = f'<sheet name={quoteattr(name)} sheetId="{sheet_id}"{state} {self.r}:id="{rid}"/>'
        self.workbook = self.workbook.replace("</sheets>", element + "</sheets>", 1)

    def remove(self, name: str) -> None:
        """Drop a tab, its part, and every reference to it; later tabs' positions shift down."""
        found = self._find(name)
        if not found:
            return
        self.touched = True
        position = [s[2] for s in self._sheets()].index(found[2])
        part = self._target(found[2])
        self.workbook = self.workbook.replace(found[0], "", 1)
        self.rels = re.sub(rf'<Relationship\b[^>]*\sId="{re.escape(found[2])}"[^>]*/>', "", self.rels)
        if part:
            self.parts.pop(part, None)
            self.parts.pop(_rels_of(part), None)
            self.types = re.sub(rf'<Override\b[^>]*PartName="/{re.escape(part)}"[^>]*/>', "", self.types)
        self.workbook = re.sub(
            r'<definedName\b[^>]*\slocalSheetId="(\d+)"[^>]*>.*?</definedName>',
            lambda m: _shift_name(m.group(0), int(m.group(1)), position),
            self.workbook,
            flags=re.S,
        )
        self.workbook = re.sub(r'\s(activeTab|firstSheet)="\d+"', "", self.workbook)

    def add_styles(self, patterns: list[str], rewritten: Sequence[str]) -> Styles:
        """Bold headers, links, wrapped text, dates and each number pattern, reusing what the workbook has.

        The tabs about to be rewritten give up the formats they used, so those can be dropped."""
        targets = (self._find(name) for name in rewritten)
        replaced = {self._target(found[2]) for found in targets if found}
        kept = (
            data
            for name, data in self.parts.items()
            if name.startswith("xl/worksheets/") and name.endswith(".xml") and name not in replaced
        )
        text, styles = output_styles(self.parts["xl/styles.xml"].decode("utf-8"), patterns, used_formats(kept))
        self.parts["xl/styles.xml"] = text.encode("utf-8")
        return styles

    def finish(self) -> None:
        """Store the edited index parts; the formula cache goes, as Excel rebuilds it on opening."""
        if self.touched and CALC_CHAIN in self.parts:
            del self.parts[CALC_CHAIN]
            self.rels = re.sub(r'<Relationship\b[^>]*Target="[^"]*calcChain\.xml"[^>]*/>', "", self.rels)
            self.types = re.sub(r'<Override\b[^>]*PartName="/xl/calcChain\.xml"[^>]*/>', "", self.types)
        self.parts["xl/workbook.xml"] = self.workbook.encode("utf-8")
        self.parts["xl/_rels/workbook.xml.rels"] = self.rels.encode("utf-8")
        self.parts["[Content_Types].xml"] = self.types.encode("utf-8")


def _rels_of(part: str) -> str:
    folder, name = posixpath.split(part)
    return f"{folder}/_rels/{name}.rels"


def _unescape(text: str) -> str:
    return (
        text.replace("&quot;", '"')
        .replace("&apos;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
    )


def _shift_name(element: str, local: int, removed: int) -> str:
    """A sheet-scoped defined name after the tab at `removed` is dropped: gone, or one position down."""
    if local == removed:
        return ""
    return element.replace(f'localSheetId="{local}"', f'localSheetId="{local - 1}"', 1) if local > removed else element


def sheet_xml(sheet: Sheet, styles: Styles, validations: str = "") -> str:
    """A whole worksheet part: frozen bold header, typed cells, widths, wrapping, formats, links and the
    `<dataValidations>` element given (an input tab's dropdowns)."""
    rows = [sheet.header, *sheet.rows]
    shape = look(sheet)
    formats = {column: styles.numbers[pattern] for column, pattern in shape.number_formats.items()}
    linked = {(link.row + 2, link.column) for link in sheet.links}
    body = []
    width = max(map(len, rows), default=0)
    letters = [column_letter(c) for c in range(width)]  # once per column, not per cell
    data_styles = [formats.get(c, styles.wrap if c in shape.wrapped else 0) for c in range(width)]
    plain_styles = [styles.wrap if c in shape.wrapped else 0 for c in range(width)]  # below a block's heading row
    headings = {FROZEN_ROWS + 1 + i for i in sheet.headings}
    below = min(headings, default=len(rows) + 1)
    for r, row in enumerate(rows, start=1):
        cells = []
        looks = data_styles if r < below else plain_styles
        for c, value in enumerate(row):
            style = (
                styles.header if r <= FROZEN_ROWS or r in headings else styles.link if (r, c) in linked else looks[c]
            )
            # most cells are text or numbers: straight to plain_cell, without the date checks of _cell
            cells.append(
                plain_cell(f"{letters[c]}{r}", value, style)
                if type(value) in _PLAIN
                else _cell(f"{letters[c]}{r}", value, style, styles)
            )
        body.append(f'<row r="{r}">{"".join(cells)}</row>')
    last = a1(len(rows), max(len(r) for r in rows) - 1) if any(rows) else "A1"
    cols = "".join(
        f'<col min="{i + 1}" max="{i + 1}" width="{w}" customWidth="1"/>' for i, w in enumerate(shape.widths)
    )
    links = "".join(
        f'<hyperlink ref="{a1(link.row + 2, link.column)}" location={quoteattr(f"{quote_tab(link.tab)}!{link.cell}")} '
        f"display={quoteattr(link.cell)}/>"
        for link in sheet.links
    )
    xml = "".join(body)
    first = a1(FROZEN_ROWS + 1, 0)
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        f'<dimension ref="A1:{last}"/>'
        f'<sheetViews><sheetView workbookViewId="0"><pane ySplit="{FROZEN_ROWS}" topLeftCell="{first}" '
        f'activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="{first}" sqref="{first}"/>'
        "</sheetView></sheetViews>"
        '<sheetFormatPr defaultRowHeight="15"/>'
        f"{f'<cols>{cols}</cols>' if cols else ''}<sheetData>{xml}</sheetData>{validations}"
        f"{f'<hyperlinks>{links}</hyperlinks>' if links else ''}"
        '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>'
    )


_PLAIN = {str, int, float, bool, type(None)}
"""Cell types that are never dates."""


def _cell(ref: str, value: Cell, style: int, styles: Styles) -> str:
    """One typed cell of an output tab: dates and times get their styles."""
    if isinstance(value, dt.datetime):
        serial = (value.replace(tzinfo=None) - dt.datetime(1899, 12, 30)) / dt.timedelta(days=1)
        return f'<c r="{ref}" s="{styles.moment}"><v>{serial!r}</v></c>'
    if isinstance(value, dt.date):
        return f'<c r="{ref}" s="{styles.numbers[DATE_PATTERN]}"><v>{(value - SERIAL_EPOCH).days}</v></c>'
    return plain_cell(ref, value, style)


def plain_cell(ref: str, value: Cell, style: int) -> str:
    """One cell that is not a date; text is an inline string, so nothing typed by people becomes a formula."""
    s = f' s="{style}"'
    if value is None or value == "":
        return f'<c r="{ref}"{s}/>' if style else ""
    if isinstance(value, bool):
        return f'<c r="{ref}"{s} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, (int, float)):
        return f'<c r="{ref}"{s}><v>{value!r}</v></c>'
    text = ILLEGAL_CHARACTERS.sub("", str(value))
    if len(text) > MAX_TEXT:
        text = text[: MAX_TEXT - 1] + "…"
    return f'<c r="{ref}"{s} t="inlineStr"><is><t xml:space="preserve">{escape(text)}</t></is></c>'

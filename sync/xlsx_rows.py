"""Adding rows to an input tab of an `.xlsx` file as new `<row>` elements, keeping every other byte.

Judges' tabs carry dropdowns, formats, formulas with their computed values, and whatever Excel
or LibreOffice put there; re-rendering the tab would lose some of it. So only the new rows go
into the sheet part's `<sheetData>` (merged into rows that exist only as formatting, keeping
each cell's style) and its `<dimension>` grows to cover them; nothing else in the file changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from league.cells import Cell, a1
from sync.xlsx_parts import WorkbookParts, plain_cell, read_parts, write_zip


def add_rows_parts(source: Path, target: Path | str, tab: str, start: int, rows: Sequence[Sequence[Cell]]) -> None:
    """Copy `source` to `target` with `rows` written into `tab` from 1-based row `start` on."""
    parts, infos = read_parts(source)
    part = WorkbookParts(parts).part(tab)
    if part is None or part not in parts:
        raise ValueError(f"the part holding tab {tab!r} is missing from the file")
    parts[part] = rows_added(parts[part].decode("utf-8"), start, rows).encode("utf-8")
    write_zip(target, infos, parts)


def cells_filled_parts(source: Path, target: Path | str, fills: Sequence[tuple[str, int, Sequence[Cell]]]) -> None:
    """Copy `source` to `target` with each (tab, 1-based row, cells) set into that row: its other cells, and every
    other byte, kept (the cells filled were read empty)."""
    parts, infos = read_parts(source)
    book = WorkbookParts(parts)
    for tab, row, cells in fills:
        part = book.part(tab)
        if part is None or part not in parts:
            raise ValueError(f"the part holding tab {tab!r} is missing from the file")
        parts[part] = rows_added(parts[part].decode("utf-8"), row, [cells]).encode("utf-8")
    write_zip(target, infos, parts)


def rows_added(xml: str, start: int, rows: Sequence[Sequence[Cell]], like_left: bool = False) -> str:
    """A worksheet part with `rows` put at rows `start`, `start + 1`, …; every other byte kept.

    Rows already there in that range hold no values where a new value goes (only formatting):
    their cells keep their style and take the new value. A new cell takes its column's style, as
    Excel does on typing; with `like_left`, that of the row's last cell left of the new values
    (headers added after the last one look like it)."""
    tag = re.search(r"<(\w+:)?sheetData\b", xml)
    if tag is None:
        raise ValueError("the sheet part has no <sheetData>")
    p = tag.group(1) or ""
    data = re.compile(rf"<{p}sheetData\b[^>]*?(?:/>|>(.*?)</{p}sheetData>)", re.S).search(xml, tag.start())
    assert data is not None, "a <sheetData> start tag begins an element"
    body = data.group(1) or ""
    styles = _column_styles(xml, p)
    existing: list[tuple[int, int, int, str]] = []  # (row number, start, end, text) of each <row>
    number = 0
    for m in re.finditer(rf"<{p}row\b[^>]*?(?:/>|>.*?</{p}row>)", body, re.S):
        number = _number(m.group(0), number)
        existing.append((number, m.start(), m.end(), m.group(0)))
    new = {start + i: cells for i, cells in enumerate(rows)}
    first = next((e for e in existing if e[0] >= start), None)
    cut = first[1] if first else len(body)
    kept = {e[0]: e[3] for e in existing if e[0] >= start}
    tail = [
        kept[n] if n not in new else _row(n, new[n], kept.get(n), styles, p, like_left)
        for n in sorted(kept.keys() | new.keys())
    ]
    filled = f"<{p}sheetData>{body[:cut]}{''.join(tail)}</{p}sheetData>"
    xml = xml[: data.start()] + filled + xml[data.end() :]
    width = max((len(r) for r in rows), default=0)
    return _dimension(xml, p, start + len(rows) - 1, width)


def _number(row: str, previous: int) -> int:
    """A row's number: its `r`, or the one after the previous row (`r` is optional)."""
    m = re.search(r'\sr="(\d+)"', row[: row.find(">") + 1])
    return int(m.group(1)) if m else previous + 1


def _column(ref: str) -> int:
    """0-based column of a reference such as `AB12`."""
    index = 0
    for letter in re.sub(r"[^A-Z]", "", ref.upper()):
        index = index * 26 + ord(letter) - 64
    return index - 1


def _column_styles(xml: str, p: str) -> dict[int, str]:
    """0-based column -> style index from `<cols>`, for cells typed into a formatted column."""
    styles = {}
    for col in re.finditer(rf"<{p}col\b[^>]*>", xml):
        attrs = dict(re.findall(r'(\w+)="([^"]*)"', col.group(0)))
        if "style" in attrs and "min" in attrs and "max" in attrs:
            for c in range(int(attrs["min"]) - 1, int(attrs["max"])):
                styles[c] = attrs["style"]
    return styles


def _row(
    number: int, values: Sequence[Cell], old: str | None, column_styles: dict[int, str], p: str, like_left: bool = False
) -> str:
    """A `<row>` with the new values, merged into the row already there, if any (its cells where no value goes stay)."""
    cells: dict[int, str] = {}
    attrs = f' r="{number}"'
    row_style = None
    if old is not None:
        start_tag = old[: old.find(">") + 1]
        attrs = re.sub(r'\sspans="[^"]*"', "", start_tag[len(f"<{p}row") :].rstrip("/>").rstrip(">"))
        if re.search(r'\scustomFormat="(1|true)"', start_tag):  # Excel writes 1, LibreOffice true
            row_style = re.search(r'\ss="(\d+)"', start_tag)
        column = -1
        for cell in re.finditer(rf"<{p}c\b[^>]*?(?:/>|>.*?</{p}c>)", old, re.S):
            ref = re.search(r'\sr="([A-Za-z]+)\d*"', cell.group(0)[: cell.group(0).find(">")])
            column = _column(ref.group(1)) if ref else column + 1
            cells[column] = cell.group(0)
    first = next((c for c, v in enumerate(values) if v is not None and v != ""), len(values))
    left = max((column for column in cells if column < first), default=None)
    left_style = _style(cells[left]) if like_left and left is not None else None
    for column, value in enumerate(values):
        if value is None or value == "":
            continue
        style = (_style(cells[column]) if column in cells else None) or left_style
        style_index = style.group(1) if style else row_style.group(1) if row_style else column_styles.get(column, "0")
        cells[column] = _prefixed(plain_cell(a1(number, column), value, int(style_index)), p)
    return f"<{p}row{attrs}>{''.join(cells[c] for c in sorted(cells))}</{p}row>"


def _style(cell: str) -> re.Match[str] | None:
    """The `s` attribute of a `<c>` element's start tag."""
    return re.search(r'\ss="(\d+)"', cell[: cell.find(">")])


def _prefixed(cell: str, p: str) -> str:
    """A cell's elements in the namespace prefix the sheet part uses, if any."""
    return re.sub(r"<(/?)(c|v|is|t)\b", rf"<\1{p}\2", cell) if p else cell


def _dimension(xml: str, p: str, last_row: int, width: int) -> str:
    """The `<dimension>` grown to cover the new rows (it is optional: absent stays absent)."""
    m = re.search(rf'<{p}dimension\b[^>]*\sref="([^"]*)"', xml)
    if m is None or width == 0:
        return xml
    corners = re.findall(r"([A-Za-z]+)(\d+)", m.group(1))
    if not corners:
        return xml
    top_left = f"{corners[0][0]}{corners[0][1]}"
    right = max(_column(corners[-1][0]), width - 1)
    bottom = max(int(corners[-1][1]), last_row)
    return xml[: m.start(1)] + f"{top_left}:{a1(bottom, right)}" + xml[m.end(1) :]

"""`add_tabs` on an `.xlsx` file, part by part: new tabs, headers and rows added, every other byte kept.

A new tab is a new sheet part, written as the output tabs are (`xlsx_parts.sheet_xml`) with its
dropdowns. An existing tab's part only gains cells at the end of row 1, `<dataValidation>`
elements for those columns, and rows below its last row holding data (`xlsx_rows.rows_added`).
Long dropdown lists use a column of the hidden `Lists` tab holding the same choices, or a new one.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path

from league.cells import Grid, as_text, column_letter
from league.sheet import Dropdown, Sheet
from sync.growth import Growth
from sync.layout import DATE_PATTERN, FROZEN_ROWS, LAST_ROW, bounded_source, dropdown_columns
from sync.xlsx_parts import WorkbookParts, read_parts, sheet_xml, write_zip
from sync.xlsx_rows import rows_added
from sync.xlsx_styles import escape

LISTS = "Lists"
"""Hidden tab holding dropdown choices too long (or too comma-laden) for an inline list."""
AFTER_VALIDATIONS = (
    "hyperlinks",
    "printOptions",
    "pageMargins",
    "pageSetup",
    "headerFooter",
    "rowBreaks",
    "colBreaks",
    "customProperties",
    "cellWatches",
    "ignoredErrors",
    "smartTags",
    "drawing",
    "legacyDrawing",
    "legacyDrawingHF",
    "picture",
    "oleObjects",
    "controls",
    "webPublishItems",
    "tableParts",
    "extLst",
)
"""The worksheet elements that come after `<dataValidations>` in the schema's order."""


def inline(dropdown: Dropdown) -> str | None:
    """The dropdown's formula when its choices fit in the formula
    itself (at most 255 characters, no commas or quotes)."""
    if dropdown.source:
        return bounded_source(dropdown.source)
    text = ",".join(dropdown.values)
    if len(text) <= 255 and not any("," in value or '"' in value for value in dropdown.values):
        return f'"{text}"'
    return None


def listed_range(column: int, count: int) -> str:
    """The range of a `Lists` column's choices (below its key in row 1)."""
    letter = column_letter(column)
    return f"'{LISTS}'!${letter}$2:${letter}${count + 1}"


class ListColumns:
    """The `Lists` tab as read: a column with the same choices is reused, else one is added."""

    def __init__(self, grid: Grid | None) -> None:
        header, *rows = grid or [[]]
        self.keys = [as_text(key) for key in header]
        self.columns = [
            [as_text(row[c]) for row in rows if c < len(row) and row[c] is not None] for c in range(len(header))
        ]
        self.changed = False

    def formula(self, key: str, values: Sequence[str]) -> str:
        """The range holding these choices; a new column under `key` when none holds them."""
        if list(values) in self.columns:
            return listed_range(self.columns.index(list(values)), len(values))
        self.keys.append(key)
        self.columns.append(list(values))
        self.changed = True
        return listed_range(len(self.columns) - 1, len(values))

    def sheet(self) -> Sheet:
        """The whole tab: the keys in row 1, each column's choices below."""
        depth = max(map(len, self.columns), default=0)
        rows = tuple(tuple(column[r] if r < len(column) else None for column in self.columns) for r in range(depth))
        return Sheet(LISTS, tuple(self.keys), rows)


def validations(
    tab: str, header: Sequence[str], dropdowns: Sequence[tuple[int, Dropdown]], lists: ListColumns, p: str = ""
) -> list[str]:
    """A `<dataValidation>` list on rows 2..LAST_ROW of each dropdown's column; blanks allowed."""
    out = []
    for column, dropdown in dropdowns:
        formula = inline(dropdown) or lists.formula(f"{tab}: {header[column]}", dropdown.values)
        letter = column_letter(column)
        out.append(
            f'<{p}dataValidation type="list" allowBlank="1" sqref="{letter}{FROZEN_ROWS + 1}:{letter}{LAST_ROW}">'
            f"<{p}formula1>{escape(formula)}</{p}formula1></{p}dataValidation>"
        )
    return out


def validations_added(xml: str, elements: Sequence[str], p: str = "") -> str:
    """A worksheet part with these `<dataValidation>` elements after its own (a `<dataValidations>` made where the
    schema puts it if it had none); every other byte kept."""
    found = re.search(rf"<{p}dataValidations\b([^>]*?)(?:/>|>(.*?)</{p}dataValidations>)", xml, re.S)
    if found:
        existing = found.group(2) or ""
        count = len(re.findall(rf"<{p}dataValidation\b", existing)) + len(elements)
        attributes = re.sub(r'\scount="\d+"', "", found.group(1).rstrip("/"))
        whole = f'<{p}dataValidations{attributes} count="{count}">{existing}{"".join(elements)}</{p}dataValidations>'
        return xml[: found.start()] + whole + xml[found.end() :]
    whole = f'<{p}dataValidations count="{len(elements)}">{"".join(elements)}</{p}dataValidations>'
    later = [m.start() for name in AFTER_VALIDATIONS if (m := re.search(rf"<{p}{name}\b", xml))]
    at = min(later) if later else xml.rindex(f"</{p}worksheet>")
    return xml[:at] + whole + xml[at:]


def grow_parts(source: Path, target: Path | str, plans: Sequence[Growth], lists_grid: Grid | None) -> None:
    """Copy `source` to `target` with what the plans add; the parts nobody touched are copied as they are."""
    stored = io.BytesIO(source.read_bytes())
    parts, infos = read_parts(stored)
    original = dict(parts)
    book = WorkbookParts(parts)
    styles = book.add_styles([DATE_PATTERN], [])
    lists = ListColumns(lists_grid)
    for plan in plans:
        if plan.new:
            sheet = plan.new
            body = validations(sheet.name, sheet.header, dropdown_columns(sheet), lists)
            book.put(
                sheet.name,
                sheet_xml(
                    sheet,
                    styles,
                    f'<dataValidations count="{len(body)}">{"".join(body)}</dataValidations>' if body else "",
                ).encode("utf-8"),
            )
            continue
        part = book.part(plan.tab)
        if part is None or part not in parts:
            raise ValueError(f"the part holding tab {plan.tab!r} is missing from the file")
        xml = parts[part].decode("utf-8")
        tag = re.search(r"<(\w+:)?worksheet\b", xml)
        p = (tag.group(1) or "") if tag else ""
        header = [*[""] * plan.column, *plan.headers]
        if plan.headers:
            xml = rows_added(xml, 1, [[None] * plan.column + list(plan.headers)], like_left=True)
        if plan.dropdowns:
            xml = validations_added(xml, validations(plan.tab, header, plan.dropdowns, lists, p), p)
        if plan.rows:
            xml = rows_added(xml, plan.start + 1, plan.rows)
        parts[part] = xml.encode("utf-8")
    if lists.changed:
        book.put(LISTS, sheet_xml(lists.sheet(), styles).encode("utf-8"), hidden=True)
    book.finish()
    write_zip(
        target, infos, book.parts, stored, {name for name, data in book.parts.items() if original.get(name) is data}
    )

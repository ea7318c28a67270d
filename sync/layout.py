"""What every backend writes, decided once: dropdown rows, header matching, widths, formats, new rows.

Pure functions over the domain's shapes, no I/O. The `.xlsx`, Google and in-memory backends all
take these decisions from here, so a workbook looks and behaves the same whichever holds it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import zip_longest

from league.cells import Cell, Grid, a1, as_text, header_key
from league.sheet import Changes, Dropdown, Fill, Sheet, is_output_tab
from sync.workbook import BackendError

LAST_ROW = 2000
"""Dropdowns cover rows 2 to this one, and a new input tab on Google has this many rows.

Excel needs a bounded range; 2,000 rows hold the registrations of a large league."""
FROZEN_ROWS = 1
"""The header row stays in view on every tab the tool makes."""
MIN_WIDTH = 8
MAX_WIDTH = 50
"""Widest automatic column (in characters), so one long note doesn't push the rest off screen;
a column this wide wraps its text instead."""
PIXELS_PER_CHARACTER = 7
"""Google sizes columns in pixels, Excel in characters of the default font."""
DATE_PATTERN = "yyyy-mm-dd"
"""How a date cell is shown: as judges type dates."""


@dataclass(frozen=True)
class Look:
    """How a whole tab is formatted, the same on every backend."""

    widths: tuple[int, ...]
    """Column widths in characters."""
    wrapped: frozenset[int]
    """0-based columns whose text wraps (the widest ones)."""
    number_formats: Mapping[int, str]
    """0-based column -> number pattern for the data rows (the header row stays plain)."""


def column_widths(sheet: Sheet) -> list[int]:
    """Each column as wide as its longest value plus a margin, between MIN_WIDTH and MAX_WIDTH characters."""
    columns = zip_longest(sheet.header, *sheet.rows)
    return [min(MAX_WIDTH, max(MIN_WIDTH, 2 + max(len(as_text(value)) for value in column))) for column in columns]


def look(sheet: Sheet) -> Look:
    """The sheet's own widths if it has them, else widths from its content; wrapping and number formats."""
    widths = tuple(sheet.widths) or tuple(column_widths(sheet))
    return Look(widths, frozenset(i for i, w in enumerate(widths) if w >= MAX_WIDTH), dict(sheet.number_formats))


def pixels(width: int) -> int:
    """A width in characters as Google's pixel size."""
    return width * PIXELS_PER_CHARACTER + 5


def column_index(tab: str, header: Sequence[Cell], title: str) -> int:
    """The 0-based column whose header matches `title` ignoring case and spaces (the first, if repeated)."""
    keys = [header_key(h) for h in header]
    key = header_key(title)
    if key not in keys:
        found = ", ".join(repr(as_text(h)) for h in header if as_text(h)) or "none"
        raise BackendError(
            f"tab {tab!r} has no column {title!r} in row 1 (its headers: {found}); "
            f"add that header to {tab!r} or fix the name, then try again"
        )
    return keys.index(key)


def dropdown_columns(sheet: Sheet) -> list[tuple[int, Dropdown]]:
    """Each dropdown that has choices, with its column; a dropdown for a missing header is refused."""
    return [(column_index(sheet.name, sheet.header, d.column), d) for d in sheet.dropdowns if d.source or d.values]


def bounded_source(source: str) -> str:
    """A choices range such as `'Players'!$A$2:$A` ending at LAST_ROW, as Excel needs a bounded range.

    The end row is absolute when the start row is, so the list does not shift from cell to cell."""
    return re.sub(r"(\$?)(\d+:\$?[A-Za-z]+)$", lambda m: f"{m[1]}{m[2]}{m[1]}{LAST_ROW}", source.lstrip("="))


def holds_data(row: Iterable[Cell]) -> bool:
    """Whether a row has any value (a formatted but empty cell is not one)."""
    return any(cell is not None and cell != "" for cell in row)


def trimmed(rows: Iterable[Iterable[Cell]]) -> Grid:
    """A tab as every backend reads it: an empty cell is None, trailing empty cells and rows dropped.

    Formatting alone makes a file report empty cells, and Google leaves out what is empty."""
    return trimmed_ends([[None if cell == "" else cell for cell in row] for row in rows])


def trimmed_ends(grid: Grid) -> Grid:
    """The grid with trailing empty cells and rows dropped, in place: for a grid whose empty cells are already None."""
    for row in grid:
        while row and row[-1] is None:
            row.pop()
    while grid and not grid[-1]:
        grid.pop()
    return grid


def next_row(grid: Grid) -> int:
    """0-based index of the first row below the last one holding data; blank rows in between count."""
    last = max((i for i, row in enumerate(grid) if holds_data(row)), default=-1)
    return last + 1


def added_cell(value: Cell) -> Cell:
    """A value as `add_rows` writes it: a date as `YYYY-MM-DD` text, as judges type it; empty text as unset.

    Input tabs keep their styles exactly, so no date format is added for it; the tool reads
    that text as the same date. An unset cell is left as it is (a formula filled down stays)."""
    if value == "":
        return None
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat(sep=" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def placed_rows(tab: str, grid: Grid | None, rows: Sequence[Mapping[str, Cell]]) -> tuple[int, list[list[Cell]]]:
    """Where `add_rows` writes (0-based row index) and the rows laid out under the tab's own headers.

    Refuses a missing tab, an output tab, and a header the tab lacks, naming the tab; columns
    the rows don't mention (judges' own notes) stay empty."""
    if grid is None:
        raise BackendError(f"there is no tab {tab!r} to add rows to; create it (`league init`) or fix its name")
    if is_output_tab(tab):
        raise BackendError(f"tab {tab!r} is written by the tool on every sync; rows are only added to input tabs")
    header = grid[0] if grid else []
    placed = []
    for row in rows:
        cells: list[Cell] = [None] * len(header)
        for title, value in row.items():
            cells[column_index(tab, header, title)] = added_cell(value)
        while cells and cells[-1] is None:
            cells.pop()
        placed.append(cells)
    return next_row(grid), placed


def check_appends(changes: Changes) -> None:
    """Refuse `Changes.append` to an input tab: those get rows only through `add_rows`, which keeps their dropdowns."""
    inputs = [sheet.name for sheet in changes.append if not is_output_tab(sheet.name)]
    if inputs:
        raise BackendError(
            f"cannot append to input tab(s) {', '.join(map(repr, inputs))} in a sync write; "
            "rows are added to input tabs with add_rows, which keeps their dropdowns and formats"
        )


def placed_fill(fill: Fill, grid: Grid | None) -> list[Cell]:
    """A `Changes.fill` laid out as its row under the tab's own headers (None where nothing goes), checked against the
    tab as it stands: a missing or output tab, a missing header, the header row and a cell that is not empty are
    refused, naming the cell, so a sync writes only into cells it read empty."""
    if grid is None:
        raise BackendError(f"there is no tab {fill.tab!r} to fill in; nothing was changed")
    if is_output_tab(fill.tab) or fill.row < 2:
        raise BackendError(f"a sync fills in only empty cells of an input tab's rows, not {fill.tab!r} row {fill.row}")
    header = grid[0] if grid else []
    line = grid[fill.row - 1] if fill.row <= len(grid) else []
    cells: list[Cell] = []
    for title, value in fill.cells:
        at = column_index(fill.tab, header, title)
        if at < len(line) and holds_data([line[at]]):
            raise BackendError(
                f"{fill.tab}!{a1(fill.row, at)} holds {as_text(line[at])!r} now, so it is not filled in; "
                "nothing was changed: sync again"
            )
        cells.extend([None] * (at + 1 - len(cells)))
        cells[at] = added_cell(value)
    return cells


def find_tab(names: Iterable[str], tab: str) -> str | None:
    """The existing tab called `tab`, ignoring case: Excel and Sheets both refuse names differing only in case."""
    return next((name for name in names if name.casefold() == tab.casefold()), None)


def typed_kept(sheet: Sheet, grid: Grid | None) -> Sheet:
    """The sheet with each None cell of its `typed` columns taken from the tab as it stands now (same row, same
    column): for backends that write a tab whole, read again just before the write."""
    if not sheet.typed:
        return sheet
    columns = [i for i, h in enumerate(sheet.header) if h in sheet.typed]
    rows = []
    for at, row in enumerate(sheet.rows, start=1):
        cells = [*row, *([None] * (len(sheet.header) - len(row)))]
        now = grid[at] if grid and at < len(grid) else []
        for i in columns:
            if cells[i] is None and i < len(now):
                cells[i] = now[i]
        rows.append(tuple(cells))
    return replace(sheet, rows=tuple(rows))

"""What `Workbook.add_tabs` adds to a workbook that exists: decided once, here, for every backend.

Pure functions over the tabs as read: a missing tab is added whole; an existing one gets only the
headers it lacks (at the end of row 1, with their dropdowns) and the rows asked for (below its last
row holding data). Nothing already in a tab moves or changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from league.cells import Cell, Grid, header_key
from league.sheet import Dropdown, Sheet, is_output_tab
from sync.layout import column_index, dropdown_columns, placed_rows
from sync.workbook import BackendError


@dataclass(frozen=True)
class Growth:
    """What `add_tabs` added to one tab."""

    tab: str
    """The sheet's name; an existing tab is found by it ignoring case."""
    new: Sheet | None
    """The whole tab when it was missing; None for a tab that exists."""
    column: int = 0
    """0-based column of the first header added to an existing tab (its header row's length)."""
    headers: tuple[str, ...] = ()
    """Headers added at the end of an existing tab's row 1."""
    dropdowns: tuple[tuple[int, Dropdown], ...] = ()
    """The dropdowns of the added headers, with their 0-based columns."""
    start: int = 0
    """0-based row where the added rows of an existing tab begin: below its last row holding data."""
    rows: tuple[tuple[Cell, ...], ...] = ()
    """Rows added to an existing tab, laid out under its (grown) header row."""


def growth(sheets: Sequence[Sheet], grids: Mapping[str, Grid | None]) -> list[Growth]:
    """What to add so that each tab holds at least its sheet; `grids[sheet.name]` is the tab as read, None if missing.

    Refuses an output tab and a dropdown for a header the sheet lacks, before anything is written."""
    for sheet in sheets:
        if is_output_tab(sheet.name):
            raise BackendError(
                f"tab {sheet.name!r} is written by the tool on every sync; `league init` adds input tabs only"
            )
        dropdown_columns(sheet)
    plans = []
    for sheet in sheets:
        grid = grids.get(sheet.name)
        plan = Growth(sheet.name, sheet) if grid is None else _grown(sheet, grid)
        if plan.new or plan.headers or plan.rows:
            plans.append(plan)
    return plans


def _grown(sheet: Sheet, grid: Grid) -> Growth:
    """An existing tab: the sheet's headers it lacks, their dropdowns, and the sheet's rows under its own headers."""
    header = list(grid[0]) if grid else []
    have = {header_key(h) for h in header if h is not None}
    added: list[str] = []
    for title in sheet.header:
        if header_key(title) not in have:
            have.add(header_key(title))
            added.append(title)
    grown: list[Cell] = [*header, *added]
    keys = {header_key(h) for h in added}
    dropdowns = tuple(
        (column_index(sheet.name, grown, d.column), d)
        for d in sheet.dropdowns
        if header_key(d.column) in keys and (d.source or d.values)
    )
    start, rows = placed_rows(sheet.name, [grown, *grid[1:]], [dict(zip(sheet.header, row)) for row in sheet.rows])
    return Growth(sheet.name, None, len(header), tuple(added), dropdowns, start, tuple(tuple(r) for r in rows))

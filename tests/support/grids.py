"""Tabs as the tests handle them: grids compared as text,
and grids turned into the Sheets a workbook is created with."""

from __future__ import annotations

from league.cells import Grid, as_text
from league.sheet import Sheet


def texts(grid: Grid) -> list[list[str]]:
    """A grid as the text of its cells, trailing empty cells left out: how both backends' tabs are compared."""
    rows = [[as_text(c) for c in row] for row in grid]
    for row in rows:
        while row and not row[-1]:
            row.pop()
    return rows


def sheets(grids: dict[str, Grid]) -> list[Sheet]:
    """Tabs as Sheets (each grid's first row the header), to create a workbook holding them."""
    return [
        Sheet(name, tuple(str(h) for h in grid[0]), tuple(tuple(r) for r in grid[1:])) for name, grid in grids.items()
    ]

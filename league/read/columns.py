"""Finding columns by header and rows that hold data, the same way for every tab."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league.cells import Cell, Grid, as_text, header_key, is_blank
from league.problems import Problem, Severity
from league.rules.catalog import closest


@dataclass(frozen=True)
class LocatedTab:
    """A tab's data rows with the columns the tool knows located by header."""

    tab: str
    columns: dict[str, int]
    """Expected header -> 0-based column position where it was found."""
    rows: list[tuple[int, list[Cell]]]
    """(1-based sheet row, cells) for every row with something in a required column.

    Rows holding only notes (a Notes or Judge cell, or judges' own extra columns) are skipped
    like empty rows."""

    def cell(self, cells: list[Cell], header: str) -> Cell:
        """The cell of a row under `header`, or None when the column is absent or short."""
        i = self.columns.get(header)
        return cells[i] if i is not None and i < len(cells) else None

    def text(self, cells: list[Cell], header: str) -> str:
        """The trimmed text of a row's cell under `header`."""
        return as_text(self.cell(cells, header))

    def problem(self, severity: Severity, code: str, row: int, header: str, problem: str, fix: str) -> Problem:
        """A problem located at this tab's cell under `header` in `row`."""
        return Problem(severity, code, self.tab, row, header, self.columns.get(header), problem, fix)


def locate(
    tab: str, grid: Grid, required: Sequence[str], optional: Sequence[str] = ()
) -> tuple[LocatedTab | None, list[Problem]]:
    """Match row 1 against the expected headers; None when a required one is missing."""
    header = grid[0] if grid else []
    found: dict[str, int] = {}
    problems: list[Problem] = []
    wanted = {header_key(h): h for h in [*required, *optional]}
    for i, cell in enumerate(header):
        key = header_key(cell)
        if key in wanted:
            if wanted[key] in found:
                problems.append(
                    Problem(
                        Severity.WARNING,
                        "duplicate-header",
                        tab,
                        1,
                        wanted[key],
                        i,
                        f"a second column is headed {as_text(cell)!r}; only the first is read",
                        "rename or delete one of the two columns",
                    )
                )
            else:
                found[wanted[key]] = i
    unused = {header_key(c): as_text(c) for c in header if header_key(c) and header_key(c) not in wanted}
    position = {header_key(c): i for i, c in enumerate(header)}
    free = len(header)
    for name in required:
        if name not in found:
            near = closest(name, unused)
            if near:  # point at the near miss: that is the cell to retype
                at, problem, fix = (
                    position[header_key(near[0])],
                    f"no column headed {name!r} in row 1 (is {near[0]!r} meant to be it?)",
                    f"rename it to {name!r}",
                )
            else:  # point at the first free column: that is where it can go
                at, problem, fix = free, f"no column headed {name!r} in row 1", f"add a column headed {name!r} in row 1"
                free += 1
            problems.append(Problem(Severity.ERROR, "missing-header", tab, 1, name, at, problem, fix))
    if any(p.code == "missing-header" for p in problems):
        return None, problems
    data = sorted(found[h] for h in required)
    rows = [(n, list(r)) for n, r in enumerate(grid[1:], start=2) if _filled(r, data)]
    return LocatedTab(tab, found, rows), problems


def _filled(cells: list[Cell], columns: list[int]) -> bool:
    """Whether any of `columns` holds something: `is_blank` spelt out, as it runs for every row of every tab."""
    width = len(cells)
    for i in columns:
        if i < width:
            value = cells[i]
            if value is not None and (type(value) is not str or value.strip()) and not is_blank(value):
                return True
    return False


def unreadable(table: LocatedTab, row: int, header: str, value: Cell, expected: str) -> Problem:
    """The problem for a cell whose text can't be read as what the column holds."""
    return table.problem(
        Severity.ERROR,
        "unreadable",
        row,
        header,
        f"{header} {as_text(value)!r} is not {expected}",
        f"type {expected} in {header}",
    )


def missing_tab(tab: str, fix: str) -> Problem:
    """The problem for a whole tab that is not in the workbook."""
    return Problem(Severity.ERROR, "missing-tab", tab, None, "", None, f"the workbook has no tab named {tab!r}", fix)

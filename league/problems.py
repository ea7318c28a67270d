"""Problems found in a workbook: located, explained, and never raised."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from league.cells import a1


class Severity(StrEnum):
    """How much a problem matters, as written in the `Problems` tab."""

    ERROR = "error"
    """The row is left out of the standings until someone fixes it."""
    WARNING = "warning"
    """Worth a look; the standings still count the row."""


@dataclass(frozen=True)
class Problem:
    """One mistake in a workbook, with the cell to fix and how."""

    severity: Severity
    """Whether it keeps the row out of the standings."""
    code: str
    """Stable short name of the rule that found it (for tests and filters)."""
    tab: str
    """The tab the mistake is in."""
    row: int | None
    """1-based sheet row, or None for a whole-tab problem."""
    column: str
    """The column header as the tool expects it, or empty."""
    col_index: int | None
    """0-based column position in the tab as found, to build the A1 reference."""
    problem: str
    """What is wrong, quoting what was found."""
    fix: str
    """What to do about it."""

    @property
    def cell(self) -> str:
        """A1 reference of the cell, empty where the problem has no single cell."""
        if self.row is None:
            return ""
        if self.col_index is None:
            return str(self.row)
        return a1(self.row, self.col_index)

    def sort_key(self) -> tuple[str, int, int, str]:
        """Order problems by tab, row and column so the Problems tab reads top-down."""
        return (self.tab, self.row or 0, -1 if self.col_index is None else self.col_index, self.code)

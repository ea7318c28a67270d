"""The standings table the engine builds once: each column carries its role and how it is shown.

The workbook tab, the CSV, the history snapshot, the images, caption, page and posters all read this
table by role, so no exporter finds the score or the rank by position or by header text: a tiebreaker
labelled `Total Scenario Points` is still a tiebreaker."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from league.cells import Cell
from league.sheet import Sheet


class Role(StrEnum):
    """What a column of a standings table holds."""

    RANK = "rank"
    SWISS_RANK = "swiss rank"
    """An event's rank after its Swiss rounds, beside the final rank its playoffs decide."""
    COMPETITOR = "competitor"
    SCORE = "score"
    """The score ranked on: an event's points, or the leaderboard's total."""
    PART = "part"
    """A part of the leaderboard's total: the score of one stage or event."""
    COUNT = "count"
    """Matches played, the record (W-L-D) or the losses."""
    TIEBREAKER = "tiebreaker"
    CUT = "cut"
    """Whether a competitor makes the playoffs (`in`, `out`, `tiebreaker match`)."""
    PRIZE = "prize"
    MOVE = "move"
    """Places gained (2), lost (-1) or kept (0) since the last change, `new`, or empty before a first comparison."""
    NOTE = "note"
    OTHER = "other"
    """A column of a table that is not standings (a bracket), shown as it is."""


class CutZone(StrEnum):
    """Which side of the playoff cut a competitor is on, as the cut column shows it."""

    IN = "in"
    MATCH = "tiebreaker match"
    """Level with others across the cut: a tiebreaker match settles who goes through."""
    OUT = "out"


class Display(StrEnum):
    """How a column's values are shown: the spreadsheet's number pattern and every export follow it."""

    TEXT = "text"
    NUMBER = "number"
    """A whole number, or a score as it is (1.5)."""
    WHOLE = "whole"
    """A tiebreaker shown rounded to a whole number."""
    DECIMAL = "decimal"
    """A tiebreaker shown with four decimals, so 0.4190 and 0.4191 line up."""
    PERCENT = "percent"
    """A fraction between 0 and 1 stored at full precision, shown as a percentage."""
    MOVE = "move"
    LOSSES = "losses"
    """The losses, which every export joins after the score (the wins) as one record, wins first (`7-1`), the way the
    field writes it; the workbook shows them as a number."""


PATTERNS = {Display.WHOLE: "0", Display.DECIMAL: "0.0000", Display.PERCENT: "0.00%", Display.MOVE: '+0;-0;"="'}
"""The spreadsheet number pattern of each display that has one."""


@dataclass(frozen=True)
class Column:
    """One column of a standings table."""

    label: str
    """Its header, as the ruleset names it (`VP`, `OMW%`, `Total Scenario Points`)."""
    role: Role
    display: Display = Display.TEXT


@dataclass(frozen=True)
class Table(Sheet):
    """A standings table: a `Sheet` (what a workbook writes) whose columns say what they hold.

    Build one with `Table.of`, which derives the header and the number patterns from the columns."""

    columns: tuple[Column, ...] = ()

    @classmethod
    def of(cls, name: str, columns: tuple[Column, ...], rows: tuple[tuple[Cell, ...], ...]) -> Table:
        """The table of these typed columns and rows, with the header row and number patterns they imply."""
        formats = tuple((i, PATTERNS[c.display]) for i, c in enumerate(columns) if c.display in PATTERNS)
        return cls(name, tuple(c.label for c in columns), rows, number_formats=formats, columns=columns)

    @classmethod
    def plain(cls, sheet: Sheet) -> Table:
        """A table that is not standings (a bracket): every column shown as it is."""
        return replace(
            cls.of(sheet.name, tuple(Column(h, Role.OTHER) for h in sheet.header), sheet.rows), typed=sheet.typed
        )

    def find(self, role: Role) -> int | None:
        """The index of the first column with this role, if the table has one."""
        return next((i for i, c in enumerate(self.columns) if c.role is role), None)

    def where(self, role: Role) -> list[int]:
        """The indices of every column with this role, in order."""
        return [i for i, c in enumerate(self.columns) if c.role is role]

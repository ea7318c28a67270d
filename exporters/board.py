"""One standings table as every export shows it: rank, name, score, first tiebreaker, prizes, move.

The tables differ by ruleset (a stage column per stage, `Record` or `Matches`, any number of
tiebreakers), so the columns are found by the role the engine gave them, once, for every format."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from league.cells import Cell, as_text
from league.table import Display, Role, Table


@dataclass(frozen=True)
class Line:
    """One competitor's line, as text ready to show."""

    rank: str
    """The rank, or empty for a disqualified competitor."""
    name: str
    score: str
    tiebreak: str
    """The first tiebreaker as the sheet shows it (four decimals, or a percentage)."""
    prizes: tuple[str, ...]
    """Prizes that set this line apart; one nearly everybody holds (participation) is left out."""
    move: int | str | None
    """Places gained (2), lost (-1) or kept (0) since the last changed leaderboard, "new", or None (first sync)."""


@dataclass(frozen=True)
class Board:
    """A table to show: its title, column labels and lines."""

    title: str
    """"Leaderboard" or the event's name."""
    score_label: str
    tiebreak_label: str
    lines: tuple[Line, ...]
    updated: dt.datetime
    """When the standings last changed (the history snapshot's time)."""
    has_moves: bool
    """Whether the table carries a `Move` column (the leaderboard)."""
    stands: str = ""
    """Where the standings stand: `after round 2 of 4`, `Final standings`, the league's `after W2, 1 of 3 events
    complete`; empty when nothing is known (no rounds yet)."""
    champion: str = ""
    """The event's champion, once it is complete."""
    event: str = ""
    """The event's name (or id) without its date, for "Dan Wu wins W1"; empty for the leaderboard."""

    @property
    def standing(self) -> str:
        """The line under the title: the champion first, then where the standings stand."""
        return " · ".join(p for p in (f"Champion: {self.champion}" if self.champion else "", self.stands) if p)


def _number(value: Cell, display: Display) -> str:
    """A figure as the sheet shows it: a score whole or as typed (1.5), a tiebreaker to 4 places or as a percentage."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return as_text(value)
    if display is Display.PERCENT:
        return f"{value:.2%}"
    if display is Display.DECIMAL:
        return f"{value:.4f}"
    return f"{value:g}"


def _move(value: Cell) -> int | str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return "new" if value == "new" else None


def board(table: Table, title: str, updated: dt.datetime) -> Board:
    """The table an export shows, its columns found by their role; `title` names the event or the league."""
    cols = table.columns
    rank, name, score = (table.find(role) for role in (Role.RANK, Role.COMPETITOR, Role.SCORE))
    if rank is None or name is None or score is None:
        raise ValueError(f"{table.name} is not a standings table: it has no rank, competitor or score column")
    tb, prize, move = table.find(Role.TIEBREAKER), table.find(Role.PRIZE), table.find(Role.MOVE)
    held = [tuple(p.strip() for p in as_text(row[prize]).split(";") if p.strip()) if prize is not None else ()
            for row in table.rows]
    common = Counter(p for prizes in held for p in set(prizes))
    lines = tuple(Line(as_text(row[rank]), as_text(row[name]), _number(row[score], cols[score].display),
                       _number(row[tb], cols[tb].display) if tb is not None else "",
                       tuple(p for p in prizes if common[p] * 2 <= len(table.rows)),
                       _move(row[move]) if move is not None else None)
                  for row, prizes in zip(table.rows, held))
    return Board(title, cols[score].label, cols[tb].label if tb is not None else "", lines, updated, move is not None)


def move_text(move: int | str | None) -> str:
    """A move as an arrow people read at a glance: `▲2`, `▼1`, `–`, `NEW`; nothing before a first comparison."""
    if isinstance(move, int):
        return f"▲{move}" if move > 0 else f"▼{-move}" if move < 0 else "–"
    return "NEW" if move == "new" else ""

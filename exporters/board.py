"""One standings table as every export shows it: rank, name, score, first tiebreaker, prizes, move.

The output tabs differ by ruleset (a stage column per stage, `Record` or `Matches`, any number of
tiebreakers), so the columns are found by their headers here, once, for every format."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from league.cells import Cell, as_text
from league.sheet import Sheet

MOVE = "Move"
PRIZE = "Prize"


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


def _number(value: Cell, style: str) -> str:
    """A figure as the sheet shows it: a score whole or as typed (1.5), a tiebreaker to 4 places or as a percentage."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return as_text(value)
    if style == "percent":
        return f"{value:.2%}"
    if style == "decimal":
        return f"{value:.4f}"
    return f"{value:g}"


def _style(pattern: str) -> str:
    """How a tiebreaker column is shown, from its number pattern: `0.00%`, `0` (a whole total) or `0.0000`."""
    return "percent" if pattern.endswith("%") else "score" if pattern == "0" else "decimal"


def _move(value: Cell) -> int | str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = as_text(value)
    return "new" if text == "new" else None


def _score_column(header: tuple[str, ...]) -> int:
    """The leaderboard's total (`Total Wins`), else the column after the competitor (an event's score)."""
    return next((i for i, h in enumerate(header) if h.startswith("Total ")), 2)


def board(sheet: Sheet, title: str, updated: dt.datetime) -> Board:
    """The table an export shows, from an output tab; `title` names the event or the league."""
    header = sheet.header
    score = _score_column(header)
    formats = dict(sheet.number_formats)
    tiebreaks = [c for c, _ in sheet.number_formats if header[c] != MOVE]
    tb = tiebreaks[0] if tiebreaks else None
    prize = header.index(PRIZE) if PRIZE in header else None
    move = header.index(MOVE) if MOVE in header else None
    held = [tuple(p.strip() for p in as_text(row[prize]).split(";") if p.strip()) if prize is not None else ()
            for row in sheet.rows]
    common = Counter(p for prizes in held for p in set(prizes))
    style = _style(formats[tb]) if tb is not None else ""
    lines = tuple(Line(as_text(row[0]), as_text(row[1]), _number(row[score], "score"),
                       _number(row[tb], style) if tb is not None else "",
                       tuple(p for p in prizes if common[p] * 2 <= len(sheet.rows)),
                       _move(row[move]) if move is not None else None)
                  for row, prizes in zip(sheet.rows, held))
    return Board(title, header[score], header[tb] if tb is not None else "", lines, updated,
                 move is not None)


def move_text(move: int | str | None) -> str:
    """A move as an arrow people read at a glance: `▲2`, `▼1`, `–`, `NEW`; nothing before a first comparison."""
    if isinstance(move, int):
        return f"▲{move}" if move > 0 else f"▼{-move}" if move < 0 else "–"
    return "NEW" if move == "new" else ""

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
    held: tuple[str, ...] = ()
    """Every prize the line holds, however many lines share it (the images mark them all)."""
    shared: bool = False
    """Whether another line has the same rank: shown `=3`."""
    mark: str = ""
    """`*` not final, `†` dropped, `DQ` disqualified, read from the note; empty for a settled line."""
    count: str = ""
    """Matches played, the record (`3-1-0`) or the losses, as the table's count column shows it."""
    cut: str = ""
    """Whether the line makes the playoffs: `in`, `tiebreaker match`, `out`; empty when the table has no cut."""

    @property
    def shown_rank(self) -> str:
        """The rank as the images show it: `=3` when shared, `–` for a line without one."""
        return ("=" if self.shared and self.rank else "") + (self.rank or "–")


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
    count_label: str = ""
    """The count column's heading (`Record`, `Losses`, `Matches`), or empty when the table has none."""
    footnotes: tuple[str, ...] = ()
    """One line per mark the lines carry, saying what it means: `* not final: …`, `† dropped`, `DQ disqualified`."""

    @property
    def moved(self) -> bool:
        """Whether any line has a move to show: `Move` and its legend appear only then."""
        return any(line.move is not None for line in self.lines)

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


MARKS = (("not final", "*"), ("disqualified", "DQ"), ("dropped", "†"), ("withdrawn", "†"))
"""A note's part and the mark it puts after the name, in the order a line with several shows the first."""
MEANINGS = {"*": "* not final: results still to fix", "†": "† dropped out", "DQ": "DQ disqualified: not ranked"}
"""The footnote each mark gets, once per table."""


def mark(note: str) -> str:
    """The mark a line's note gives it: `*` not final, `DQ` disqualified, `†` dropped; empty for a settled line."""
    parts = [p.strip().lower() for p in note.split(";")]
    return next((sign for start, sign in MARKS for p in parts if p.startswith(start)), "")


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
    count, cut, note = table.find(Role.COUNT), table.find(Role.CUT), table.find(Role.NOTE)
    ranks = Counter(as_text(row[rank]) for row in table.rows)
    lines = tuple(Line(as_text(row[rank]), as_text(row[name]), _number(row[score], cols[score].display),
                       _number(row[tb], cols[tb].display) if tb is not None else "",
                       tuple(p for p in prizes if common[p] * 2 <= len(table.rows)),
                       _move(row[move]) if move is not None else None,
                       held=prizes, shared=bool(as_text(row[rank])) and ranks[as_text(row[rank])] > 1,
                       mark=mark(as_text(row[note])) if note is not None else "",
                       count=_number(row[count], cols[count].display) if count is not None else "",
                       cut=as_text(row[cut]).strip().lower() if cut is not None else "")
                  for row, prizes in zip(table.rows, held))
    signs = {line.mark for line in lines}
    return Board(title, cols[score].label, cols[tb].label if tb is not None else "", lines, updated, move is not None,
                 count_label=cols[count].label if count is not None else "",
                 footnotes=(*(MEANINGS[sign] for sign in MEANINGS if sign in signs), *cut_note(lines)))


def cut_note(lines: tuple[Line, ...]) -> tuple[str, ...]:
    """The footnote saying what the lines drawn across the table mean: `The lines mark the playoff cut: in, then
    tiebreaker match, then out` (only the groups the table has); none without a cut."""
    groups = list(dict.fromkeys(line.cut for line in lines if line.cut))
    if len(groups) < 2:
        return ()
    return (f"{'The line marks' if len(groups) == 2 else 'The lines mark'} the playoff cut: {', then '.join(groups)}",)


LEGEND = "▲ places gained · ▼ places lost since the last change · – no change · NEW new"
"""What the `Move` column's signs mean, under every table that shows one."""
SHORT_LEGEND = "▲ ▼ places since the last change"
"""The same in the images' footer, which shares its line with the footnotes or the time."""
NOT_SETTLED = "all rounds played, results still to fix"
"""What the standings say instead of `Final standings` while a line is still marked not final (`*`)."""


def settled(stands: str, lines: tuple[Line, ...]) -> str:
    """Where the standings stand as a reader may be told: never `Final` while a line says its results are still to
    be fixed."""
    if stands.startswith("Final") and any(line.mark == "*" for line in lines):
        return NOT_SETTLED[0].upper() + NOT_SETTLED[1:]
    return stands


def move_text(move: int | str | None) -> str:
    """A move as an arrow people read at a glance: `▲2`, `▼1`, `–`, `NEW`; nothing before a first comparison."""
    if isinstance(move, int):
        return f"▲{move}" if move > 0 else f"▼{-move}" if move < 0 else "–"
    return "NEW" if move == "new" else ""

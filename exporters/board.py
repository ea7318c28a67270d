"""One standings table as every export shows it: rank, name, score, first tiebreaker, prizes, move.

The tables differ by ruleset (a stage column per stage, `Record` or `Matches`, any number of
tiebreakers), so the columns are found by the role the engine gave them, once, for every format."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from league.cells import Cell, as_text
from league.outcome import Mark, Placing, plain_placings
from league.pairing.bracket_model import Playoff
from league.plain_text import has_control, one_line
from league.table import Column, Display, Role, Table


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
    """`*` not final, `†` dropped, `DQ` disqualified, `‡` still playing the round under way; empty for a settled
    line."""
    count: str = ""
    """Matches played, the record (`3-1-0`) or the losses, as the table's count column shows it."""
    cut: str = ""
    """Whether the line makes the playoffs: `in`, `tiebreaker match`, `out`; empty when the table has no cut."""
    finish: str = ""
    """How far a bracket competitor went and their Swiss rank: `Won the final · Swiss #3`; empty for others."""
    in_line: bool = False
    """Its prizes are only in line: the standings they follow are not final yet."""

    @property
    def detail(self) -> str:
        """The small line under the name: the playoff finish, then the prizes (`★ 1st place · Top 4`, or `in line
        for 1st place` while not final)."""
        prizes = ("in line for " if self.in_line else "★ ") + " · ".join(self.held) if self.held else ""
        return " · ".join(p for p in (self.finish, prizes) if p)

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
    """The event's (or the season's) champion, once it is final."""
    final: bool = False
    """The standings are final: prizes are awarded, the first place wins."""
    event: str = ""
    """The event's name (or id) without its date, for "Dan Wu wins W1"; empty for the leaderboard."""
    count_label: str = ""
    """The count column's heading (`Record`, `Losses`, `Matches`), or empty when the table has none."""
    footnotes: tuple[str, ...] = ()
    """One line per mark the lines carry, saying what it means: `* not final: …`, `† dropped`, `DQ disqualified`."""
    bracket: Playoff | None = None
    """The event's playoff bracket, once seeded: the page and the poster draw its tree under the table."""

    @cached_property
    def moved(self) -> bool:
        """Whether any line has a move to show: `Move` and its legend appear only then (asked for every row drawn,
        so worked out once: a 2,000-line poster asked it 6,000 times)."""
        return any(line.move is not None for line in self.lines)

    @property
    def standing(self) -> str:
        """The line under the title: the champion first, then where the standings stand."""
        return " · ".join(p for p in (f"Champion: {self.champion}" if self.champion else "", self.stands) if p)


def plain(shown: Board) -> Board:
    """The board with every text people typed on one line (each control character a space), for an export that
    joins lines itself (the caption): a name never breaks its line or carries an escape into the file."""
    lines = tuple(
        replace(
            line,
            name=one_line(line.name),
            finish=one_line(line.finish),
            prizes=tuple(map(one_line, line.prizes)),
            held=tuple(map(one_line, line.held)),
        )
        if has_control("".join((line.name, line.finish, *line.held)))
        else line
        for line in shown.lines
    )
    return replace(
        shown,
        title=one_line(shown.title),
        champion=one_line(shown.champion),
        event=one_line(shown.event),
        stands=one_line(shown.stands),
        lines=lines,
    )


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


SIGNS = {Mark.NOT_FINAL: "*", Mark.DISQUALIFIED: "DQ", Mark.DROPPED: "†", Mark.PLAYING: "‡"}
"""The sign each mark puts after the name, in the order a line with several shows the first."""
MEANINGS = {
    "*": "* not final: results still to fix",
    "†": "† dropped out",
    "DQ": "DQ disqualified: not ranked",
    "‡": "‡ still playing: the result of this round is not in yet",
}
"""The footnote each mark gets, once per table."""
PLAYOFF_NOTE = "The playoffs decide the top places; Swiss # is the rank after the Swiss rounds"


def finish_text(placing: Placing) -> str:
    """`Won the final · Swiss #3`, `Lost the semi-final · Swiss #2`, `In the final · Swiss #1` while it is played."""
    reached = placing.reached
    if reached is None:
        return ""
    stage = (
        "Won the final" if reached.won else f"Lost the {reached.stage}" if reached.out else f"In the {reached.stage}"
    )
    return stage + (f" · Swiss #{placing.swiss_rank}" if placing.swiss_rank is not None else "")


def board(table: Table, title: str, updated: dt.datetime, placings: Sequence[Placing] | None = None) -> Board:
    """The table an export shows: its figures found by their columns' roles, each line's place, marks, prizes, finish
    and cut from its placing (one per row, in the table's order); without placings, the lines as the rows stand."""
    cols = table.columns
    if placings is None:
        placings = plain_placings(table)
    rank, name, score = (table.find(role) for role in (Role.RANK, Role.COMPETITOR, Role.SCORE))
    if rank is None or name is None or score is None:
        raise ValueError(f"{table.name} is not a standings table: it has no rank, competitor or score column")
    if len(placings) != len(table.rows):  # a table the evaluation did not place
        raise ValueError(f"{table.name} has {len(table.rows)} rows but {len(placings)} placed lines")
    tb, move, count = table.find(Role.TIEBREAKER), table.find(Role.MOVE), table.find(Role.COUNT)
    if count is not None and cols[count].display is Display.LOSSES:
        return board(_record_table(table, score, count), title, updated, placings)
    held = [tuple(a.prize for a in p.awards if not a.undecided) for p in placings]
    common = Counter(prize for prizes in held for prize in set(prizes))
    ranks = Counter(p.rank for p in placings if p.rank is not None)
    lines = tuple(
        Line(
            str(p.rank) if p.rank is not None else "",
            p.name,
            _number(row[score], cols[score].display),
            _number(row[tb], cols[tb].display) if tb is not None else "",
            tuple(prize for prize in prizes if common[prize] * 2 <= len(table.rows)),
            _move(row[move]) if move is not None else None,
            held=prizes,
            shared=p.rank is not None and ranks[p.rank] > 1,
            mark=next((SIGNS[m] for m in SIGNS if m in p.marks), ""),
            count=_number(row[count], cols[count].display) if count is not None else "",
            cut=p.cut.value if p.cut else "",
            finish=finish_text(p),
            in_line=any(not a.awarded for a in p.awards if not a.undecided),
        )
        for row, p, prizes in zip(table.rows, placings, held)
    )
    signs = {line.mark for line in lines}
    playoffs = (PLAYOFF_NOTE,) if any(line.finish for line in lines) else ()
    return Board(
        title,
        cols[score].label,
        cols[tb].label if tb is not None else "",
        lines,
        updated,
        move is not None,
        count_label=cols[count].label if count is not None else "",
        footnotes=(*(MEANINGS[sign] for sign in MEANINGS if sign in signs), *cut_note(lines), *playoffs),
    )


RECORD = "Record"
"""The heading of the score drawn as a record, wins first (`7-1`)."""


def _record_table(table: Table, score: int, losses: int) -> Table:
    """The table with its score as the field writes a record, `7-1` (wins, then losses), in place of the separate
    wins and losses: the images, caption, page and poster show one `Record` column, not `Losses` before `Wins`."""
    cols = table.columns
    rows = tuple(
        tuple(
            f"{_number(row[score], cols[score].display)}-{_number(row[losses], Display.NUMBER)}"
            if i == score and row[score] not in (None, "") and row[losses] not in (None, "")
            else cell
            for i, cell in enumerate(row)
            if i != losses
        )
        for row in table.rows
    )
    columns = tuple(
        Column(RECORD, Role.SCORE, Display.TEXT) if i == score else c for i, c in enumerate(cols) if i != losses
    )
    return Table.of(table.name, columns, rows)


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


def move_direction(move: int | str | None) -> str:
    """`up`, `down` or `same`: the colour a move is drawn in, from the places moved (never from the arrow drawn)."""
    if isinstance(move, int) and move:
        return "up" if move > 0 else "down"
    return "same"


def move_text(move: int | str | None) -> str:
    """A move as an arrow people read at a glance: `▲2`, `▼1`, `–`, `NEW`; nothing before a first comparison."""
    if isinstance(move, int):
        return f"▲{move}" if move > 0 else f"▼{-move}" if move < 0 else "–"
    return "NEW" if move == "new" else ""

"""A bracket's typed records: its matches as drawn, who went how far, the champion; and how its tab is laid out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from league.cells import Cell
from league.problems import Problem
from league.sheet import BRACKET_PREFIX, Sheet

HEADERS = (
    "Round",
    "Match",
    "Best Of",
    "Seed A",
    "Competitor A",
    "Seed B",
    "Competitor B",
    "Games A",
    "Games B",
    "Winner",
    "Note",
)


TYPED = ("Games A", "Games B")
"""The cells judges type into; the tool fills in the others of its own columns, and writes `Note` with the judges'
text kept after its own."""


NUMBERED = ("Round", "Match", "Best Of")
"""The cells that say which match a row is and how long: the tool's, yet a judge may type over them."""


BYE = "bye"


MatchKey = tuple[int, int, str, str]
"""A bracket match as it is known: its round, its match and the name keys of competitors A and B."""


Games = tuple[Cell, Cell]
"""The games won by A and by B, as typed (kept so even when unreadable)."""


def bracket_tab(event: str) -> str:
    """The output tab of an event's playoffs."""
    return BRACKET_PREFIX + event


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order, so that 1 and 2 can only meet in the final: 8 gives 1 8 4 5 2 7 3 6."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def round_name(number: int, rounds: int) -> str:
    """`final`, `semi-final`, `quarter-final`, then `round of 16` and so on, counted back from the final."""
    left = rounds - number
    return {0: "final", 1: "semi-final", 2: "quarter-final"}.get(left, f"round of {2 ** (left + 1)}")


@dataclass(frozen=True)
class Kept:
    """A bracket as the history keeps it: the seeds as drawn and every match's games as last typed."""

    seeds: tuple[str, ...]
    """The seeded competitors, seed 1 first, spelt as seeded."""
    games: Mapping[MatchKey, Games] = field(default_factory=dict)


@dataclass(frozen=True)
class Finish:
    """How far one seeded competitor went: the round they lost, and to whom; `out_in` is None for the champion."""

    name: str
    out_in: int | None
    beaten_by: str


@dataclass(frozen=True)
class BracketMatch:
    """One match of a bracket as drawn: who meets whom, the games typed (once they end the match) and the winner."""

    row: int
    """Its row in the bracket tab (the header is row 1)."""
    round: int
    match: int
    best_of: int
    a: str
    """Competitor A's name as seeded, empty while undecided."""
    b: str
    """Competitor B's name, `bye`, or empty while undecided."""
    games: tuple[int, int] | None
    """Games won by A and by B once they end the match; None before (or while they are wrong)."""
    winner: str
    """Empty until decided; a bye's opponent at once."""

    @property
    def bye(self) -> bool:
        return self.b == BYE


@dataclass(frozen=True)
class Playoff:
    """What a bracket has decided so far."""

    seeds: tuple[str, ...]
    rounds: int
    champion: str
    """Empty until the final is won."""
    finishes: Mapping[str, Finish]
    """Name key -> the finish of each seeded competitor already out, and of the champion."""
    matches: tuple[BracketMatch, ...] = ()

    @property
    def under_way(self) -> int:
        """The earliest round with a match still to decide (0 once the final is won)."""
        return 0 if self.champion else min((m.round for m in self.matches if not m.winner), default=self.rounds)

    def round_matches(self, number: int) -> tuple[BracketMatch, ...]:
        """The matches of one round that have both sides (a bye included)."""
        return tuple(m for m in self.matches if m.round == number and m.a and m.b)


@dataclass(frozen=True)
class Resolved:
    """A bracket drawn again from its seeds and games: the tab, its problems, what the history keeps, the outcome."""

    sheet: Sheet
    problems: tuple[Problem, ...]
    kept: Kept
    playoff: Playoff


@dataclass(frozen=True)
class Slot:
    """One side of a bracket match: a seed and its competitor, or nobody yet."""

    seed: int | None
    name: str

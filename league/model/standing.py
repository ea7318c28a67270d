"""A competitor's line in an event's standings or the league leaderboard, as a view of the ranked columns."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Ranking:
    """Standings as columns, one entry per line in rank order: what ranking computes.

    Lines read their values from here when asked, so ranking builds no per-line objects beyond a
    small view, and the exact fractions are only made for the lines that are shown."""

    keys: list[str]
    codes: list[int]
    """Competitor code in the match table; -1 for a competitor with no rows."""
    ranks: list[int | None]
    scores: list[int]
    """Over `denominator`."""
    denominator: int
    matches: list[int]
    played: Callable[[int], int]
    """A competitor code's matches played;
    this and the other functions of a code take -1 for a competitor with no rows."""
    records: Callable[[int], tuple[int, int, int]]
    """A competitor code's matches won (byes included), lost and drawn."""
    tiebreakers: Sequence[Callable[[int], Fraction | None]]
    """Per tiebreaker: its exact value of a competitor code."""
    stages: Callable[[int], dict[str, Fraction]]
    """A competitor code's score per stage played."""
    groups: list[tuple[int, int]]
    """Per line: the first and past-the-last line it shares its rank with when that is a tie to report, else (i, i)."""
    prizes: Sequence[tuple[str, list[bool]]]
    """Per prize: its name and, per line, whether the line wins it."""
    undecided: Sequence[tuple[str, list[bool]]]
    """Per prize: its name and, per line, whether a tie of the line straddles it."""


class Standing:
    """One competitor's line in an event's standings or the league leaderboard."""

    __slots__ = ("_of", "_at")

    def __init__(self, of: Ranking, at: int) -> None:
        self._of = of
        self._at = at

    def __repr__(self) -> str:
        return f"Standing({self.key!r}, rank={self.rank}, score={self.score})"

    @property
    def key(self) -> str:
        return self._of.keys[self._at]

    @property
    def rank(self) -> int | None:
        """Shared by competitors tied on score and every tiebreaker; None when not ranked (DQ)."""
        return self._of.ranks[self._at]

    @property
    def score(self) -> Fraction:
        return Fraction(self._of.scores[self._at], self._of.denominator)

    @property
    def matches(self) -> int:
        return self._of.matches[self._at]

    @property
    def played(self) -> int:
        return self._of.played(self._of.codes[self._at])

    @property
    def tiebreaks(self) -> tuple[Fraction | None, ...]:
        code = self._of.codes[self._at]
        return tuple(value(code) if code >= 0 else None for value in self._of.tiebreakers)

    @property
    def record(self) -> tuple[int, int, int]:
        """Matches won (byes included), lost and drawn."""
        return self._of.records(self._of.codes[self._at])

    @property
    def stage_scores(self) -> dict[str, Fraction]:
        return self._of.stages(self._of.codes[self._at])

    @property
    def tie(self) -> tuple[str, ...]:
        """Everyone sharing this rank, this competitor included; () when not a tie to report."""
        first, last = self._of.groups[self._at]
        return tuple(self._of.keys[first:last])

    @property
    def prizes(self) -> tuple[str, ...]:
        return tuple(name for name, won in self._of.prizes if won[self._at])

    @property
    def undecided(self) -> tuple[str, ...]:
        """Prizes a tie straddles: the judges decide who gets them."""
        return tuple(name for name, open_ in self._of.undecided if open_[self._at])

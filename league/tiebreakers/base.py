"""What every tiebreaker sees (a scope of the match table with its points) and what it returns (exact values)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from league.match_table import Flags, Ints, MatchTable
from league.rules.options import Option
from league.scoring import Points


@dataclass(frozen=True)
class Scope:
    """An event's (or the league's) match table, each row's points and each competitor's score."""

    table: MatchTable
    points: Points
    score: Ints
    """Per competitor code: the sum of its rows' points (over `points.denominator`)."""
    matches: Ints
    """Per competitor code: rows that count (byes included)."""


@dataclass(frozen=True)
class Exact:
    """A value per competitor code as `numerator / denominator`, exact; absent where `present` is false."""

    numerator: npt.NDArray[Any]
    """Whole numbers: int64, or Python ints (object array) where int64 could overflow."""
    denominator: npt.NDArray[Any]
    present: Flags

    def value(self, code: int) -> Fraction | None:
        """One competitor's exact value."""
        return Fraction(int(self.numerator[code]), int(self.denominator[code])) if self.present[code] else None

    def values(self, codes: list[int]) -> list[Fraction | None]:
        """The exact values of many competitors (-1: a competitor with no rows), converted once."""
        numerator, denominator, present = self.numerator.tolist(), self.denominator.tolist(), self.present.tolist()
        return [Fraction(numerator[c], denominator[c]) if c >= 0 and present[c] else None for c in codes]

    def rough(self) -> npt.NDArray[np.float64]:
        """Correctly rounded floats: they never reverse an order of the exact values, at most merge two."""
        den = np.where(self.present, self.denominator, 1)
        if self.numerator.dtype == object or (len(den) and max(int(np.abs(self.numerator).max()), int(den.max())) >= 2**53):
            # Python's int / int is correctly rounded however large the integers are.
            return np.array([int(n) / int(d) for n, d in zip(self.numerator.tolist(), den.tolist())], dtype=np.float64)
        return self.numerator.astype(np.float64) / den.astype(np.float64)


@dataclass(frozen=True)
class Measure:
    """A registered tiebreaker: its function and the options a ruleset may set for it."""

    compute: Callable[[Scope, Mapping[str, Any]], Exact]
    options: Mapping[str, Option]
    own_games: bool = False
    """It rates the competitor's own games (so `percentages.floor_own_game_wins` applies to it)."""


def fractions(values: Mapping[int, Fraction], size: int) -> Exact:
    """Exact values from a few Python fractions (the slow path, for values that could overflow int64)."""
    numerator = np.zeros(size, dtype=object)
    denominator = np.ones(size, dtype=object)
    present = np.zeros(size, dtype=np.bool_)
    for code, value in values.items():
        numerator[code], denominator[code], present[code] = value.numerator, value.denominator, True
    return Exact(numerator, denominator, present)


SAFE = 2**62
"""Sums of whole numbers below this stay exact in int64."""

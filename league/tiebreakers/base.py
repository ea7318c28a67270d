"""What every tiebreaker sees (a scope of the match table with its points) and what it returns (exact values)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from league.match_table import EXACT_FLOAT, Flags, Ints, MatchTable
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


class Value(Protocol):
    """A tiebreaker's exact value per competitor code, and their order for ranking."""

    @property
    def present(self) -> Flags:
        """Where a competitor has a value at all."""

    def value(self, code: int) -> Fraction | None:
        """One competitor's exact value."""

    def order(self) -> Ints:
        """Per code: the rank of its exact value among the present ones (0 the lowest; equal values equal), -1 where absent."""


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

    def order(self) -> Ints:
        """Ranks from correctly rounded floats: they never reverse two exact values, at most merge them,
        and merged floats are told apart exactly (lowest terms compared, or Fractions)."""
        return dense_order(self.present, self._rough(), self._same, self.value, 0.0)

    def _rough(self) -> npt.NDArray[np.float64]:
        """Correctly rounded floats of the values."""
        den = np.where(self.present, self.denominator, 1)
        if self.numerator.dtype == object or (len(den) and max(int(np.abs(self.numerator).max()), int(den.max())) >= EXACT_FLOAT):
            # Python's int / int is correctly rounded however large the integers are.
            return np.array([int(n) / int(d) for n, d in zip(self.numerator.tolist(), den.tolist())], dtype=np.float64)
        return self.numerator.astype(np.float64) / den.astype(np.float64)

    def _same(self, a: Ints, b: Ints) -> Flags:
        """Whether the values of codes `a` equal those of codes `b`, pair by pair: equal in lowest terms."""
        if self.numerator.dtype == object or self.denominator.dtype == object:
            return np.array([self.value(int(x)) == self.value(int(y)) for x, y in zip(a, b)], dtype=np.bool_)
        divisor = np.maximum(np.gcd(self.numerator, self.denominator), 1)
        numerator, denominator = self.numerator // divisor, self.denominator // divisor
        same: Flags = (numerator[a] == numerator[b]) & (denominator[a] == denominator[b])
        return same


@dataclass(frozen=True)
class Mean:
    """Per competitor code, a mean of fractions kept as sums per denominator: sum_k sums[c, k] / denominators[k] / counts[c].

    A mean of many rates with many denominators (a league's opponents' rates) has a common
    denominator far past int64; kept per denominator, the sums stay small whole numbers, and the
    exact fraction is only built where it is shown or where two competitors come close."""

    sums: Ints
    """Competitors x denominators: whole-number sums of the numerators over each denominator."""
    denominators: list[int]
    counts: Ints
    present: Flags

    @cached_property
    def _common(self) -> int:
        """The least common denominator: a Python integer, as large as it needs to be."""
        return math.lcm(*self.denominators)

    def value(self, code: int) -> Fraction | None:
        """One competitor's exact value (Python integers over the common denominator)."""
        if not self.present[code]:
            return None
        common = self._common
        row = self.sums[code]
        total = sum(int(row[k]) * (common // self.denominators[k]) for k in np.flatnonzero(row).tolist())
        return Fraction(total, common * int(self.counts[code]))

    def order(self) -> Ints:
        """Ranks from floats off by at most a few units in the last place: values closer than one in 10**9
        are compared exactly (identical sums are equal; others as Fractions)."""
        rough = self.sums.astype(np.float64) @ (1.0 / np.array(self.denominators, dtype=np.float64))
        rough = rough / np.maximum(self.counts, 1)

        def same(a: Ints, b: Ints) -> Flags:
            equal: Flags = (self.counts[a] == self.counts[b]) & (self.sums[a] == self.sums[b]).all(axis=1)
            return equal

        return dense_order(self.present, rough, same, self.value, 1e-9)


def dense_order(present: Flags, rough: npt.NDArray[np.float64], same: Callable[[Ints, Ints], Flags],
                value: Callable[[int], Fraction | None], tolerance: float) -> Ints:
    """Per code, the rank of its exact value among the present ones (-1 where absent), from floats that are
    within `tolerance` (relative) of the exact values: neighbours closer than that are settled exactly,
    by `same` where it is sure and by the exact values otherwise."""
    codes = np.flatnonzero(present)
    order = codes[np.argsort(rough[codes], kind="stable")]
    floats = rough[order]
    near = floats[1:] - floats[:-1] <= tolerance * np.maximum(np.abs(floats[1:]), np.abs(floats[:-1]))
    group = np.r_[0, np.cumsum(~near)].astype(np.int64)
    pairs = np.flatnonzero(near)
    unsure = pairs[~same(order[pairs], order[pairs + 1])]
    if len(unsure):
        # Rare: floats that met (or came close) for values that may differ. Settle each such run exactly.
        sub = np.zeros(len(order), dtype=np.int64)
        for g in np.unique(group[unsure]).tolist():
            first, last = np.searchsorted(group, [g, g + 1]).tolist()
            exact = [v for v in map(value, order[first:last].tolist()) if v is not None]  # all present
            distinct = {v: i for i, v in enumerate(sorted(set(exact)))}
            sub[first:last] = [distinct[v] for v in exact]
        group = np.unique(group * (len(order) + 1) + sub, return_inverse=True)[1].astype(np.int64).reshape(-1)
    out = np.full(len(present), -1, dtype=np.int64)
    out[order] = group
    return out


@dataclass(frozen=True)
class Measure:
    """A registered tiebreaker: its function and the options a ruleset may set for it."""

    compute: Callable[[Scope, Mapping[str, Any]], Value]
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

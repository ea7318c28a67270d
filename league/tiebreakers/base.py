"""What every tiebreaker sees (a scope of the match table with its points) and what it returns (exact values)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from league.match_table import EXACT_FLOAT, Flags, Ints, MatchTable, sums
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
    decisions: Mapping[str, int] = field(default_factory=dict)
    """Competitor key -> the place a judge decided among tied competitors (typed in the registration tab)."""

    @cached_property
    def games(self) -> tuple[Ints, Ints, Ints]:
        """Per competitor code: games won, lost and drawn. Computed once for GW% and OGW% alike."""
        table = self.table
        won, lost, drawn = (table.per_competitor(g) for g in (table.games_won, table.games_lost, table.games_drawn))
        return won, lost, drawn

    @cached_property
    def met(self) -> tuple[Ints, Ints, Ints]:
        """The rows with an opponent (byes have none): each one's competitor and opponent codes, and such rows per
        competitor code. Computed once for every opponents' tiebreaker of the ruleset."""
        with_opponent = self.table.opponent >= 0
        mine = self.table.competitor[with_opponent]
        return (
            mine,
            self.table.opponent[with_opponent],
            np.bincount(mine, minlength=len(self.table.names)).astype(np.int64),
        )


class Value(Protocol):
    """A tiebreaker's exact value per competitor code, and their order for ranking."""

    @property
    def present(self) -> Flags:
        """Where a competitor has a value at all."""

    def value(self, code: int) -> Fraction | None:
        """One competitor's exact value."""

    def order(self) -> Ints:
        """Per code: the rank of its exact value among the present
        ones (0 the lowest; equal values equal), -1 where absent."""


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
        return dense_order(self.present, self._rough(), 0.0, self.value, self._same)

    def _rough(self) -> npt.NDArray[np.float64]:
        """Correctly rounded floats of the values."""
        den = np.where(self.present, self.denominator, 1)
        if self.numerator.dtype == object or (
            len(den) and max(int(np.abs(self.numerator).max()), int(den.max())) >= EXACT_FLOAT
        ):
            # Python's int / int is correctly rounded however large the integers are.
            return np.array([int(n) / int(d) for n, d in zip(self.numerator.tolist(), den.tolist())], dtype=np.float64)
        return self.numerator.astype(np.float64) / den.astype(np.float64)

    def _same(self, a: Ints, b: Ints) -> Flags:
        """Whether the values of codes `a` equal those of codes `b`, pair by pair: equal in lowest terms."""
        if self.numerator.dtype == object or self.denominator.dtype == object:
            return np.array([self.value(int(x)) == self.value(int(y)) for x, y in zip(a, b)], dtype=np.bool_)
        numerator, denominator = (np.concatenate([x[a], x[b]]) for x in (self.numerator, self.denominator))
        divisor = np.maximum(np.gcd(numerator, denominator), 1)
        numerator, denominator = numerator // divisor, denominator // divisor
        same: Flags = (numerator[: len(a)] == numerator[len(a) :]) & (denominator[: len(a)] == denominator[len(a) :])
        return same


@dataclass(frozen=True)
class Mean:
    """Per competitor code, the mean over its rows of the rate `numerator / denominator` of the competitor each row met.

    A league's opponents' rates have so many denominators (one per number of matches played) that
    their common denominator is far past int64. Ranking then sorts on float means, whose error is
    bounded, and settles only the competitors closer than that bound exactly; the exact value of a
    competitor is built from its own rows when it is shown."""

    mine: Ints
    """Per row: the competitor's code."""
    theirs: Ints
    """Per row: the code of the competitor met."""
    numerator: Ints
    """Per competitor code: its rate."""
    denominator: Ints
    counts: Ints
    """Per competitor code: its rows."""
    present: Flags

    @cached_property
    def _totals(self) -> tuple[list[int], int]:
        """Every competitor's sum of rates over one common denominator, in Python integers: computed for all at
        once on first use (the standings show every line), from whole-number sums per competitor and denominator."""
        dens, slot = np.unique(self.denominator, return_inverse=True)
        cells, cell = np.unique(self.mine * len(dens) + slot.reshape(-1)[self.theirs], return_inverse=True)
        tops = sums(cell.reshape(-1), self.numerator[self.theirs], len(cells)).astype(object)
        common = math.lcm(*dens.tolist()) if len(dens) else 1
        codes, which = np.divmod(cells, len(dens))
        scaled = tops * np.array([common // d for d in dens.tolist()] or [1], dtype=object)[which]
        starts = np.flatnonzero(np.r_[True, codes[1:] != codes[:-1]]) if len(codes) else np.zeros(0, dtype=np.int64)
        totals = [0] * len(self.counts)
        for code, total in zip(codes[starts].tolist(), np.add.reduceat(scaled, starts).tolist() if len(starts) else []):
            totals[code] = total
        return totals, common

    def value(self, code: int) -> Fraction | None:
        """One competitor's exact value."""
        if not self.present[code]:
            return None
        totals, common = self._totals
        return Fraction(totals[code], common * int(self.counts[code]))

    def order(self) -> Ints:
        """Ranks from float means: each is off by at most (rows + 3) units of 2**-53 of the largest rate,
        so only means closer than twice that are compared exactly."""
        rates = self.numerator / np.maximum(self.denominator, 1)
        rough = np.bincount(self.mine, weights=rates[self.theirs], minlength=len(self.counts)) / np.maximum(
            self.counts, 1
        )
        most = int(self.counts.max()) if len(self.counts) else 0
        largest = float(np.abs(rates).max()) if len(rates) else 0.0
        return dense_order(self.present, rough, 2 * (most + 3) * 2.0**-53 * largest, self.value)


def dense_order(
    present: Flags,
    rough: npt.NDArray[np.float64],
    error: float,
    value: Callable[[int], Fraction | None],
    same: Callable[[Ints, Ints], Flags] | None = None,
) -> Ints:
    """Per code, the rank of its exact value among the present ones (-1 where absent), from floats each within
    `error` of its exact value: neighbours closer than twice that are settled exactly, by `same` where it
    says they are equal and by the exact values otherwise."""
    codes = np.flatnonzero(present)
    order = codes[np.argsort(rough[codes], kind="stable")]
    floats = rough[order]
    near = floats[1:] - floats[:-1] <= 2 * error
    group = np.r_[0, np.cumsum(~near)].astype(np.int64)
    pairs = np.flatnonzero(near)
    unsure = pairs if same is None else pairs[~same(order[pairs], order[pairs + 1])]
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
class TiebreakMeasure:
    """A registered tiebreaker: its function and the options a ruleset may set for it."""

    compute: Callable[[Scope, Mapping[str, Any]], Value]
    options: Mapping[str, Option]
    own_games: bool = False
    """It rates the competitor's own games (so `percentages.floor_own_game_wins` applies to it)."""
    reads: str = ""
    """The option naming a registration column the tiebreaker reads (optional on that tab), if any."""


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

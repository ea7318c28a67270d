"""Tiebreakers from the opponents met: their match-win and game-win rates, Buchholz, Sonneborn-Berger.

Byes have no opponent and are left out of every opponents' figure; dropped competitors still count
for the opponents they met."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from league.match_table import Ints, Outcome
from league.tiebreakers.base import SAFE, Exact, Scope
from league.tiebreakers.own import floored, game_rates


def _mean_over_opponents(scope: Scope, numerator: Ints, denominator: Ints) -> Exact:
    """Per competitor, the exact mean of a per-competitor rate over the opponents met (one term per match)."""
    table = scope.table
    met = table.opponent >= 0
    mine, theirs = table.competitor[met], table.opponent[met]
    counts = np.bincount(mine, minlength=len(table.names)).astype(np.int64)
    has = counts > 0
    dens = np.unique(denominator[np.unique(theirs)]) if len(theirs) else np.array([1])
    common = math.lcm(*(int(d) for d in dens))
    top = int(np.abs(numerator).max()) if len(numerator) else 0
    wide = common * max(top, 1) * max(int(counts.max()) if len(counts) else 1, 1) >= SAFE
    # Past int64, the same sums in Python integers (object arrays): exact, and still one pass over the rows.
    kind: type = object if wide else np.int64
    scale: npt.NDArray[Any] = np.array([common // int(d) for d in denominator.tolist()], dtype=kind)
    scaled = numerator.astype(kind) * scale
    total: npt.NDArray[Any] = np.zeros(len(table.names), dtype=kind)
    np.add.at(total, mine, scaled[theirs])
    return Exact(total, np.where(has, counts.astype(kind) * common, 1), has)


def match_win_rates(scope: Scope, floor: Fraction) -> tuple[Ints, Ints]:
    """Per competitor: score over the best score its matches could give, floored (byes count as matches)."""
    best = scope.points.best
    numerator = scope.score * best.denominator
    denominator = np.maximum(scope.matches, 1) * scope.points.denominator * best.numerator
    return floored(numerator, denominator, floor)


def opponents_match_win(scope: Scope, options: Mapping[str, Any]) -> Exact:
    """Opponents' match-win percentage: the mean of each opponent's floored match-win rate (Appendix C)."""
    numerator, denominator = match_win_rates(scope, options["floor"])
    return _mean_over_opponents(scope, *_reduced(numerator, denominator))


def opponents_game_win(scope: Scope, options: Mapping[str, Any]) -> Exact:
    """Opponents' game-win percentage: the mean of each opponent's floored game-win rate (Appendix C)."""
    numerator, denominator = game_rates(scope, options["draw_points"])
    numerator, denominator = floored(numerator, np.maximum(denominator, 1), options["floor"])
    return _mean_over_opponents(scope, *_reduced(numerator, denominator))


def _reduced(numerator: Ints, denominator: Ints) -> tuple[Ints, Ints]:
    """Fractions in lowest terms, so common denominators stay small."""
    divisor = np.maximum(np.gcd(numerator, denominator), 1)
    return numerator // divisor, denominator // divisor


def buchholz(scope: Scope, options: Mapping[str, Any]) -> Exact:
    """Sum of the opponents' scores; `cut1` drops the lowest, `median` the highest and the lowest."""
    table = scope.table
    met = table.opponent >= 0
    mine, theirs = table.competitor[met], scope.score[table.opponent[met]]
    total = np.zeros(len(table.names), dtype=np.int64)
    np.add.at(total, mine, theirs)
    counts = np.bincount(mine, minlength=len(table.names))
    if options["cut"] != "none" and len(mine):
        order = np.lexsort((theirs, mine))
        starts = np.flatnonzero(np.r_[True, mine[order][1:] != mine[order][:-1]])
        ends = np.r_[starts[1:], len(order)] - 1
        codes = mine[order][starts]
        total[codes] -= theirs[order][starts]
        if options["cut"] == "median":
            total[codes] -= np.where(ends > starts, theirs[order][ends], 0)
    return Exact(total, np.full(len(total), scope.points.denominator, dtype=np.int64), counts > 0)


def sonneborn_berger(scope: Scope, _: Mapping[str, Any]) -> Exact:
    """Sum of the scores of the opponents beaten, plus half those of the opponents drawn with."""
    table = scope.table
    met = table.opponent >= 0
    weight = np.where(table.outcome == Outcome.WIN, 2, np.where(table.outcome == Outcome.DRAW, 1, 0))[met]
    total = np.zeros(len(table.names), dtype=np.int64)
    np.add.at(total, table.competitor[met], weight * scope.score[table.opponent[met]])
    counts = np.bincount(table.competitor[met], minlength=len(table.names))
    return Exact(total, np.full(len(total), 2 * scope.points.denominator, dtype=np.int64), counts > 0)

"""Tiebreakers from the opponents met: their match-win and game-win rates, Buchholz, Sonneborn-Berger.

Byes have no opponent and are left out of every opponents' figure; dropped competitors still count
for the opponents they met."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from league.match_table import Ints, Outcome, sums
from league.tiebreakers.base import SAFE, Exact, Mean, Scope, Value
from league.tiebreakers.own import floored, game_rates


def _mean_over_opponents(scope: Scope, numerator: Ints, denominator: Ints) -> Value:
    """Per competitor, the exact mean of a per-competitor rate over the opponents met (one term per match).

    Over one common denominator where the sums fit int64 (an event); else (a league, where the
    match counts of its players make the common denominator huge) as a `Mean`."""
    mine, theirs, counts = scope.met
    size = len(scope.table.names)
    has = counts > 0
    opponent = np.bincount(theirs, minlength=size) > 0
    dens = np.unique(denominator[opponent])
    common = math.lcm(*dens.tolist()) if len(dens) else 1
    top = max(int(np.abs(numerator).max()) if size else 0, 1)
    most = max(int(counts.max()) if size else 0, 1)
    if common * top * most >= SAFE:
        return Mean(mine, theirs, numerator, denominator, counts, has)
    scale = np.where(opponent, common // np.maximum(denominator, 1), 0)
    return Exact(sums(mine, (numerator * scale)[theirs], size), np.where(has, counts * common, 1), has)


def match_win_rates(scope: Scope, floor: Fraction) -> tuple[Ints, Ints]:
    """Per competitor: score over the best score its matches could give, floored (byes count as matches)."""
    best = scope.points.best
    numerator = scope.score * best.denominator
    denominator = np.maximum(scope.matches, 1) * scope.points.denominator * best.numerator
    return floored(numerator, denominator, floor)


def opponents_match_win(scope: Scope, options: Mapping[str, Any]) -> Value:
    """Opponents' match-win percentage: the mean of each opponent's floored match-win rate (Appendix C)."""
    numerator, denominator = match_win_rates(scope, options["floor"])
    return _mean_over_opponents(scope, numerator, denominator)


def opponents_game_win(scope: Scope, options: Mapping[str, Any]) -> Value:
    """Opponents' game-win percentage: the mean of each opponent's floored game-win rate (Appendix C)."""
    numerator, denominator = game_rates(scope, options["draw_points"])
    numerator, denominator = floored(numerator, np.maximum(denominator, 1), options["floor"])
    return _mean_over_opponents(scope, numerator, denominator)


def buchholz(scope: Scope, options: Mapping[str, Any]) -> Exact:
    """Sum of the opponents' scores; `cut1` drops the lowest, `median` the highest and the lowest."""
    table = scope.table
    mine, opponents, counts = scope.met
    theirs = scope.score[opponents]
    total = sums(mine, theirs, len(table.names))
    if options["cut"] != "none" and len(mine):
        # Per-competitor lowest and highest by ufunc.at: one pass, where sorting a million rows took a second.
        met = counts > 0
        lowest = np.full(len(total), np.iinfo(np.int64).max, dtype=np.int64)
        np.minimum.at(lowest, mine, theirs)
        total[met] -= lowest[met]
        if options["cut"] == "median":
            highest = np.full(len(total), np.iinfo(np.int64).min, dtype=np.int64)
            np.maximum.at(highest, mine, theirs)
            more = counts > 1
            total[more] -= highest[more]
    return Exact(total, np.full(len(total), scope.points.denominator, dtype=np.int64), counts > 0)


def sonneborn_berger(scope: Scope, _: Mapping[str, Any]) -> Exact:
    """Sum of the scores of the opponents beaten, plus half those of the opponents drawn with."""
    table = scope.table
    met = table.opponent >= 0
    weight = np.where(table.outcome == Outcome.WIN, 2, np.where(table.outcome == Outcome.DRAW, 1, 0))[met]
    total = sums(table.competitor[met], weight * scope.score[table.opponent[met]], len(table.names))
    counts = np.bincount(table.competitor[met], minlength=len(table.names))
    return Exact(total, np.full(len(total), 2 * scope.points.denominator, dtype=np.int64), counts > 0)

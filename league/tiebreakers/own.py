"""Tiebreakers from a competitor's own matches: game-win rate and wins."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from league.match_table import Ints, Outcome
from league.model.words import Kind
from league.tiebreakers.base import Exact, Scope


def game_rates(scope: Scope, draw_points: Fraction) -> tuple[Ints, Ints]:
    """Per competitor: game points (3 a game won, `draw_points` a game drawn) and 3 x games played,
    scaled to whole numbers.

    Byes count as the games the ruleset gives them (Magic: a 2-0 win)."""
    q = draw_points.denominator
    won, lost, drawn = scope.games
    return won * 3 * q + drawn * draw_points.numerator, (won + lost + drawn) * 3 * q


def floored(numerator: Ints, denominator: Ints, floor: Fraction) -> tuple[Ints, Ints]:
    """max(value, floor), exactly."""
    below = numerator * floor.denominator < denominator * floor.numerator
    return np.where(below, floor.numerator, numerator), np.where(below, floor.denominator, denominator)


def game_win(scope: Scope, options: Mapping[str, Any]) -> Exact:
    """Game-win percentage: game points over 3 per game played, floored (Magic Tournament Rules, Appendix C)."""
    numerator, denominator = game_rates(scope, options["draw_points"])
    present = denominator > 0
    numerator, denominator = floored(numerator, np.where(present, denominator, 1), options["floor"])
    return Exact(numerator, denominator, present)


def wins(scope: Scope, _: Mapping[str, Any]) -> Exact:
    """Matches won (byes are not wins here)."""
    table = scope.table
    count = table.count(table.outcome == Outcome.WIN)
    return Exact(count, np.ones(len(count), dtype=np.int64), np.ones(len(count), dtype=np.bool_))


def total(scope: Scope, options: Mapping[str, Any]) -> Exact:
    """The sum of one figure over the competitor's matches of the listed kinds (MESBG's total scenario points);
    a bye counts as `bye` where the ruleset sets it (MESBG: 0), else not at all."""
    table = scope.table
    listed = table.is_kind(*(Kind(k) for k in options["kinds"]))
    counted, values = listed & table.known[options["figure"]], table.figures[options["figure"]]
    if options["bye"] is not None:
        bye = listed & table.is_kind(Kind.BYE)
        counted, values = counted | bye, np.where(bye, options["bye"], values)
    sums = table.per_competitor(values, counted)
    return Exact(sums, np.ones(len(sums), dtype=np.int64), table.count(counted) > 0)

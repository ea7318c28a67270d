"""Head-to-head: what competitors level on score earned against each other."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from league.tiebreakers.base import Exact, Scope


def head_to_head(scope: Scope, _: Mapping[str, Any]) -> Exact:
    """Points earned in matches against competitors with the same score (FIDE's direct encounter, among the tied).

    Placed right after the score, the group is exactly the competitors still tied."""
    table = scope.table
    met = table.opponent >= 0
    level = np.zeros(len(table), dtype=np.bool_)
    level[met] = scope.score[table.competitor[met]] == scope.score[table.opponent[met]]
    total = np.zeros(len(table.names), dtype=np.int64)
    np.add.at(total, table.competitor[level], scope.points.values[level])
    return Exact(
        total, np.full(len(total), scope.points.denominator, dtype=np.int64), np.ones(len(total), dtype=np.bool_)
    )


def judge(scope: Scope, _: Mapping[str, Any]) -> Exact:
    """The place a judge decided for competitors still tied (1 first), typed in the registration tab's column.

    Competitors with no decision have no value, and so rank after those with one; ties stay shared."""
    table = scope.table
    place = np.zeros(len(table.names), dtype=np.int64)
    present = np.zeros(len(table.names), dtype=np.bool_)
    for code, key in enumerate(table.names):
        if key in scope.decisions:
            place[code], present[code] = -scope.decisions[key], True
    return Exact(place, np.ones(len(place), dtype=np.int64), present)

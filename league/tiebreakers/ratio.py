"""A ratio of two per-side figures, such as remaining over starting hero health."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from league.match_table import KINDS, Flags, Ints, MatchTable
from league.model.words import Kind
from league.tiebreakers.base import SAFE, Exact, Scope, fractions


def ratio(scope: Scope, options: Mapping[str, Any]) -> Exact:
    """Sum of one figure over the sum of another (`pooled`, the default), or the mean of per-match ratios (`mean`).

    Only matches of the listed result kinds with both figures typed and a denominator above 0 count."""
    table = scope.table
    top, bottom = table.figures[options["numerator"]], table.figures[options["denominator"]]
    counted = np.isin(table.kind, [KINDS.index(Kind(k)) for k in options["kinds"]])
    mask = counted & table.known[options["numerator"]] & table.known[options["denominator"]] & (bottom > 0)
    counts = table.count(mask)
    if options["mode"] == "pooled":
        return Exact(
            table.per_competitor(top, mask), np.where(counts > 0, table.per_competitor(bottom, mask), 1), counts > 0
        )
    return _mean(table, top, bottom, mask, counts)


def _mean(table: MatchTable, top: Ints, bottom: Ints, mask: Flags, counts: Ints) -> Exact:
    """Exact mean of top/bottom per competitor: every ratio scaled to one common denominator first."""
    present = counts > 0
    if not mask.any():
        return Exact(np.zeros(len(table.names), dtype=np.int64), np.ones(len(table.names), dtype=np.int64), present)
    common = math.lcm(*(int(s) for s in np.unique(bottom[mask])))
    if common * int(np.abs(top[mask]).max()) * int(counts.max()) < SAFE:
        scaled = np.zeros(len(top), dtype=np.int64)
        scaled[mask] = top[mask] * (common // bottom[mask])
        return Exact(table.per_competitor(scaled, mask), np.where(present, common * counts, 1), present)
    totals: dict[int, list[Fraction]] = {}
    for code, t, b in zip(table.competitor[mask].tolist(), top[mask].tolist(), bottom[mask].tolist()):
        totals.setdefault(code, []).append(Fraction(t, b))
    return fractions({c: sum(v, Fraction(0)) / len(v) for c, v in totals.items()}, len(table.names))

"""Tiebreakers by name: each a pure function from the match frame to an exact value per competitor."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pandas as pd

from league.ruleset import Kind, Ruleset, RulesetError, Tiebreaker

Values = dict[str, Fraction]
"""Competitor key -> exact tiebreaker value; a competitor with no data is absent (ranks below all)."""


@dataclass(frozen=True)
class Measure:
    """A registered tiebreaker: its function and the options a ruleset may set for it."""

    compute: Callable[[pd.DataFrame, Mapping[str, Any], Ruleset], Values]
    options: Mapping[str, tuple[Any, ...]]
    """Option name -> allowed values (an empty tuple allows any list of result kinds)."""


def _figures(ruleset: Ruleset) -> tuple[str, str]:
    if ruleset.health is None:
        raise RulesetError(f"{ruleset.source}: tiebreaker health_ratio needs a [health] section")
    return ruleset.health.remaining, ruleset.health.starting


def health_ratio(frame: pd.DataFrame, options: Mapping[str, Any], ruleset: Ruleset) -> Values:
    """Remaining over starting hero health: pooled sums (default) or the mean of per-match ratios."""
    left, start = _figures(ruleset)
    kinds = [Kind(k) for k in options.get("kinds", [Kind.PLAYED.value])]
    scope = frame.loc[frame["kind"].isin(kinds), ["competitor", left, start]].dropna()
    scope = scope[scope[start] > 0]
    if scope.empty:
        return {}
    if options.get("mode", "pooled") == "pooled":
        sums = scope.groupby("competitor", sort=False)[[left, start]].sum()
        return {c: Fraction(int(h), int(s)) for c, h, s in zip(sums.index, sums[left], sums[start])}
    return _mean_ratio(scope, left, start)


def _mean_ratio(scope: pd.DataFrame, left: str, start: str) -> Values:
    """Exact mean of h/s per competitor: scale every ratio to one common denominator first."""
    starts = scope[start].astype("int64")
    common = math.lcm(*(int(s) for s in starts.unique()))
    if common * int(scope[left].max()) * len(scope) < 2**62:
        scaled = scope[left].astype("int64") * (common // starts)
        grouped = scaled.groupby(scope["competitor"], sort=False).agg(["sum", "count"])
        return {c: Fraction(int(t), common * int(n)) for c, t, n in zip(grouped.index, grouped["sum"], grouped["count"])}
    totals: dict[str, list[Fraction]] = {}
    for c, h, s in zip(scope["competitor"], scope[left], scope[start]):
        totals.setdefault(c, []).append(Fraction(int(h), int(s)))
    return {c: sum(v, Fraction(0)) / len(v) for c, v in totals.items()}


TIEBREAKERS: dict[str, Measure] = {
    "health_ratio": Measure(health_ratio, {"mode": ("pooled", "mean"), "kinds": ()}),
}
"""Every tiebreaker a ruleset can name."""


def find_tiebreaker(tb: Tiebreaker, ruleset: Ruleset) -> Measure:
    """The registered measure for a ruleset entry, its options checked; else a RulesetError."""
    measure = TIEBREAKERS.get(tb.name)
    if measure is None:
        raise RulesetError(f"{ruleset.source}: unknown tiebreaker {tb.name!r}; known: {', '.join(sorted(TIEBREAKERS))}")
    for key, value in tb.options.items():
        if key not in measure.options:
            raise RulesetError(f"{ruleset.source}: tiebreaker {tb.name!r} has no option {key!r}")
        allowed = measure.options[key]
        if allowed and value not in allowed:
            raise RulesetError(f"{ruleset.source}: tiebreaker {tb.name!r} option {key!r} is {value!r}; use one of {allowed}")
        if not allowed and not (isinstance(value, list) and all(v in {k.value for k in Kind} for v in value)):
            raise RulesetError(f"{ruleset.source}: tiebreaker {tb.name!r} option {key!r} must list result kinds from {[k.value for k in Kind]}")
    return measure

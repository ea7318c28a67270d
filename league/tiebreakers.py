"""Tiebreakers by name: each a pure function from the match frame to an exact value per competitor."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from league.ruleset import Kind, Ruleset, RulesetError, Tiebreaker

if TYPE_CHECKING:
    from league.standings import Grouped

Values = dict[str, Fraction]
"""Competitor key -> exact tiebreaker value; a competitor with no data is absent (ranks below all)."""


@dataclass(frozen=True)
class Measure:
    """A registered tiebreaker: its function and the options a ruleset may set for it."""

    compute: Callable[[Grouped, Mapping[str, Any], Ruleset], Values]
    options: Mapping[str, tuple[Any, ...]]
    """Option name -> allowed values (an empty tuple allows any list of result kinds)."""


def _figures(ruleset: Ruleset) -> tuple[str, str]:
    if ruleset.health is None:
        raise RulesetError(f"{ruleset.source}: tiebreaker health_ratio needs a [health] section")
    return ruleset.health.remaining, ruleset.health.starting


def health_ratio(grouped: Grouped, options: Mapping[str, Any], ruleset: Ruleset) -> Values:
    """Remaining over starting hero health: pooled sums (default) or the mean of per-match ratios."""
    left, start = _figures(ruleset)
    frame = grouped.frame
    kinds = [Kind(k) for k in options.get("kinds", [Kind.PLAYED.value])]
    known = (frame[left].notna() & frame[start].notna() & frame["kind"].isin(kinds)).to_numpy()
    health = frame[left].to_numpy(dtype=np.int64, na_value=0)
    starting = frame[start].to_numpy(dtype=np.int64, na_value=0)
    mask = known & (starting > 0)
    counts = np.bincount(grouped.codes[mask], minlength=len(grouped.names))
    if options.get("mode", "pooled") == "pooled":
        lefts, starts = grouped.total(health, mask), grouped.total(starting, mask)
        return {name: Fraction(int(h), int(s)) for name, h, s, n in zip(grouped.names, lefts, starts, counts) if n}
    return _mean_ratio(grouped, health, starting, mask, counts)


def _mean_ratio(grouped: Grouped, health: npt.NDArray[np.int64], starting: npt.NDArray[np.int64],
                mask: npt.NDArray[np.bool_], counts: npt.NDArray[np.intp]) -> Values:
    """Exact mean of h/s per competitor: every ratio scaled to one common denominator first."""
    if not mask.any():
        return {}
    common = math.lcm(*(int(s) for s in np.unique(starting[mask])))
    if common * int(health[mask].max()) * int(counts.max()) < 2**62:
        scaled = np.zeros(len(health), dtype=np.int64)
        scaled[mask] = health[mask] * (common // starting[mask])
        sums = grouped.total(scaled, mask)
        return {name: Fraction(int(t), common * int(n)) for name, t, n in zip(grouped.names, sums, counts) if n}
    totals: dict[str, list[Fraction]] = {}
    for code, h, s in zip(grouped.codes[mask].tolist(), health[mask].tolist(), starting[mask].tolist()):
        totals.setdefault(grouped.names[code], []).append(Fraction(h, s))
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

"""Swiss pairing: within score groups, floating as few as possible across the smallest gaps, no rematch while a
rematch-free pairing exists, the bye to the lowest-ranked competitor without one. Defined as one weighted
matching over the whole field; built group by group where that reaches its optimum (`score_groups.py`),
solved as the whole-field matching where it does not."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from league.pairing.base import Pairing
from league.pairing.history import History
from league.pairing.matching import BYE, matched
from league.pairing.score_groups import by_groups, foes


def swiss(h: History, number: int, seed: int) -> list[Pairing]:
    """The next Swiss round; round 1 (or an event with no results yet) is random."""
    rng = random.Random(seed * 1_000_003 + number)
    if not h.played_rounds:
        order = rng.sample(h.active, len(h.active))
        pairs = [(order[i], order[i + 1] if i + 1 < len(order) else None) for i in range(0, len(order), 2)]
        return [
            Pairing(t, a, b, "round 1: random" if b else "round 1: a random bye")
            for t, (a, b) in enumerate(pairs, start=1)
        ]
    scores = {*h.scores.values(), Fraction(0)}
    scale = math.lcm(*(s.denominator for s in scores))
    scaled = {s: int(s * scale) for s in scores}  # one multiplication per score, not per competitor
    points = {k: scaled[h.scores.get(k, Fraction(0))] for k in h.active}
    spread = max(points.values(), default=0) - min(points.values(), default=0) + 1
    field = len(h.active)
    # Each concern outweighs everything below it together: no rematch, then no second bye, then the bye
    # to the lowest-ranked, then the least sum of squared score gaps.
    bye_rank = (field // 2 + 1) * spread * spread + 1
    second_bye = bye_rank * (field + 1)
    rematch = second_bye * (field + 1)

    def cost(a: str, b: str) -> int:
        if b == BYE:
            return second_bye * h.byes[a] + bye_rank * (field - h.ranks[a])
        return rematch * h.clashes(a, b) + (points[a] - points[b]) ** 2

    enemies = foes(h)
    pairs = by_groups(h, points, enemies, cost, rng) or matched(h.active, cost, rng)
    # Top tables to the top of the standings: the highest scores first, then the best-ranked; the bye last.
    pairs.sort(
        key=lambda p: (
            p[1] is None,
            -max(points[p[0]], points.get(p[1] or "", -1)),
            -min(points[p[0]], points.get(p[1] or "", 0)),
            min(h.ranks[k] for k in p if k),
        )
    )
    return [Pairing(t, *_ordered(a, b, h), _why(a, b, h, enemies, points)) for t, (a, b) in enumerate(pairs, start=1)]


def _ordered(a: str, b: str | None, h: History) -> tuple[str, str | None]:
    """The higher-ranked competitor first."""
    return (a, b) if b is None or h.ranks[a] <= h.ranks[b] else (b, a)


def _why(a: str, b: str | None, h: History, enemies: dict[str, set[str]], points: dict[str, int]) -> str:
    """Score group or float, then what was at stake: a rematch or a pair to keep apart, avoided or not avoidable."""
    if b is None:
        return "bye: the lowest-ranked without one" if not h.byes[a] else "bye: a second one, everyone has had one"
    sa, sb = h.scores.get(a, 0), h.scores.get(b, 0)
    group = f"score group {sa}" if sa == sb else f"float {max(sa, sb)} v {min(sa, sb)}"
    if h.met[frozenset((a, b))]:
        return group + "; a rematch no pairing could avoid"
    if frozenset((a, b)) in h.avoid:
        return group + "; a pair to keep apart that no pairing could avoid"
    near = [frozenset((k, o)) for k in (a, b) for o in enemies[k] if points[o] in (points[a], points[b])]
    return (
        group
        + ("; a rematch avoided" if any(h.met[p] for p in near) else "")
        + ("; a pair to keep apart kept apart" if any(p in h.avoid for p in near) else "")
    )

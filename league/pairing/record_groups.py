"""Seeded Swiss record groups paired directly, exact where it counts, in milliseconds for thousands of teams.

The seeded Swiss cost (`seeded_swiss.py`) ranks a round by: repeats, then pairs across record groups, then the
seeds moved, (|place a - place b| - n/2)^2 for each pair of a group of n; ties between equally good rounds go
to the whole-field matching's seeded random draws (`Draws`). Inside a group the split, place i v i + n/2, costs
nothing and is the one round that does, so a group without a repeat in its split is its own optimum.

A repeat in the split is repaired inside its group, in a pool of the split places around it, on a circle (0 and
n/2 - 1 are neighbours: the top half's last team moving down meets them). One team moving one seed up or down
re-pairs two neighbouring places at a cost of 2, the least a repair can cost; the lightest set of such moves
that repairs every repeat of the pool is found by a walk along it (`_one_seed`), and kept where every other kind
of repair is shown to cost more (`_otherwise`); else the pool is solved by the exact matching. A pool is then
proven to hold the group's optimum, so the round is the whole-field matching's own, ties included: a pair of
places costing c lies at most sqrt(c) <= c places apart on the circle, so a round that differed from ours
outside the pools would pay, for each pool it touched, at least 2 m + 1 to cross the m untouched places between
the pool's moved places and its edge and back, more than the pool's cost whenever that is at most 2 m; pools
short of that margin are widened and solved again.

A group that cannot be paired without a repeat (late rounds: a small group whose teams have all met) is solved
exactly with its neighbouring groups, widened while a repeat remains and the pool holds at most `LIMIT` teams;
beyond that `by_records` gives up and the caller solves the whole field, which is exact whatever happened."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from league.pairing.matching import matched

Pair = tuple[str, str]
Cost = Callable[[str, str], int]
RADIUS = 2
"""Split places either side of a repeat first put in its pool: room for each one-seed move and a margin of one."""
LIMIT = 64
"""Most teams in one exact matching of stuck groups before the whole field is solved instead."""


class Draws:
    """The whole-field matching's tie-break, `rng.randrange(1000)` for each pair of `players` in its order (see
    `matching.matched`), drawn in bulk by numpy's Mersenne Twister from the same state; `rng` is left as it was."""

    def __init__(self, players: list[str], rng: random.Random) -> None:
        self.index = {k: i for i, k in enumerate(players)}
        self.pairs = len(players) * (len(players) - 1) // 2
        state = rng.getstate()[1]
        self.twister = np.random.RandomState()
        self.twister.set_state(("MT19937", np.array(state[:624], dtype=np.uint32), int(state[624]), 0, 0.0))
        self.values = np.empty(0, dtype=np.uint32)

    def __call__(self, a: str, b: str) -> int:
        i, j = sorted((self.index[a], self.index[b]))
        k = i * (2 * len(self.index) - i - 1) // 2 + j - i - 1
        while k >= len(self.values):  # every pair's draw at once: a few ms for 2,048 teams
            words = self.twister.randint(0, 2**32, size=self.pairs + self.pairs // 32 + 64, dtype=np.uint32)
            np.right_shift(words, 22, out=words)  # randrange(1000) is getrandbits(10) drawn again from 1000 up
            more = words[words < 1000]
            self.values = np.concatenate((self.values, more)) if len(self.values) else more
        return int(self.values[k])


def by_records(
    players: list[str], groups: list[list[str]], clash: Callable[[str, str], bool], cost: Cost, rng: random.Random
) -> list[tuple[str, str | None]] | None:
    """The round built record group by record group, or None where only the whole-field matching can say what is
    least bad. `players`: the field in the order the whole-field matching draws its tie-breaks for."""
    draws = Draws(players, rng)
    unit = 1000 * len(players)

    def weight(a: str, b: str) -> int:
        return cost(a, b) * unit + draws(a, b)

    solo = [_group(members, clash, cost, weight) for members in groups]
    bands = [(i - 1, i + 1) for i, made in enumerate(solo) if made is None]
    solved: dict[tuple[int, int], list[Pair]] = {}
    while True:
        bands = _merged(bands, len(groups))
        stuck = next((band for band in bands if not _band(band, groups, clash, weight, solved)), None)
        if stuck is None:
            break
        if stuck == (0, len(groups) - 1):
            return None
        bands.append((stuck[0] - 1, stuck[1] + 1))
    banded = {i for lo, hi in bands for i in range(lo, hi + 1)}
    out: list[tuple[str, str | None]] = [p for band in bands for p in solved[band]]
    return out + [p for i, made in enumerate(solo) if i not in banded for p in made or []]


def _merged(bands: list[tuple[int, int]], count: int) -> list[tuple[int, int]]:
    """Bands of neighbouring groups, clipped to the groups there are, overlapping or touching ones joined."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted((max(lo, 0), min(hi, count - 1)) for lo, hi in bands):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(hi, out[-1][1]))
        else:
            out.append((lo, hi))
    return out


def _band(
    band: tuple[int, int],
    groups: list[list[str]],
    clash: Callable[[str, str], bool],
    weight: Cost,
    solved: dict[tuple[int, int], list[Pair]],
) -> bool:
    """Whether the groups of the band pair by the exact matching without a repeat (then their pairs are in
    `solved`); False also when they are too many to try."""
    if band not in solved:
        pool = [k for members in groups[band[0] : band[1] + 1] for k in members]
        if len(pool) > LIMIT:
            return False
        solved[band] = _exact(pool, weight)
    return not any(clash(a, b) for a, b in solved[band])


def _exact(pool: list[str], weight: Cost) -> list[Pair]:
    """The pool's pairs of least weight; ties of the whole weight (draws included) broken by a fixed draw."""
    return [(a, b) for a, b in matched(pool, weight, random.Random(0)) if b is not None]


def _group(members: list[str], clash: Callable[[str, str], bool], cost: Cost, weight: Cost) -> list[Pair] | None:
    """One record group's pairs: place i v i + n/2, each repeat repaired in its pool; None when the group cannot
    be paired without a repeat."""
    half = len(members) // 2
    split = [(members[p], members[p + half]) for p in range(half)]
    radius = {p: RADIUS for p in range(half) if clash(*split[p])}
    pools: dict[tuple[int, ...], list[Pair]] = {}
    while radius:
        arcs = _arcs(radius, half)
        grow: dict[int, int] = {}
        for arc in arcs:
            if arc not in pools:
                pools[arc] = _one_seed(members, arc, {p for p in arc if p in radius}, clash, cost, weight) or _exact(
                    [*(members[p] for p in arc), *(members[p + half] for p in arc)], weight
                )
            made = pools[arc]
            if any(clash(a, b) for a, b in made):
                if len(arc) == half:
                    return None
                grow = {p: 2 * radius[p] for p in arc if p in radius}
                break
            kept = {frozenset(pair) for pair in made}
            moved = [i for i, p in enumerate(arc) if frozenset(split[p]) not in kept]
            margin = min(moved[0], len(arc) - 1 - moved[-1])
            spent = sum(cost(a, b) for a, b in made)
            if len(arc) < half and spent > 2 * margin:  # too close to the pool's edge to be proven: widen it
                grow = {p: radius[p] + (spent + 1) // 2 - margin for p in arc if p in radius}
                break
        if not grow:
            done = {p for arc in arcs for p in arc}
            return [pair for arc in arcs for pair in pools[arc]] + [split[p] for p in range(half) if p not in done]
        radius |= grow
    return split


def _arcs(radius: dict[int, int], half: int) -> list[tuple[int, ...]]:
    """The pools: runs of split places on the circle within each repeat's radius, overlapping ones joined."""
    covered = [False] * half
    for p, r in radius.items():
        for d in range(-min(r, half), min(r, half) + 1):
            covered[(p + d) % half] = True
    if all(covered):
        return [tuple(range(half))]
    start = covered.index(False)
    runs: list[tuple[int, ...]] = []
    run: list[int] = []
    for place in [*range(start + 1, half), *range(start + 1)]:
        if covered[place]:
            run.append(place)
        elif run:
            runs.append(tuple(run))
            run = []
    return runs + ([tuple(run)] if run else [])


def _one_seed(
    members: list[str],
    arc: tuple[int, ...],
    repeats: set[int],
    clash: Callable[[str, str], bool],
    cost: Cost,
    weight: Cost,
) -> list[Pair] | None:
    """The pool's pairs where each repeat is repaired by one team moving one seed: neighbouring split places
    re-paired at a cost of 2 (the least a repair costs), the lightest such round by a walk along the pool; None
    when none avoids every repeat, or when a round repaired otherwise might cost as little (`_otherwise`)."""
    half = len(members) // 2
    if 2 * len(arc) > half:  # places farther apart along the pool than round the circle: only the matching tells
        return None
    split = [(members[p], members[p + half]) for p in arc]
    moves: list[list[list[Pair]]] = []
    for x in range(len(arc) - 1):
        (a, b), (c, d) = split[x], split[x + 1]
        moves.append(
            [
                option
                for option in ([(a, d), (c, b)], [(a, c), (b, d)])
                if sum(cost(u, v) for u, v in option) == 2 and not any(clash(u, v) for u, v in option)
            ]
        )
    best: list[tuple[int, list[Pair]] | None] = [None] * (len(arc) + 2)
    best[len(arc)] = (0, [])
    for x in range(len(arc) - 1, -1, -1):
        options: list[tuple[int, list[Pair]]] = []
        after, then = best[x + 1], best[x + 2]
        if arc[x] not in repeats and after is not None:
            options.append((weight(*split[x]) + after[0], [split[x], *after[1]]))
        if then is not None:
            options += [
                (sum(weight(u, v) for u, v in option) + then[0], [*option, *then[1]])
                for option in (moves[x] if x < len(moves) else [])
            ]
        best[x] = min(options, key=lambda o: o[0]) if options else None
    made = best[0]
    if made is None or sum(pair not in split for pair in made[1]) >= _otherwise(arc, repeats, moves):
        return None
    return made[1]


def _otherwise(arc: tuple[int, ...], repeats: set[int], moves: list[list[list[Pair]]]) -> int:
    """The least a pool's round can cost once any of its repairs is not a one-seed move. Such a repair is a cycle of
    split places that costs at least 3 more than the places it re-pairs (at least 8 for two places, at least one
    pair two places apart for more), and at least twice the places it spans (each pair costs at least its square
    distance); overlapping ones, with the one-seed moves among them, cost at least max(repeats + 3, 2 x span)."""
    size, never = len(arc), 10**9
    before = [0]  # repeats before each place of the pool
    for p in arc:
        before.append(before[-1] + (p in repeats))
    plain = [0] * (size + 2)  # from place x on: one-seed moves alone
    other = [never] * (size + 2)  # from place x on: at least one other repair
    for x in range(size - 1, -1, -1):
        kept = arc[x] not in repeats
        moved = x < len(moves) and bool(moves[x])
        plain[x] = min(plain[x + 1] if kept else never, 2 + plain[x + 2] if moved else never)
        other[x] = min(
            other[x + 1] if kept else never,
            2 + other[x + 2] if moved else never,
            *(
                max(before[y + 1] - before[x] + 3, 2 * (y - x)) + min(plain[y + 1], other[y + 1])
                for y in range(x + 1, size)
            ),
        )
    return other[0]

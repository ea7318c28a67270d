"""Seeded Swiss by win-loss record (NASEF): first seeds by rating (a team's average MMR); within a record group of
n teams seed i meets seed i + n/2 (1v6, 2v7 ... for 10); where that repeats a pairing, partners move the fewest
seeds up or down that avoid it. An odd group's lowest seed floats down to the next group; the bye goes to the
lowest-placed team with the fewest byes. The round is defined as one weighted matching over the field (`_cost`),
so a rematch-free round is found whenever one exists for the teams left after the bye; it is built record group
by record group where that gives the same round (`record_groups.py`), solved whole where it does not."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

from league.pairing.base import Pairing
from league.pairing.history import History
from league.pairing.matching import REMATCH, matched
from league.pairing.record_groups import by_records


def seeds(h: History) -> dict[str, int]:
    """Competitor key -> first seed (1 = the highest rating); teams without a rating after, in registration order."""
    entry = {k: i for i, k in enumerate(h.active)}
    rated = [k for k in h.active if k in h.ratings]
    scale = math.lcm(*(h.ratings[k].denominator for k in rated))  # whole numbers sort far faster than fractions
    rating = {k: h.ratings[k].numerator * (scale // h.ratings[k].denominator) for k in rated}
    order = sorted(h.active, key=lambda k: (k not in rating, -rating.get(k, 0), entry[k]))
    return {k: i for i, k in enumerate(order, start=1)}


def groups(keys: list[str], h: History, seed: dict[str, int]) -> list[list[str]]:
    """Record groups from the top, each in seed order; an odd group's lowest seed floats to the top of the next."""
    records: dict[Fraction, list[str]] = {}
    for k in keys:
        records.setdefault(h.scores.get(k, Fraction(0)), []).append(k)
    out: list[list[str]] = []
    carried: list[str] = []
    for w in sorted(records, reverse=True):
        group = carried + sorted(records[w], key=seed.__getitem__)
        carried = [group.pop()] if len(group) % 2 else []
        if group:
            out.append(group)
    if carried:
        out.append(carried)
    return out


def seeded_swiss(h: History, number: int, seed_: int) -> list[Pairing]:
    """The next round: record groups paired i v i + n/2, moved by the fewest seeds that avoid a repeat."""
    seed = seeds(h)
    players = list(h.active)
    bye = None
    if len(players) % 2:
        bye = min(players, key=lambda k: (h.byes[k], h.scores.get(k, Fraction(0)), -seed[k]))
        players.remove(bye)
    brackets = groups(players, h, seed)
    where = {k: (b, i, len(group)) for b, group in enumerate(brackets) for i, k in enumerate(group)}
    cost = _cost(h, where, len(players) + 1)
    rng = random.Random(seed_ * 1_000_003 + number)
    pairs = by_records(players, brackets, lambda a, b: h.clashes(a, b) > 0, cost, rng) or matched(players, cost, rng)
    pairs.sort(key=lambda p: min(where[p[0]][:2], where[p[1] or p[0]][:2]))
    record = {k: h.scores.get(k, Fraction(0)) for k in players}
    out = [
        Pairing(t, a, b, _why(a, b, h, seed, where, record))
        for t, (a, b) in enumerate((_ordered(a, b, seed) for a, b in pairs if b), start=1)
    ]
    if bye is not None:
        reason = (
            "bye: the lowest-placed team without one"
            if not h.byes[bye]
            else "bye: a second one, every team has had one"
        )
        out.append(Pairing(len(out) + 1, bye, None, reason))
    return out


def _cost(h: History, where: dict[str, tuple[int, int, int]], field: int) -> Callable[[str, str], int]:
    """What pairing a with b costs: a repeat (REMATCH) outweighs everything, one record group of distance outweighs
    every seed moved, and each pair of a group of n costs the square of how far it is from n/2 places apart."""
    floats = field**3

    def cost(a: str, b: str) -> int:
        (ga, ia, n), (gb, ib, _) = where[a], where[b]
        moved = (abs(ia - ib) - n // 2) ** 2 if ga == gb else field**2
        return REMATCH * h.clashes(a, b) + floats * (ga - gb) ** 2 + moved

    return cost


def _ordered(a: str, b: str, seed: dict[str, int]) -> tuple[str, str]:
    """The higher seed first (it picks the side in odd games)."""
    return (a, b) if seed[a] <= seed[b] else (b, a)


def _why(
    a: str,
    b: str,
    h: History,
    seed: dict[str, int],
    where: dict[str, tuple[int, int, int]],
    record: dict[str, Fraction],
) -> str:
    """The record group and seeds, or the float; how far a pair is from the split and why; a repeat left."""
    (ga, ia, n), (gb, ib, _) = where[a], where[b]
    wins = record[a], record[b]
    first, second = sorted((ia, ib))
    text = (
        f"{_wins(wins[0])}: seed {seed[a]} v seed {seed[b]}"
        if wins[0] == wins[1]
        else f"float {max(wins)} v {_wins(min(wins))}"
    )
    moved = abs(second - first - n // 2)
    if h.clashes(a, b):
        return text + "; a repeat no pairing could avoid"
    if ga != gb:
        return text + f", outside the record groups {_kept_apart(h, a, b, where)}"
    if moved:
        text += (
            f" (group place {first + 1} v {second + 1}, moved {moved} seed{'s' if moved > 1 else ''} "
            f"{_kept_apart(h, a, b, where)})"
        )
    return text


def _wins(count: Fraction) -> str:
    return f"{count} win" if count == 1 else f"{count} wins"


def _kept_apart(h: History, a: str, b: str, where: dict[str, tuple[int, int, int]]) -> str:
    """Why a pair left the split: its members' split partners (i v i + n/2 in their group) would have been a
    repeat, one club's teams, or a pair the organiser named."""
    at = {(g, i): k for k, (g, i, _) in where.items()}
    natural = set()
    for k in (a, b):
        g, i, n = where[k]
        partner = at.get((g, i + n // 2 if i < n // 2 else i - n // 2))
        if partner is not None:
            natural.add(frozenset((k, partner)))
    if any(h.met[p] for p in natural):
        return "to avoid a repeat"
    if natural & h.clubs:
        return "to keep one club's teams apart"
    if natural & h.avoid:
        return "to keep apart a pair named in the Avoid tab"
    return "as other pairs of its group moved"

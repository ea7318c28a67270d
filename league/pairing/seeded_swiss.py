"""Seeded Swiss by win-loss record (NASEF): first seeds by rating (a team's average MMR); within a record group of
n teams seed i meets seed i + n/2 (1v6, 2v7 ... for 10); where that repeats a pairing, partners move the fewest
seeds up or down that avoid it. An odd group's lowest seed floats down to the next group; the bye goes to the
lowest-placed team with the fewest byes. The pairs are one weighted matching over the field, so a rematch-free
round is found whenever one exists for the teams left after the bye."""

from __future__ import annotations

import random
from fractions import Fraction

from league.pairing.base import Pairing
from league.pairing.history import History
from league.pairing.matching import REMATCH, matched


def seeds(h: History) -> dict[str, int]:
    """Competitor key -> first seed (1 = the highest rating); teams without a rating after, in registration order."""
    order = sorted(h.active, key=lambda k: (k not in h.ratings, -h.ratings.get(k, Fraction(0)), h.active.index(k)))
    return {k: i for i, k in enumerate(order, start=1)}


def groups(keys: list[str], h: History, seed: dict[str, int]) -> list[list[str]]:
    """Record groups from the top, each in seed order; an odd group's lowest seed floats to the top of the next."""
    wins = sorted({h.scores.get(k, Fraction(0)) for k in keys}, reverse=True)
    out: list[list[str]] = []
    carried: list[str] = []
    for w in wins:
        group = carried + sorted((k for k in keys if h.scores.get(k, Fraction(0)) == w), key=seed.__getitem__)
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
    field = len(players) + 1
    floats = field ** 3  # one bracket of distance outweighs every seed moved; a repeat (REMATCH) outweighs them all

    def cost(a: str, b: str) -> int:
        (ga, ia, n), (gb, ib, _) = where[a], where[b]
        moved = (abs(ia - ib) - n // 2) ** 2 if ga == gb else field ** 2
        return REMATCH * h.clashes(a, b) + floats * (ga - gb) ** 2 + moved

    pairs = matched(players, cost, random.Random(seed_ * 1_000_003 + number))
    pairs.sort(key=lambda p: min(where[p[0]][:2], where[p[1] or p[0]][:2]))
    out = [Pairing(t, *_ordered(a, b, seed), _why(a, b, h, seed, where)) for t, (a, b) in enumerate(pairs, start=1) if b]
    if bye is not None:
        reason = "bye: the lowest-placed team without one" if not h.byes[bye] else "bye: a second one, every team has had one"
        out.append(Pairing(len(out) + 1, bye, None, reason))
    return out


def _ordered(a: str, b: str | None, seed: dict[str, int]) -> tuple[str, str | None]:
    """The higher seed first (it picks the side in odd games)."""
    return (a, b) if b is None or seed[a] <= seed[b] else (b, a)


def _why(a: str, b: str, h: History, seed: dict[str, int], where: dict[str, tuple[int, int, int]]) -> str:
    (ga, ia, n), (gb, ib, _) = where[a], where[b]
    wins = h.scores.get(a, Fraction(0)), h.scores.get(b, Fraction(0))
    first, second = sorted((ia, ib))
    text = f"{wins[0]} wins: seed {seed[a]} v seed {seed[b]}" if wins[0] == wins[1] else f"float {max(wins)} v {min(wins)} wins"
    if ga == gb and second - first != n // 2:
        text += f" (group place {first + 1} v {second + 1}, moved to avoid a repeat)"
    if h.clashes(a, b):
        text += "; a repeat no pairing could avoid"
    return text

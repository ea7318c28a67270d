"""Random pairing with the fewest repeats (GL's "modified round robin"), planned for the whole event at once.

A round-robin schedule (the circle method over the competitors in a seeded random order) gives every
round in advance: nobody meets anyone twice while the event has fewer rounds than competitors, and
nobody gets a second bye before everyone has had one. As long as the rounds played followed the plan,
the next round is the plan's; otherwise (rounds paired by hand, competitors gone) the fewest-repeats
matching pairs whoever is left."""

from __future__ import annotations

import random

from league.pairing.base import Pairing
from league.pairing.history import History
from league.pairing.matching import fewest_repeats


def circle(players: list[str], rounds: int) -> list[list[tuple[str, str | None]]]:
    """Round robin by the circle method: no rematch within n-1 rounds, at most one bye each."""
    slots: list[str | None] = list(players) + ([None] if len(players) % 2 else [])
    out: list[list[tuple[str, str | None]]] = []
    for _ in range(rounds):
        half = len(slots) // 2
        out.append(
            [
                (a, b) if a is not None and b is not None else (str(a or b), None)
                for a, b in zip(slots[:half], reversed(slots[half:]))
            ]
        )
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return out


def round_robin(h: History, number: int, seed: int, total: int) -> list[Pairing]:
    """Round `number` of the event: the plan's round where the event has kept to it, else the fewest repeats."""
    entrants = sorted(set(h.active) | {k for pairs in h.rounds for pair in pairs for k in pair})
    order = random.Random(seed).sample(entrants, len(entrants))
    plan = circle(order, max(total, number, len(order)))
    followed = all({frozenset(p for p in pair if p) for pair in plan[r]} == played for r, played in enumerate(h.rounds))
    followed = followed and not any(b and frozenset((a, b)) in h.avoid for a, b in plan[number - 1])
    if followed:
        active = set(h.active)
        planned = [(a, b) for a, b in plan[number - 1] if a in active and (b is None or b in active)]
        placed = {k for pair in planned for k in pair if k}
        left = [k for k in h.active if k not in placed]
        tables = [(a, b, "as planned: a round robin with no repeats" if b else "as planned: a bye") for a, b in planned]
        tables += fewest_repeats(left, h, random.Random(seed + number), "an opponent of the plan has left")
    else:
        tables = fewest_repeats(
            list(h.active),
            h,
            random.Random(seed + number),
            "earlier rounds were paired by hand, or the plan pairs two to keep apart",
        )
    random.Random(seed * 31 + number).shuffle(tables)  # random tables, byes last
    tables.sort(key=lambda t: t[1] is None)
    return [Pairing(i, a, b, why) for i, (a, b, why) in enumerate(tables, start=1)]

"""Pairing as a weighted matching over the whole field (never greedy): each pair's cost in one number."""

from __future__ import annotations

import random
from collections.abc import Callable

from league.pairing.history import History

BYE = "\x00bye"
"""The stand-in opponent of whoever gets the bye when the count is odd."""
REMATCH = 10**15
"""A rematch costs more than everything else together: never one while a rematch-free pairing exists."""
SECOND_BYE = 10**13


def matched(players: list[str], cost: Callable[[str, str], int], rng: random.Random) -> list[tuple[str, str | None]]:
    """The pairs (and the bye, when the count is odd) of least total cost, over every way of pairing the field."""
    import networkx as nx  # imported by `league pair` alone: a sync never needs it

    field = [*players, *([BYE] if len(players) % 2 else [])]
    if not field:
        return []
    graph: nx.Graph[str] = nx.Graph()
    top = 0
    edges = []
    unit = 1000 * len(field)  # above the random parts of a whole round together: they only break even costs
    for i, a in enumerate(field):
        for b in field[i + 1 :]:
            edges.append((a, b, cost(a, b) * unit + rng.randrange(1000)))
            top = max(top, edges[-1][2])
    graph.add_weighted_edges_from((a, b, top + 1 - c) for a, b, c in edges)
    pairs = nx.max_weight_matching(graph, maxcardinality=True)
    out: list[tuple[str, str | None]] = []
    for a, b in pairs:
        if BYE in (a, b):
            out.append((b if a == BYE else a, None))
        else:
            out.append((a, b) if field.index(a) < field.index(b) else (b, a))
    return out


def fewest_repeats(players: list[str], h: History, rng: random.Random, why: str) -> list[tuple[str, str | None, str]]:
    """Random pairs with the fewest rematches; the bye to someone with the fewest byes."""

    def cost(a: str, b: str) -> int:
        if b == BYE:
            return SECOND_BYE * h.byes[a]
        return REMATCH * h.clashes(a, b)

    def reason(a: str, b: str | None) -> str:
        if b is None:
            return f"{why}: a bye" + (", a second one: no one without a bye was left" if h.byes[a] else "")
        if h.clashes(a, b):
            return (
                f"{why}: "
                + ("a rematch" if h.met[frozenset((a, b))] else "a pair to keep apart")
                + " no pairing could avoid"
            )
        return f"{why}: no repeat"

    return [(a, b, reason(a, b)) for a, b in matched(players, cost, rng)]

"""Pairing histories for the pairing tests: a fresh field, a round played with random winners, every possible
round of a small field, the faults a round has, and the histories hypothesis draws."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from hypothesis import strategies as st

from league.pairing import History, Pairing


def start(players: list[str]) -> History:
    """A field before its first round: nobody has met, scores 0, ranked in the given order."""
    return History(
        "E",
        0,
        list(players),
        Counter(),
        Counter(),
        dict.fromkeys(players, Fraction(0)),
        {p: i + 1 for i, p in enumerate(players)},
        [],
    )


def after(h: History, round_: list[Pairing], rng: random.Random, active: list[str] | None = None) -> History:
    """The history once a round is played: random winners score 1."""
    met, byes, scores = h.met.copy(), h.byes.copy(), dict(h.scores)
    played: set[frozenset[str]] = set()
    for p in round_:
        if p.second is None:
            byes[p.first] += 1
            scores[p.first] += 1
            played.add(frozenset([p.first]))
        else:
            met[frozenset((p.first, p.second))] += 1
            scores[rng.choice((p.first, p.second))] += 1
            played.add(frozenset((p.first, p.second)))
    keep = active if active is not None else h.active
    order = sorted(keep, key=lambda k: -scores[k])
    return History(
        "E", h.played_rounds + 1, keep, met, byes, scores, {k: order.index(k) + 1 for k in keep}, [*h.rounds, played]
    )


def check_round(h: History, round_: list[Pairing]) -> None:
    """A sound round: every active competitor once,
    nobody against themselves, tables 1 up, a bye only for an odd field."""
    seen = [k for p in round_ for k in (p.first, p.second) if k is not None]
    assert len(seen) == len(set(seen)) == len(h.active) and set(seen) == set(h.active), "everyone once, nobody twice"
    assert all(p.first != p.second for p in round_)
    assert [p.table for p in round_] == list(range(1, len(round_) + 1))
    assert sum(p.second is None for p in round_) == len(h.active) % 2


def all_pairings(players: list[str]) -> list[list[tuple[str, str | None]]]:
    """Every way to pair the field (with one bye when the count is odd)."""
    if not players:
        return [[]]
    if len(players) % 2:
        return [[(bye, None), *rest] for bye in players for rest in all_pairings([p for p in players if p != bye])]
    first, others = players[0], players[1:]
    return [[(first, o), *rest] for o in others for rest in all_pairings([p for p in others if p != o])]


def faults(h: History, pairs: list[tuple[str, str | None]]) -> tuple[int, int]:
    """(rematches, second byes) of a round: what no pairing may have more of than it must."""
    return (sum(h.met[frozenset((a, b))] for a, b in pairs if b), sum(1 for a, b in pairs if b is None and h.byes[a]))


@st.composite
def histories(draw: st.DrawFn) -> History:
    """A field of 2 to 9 competitors (some gone), some of them having met, byes, scores and a standing order."""
    field = [f"P{i}" for i in range(draw(st.integers(2, 9)))]
    gone = set(draw(st.lists(st.sampled_from(field), max_size=2)))
    active = [p for p in field if p not in gone] or field[:2]
    pairs = [
        frozenset(p)
        for p in draw(st.lists(st.tuples(st.sampled_from(field), st.sampled_from(field)), max_size=12))
        if p[0] != p[1]
    ]
    byes = Counter(draw(st.lists(st.sampled_from(field), max_size=3)))
    scores = {p: Fraction(draw(st.integers(0, 12))) for p in field}
    order = sorted(active, key=lambda p: -scores[p])
    played = draw(st.integers(1, 4))
    return History(
        "E",
        played,
        active,
        Counter(pairs),
        byes,
        scores,
        {p: order.index(p) + 1 for p in active},
        [set() for _ in range(played)],
    )

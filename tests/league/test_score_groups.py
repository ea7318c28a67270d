"""Swiss built score group by score group (`score_groups.py`) against the whole-field matching it stands in for."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from league.pairing import SYSTEMS, History
from league.pairing.matching import BYE, REMATCH, SECOND_BYE, matched
from league.pairing.score_groups import by_groups, foes
from tests.support.pairing import after, check_round, faults, start

Pairs = list[tuple[str, str | None]]


def _squared_gaps(h: History, pairs: Pairs) -> Fraction:
    return sum(((h.scores[a] - h.scores[b]) ** 2 for a, b in pairs if b), Fraction(0))


def _leastfaults(h: History) -> tuple[int, int]:
    """The fewest (rematches, second byes) of any round, by the whole-field matching."""

    def cost(a: str, b: str) -> int:
        return SECOND_BYE * h.byes[a] if b == BYE else REMATCH * h.met[frozenset((a, b))]

    return faults(h, matched(list(h.active), cost, random.Random(0)))


def _whole_field(h: History, number: int, seed: int) -> list[tuple[str, str | None]]:
    """Swiss as the whole-field matching alone, as it was before score groups."""
    from unittest import mock

    with mock.patch("league.pairing.swiss.by_groups", return_value=None) as groups:
        round_ = SYSTEMS["swiss"](h, number, seed, 8)
    assert groups.called
    return [(p.first, p.second) for p in round_]


@st.composite
def fields(draw: st.DrawFn, most: int = 24) -> History:
    """10 to `most` competitors on few distinct scores (so groups are large and small), some having met."""
    field = [f"P{i:02d}" for i in range(draw(st.integers(10, most)))]
    scores = {p: Fraction(draw(st.integers(0, 4))) for p in field}
    pairs = [
        frozenset(p)
        for p in draw(st.lists(st.tuples(st.sampled_from(field), st.sampled_from(field)), max_size=40))
        if p[0] != p[1]
    ]
    byes = Counter(draw(st.lists(st.sampled_from(field), max_size=4)))
    order = sorted(field, key=lambda p: -scores[p])
    return History("E", 3, field, Counter(pairs), byes, scores, {p: order.index(p) + 1 for p in field}, [set()] * 3)


@settings(max_examples=120, deadline=None)
@given(fields(), st.integers(0, 10**6))
def test_swiss_has_the_fewest_rematches_then_second_byes_the_whole_field_matching_finds(h: History, seed: int) -> None:
    round_ = SYSTEMS["swiss"](h, 4, seed, 8)
    check_round(h, round_)
    assert faults(h, [(p.first, p.second) for p in round_]) == _leastfaults(h)


@settings(max_examples=150, deadline=None)
@given(fields(most=60), st.integers(0, 10**6))
def test_a_round_built_by_groups_has_no_rematch_the_best_bye_and_at_least_the_least_gaps(h: History, seed: int) -> None:
    points = {k: int(s) for k, s in h.scores.items()}
    made = by_groups(
        h,
        points,
        foes(h),
        lambda a, b: REMATCH * h.met[frozenset((a, b))] + (points[a] - points[b]) ** 2,
        random.Random(seed),
    )
    if made is None:
        return
    assert sorted(k for pair in made for k in pair if k) == sorted(h.active)
    assert not any(b and h.met[frozenset((a, b))] for a, b in made)
    assert [a for a, b in made if b is None] == (
        [min(h.active, key=lambda k: (h.byes[k], -h.ranks[k]))] if len(h.active) % 2 else []
    )
    byeless = sorted((h.scores[k] for pair in made for k in pair if k and pair[1]), reverse=True)
    assert _squared_gaps(h, made) >= sum((byeless[i] - byeless[i + 1]) ** 2 for i in range(0, len(byeless), 2))


@settings(max_examples=150, deadline=None)
@given(fields(most=60), st.integers(0, 10**6))
def test_with_nothing_to_avoid_the_groups_give_the_least_gaps_possible(h: History, seed: int) -> None:
    """Pairing the field sorted by score neighbour with neighbour is optimal for squared gaps: the groups equal it."""
    h = History(h.event, h.played_rounds, h.active, Counter(), Counter(), h.scores, h.ranks, h.rounds)
    round_ = SYSTEMS["swiss"](h, 4, seed, 8)
    pairs = [(p.first, p.second) for p in round_]
    rest = sorted((h.scores[k] for a, b in pairs if b for k in (a, b)), reverse=True)
    assert _squared_gaps(h, pairs) == sum((rest[i] - rest[i + 1]) ** 2 for i in range(0, len(rest), 2))


def test_simulated_events_get_the_whole_field_optimum_in_every_term() -> None:
    """Rematches, second byes, the bye and the squared score gaps of every round equal the whole-field matching's."""
    for seed in range(40):
        rng = random.Random(seed)
        h = start([f"P{i:02d}" for i in range(rng.randint(4, 24))])
        for number in range(1, 7):
            round_ = SYSTEMS["swiss"](h, number, seed, 8)
            check_round(h, round_)
            if number > 1:
                ours, best = [(p.first, p.second) for p in round_], _whole_field(h, number, seed)
                assert faults(h, ours) == faults(h, best), (seed, number)
                assert [a for a, b in ours if b is None] == [a for a, b in best if b is None], (seed, number)
                assert _squared_gaps(h, ours) == _squared_gaps(h, best), (seed, number)
            h = after(h, round_, rng)

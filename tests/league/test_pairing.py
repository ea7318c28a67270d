"""Pairing systems: the properties a judge relies on, checked over many seeded rounds and, for Swiss, exhaustively."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from league.pairing import SYSTEMS, History
from tests.support.pairing import after, all_pairings, check_round, faults, start


def _event(system: str, players: int, rounds: int, seed: int) -> History:
    rng = random.Random(seed)
    h = start([f"P{i:02d}" for i in range(players)])
    for number in range(1, rounds + 1):
        round_ = SYSTEMS[system](h, number, seed, rounds)
        check_round(h, round_)
        h = after(h, round_, rng)
    return h


@pytest.mark.parametrize("players", range(9, 17))
def test_gl_pairs_9_to_16_players_for_7_rounds_with_no_repeat_on_1000_seeds(players: int) -> None:
    for seed in range(1000):
        h = _event("round_robin", players, 7, seed)
        assert max(h.met.values()) == 1, seed
        assert max(h.byes.values(), default=0) <= 1, seed  # nobody a second bye before everyone had one


def test_gl_pairs_8_players_as_a_full_round_robin_on_1000_seeds() -> None:
    for seed in range(1000):
        h = _event("round_robin", 8, 7, seed)
        assert set(h.met) == {frozenset(p) for p in itertools.combinations([f"P{i:02d}" for i in range(8)], 2)}


def test_gl_keeps_repeats_to_the_fewest_after_a_drop() -> None:
    rng = random.Random(3)
    h = start([f"P{i:02d}" for i in range(10)])
    for number in range(1, 8):
        round_ = SYSTEMS["round_robin"](h, number, 11, 7)
        check_round(h, round_)
        h = after(h, round_, rng, active=[k for k in h.active if k != "P03"] if number == 3 else None)
    assert "P03" not in {k for p in h.rounds[-1] for k in p}
    assert max(h.met.values()) == 1


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_swiss_has_the_fewest_rematches_then_second_byes_of_every_possible_round(players: int) -> None:
    """Checked against every possible pairing of the field: no rematch while a rematch-free round exists, then
    no second bye while one without exists."""
    for seed in range(120):
        rng = random.Random(seed)
        h = start([f"P{i}" for i in range(players)])
        for number in range(1, min(players, 6)):
            round_ = SYSTEMS["swiss"](h, number, seed, 8)
            check_round(h, round_)
            if number > 1:
                best = min(faults(h, pairs) for pairs in all_pairings(list(h.active)))
                assert faults(h, [(p.first, p.second) for p in round_]) == best, (seed, number)
            h = after(h, round_, rng)


def test_swiss_pairs_within_score_groups_and_gives_the_bye_to_the_lowest_ranked() -> None:
    players = ["A", "B", "C", "D", "E"]
    scores = {"A": Fraction(3), "B": Fraction(3), "C": Fraction(1), "D": Fraction(1), "E": Fraction(0)}
    h = History(
        "E",
        1,
        players,
        Counter({frozenset(("A", "E")): 1, frozenset(("B", "C")): 1}),
        Counter({"D": 1}),
        scores,
        {"A": 1, "B": 2, "C": 3, "D": 4, "E": 5},
        [{frozenset(("A", "E")), frozenset(("B", "C")), frozenset({"D"})}],
    )
    round_ = SYSTEMS["swiss"](h, 2, 1, 4)
    pairs = {frozenset(p for p in (r.first, r.second) if p) for r in round_}
    assert pairs == {frozenset(("A", "B")), frozenset(("C", "D")), frozenset({"E"})}
    assert round_[0].why == "score group 3" and round_[-1].why == "bye: the lowest-ranked without one"


def test_pairs_to_keep_apart_are_kept_apart_while_the_field_allows() -> None:
    players = ["A", "B", "C", "D"]
    scores = {"A": Fraction(3), "B": Fraction(3), "C": Fraction(0), "D": Fraction(0)}
    h = History(
        "E",
        1,
        players,
        Counter(),
        Counter(),
        scores,
        {"A": 1, "B": 2, "C": 3, "D": 4},
        [set()],
        frozenset({frozenset(("A", "B"))}),
    )
    round_ = SYSTEMS["swiss"](h, 2, 1, 4)
    assert frozenset(("A", "B")) not in {frozenset((p.first, p.second)) for p in round_}
    both = History(
        "E", 1, ["A", "B"], Counter(), Counter(), scores, {"A": 1, "B": 2}, [set()], frozenset({frozenset(("A", "B"))})
    )
    [only] = SYSTEMS["swiss"](both, 2, 1, 4)
    assert "keep apart that no pairing could avoid" in only.why


def test_the_round_robin_plan_gives_way_to_a_pair_to_keep_apart() -> None:
    players = [f"P{i:02d}" for i in range(10)]
    plain = SYSTEMS["round_robin"](start(players), 1, 4, 7)
    first = next(p for p in plain if p.second)
    apart = History(
        "E",
        0,
        players,
        Counter(),
        Counter(),
        dict.fromkeys(players, Fraction(0)),
        {p: 1 for p in players},
        [],
        frozenset({frozenset((first.first, first.second or ""))}),
    )
    kept = SYSTEMS["round_robin"](apart, 1, 4, 7)
    assert frozenset((first.first, first.second)) not in {frozenset((p.first, p.second)) for p in kept}


def test_swiss_tables_go_from_the_top_of_the_standings_down_and_gl_tables_are_random() -> None:
    rng = random.Random(2)
    h = start([f"P{i:02d}" for i in range(12)])
    for number in range(1, 4):
        h = after(h, SYSTEMS["swiss"](h, number, 2, 5), rng)
    round_ = SYSTEMS["swiss"](h, 4, 2, 5)
    tops = [
        (
            max(h.scores[p.first], h.scores[p.second]),
            min(h.scores[p.first], h.scores[p.second]),
            -min(h.ranks[p.first], h.ranks[p.second]),
        )
        for p in round_
        if p.second
    ]
    assert tops == sorted(tops, reverse=True) and min(h.ranks[round_[0].first], h.ranks[round_[0].second or ""]) == 1
    first_tables = {
        next(
            p.first for p in SYSTEMS["round_robin"](start([f"P{i:02d}" for i in range(12)]), 1, seed, 7) if p.table == 1
        )
        for seed in range(20)
    }
    assert len(first_tables) > 5, "the table a pair sits at is drawn at random"

"""Seeded Swiss by win-loss record (NASEF): seeds by rating, i v i + n/2 within a record group, the fewest seeds
moved to avoid a repeat, odd groups floating down, byes. Examples worked by hand, then properties over drawn histories,
then the round built record group by record group against the whole-field matching it stands in for."""

from __future__ import annotations

import importlib
import random
from collections import Counter
from fractions import Fraction
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.pairing import SYSTEMS, History
from league.pairing.record_groups import Draws
from league.pairing.seeded_swiss import groups, seeds
from tests.support.pairing import all_pairings, histories

seeded_module = importlib.import_module(
    "league.pairing.seeded_swiss"
)  # the package exports the function under this name
TEAMS = [f"T{i}" for i in range(1, 11)]
"""T1 has the highest rating, T10 the lowest."""


def start(
    wins: dict[str, int] | None = None,
    met: list[tuple[str, str]] = (),
    byes: Counter[str] | None = None,
    teams: list[str] = TEAMS,
) -> History:
    scores = {t: Fraction((wins or {}).get(t, 0)) for t in teams}
    order = sorted(teams, key=lambda t: -scores[t])
    return History(
        "S1",
        1 if wins else 0,
        list(teams),
        Counter(frozenset(p) for p in met),
        byes or Counter(),
        scores,
        {t: order.index(t) + 1 for t in teams},
        [],
        ratings={t: Fraction(2000 - 10 * i) for i, t in enumerate(teams)},
    )


def pairs(h: History, seed: int = 1) -> set[tuple[str, str | None]]:
    return {(p.first, p.second) for p in SYSTEMS["seeded_swiss"](h, h.played_rounds + 1, seed, 8)}


def test_seed_i_meets_seed_i_plus_half_the_group() -> None:
    assert pairs(start()) == {("T1", "T6"), ("T2", "T7"), ("T3", "T8"), ("T4", "T9"), ("T5", "T10")}


def test_seeds_come_from_the_rating_not_the_registration_order() -> None:
    h = start()
    reversed_ratings = History(**{**h.__dict__, "ratings": {t: Fraction(i) for i, t in enumerate(TEAMS)}})
    assert seeds(reversed_ratings)["T10"] == 1
    assert ("T10", "T5") in pairs(reversed_ratings)


def test_a_repeat_moves_one_team_one_seed() -> None:
    """1v6 already met: 6 moves up a seed (1v7, 2v6) or down a seed (1v5, 6v10); the other pairs stay."""
    got = pairs(start(met=[("T1", "T6")]))
    assert ("T1", "T6") not in got
    moved = {p for p in got if p not in {("T1", "T6"), ("T2", "T7"), ("T3", "T8"), ("T4", "T9"), ("T5", "T10")}}
    assert moved in ({("T1", "T7"), ("T2", "T6")}, {("T1", "T5"), ("T6", "T10")})


def whys(h: History) -> dict[frozenset[str], str]:
    return {frozenset((p.first, p.second or "")): p.why for p in SYSTEMS["seeded_swiss"](h, h.played_rounds + 1, 1, 8)}


def test_a_reason_says_what_a_move_kept_apart_and_counts_wins_in_words() -> None:
    """1v6 is one club's two teams (round 1), then a repeat (round 2): each move says which."""
    club = start()
    club = History(
        **{
            **club.__dict__,
            "avoid": frozenset({frozenset(("T1", "T6"))}),
            "clubs": frozenset({frozenset(("T1", "T6"))}),
        }
    )
    assert any("to keep one club's teams apart" in why for why in whys(club).values())
    assert not any("repeat" in why for why in whys(club).values())
    repeat = whys(start({t: 1 for t in TEAMS}, met=[("T1", "T6")]))
    assert any("to avoid a repeat" in why for why in repeat.values()) and all(
        why.startswith("1 win: seed") for why in repeat.values()
    )
    named = History(**{**start().__dict__, "avoid": frozenset({frozenset(("T1", "T6"))})})
    assert any("a pair named in the Avoid tab" in why for why in whys(named).values())


def test_record_groups_are_paired_apart_and_an_odd_group_floats_its_lowest_seed() -> None:
    """T1, T2, T3 won; the rest lost. T3 (the lowest seed on one win) floats down to meet the top of the 0-1 group."""
    wins = {"T1": 1, "T2": 1, "T3": 1}
    h = start(wins, teams=TEAMS[:8])
    assert groups(list(h.active), h, seeds(h)) == [["T1", "T2"], ["T3", "T4", "T5", "T6", "T7", "T8"]]
    assert pairs(h) == {("T1", "T2"), ("T3", "T6"), ("T4", "T7"), ("T5", "T8")}


def test_the_bye_goes_to_the_lowest_placed_team_without_one() -> None:
    h = start({"T1": 1}, byes=Counter({"T9": 1}), teams=TEAMS[:9])
    assert ("T8", None) in pairs(h)


@settings(max_examples=150, deadline=None)
@given(histories(), st.integers(0, 10**6))
def test_record_groups_are_respected_and_seeds_split_in_half(h: History, seed: int) -> None:
    """With nothing to avoid, every pair is inside one group of the cascade, seed i against seed i + n/2."""
    h = History(**{**h.__dict__, "met": Counter(), "avoid": frozenset()})
    got = pairs(h, seed)
    played = {k for p in got for k in p if k is not None and p[1] is not None}
    brackets = groups(sorted(played, key=h.active.index), h, seeds(h))
    expected = {frozenset((g[i], g[i + len(g) // 2])) for g in brackets for i in range(len(g) // 2)}
    assert {frozenset(p) for p in got if p[1] is not None} == expected


@settings(max_examples=150, deadline=None)
@given(histories(), st.integers(0, 10**6))
def test_no_team_meets_an_opponent_twice_while_that_can_be_avoided(h: History, seed: int) -> None:
    got = pairs(h, seed)
    bye = next((a for a, b in got if b is None), None)
    field = [k for k in h.active if k != bye]
    best = min(sum(h.clashes(a, b) for a, b in option if b) for option in all_pairings(field))
    assert sum(h.clashes(a, b) for a, b in got if b) == best
    assert len({k for p in got for k in p if k}) == len(h.active)


def _whole_field(h: History, number: int, seed: int) -> list[tuple[str, str | None]]:
    """Seeded Swiss as the one whole-field matching it was before record groups were paired directly."""
    with mock.patch("league.pairing.seeded_swiss.by_records", return_value=None) as direct:
        round_ = SYSTEMS["seeded_swiss"](h, number, seed, 8)
    assert direct.called
    return [(p.first, p.second) for p in round_]


def _cost(h: History, pairs: list[tuple[str, str | None]]) -> int:
    """The whole-field matching's cost of a round: repeats, then pairs across record groups, then seeds moved."""
    played = [k for a, b in pairs if b for k in (a, b)]
    brackets = groups(sorted(played, key=h.active.index), h, seeds(h))
    where = {k: (g, i, len(group)) for g, group in enumerate(brackets) for i, k in enumerate(group)}
    cost = seeded_module._cost(h, where, len(played) + 1)
    return sum(cost(a, b) for a, b in pairs if b)


def after(h: History, round_: list[tuple[str, str | None]], rng: random.Random) -> History:
    """The history once a round is played: the higher rating more likely to win, 1 for a win or a bye."""
    met, byes, scores = h.met.copy(), h.byes.copy(), dict(h.scores)
    for a, b in round_:
        if b is None:
            byes[a] += 1
            scores[a] += 1
            continue
        met[frozenset((a, b))] += 1
        odds = 1 / (1 + 10 ** (float(h.ratings[b] - h.ratings[a]) / 600))
        scores[a if rng.random() < odds else b] += 1
    return History(**{**h.__dict__, "played_rounds": h.played_rounds + 1, "met": met, "byes": byes, "scores": scores})


def test_draws_are_the_whole_field_matchings_tie_breaks() -> None:
    """The pair (i, j) of the field gets the draw the whole-field matching makes for it: randrange(1000) in turn."""
    players = [f"T{i}" for i in range(40)]
    expected = random.Random(99)
    draws = Draws(players, random.Random(99))
    assert [draws(a, b) for i, a in enumerate(players) for b in players[i + 1 :]] == [
        expected.randrange(1000) for _ in range(40 * 39 // 2)
    ]
    assert draws("T7", "T3") == draws("T3", "T7")


@st.composite
def crowded(draw: st.DrawFn) -> History:
    """4 to 40 teams on few records (large groups and small ones), many having met or to be kept apart."""
    teams = [f"T{i:02d}" for i in range(draw(st.integers(4, 40)))]
    pairs = st.lists(st.tuples(st.sampled_from(teams), st.sampled_from(teams)), max_size=3 * len(teams))
    met = Counter(frozenset(p) for p in draw(pairs) if p[0] != p[1])
    avoid = frozenset(frozenset(p) for p in draw(pairs) if p[0] != p[1])
    scores = {t: Fraction(draw(st.integers(0, 3))) for t in teams}
    order = sorted(teams, key=lambda t: -scores[t])
    return History(
        "S1",
        4,
        teams,
        met,
        Counter(draw(st.lists(st.sampled_from(teams), max_size=3))),
        scores,
        {t: order.index(t) + 1 for t in teams},
        [],
        avoid,
        {t: Fraction(draw(st.integers(900, 2100))) for t in teams},
    )


@settings(max_examples=150, deadline=None)
@given(crowded(), st.integers(0, 10**6))
def test_pairing_group_by_group_costs_what_the_whole_field_matching_does(h: History, seed: int) -> None:
    """Never more repeats, the same pairs across record groups, the same seeds moved: the same cost in every term,
    so the same pairs wherever the optimum is unique (and, ties broken by the same draws, in practice everywhere)."""
    ours = [(p.first, p.second) for p in SYSTEMS["seeded_swiss"](h, 5, seed, 8)]
    best = _whole_field(h, 5, seed)
    assert sorted(k for p in ours for k in p if k) == sorted(h.active)
    assert _cost(h, ours) == _cost(h, best)


def test_simulated_seasons_pair_as_the_whole_field_matching_did() -> None:
    """Seasons of 4 to 40 teams over 8 rounds, rating-weighted results: every round the same pairs, in the same
    order, as the whole-field matching."""
    for season in range(24):
        rng = random.Random(season)
        teams = [f"T{i:02d}" for i in range(rng.randint(4, 40))]
        h = History(
            "S1",
            0,
            teams,
            Counter(),
            Counter(),
            dict.fromkeys(teams, Fraction(0)),
            {t: i + 1 for i, t in enumerate(teams)},
            [],
            ratings={t: Fraction(rng.randint(900, 2100)) for t in teams},
        )
        for number in range(1, 9):
            ours = [(p.first, p.second) for p in SYSTEMS["seeded_swiss"](h, number, season, 8)]
            assert ours == _whole_field(h, number, season), (season, number)
            h = after(h, ours, rng)


def test_a_repeat_far_inside_a_large_group_moves_one_seed_and_nothing_else() -> None:
    """200 teams on one record: seed 40 met seed 140; the split elsewhere stands."""
    teams = [f"T{i:03d}" for i in range(1, 201)]
    got = pairs(start({t: 1 for t in teams}, met=[("T040", "T140")], teams=teams))
    split = {(teams[i], teams[i + 100]) for i in range(100)}
    assert len(got - split) == 2 and ("T040", "T140") not in got


@pytest.mark.parametrize("places", [(3, 4, 12, 13, 14, 24), (3, 4, 6, 12, 13, 14, 20, 23, 26, 31)])
def test_clustered_repeats_in_a_large_group_are_repaired_as_the_whole_field_matching_does(
    places: tuple[int, ...],
) -> None:
    """64 teams on one record, runs of split pairs that met before (seeded pairing repeats itself in runs), and
    teams of one club kept apart: one-seed moves along each run (or, runs too dense, the group solved whole), the
    whole-field matching's round exactly."""
    teams = [f"T{i:02d}" for i in range(64)]
    rng = random.Random(11)
    met = [(teams[p], teams[p + 32]) for p in places] + [(teams[p], teams[p + 33]) for p in places[1::3]]
    h = start({t: 2 for t in teams}, met=met, teams=teams)
    h = History(**{**h.__dict__, "avoid": frozenset(frozenset(rng.sample(teams, 2)) for _ in range(6))})
    ours = [(p.first, p.second) for p in SYSTEMS["seeded_swiss"](h, 3, 7, 8)]
    assert ours == _whole_field(h, 3, 7)
    assert not any(h.clashes(a, b) for a, b in ours if b)

"""Seeded Swiss by win-loss record (NASEF): seeds by rating, i v i + n/2 within a record group, the fewest seeds
moved to avoid a repeat, odd groups floating down, byes. Examples worked by hand, then properties over drawn histories."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from league.pairing import SYSTEMS, History
from league.pairing.seeded_swiss import groups, seeds
from test_pairing import _pairings
from test_pairing_properties import histories

TEAMS = [f"T{i}" for i in range(1, 11)]
"""T1 has the highest rating, T10 the lowest."""


def start(wins: dict[str, int] | None = None, met: list[tuple[str, str]] = (), byes: Counter[str] | None = None,
          teams: list[str] = TEAMS) -> History:
    scores = {t: Fraction((wins or {}).get(t, 0)) for t in teams}
    order = sorted(teams, key=lambda t: -scores[t])
    return History("S1", 1 if wins else 0, list(teams), Counter(frozenset(p) for p in met), byes or Counter(), scores,
                   {t: order.index(t) + 1 for t in teams}, [], ratings={t: Fraction(2000 - 10 * i) for i, t in enumerate(teams)})


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
    best = min(sum(h.clashes(a, b) for a, b in option if b) for option in _pairings(field))
    assert sum(h.clashes(a, b) for a, b in got if b) == best
    assert len({k for p in got for k in p if k}) == len(h.active)

"""Pairing properties over histories hypothesis draws: whatever happened before, a proposed round is sound."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from league.pairing import SYSTEMS, History
from tests.support.pairing import all_pairings, faults, histories


@settings(max_examples=150, deadline=None)
@given(histories(), st.sampled_from(sorted(SYSTEMS)), st.integers(0, 10**6))
def test_every_active_competitor_once_nobody_against_themselves_none_gone(h: History, system: str, seed: int) -> None:
    round_ = SYSTEMS[system](h, h.played_rounds + 1, seed, 8)
    seen = [k for p in round_ for k in (p.first, p.second) if k is not None]
    assert sorted(seen) == sorted(h.active)
    assert all(p.first != p.second for p in round_)
    assert sum(p.second is None for p in round_) == len(h.active) % 2


@settings(max_examples=150, deadline=None)
@given(histories(), st.integers(0, 10**6))
def test_swiss_has_no_more_rematches_or_second_byes_than_it_must(h: History, seed: int) -> None:
    round_ = SYSTEMS["swiss"](h, h.played_rounds + 1, seed, 8)
    best = min(faults(h, pairs) for pairs in all_pairings(list(h.active)))
    assert faults(h, [(p.first, p.second) for p in round_]) == best


@settings(max_examples=100, deadline=None)
@given(histories(), st.integers(0, 10**6))
def test_the_bye_goes_to_the_lowest_ranked_without_one_when_nothing_else_is_at_stake(h: History, seed: int) -> None:
    round_ = SYSTEMS["swiss"](h, h.played_rounds + 1, seed, 8)
    bye = next((p.first for p in round_ if p.second is None), None)
    if bye is None or h.met:
        return
    candidates = [p for p in h.active if not h.byes[p]]
    if candidates:
        assert bye == max(candidates, key=lambda p: h.ranks[p])

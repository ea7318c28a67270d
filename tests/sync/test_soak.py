"""A short soak (`benchmarks/bench_soak.py`):
every sync through random faults ends whole, or with exit 3 and nothing changed."""

from __future__ import annotations

from benchmarks.bench_soak import FAULTS, soak

SEED = 8
"""A seed whose 5 syncs meet every kind of fault and a storm (its storm is the third sync)."""


def test_a_short_soak_corrupts_and_duplicates_nothing() -> None:
    figures = soak(5, seed=SEED, rate=0.35, storms=0.1, budget=4.0)
    assert figures.failures == [] and figures.corrupted == figures.duplicated == 0
    assert figures.syncs == 5 and set(figures.faults) == set(FAULTS), "every kind of fault was injected"
    assert figures.outcomes["exit 1"] and figures.outcomes["exit 3 (storm)"], figures.outcomes

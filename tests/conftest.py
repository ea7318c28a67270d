"""Every test runs at one frozen instant, so nothing a test compares (a Problems tab's minute, a history
time, an image's "updated" line) can depend on when or how fast the suite runs."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
import time_machine

pytest_plugins = ["tests.support.fixtures"]

FROZEN = dt.datetime(2026, 3, 14, 18, 0, 30, tzinfo=dt.UTC)
"""The wall clock every test sees; 30 s past the minute, far from any boundary a test could cross."""


@pytest.fixture(autouse=True)
def one_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """Syncs in the tests draw on one core: the suite already runs on both, and a drawing helper forked from a test
    worker would only compete with the other worker. `tests/jobs/test_parallel.py` forks the helper on purpose, and
    the tests that run `league` in a process of its own use it as a user's run does."""
    monkeypatch.setattr("jobs.parallel._fork_pays", lambda: False)


@pytest.fixture(autouse=True)
def frozen_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The frozen instant, in UTC whatever zone the machine is set to (times are shown in the machine's zone)."""
    monkeypatch.setenv("TZ", "UTC")
    with time_machine.travel(FROZEN, tick=False):
        yield

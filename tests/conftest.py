"""Every test runs at one frozen instant, so nothing a test compares (a Problems tab's minute, a history
time, an image's "updated" line) can depend on when or how fast the suite runs."""

from __future__ import annotations

import datetime as dt
import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import time_machine

pytest_plugins = ["tests.support.fixtures"]

DemoCopy = Callable[[str, Path], Path]
"""`demo_copy(preset, folder)`: the folder holding a copy of the preset's demo league."""
FROZEN = dt.datetime(2026, 3, 14, 18, 0, 30, tzinfo=dt.UTC)
"""The wall clock every test sees; 30 s past the minute, far from any boundary a test could cross."""


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Three workers on two cores (`-n auto`): part of the suite waits on real clocks (a Prefect server starting, a
    request timing out, a live server polled), and a third worker fills those waits with other tests (114 s to
    101 s on the 2-core machine)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, cores * 3 // 2)


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


@contextmanager
def as_in_a_test() -> Iterator[None]:
    """What every test runs under (the frozen instant in UTC, syncs on one core), for a fixture wider than a test."""
    with pytest.MonkeyPatch.context() as patch, time_machine.travel(FROZEN, tick=False):
        patch.setenv("TZ", "UTC")
        patch.setattr("jobs.parallel._fork_pays", lambda: False)
        yield


@pytest.fixture(scope="session")
def demo_copy(tmp_path_factory: pytest.TempPathFactory) -> DemoCopy:
    """A copy at a folder of a preset's demo league as `league demo` makes it: each preset's demo is made once a test
    process (a whole sync, images and posters drawn), and a test changes only its own copy."""
    from typer.testing import CliRunner

    from jobs.cli import app

    made: dict[str, Path] = {}

    def copy(ruleset: str, where: Path) -> Path:
        if ruleset not in made:
            folder = tmp_path_factory.mktemp("demo") / ruleset
            with as_in_a_test():
                result = CliRunner().invoke(app, ["demo", str(folder), "--ruleset", ruleset])
            assert result.exit_code == 0, result.output
            made[ruleset] = folder
        return Path(shutil.copytree(made[ruleset], where))

    return copy

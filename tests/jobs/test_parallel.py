"""The drawing helper: a forked process draws its share of a sync's files, the same bytes as drawn here, and they
are drawn here when it fails."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from exporters.branding import Branding
from exporters.render import File, draw
from history.snapshot import EventInfo, Snapshot
from jobs import parallel
from tests.exporters.tables import UPDATED, leaderboard, standings

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

ROOT = Path(__file__).parents[2]
GROUPS = ["png:Leaderboard", "png:Standings QR2-GB5", "txt", "html", "pdf"]
FORK_PAYS = parallel._fork_pays
"""The real test, which the suite's `one_core` fixture replaces for every other test."""


@pytest.fixture()
def snap() -> Snapshot:
    events = (EventInfo("QR2-GB5", "Unmatched League QR2 at Greenbelt 5", "2024-09-07", "Greenbelt 5"),)
    return Snapshot(UPDATED, "abc123", "GL Unmatched League", (leaderboard(), standings()), events)


@pytest.fixture()
def forked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Force the fork: the test runner's own threads may turn it off."""
    monkeypatch.setattr(parallel, "_fork_pays", lambda: True)


def inline(snap: Snapshot) -> dict[str, list[File]]:
    return {group: draw(snap, Branding(), group) for group in GROUPS}


def helper_took(beside: parallel.Helper, groups: int) -> None:
    """Wait until the helper has taken its first `groups` groups, as it does while a sync writes its workbook."""
    for _ in range(600):
        if beside._ends[0] >= groups:
            return
        time.sleep(0.05)
    raise AssertionError("the helper took no group in 30 s")


def test_the_helper_draws_its_share_the_same_as_this_process(
    snap: Snapshot, forked: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def spy(shot: Snapshot, branding: Branding, group: str) -> list[File]:
        with (tmp_path / "drew").open("a") as log:
            log.write(f"{os.getpid()} {group}\n")
        return draw(shot, branding, group)

    monkeypatch.setattr(parallel, "draw", spy)
    with parallel.helper() as beside:
        assert beside is not None and beside.start(snap, Branding(), GROUPS)
        helper_took(beside, 1)
        made = beside.finish()
    assert made == inline(snap) and list(made) == GROUPS
    by = {
        group: int(pid) for pid, group in (line.split(" ", 1) for line in (tmp_path / "drew").read_text().splitlines())
    }
    assert sorted(by) == sorted(GROUPS), "each group drawn once"
    assert by["pdf"] != os.getpid() and by["txt"] == by["html"] == os.getpid(), by
    assert [name for name, _ in made["pdf"]] == ["leaderboard-a4.pdf", "leaderboard-a3.pdf"]


def test_each_group_is_taken_once_the_helper_from_the_heaviest_this_process_from_the_lightest() -> None:
    import multiprocessing

    ends = multiprocessing.get_context("fork").Array("i", [0, 7])
    taken = [parallel._take(ends, front=n % 3 == 0) for n in range(9)]
    assert taken == [0, 6, 5, 1, 4, 3, 2, None, None]
    order = parallel._heaviest_first(["txt", "champion:W1", "png:Leaderboard", "html", "pdf", "bracket:W1"])
    assert order[0] == "pdf" and order[1] == "png:Leaderboard" and set(order[-2:]) == {"txt", "html"}


@pytest.mark.parametrize("failure", ["exits", "raises", "hangs"])
def test_the_helpers_groups_are_drawn_here_when_it_fails(
    snap: Snapshot, forked: None, failure: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(pipe: Connection, ends: object) -> None:
        pipe.recv()
        parallel._take(ends, front=True)  # it takes the posters, then never sends them
        if failure == "exits":
            os._exit(3)
        if failure == "hangs":
            time.sleep(60)
        pipe.send(None)

    monkeypatch.setattr(parallel, "_serve", broken)
    monkeypatch.setattr(parallel, "WAIT_SECONDS", 0.5)
    with parallel.helper() as beside:
        assert beside is not None and beside.start(snap, Branding(), GROUPS)
        helper_took(beside, 1)
        assert beside.finish() == inline(snap)


def test_a_helper_sent_no_job_ends_with_the_sync(forked: None) -> None:
    with parallel.helper() as beside:
        assert beside is not None
    assert not beside._process.is_alive(), "closing the pipe ends its wait"


def test_no_helper_while_another_thread_runs(snap: Snapshot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "_fork_pays", FORK_PAYS)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        with parallel.helper() as beside:
            assert beside is None
            assert parallel.draw_groups(snap, Branding(), GROUPS, beside) == inline(snap)
    finally:
        stop.set()
        other.join()


ORPHAN = """
import os, sys, time
from pathlib import Path
from jobs import parallel

marker, when = Path(sys.argv[1]), sys.argv[2]
parallel._fork_pays = lambda: True

def stuck(snap, branding, group):
    marker.write_text(str(os.getpid()))
    time.sleep(600)

parallel.draw = stuck
with parallel.helper() as beside:
    if when == "waiting":
        marker.write_text(str(beside._process.pid))
        time.sleep(600)
    beside.start(None, None, ["pdf"])
    while beside._ends[0] < 1:
        time.sleep(0.01)
    beside.finish()
"""
"""A sync in a process of its own: its helper either waits for its job or is stuck drawing it; the helper's pid
is written to the marker file once it is there."""


def _gone(pid: int) -> bool:
    """No such process, or one that has ended and waits only to be reaped (its new parent may never reap it)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except FileNotFoundError:
        return True
    return fields[0] in ("Z", "X")


def _poll(done: Callable[[], bool], tries: int) -> bool:
    """Whether `done` came true within `tries` looks, a twentieth of a second apart."""
    for _ in range(tries):
        if done():
            return True
        time.sleep(0.05)
    return done()


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads a process's state from /proc")
@pytest.mark.parametrize("when", ["waiting", "drawing"])
def test_a_helper_ends_when_its_sync_is_killed(tmp_path: Path, when: str) -> None:
    marker = tmp_path / "helper.pid"
    sync = subprocess.Popen(
        [sys.executable, "-c", ORPHAN, str(marker), when],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    pid = 0
    try:
        assert _poll(lambda: marker.is_file() and marker.read_text() != "", 1200), "the helper started"
        pid = int(marker.read_text())
        assert pid != sync.pid and not _gone(pid)
        sync.send_signal(signal.SIGKILL)
        sync.wait(timeout=30)
        assert _poll(lambda: _gone(pid), 200), f"the helper {pid} was still there 10 s after its sync was killed"
    finally:
        if pid and not _gone(pid):
            os.kill(pid, signal.SIGKILL)
        if sync.poll() is None:
            sync.kill()
            sync.wait()
        assert sync.stderr is not None
        sync.stderr.close()

"""The drawing helper: a forked process draws its share of a sync's files, the same bytes as drawn here, and they
are drawn here when it fails."""

from __future__ import annotations

import os
import threading
import time
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


def test_the_helper_draws_its_share_the_same_as_this_process(snap: Snapshot, forked: None, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def spy(shot: Snapshot, branding: Branding, group: str) -> list[File]:
        with (tmp_path / "drew").open("a") as log:
            log.write(f"{os.getpid()} {group}\n")
        return draw(shot, branding, group)

    monkeypatch.setattr(parallel, "draw", spy)
    with parallel.helper() as beside:
        assert beside is not None
        made = parallel.draw_groups(snap, Branding(), GROUPS, beside)
    assert made == inline(snap)
    by = {group: int(pid) for pid, group in (line.split(" ", 1) for line in (tmp_path / "drew").read_text().splitlines())}
    assert by["pdf"] != os.getpid() and by["txt"] == by["html"] == os.getpid(), by
    assert [name for name, _ in made["pdf"]] == ["leaderboard-a4.pdf", "leaderboard-a3.pdf"]


def test_the_posters_and_images_are_shared_by_what_they_cost() -> None:
    pngs = [f"png:Standings E{i}" for i in range(16)]
    theirs = parallel._share(["txt", "html", "pdf", *pngs])
    assert "pdf" in theirs and "txt" not in theirs and "html" not in theirs
    assert len([g for g in theirs if g.startswith("png:")]) == 5, "7 + 5 against 11: both sides about even"
    assert parallel._share(["txt", "html"]) == []


@pytest.mark.parametrize("failure", ["exits", "raises", "hangs"])
def test_the_helpers_groups_are_drawn_here_when_it_fails(snap: Snapshot, forked: None, failure: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(pipe: Connection) -> None:
        pipe.recv()
        if failure == "exits":
            os._exit(3)
        if failure == "hangs":
            time.sleep(60)
        pipe.send(None)

    monkeypatch.setattr(parallel, "_serve", broken)
    monkeypatch.setattr(parallel, "WAIT_SECONDS", 0.5)
    with parallel.helper() as beside:
        assert parallel.draw_groups(snap, Branding(), GROUPS, beside) == inline(snap)


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

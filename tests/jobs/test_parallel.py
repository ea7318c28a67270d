"""The posters drawn in a forked process: the same bytes as drawn here, and drawn here when that process fails."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from exporters.branding import Branding
from exporters.render import draw
from exporters.snapshot import EventInfo, Snapshot
from jobs import parallel
from tests.exporters.tables import UPDATED, leaderboard, standings

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

GROUPS = ["txt", "html", "pdf"]


@pytest.fixture()
def snap() -> Snapshot:
    events = (EventInfo("QR2-GB5", "Unmatched League QR2 at Greenbelt 5", "2024-09-07", "Greenbelt 5"),)
    return Snapshot(UPDATED, "abc123", "GL Unmatched League", (leaderboard(), standings()), events)


@pytest.fixture()
def forked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Force the fork: the test runner's own threads may turn it off."""
    monkeypatch.setattr(parallel, "_fork_pays", lambda: True)


def inline(snap: Snapshot) -> dict[str, list[tuple[str, bytes]]]:
    return {group: draw(snap, Branding(), group) for group in GROUPS}


def test_the_forked_posters_are_the_posters_drawn_here(snap: Snapshot, forked: None, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    real = parallel._draw_into

    def spy(send: Connection, *args: Any) -> None:
        (tmp_path / "drew").write_text(str(os.getpid()))
        real(send, *args)

    monkeypatch.setattr(parallel, "_draw_into", spy)
    made = parallel.draw_groups(snap, Branding(), GROUPS)
    assert made == inline(snap)
    assert [name for name, _ in made["pdf"]] == ["leaderboard-a4.pdf", "leaderboard-a3.pdf"]
    assert int((tmp_path / "drew").read_text()) != os.getpid()


@pytest.mark.parametrize("failure", ["exits", "raises", "hangs"])
def test_posters_are_drawn_here_when_the_forked_process_fails(snap: Snapshot, forked: None, failure: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(send: Connection, *_: object) -> None:
        if failure == "exits":
            os._exit(3)
        if failure == "hangs":
            time.sleep(60)
        send.send(None)

    monkeypatch.setattr(parallel, "_draw_into", broken)
    monkeypatch.setattr(parallel, "WAIT_SECONDS", 0.5)
    assert parallel.draw_groups(snap, Branding(), GROUPS) == inline(snap)


def test_no_fork_while_another_thread_runs(snap: Snapshot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "_draw_into", lambda *_: pytest.fail("forked beside a running thread"))
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not parallel._fork_pays()
        assert parallel.draw_groups(snap, Branding(), GROUPS) == inline(snap)
    finally:
        stop.set()
        other.join()

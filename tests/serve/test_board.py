"""The board the watcher publishes to and the update streams wait on."""

from __future__ import annotations

import threading
from dataclasses import replace

from serve.board import LiveBoard
from serve.view import LiveView
from tests.support.event_day import NOW


def test_a_view_gets_the_next_version_only_when_it_shows_something_new(day_view: LiveView) -> None:
    board = LiveBoard()
    assert board.current() is None
    first = board.publish(day_view)
    assert first.version == 1 and board.current() == first
    assert board.publish(day_view).version == 1  # a sync that changed nothing: no phone refreshes
    later = board.publish(replace(day_view, synced=NOW.replace(minute=5)))
    assert later.version == 2 and board.current() == later


def test_a_waiter_is_given_the_view_published_after_it_began_waiting(day_view: LiveView) -> None:
    board = LiveBoard()
    board.publish(day_view)
    seen: list[LiveView | None] = []
    started = threading.Event()

    def wait() -> None:
        started.set()
        seen.append(board.wait_newer(1, timeout=30))

    waiter = threading.Thread(target=wait)
    waiter.start()
    started.wait()
    board.publish(replace(day_view, league="Renamed"))
    waiter.join(timeout=30)
    assert [v.version if v else None for v in seen] == [2]
    assert board.wait_newer(1, timeout=0) == board.current()  # already newer: no wait


def test_wake_ends_a_wait_with_nothing_new(day_view: LiveView) -> None:
    board = LiveBoard()
    board.publish(day_view)
    seen: list[LiveView | None] = []
    waiter = threading.Thread(target=lambda: seen.append(board.wait_newer(1, timeout=30)))
    waiter.start()
    while not seen:
        board.wake()
        waiter.join(timeout=0.05)
    assert seen == [None]

"""200 phones at once on loopback, each with its update stream open and refreshing pages, while syncs publish:
every answer is 200 and whole, and every stream hears of the versions. How fast is for benchmarks/bench_live.py."""

from __future__ import annotations

import threading
from dataclasses import replace

from serve.app import RunningServer
from serve.board import LiveBoard
from serve.view import LiveView
from tests.support.live_load import phones

PHONES = 200
REFRESHES = 4


def test_two_hundred_phones_get_every_page_whole_while_syncs_publish(live: tuple[RunningServer, LiveBoard],
                                                                      day_view: LiveView) -> None:
    server, board = live
    crowd = phones(server.port, PHONES, REFRESHES, pause=0.0)
    published = [1]
    done = threading.Event()

    def syncs() -> None:
        n = 0
        while not done.wait(0.05):
            n += 1
            published.append(board.publish(replace(day_view, league=f"Sync {n}")).version)

    publisher = threading.Thread(target=syncs)
    publisher.start()
    for t in crowd.pages:
        t.join(timeout=300)
    done.set()
    publisher.join(timeout=60)
    seen = crowd.finish()
    assert seen.failures == []
    assert len(seen.latencies) == PHONES * REFRESHES
    assert seen.versions <= set(published) and len(seen.versions) > 1
    assert len(seen.streamed) == PHONES and min(seen.streamed) >= 1  # each stream told at least the version at hand

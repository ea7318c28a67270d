"""200 phones at once on loopback, each with its update stream open and refreshing pages, while syncs publish:
every answer is 200 and whole, and every stream hears of the versions. How fast is for benchmarks/bench_live.py.

The versions are published between rounds of refreshes, never on a timer: what the phones see cannot depend on how
busy the machine is."""

from __future__ import annotations

import http.client
import threading
from dataclasses import replace

from serve.app import RunningServer
from serve.board import LiveBoard
from serve.view import LiveView
from tests.support.live_load import phones

PHONES = 200
REFRESHES = 4


def wait_shown(stream: http.client.HTTPResponse, version: int) -> None:
    """Read an update stream until it tells `version` or a later one: the server shows it from then on."""
    while not (line := stream.fp.readline()).startswith(b"data: ") or int(line[6:]) < version:
        assert line, "the stream ended"


def test_two_hundred_phones_get_every_page_whole_while_syncs_publish(
    live: tuple[RunningServer, LiveBoard], day_view: LiveView
) -> None:
    server, board = live
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    conn.request("GET", "/events")
    stream = conn.getresponse()
    published = [1]

    def sync() -> None:
        """Once every phone has finished a round: wait until the server shows the version published a round before,
        then publish the next, which the next round's refreshes race."""
        wait_shown(stream, published[-1])
        published.append(board.publish(replace(day_view, league=f"Sync {len(published)}")).version)

    rounds = threading.Barrier(PHONES, action=sync, timeout=300)
    try:
        seen = phones(server.port, PHONES, REFRESHES, pause=0.0, between=rounds.wait).finish(300)
    finally:
        conn.close()
    assert seen.failures == [] and not rounds.broken
    assert len(seen.latencies) == PHONES * REFRESHES
    assert published == list(range(1, REFRESHES + 1))
    assert seen.versions <= set(published)
    assert 1 in seen.versions and max(seen.versions) >= published[-2]  # the first round saw 1, the last at least 3
    assert len(seen.streamed) == PHONES and min(seen.streamed) >= 1  # each stream told at least the version at hand

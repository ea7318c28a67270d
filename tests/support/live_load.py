"""Phones on loopback for the live server: each keeps its update stream open and refreshes pages on its own
connection; every answer is checked whole. The load test asserts what they saw, the benchmark times it."""

from __future__ import annotations

import http.client
import random
import re
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

PATHS = ("/", "/pairings", "/screen", "/pairings")
"""What a phone asks for, in turn: mostly the pairings."""
VERSION = re.compile(rb'<meta name="live-version" content="(\d+)">')


@dataclass
class Seen:
    """What every phone saw."""

    latencies: list[float] = field(default_factory=list)
    """Seconds from sending a request to having read its whole answer, one per request."""
    failures: list[str] = field(default_factory=list)
    versions: set[int] = field(default_factory=set)
    """The page versions the answers carried."""
    streamed: list[int] = field(default_factory=list)
    """Per phone, the number of versions its update stream told it."""
    lock: threading.Lock = field(default_factory=threading.Lock)


def check(status: int, length: str | None, body: bytes) -> str:
    """What is wrong with an answer, or empty: a page is 200, as long as it says, and whole."""
    if status != 200:
        return f"status {status}"
    if length is None or int(length) != len(body):
        return f"length {length} but {len(body)} bytes"
    if not body.endswith(b"</html>\n"):
        return "the page is cut short"
    return ""


def phone(
    port: int, requests: int, pause: float, seed: int, seen: Seen, between: Callable[[], object] | None = None
) -> None:
    """One phone's refreshes: `requests` pages on one kept-alive connection, `pause` seconds apart (jittered),
    `between` called before each but the first (a test's barrier)."""
    rng = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        for n in range(requests):
            if between and n:
                between()
            path = PATHS[(seed + n) % len(PATHS)]
            start = time.perf_counter()
            try:
                conn.request("GET", path)
                resp = conn.getresponse()
                body = resp.read()
            except (OSError, http.client.HTTPException) as exc:
                with seen.lock:
                    seen.failures.append(f"{path}: {exc!r}")
                conn.close()
                continue
            took = time.perf_counter() - start
            problem = check(resp.status, resp.getheader("Content-Length"), body)
            found = VERSION.search(body)
            with seen.lock:
                seen.latencies.append(took)
                if problem:
                    seen.failures.append(f"{path}: {problem}")
                if found:
                    seen.versions.add(int(found.group(1)))
            if pause:
                time.sleep(pause * rng.uniform(0.5, 1.5))
    finally:
        conn.close()


def _streams(port: int, count: int, seen: Seen, stop: threading.Event) -> None:
    """Every phone's `/events`, read by one thread (as many threads would crowd out the refreshes being timed):
    counts the versions each stream is told until `stop`."""
    told: dict[socket.socket, int] = {}
    rest: dict[socket.socket, bytes] = {}
    with selectors.DefaultSelector() as selector:
        for _ in range(count):
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=60)
                sock.sendall(b"GET /events HTTP/1.1\r\nHost: phone\r\nAccept: text/event-stream\r\n\r\n")
            except OSError as exc:
                with seen.lock:
                    seen.failures.append(f"/events: {exc!r}")
                continue
            sock.setblocking(False)
            told[sock], rest[sock] = 0, b""
            selector.register(sock, selectors.EVENT_READ, sock)
        while not stop.is_set() and selector.get_map():
            for key, _ in selector.select(timeout=0.2):
                sock = key.data
                chunk = sock.recv(65536)
                if not chunk:
                    selector.unregister(sock)
                    continue
                lines = (rest[sock] + chunk).split(b"\n")
                rest[sock] = lines.pop()
                told[sock] += sum(line.startswith(b"data: ") for line in lines)
    for sock in told:
        sock.close()
    with seen.lock:
        seen.streamed += told.values()


@dataclass
class Phones:
    """Phones under way: their refreshes and their update streams."""

    seen: Seen
    pages: list[threading.Thread]
    streams: list[threading.Thread]
    stop: threading.Event

    def finish(self, seconds: float = 120) -> Seen:
        """Wait for every refresh, then close the streams (each thread waited for at most `seconds`)."""
        for t in self.pages:
            t.join(timeout=seconds)
        self.stop.set()
        for t in self.streams:
            t.join(timeout=seconds)
        return self.seen


def phones(port: int, count: int, requests: int, pause: float, between: Callable[[], object] | None = None) -> Phones:
    """`count` phones, each opening its update stream and refreshing pages, all started at once; `between` is called
    by each phone before each refresh but its first."""
    seen, stop = Seen(), threading.Event()
    streams = [threading.Thread(target=_streams, args=(port, count, seen, stop), daemon=True)]
    pages = [
        threading.Thread(target=phone, args=(port, requests, pause, i, seen, between), daemon=True)
        for i in range(count)
    ]
    for t in (*streams, *pages):
        t.start()
    return Phones(seen, pages, streams, stop)


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))] if ordered else 0.0

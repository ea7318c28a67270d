"""The live server against phones that drop off mid-answer, clients that drip a request, and more connections than
it takes: no traceback, a request arrives in time or not at all, and 503 beyond the limit. The server runs in a
thread of the test's process, on loopback, with the limits (and the clock) each test gives it."""

from __future__ import annotations

import os
import socket
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from serve.limits import Limits
from serve.server import Pages, Server, frame, listen, run

PAGE = b"<!DOCTYPE html>\n<html><body>the pairings</body></html>\n"
ASK = b"GET /pairings HTTP/1.1\r\nHost: phone\r\nConnection: close\r\n\r\n"


@contextmanager
def serving(exports: Path, limits: Limits, pairings: bytes = PAGE) -> Iterator[int]:
    """`run` in a thread on a free loopback port, `pairings` at `/pairings`; yields the port."""
    listening = listen("127.0.0.1", 0)
    port = int(listening.getsockname()[1])
    read_end, write_end = os.pipe()
    with os.fdopen(read_end, "rb") as source, os.fdopen(write_end, "wb") as feed:
        thread = threading.Thread(target=run, args=(listening, exports, source, limits), daemon=True)
        thread.start()
        try:
            feed.write(frame(Pages(1, PAGE, pairings, PAGE)))
            feed.flush()
            yield port
        finally:
            feed.close()
            thread.join(timeout=30)


def connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=30)


def answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    got = b""
    while chunk := sock.recv(65536):
        got += chunk
    return got


class Clock:
    """The request deadline's clock, moved by the test; `read` is set once the server has looked at it."""

    def __init__(self) -> None:
        self.now = 0.0
        self.read = threading.Event()

    def __call__(self) -> float:
        self.read.set()
        return self.now


@pytest.fixture()
def closed(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Set once the server has closed a connection, after whatever it printed about it."""
    done = threading.Event()
    original = Server.shutdown_request

    def shutdown(self: Server, request: Any) -> None:
        original(self, request)
        done.set()

    monkeypatch.setattr(Server, "shutdown_request", shutdown)
    return done


def test_a_phone_dropping_off_mid_answer_prints_nothing(
    exports: Path, closed: threading.Event, capfd: pytest.CaptureFixture[str]
) -> None:
    big = PAGE + b"x" * (16 << 20)  # more than the socket buffers hold: the server is still writing when the phone goes
    with serving(exports, Limits(), big) as port:
        phone = socket.socket()
        phone.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        phone.connect(("127.0.0.1", port))
        phone.sendall(ASK)
        assert phone.recv(12) == b"HTTP/1.1 200"
        phone.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        phone.close()  # a reset, mid-answer
        assert closed.wait(60)
    assert capfd.readouterr().err == ""


def test_a_fault_in_league_is_one_line_not_a_traceback(
    exports: Path, closed: threading.Event, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: Server, name: str) -> bytes:
        raise ValueError("a bug")

    monkeypatch.setattr(Server, "image", broken)
    with serving(exports, Limits()) as port, connect(port) as phone:
        phone.sendall(b"GET /leaderboard-1200x630.png HTTP/1.1\r\nHost: phone\r\n\r\n")
        assert answer(phone) == b""
        assert closed.wait(60)
    assert capfd.readouterr().err == "league live server: ValueError answering a page: a bug\n"


def test_a_request_dripped_past_its_deadline_is_dropped_unanswered(exports: Path) -> None:
    clock = Clock()
    with serving(exports, Limits(request_seconds=10, clock=clock)) as port:
        with connect(port) as slow:
            slow.sendall(b"GET /pairings HTTP/1.1\r\n")
            assert clock.read.wait(60)  # its first bytes are in: the deadline is 10 s from now
            clock.now = 10.5
            slow.sendall(b"X-Slow: 1\r\n")
            assert answer(slow) == b""
        with connect(port) as prompt:  # a request's time starts at its own first byte
            prompt.sendall(ASK)
            assert answer(prompt).startswith(b"HTTP/1.1 200")


def test_a_request_arriving_within_its_deadline_is_answered(exports: Path) -> None:
    clock = Clock()
    with serving(exports, Limits(request_seconds=10, clock=clock)) as port, connect(port) as phone:
        phone.sendall(b"GET /pairings HTTP/1.1\r\n")
        assert clock.read.wait(60)
        clock.now = 9.5
        phone.sendall(b"Host: phone\r\nConnection: close\r\n\r\n")
        assert answer(phone).endswith(PAGE)


def test_beyond_the_connection_limit_a_client_gets_503_until_a_place_frees(exports: Path) -> None:
    with serving(exports, Limits(connections=2)) as port:
        held = [connect(port), connect(port)]
        try:
            with connect(port) as third:
                busy = answer(third)
            assert busy.startswith(b"HTTP/1.1 503 Service Unavailable\r\n") and b"\r\nRetry-After: 10\r\n" in busy
            assert busy.endswith(b"\r\n\r\nToo many open connections; try again in a few seconds.\n")
            held[0].sendall(ASK)
            assert answer(held[0]).endswith(PAGE)  # closed by the server: its place is free
            with connect(port) as fourth:
                fourth.sendall(ASK)
                assert answer(fourth).endswith(PAGE)
        finally:
            for sock in held:
                sock.close()

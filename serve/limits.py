"""What the live server gives one client: the time its request may take to arrive, and a place among the
connections open at once.

Without them a client sending a header line every 2 seconds kept its thread for about 50 minutes (a timeout per
read, 100 lines allowed), and nothing capped the connections: a few slow clients could starve the phones. Like
`serve/server.py`, this imports nothing but the standard library."""

from __future__ import annotations

import io
import socket
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

REQUEST_SECONDS = 10.0
"""How long a request may take to arrive whole (its line and headers), counted from its first byte."""
IDLE_SECONDS = 30.0
"""How long a connection may wait for the first byte of its next request."""
MAX_CONNECTIONS = 1500
"""Connections open at once (update streams included); more are answered 503 at once and closed."""
_BUSY_TEXT = b"Too many open connections; try again in a few seconds.\n"
BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 10\r\n"
    b"Connection: close\r\nContent-Length: " + str(len(_BUSY_TEXT)).encode() + b"\r\n\r\n" + _BUSY_TEXT
)
"""The whole answer to a connection beyond the limit."""


@dataclass(frozen=True)
class Limits:
    """The server's limits, and the clock the request deadline is measured on (a test's own clock)."""

    request_seconds: float = REQUEST_SECONDS
    idle_seconds: float = IDLE_SECONDS
    connections: int = MAX_CONNECTIONS
    clock: Callable[[], float] = time.monotonic


class Arrival(io.RawIOBase):
    """A connection's bytes as the request reader reads them: the first byte of a request may take `idle_seconds`,
    the whole request then `request_seconds`, however slowly a client drips it (TimeoutError past that)."""

    def __init__(self, sock: socket.socket, limits: Limits) -> None:
        super().__init__()
        self._sock, self._limits = sock, limits
        self._deadline: float | None = None
        sock.settimeout(limits.idle_seconds)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._deadline is None:
            got = self._sock.recv_into(buffer)
            if got:
                self._deadline = self._limits.clock() + self._limits.request_seconds
            return got
        left = self._deadline - self._limits.clock()
        if left <= 0:
            raise TimeoutError("the request took too long to arrive")
        self._sock.settimeout(left)
        return self._sock.recv_into(buffer)

    def arrived(self) -> None:
        """The request is read: the answer is written with the idle timeout, the next request timed afresh."""
        self._deadline = None
        self._sock.settimeout(self._limits.idle_seconds)


class Door:
    """Counts the connections open, letting in at most `limit`."""

    def __init__(self, limit: int) -> None:
        self._lock = threading.Lock()
        self._limit, self._open = limit, 0

    def enter(self) -> bool:
        with self._lock:
            if self._open >= self._limit:
                return False
            self._open += 1
            return True

    def leave(self) -> None:
        with self._lock:
            self._open -= 1


def turn_away(sock: socket.socket) -> None:
    """Answer 503 without a thread and without waiting (the accepting thread does it). What the client sent already
    is read first: closing on unread bytes would reset the connection, and the phone could lose the answer."""
    sock.setblocking(False)
    with suppress(OSError):
        sock.recv(65536)
    with suppress(OSError):
        sock.send(BUSY)

"""How `league watch` waits and measures time: a `Clock` the tests drive in their own time, and the CLI's, woken
early by Ctrl-C or SIGTERM.

Its own module because both the poll loop and the Sheets source (its read quota waits too) wait on it."""

from __future__ import annotations

import threading
import time
from typing import Protocol


class Stopped(Exception):
    """The watch was told to stop while it waited."""


class Clock(Protocol):
    """How the watch waits and measures time."""

    def monotonic(self) -> float: ...

    def sleep(self, seconds: float) -> None:
        """Wait; raise Stopped if the watch is told to stop meanwhile."""
        ...

    def stopping(self) -> bool:
        """Whether the watch was told to stop (then it starts no new write)."""
        ...


class StopClock:
    """The real clock, its waits cut short by `stop` (set by a signal handler)."""

    def __init__(self, stop: threading.Event) -> None:
        self.stop = stop

    def monotonic(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        if self.stop.wait(max(0.0, seconds)):
            raise Stopped

    def stopping(self) -> bool:
        return self.stop.is_set()

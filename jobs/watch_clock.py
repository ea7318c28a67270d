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


SLICE = 0.25
"""The longest the watch waits without running Python. A signal's handler runs in the main thread only when it runs
Python, and the kernel may hand SIGTERM to another thread of the process (a library's): a watch waiting out its
whole interval in one wait ignored SIGTERM that long (once in about eight runs)."""


class StopClock:
    """The real clock, its waits cut short by `stop` (set by another thread) or by a signal (`signal`)."""

    def __init__(self, stop: threading.Event) -> None:
        self.stop = stop
        self.signalled = False

    def signal(self) -> None:
        """What Ctrl-C and SIGTERM call: a flag, no lock. The handler runs between two steps of the main thread,
        which may then hold `stop`'s own lock (setting the event there deadlocked a watch once in a few runs)."""
        self.signalled = True

    def monotonic(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        end = time.monotonic() + max(0.0, seconds)
        while not self.stopping():
            left = end - time.monotonic()
            if left <= 0:
                return
            self.stop.wait(min(left, SLICE))
        raise Stopped

    def stopping(self) -> bool:
        return self.signalled or self.stop.is_set()

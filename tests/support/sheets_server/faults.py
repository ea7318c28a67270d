"""Misbehaviour injected in front of Sheets API requests (never the token endpoint): error answers, late answers,
dropped connections, before or after the request is applied."""

from __future__ import annotations

import copy
import dataclasses
import threading
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Fault:
    """A misbehaviour applied to the next requests whose "METHOD path" holds `match`."""

    status: int = 429
    """HTTP status to answer with (ignored when drop=True)."""
    body: str = "json"
    """"json" (Google-style error JSON) or "html" (Google front-end error page)."""
    retry_after: float | None = None
    """Adds a Retry-After header (seconds)."""
    delay: float = 0.0
    """Sleep before answering; status=200 and delay>0: then served normally."""
    drop: bool = False
    """Close the connection without any answer."""
    after: bool = False
    """Apply the request first, then misbehave: the answer (not the request) is lost, late or an error."""
    times: int = 1
    """How many matching requests it applies to."""
    match: str = ""
    """Substring of "METHOD path" ("" = every Sheets request)."""


Chaos = Callable[[str, str], "Fault | None"]
"""Chooses a fault (or none) for a request that no queued fault matches: (method, path)."""


class Faults:
    """The queued faults, first match first, each used up after `times` requests."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queued: list[Fault] = []

    def inject(self, *faults: Fault) -> None:
        with self._lock:
            self._queued.extend(dataclasses.replace(f) for f in faults)

    def clear(self) -> None:
        with self._lock:
            self._queued.clear()

    def take(self, method: str, path: str, chaos: Chaos | None) -> Fault | None:
        """The fault for this request: the first queued one it matches, else what `chaos` chooses."""
        with self._lock:
            for fault in self._queued:
                if fault.times > 0 and fault.match in f"{method} {path}":
                    fault.times -= 1
                    return copy.copy(fault)
            self._queued = [f for f in self._queued if f.times > 0]
        return chaos(method, path) if chaos else None

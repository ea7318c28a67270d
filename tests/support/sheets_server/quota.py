"""Google's per-minute request quotas, on when a test asks: each account's reads (GETs) and writes (everything else)
counted in a sliding window, a request past the limit answered 429 as Google answers it."""

from __future__ import annotations

import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Quota:
    """At most `reads` GETs and `writes` other requests per account in any `window` seconds of `clock`."""

    reads: int = 60
    writes: int = 60
    window: float = 60.0
    clock: Callable[[], float] = time.monotonic
    refused: int = 0
    """Requests answered 429 for quota."""
    admitted: int = 0
    _sent: dict[tuple[str, bool], deque[float]] = field(default_factory=lambda: defaultdict(deque))
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def admit(self, account: str, method: str) -> bool:
        """Count the request if it fits its account's quota; False (a 429) when it does not."""
        read = method.upper() == "GET"
        with self._lock:
            now = self.clock()
            sent = self._sent[account, read]
            while sent and sent[0] <= now - self.window:
                sent.popleft()
            if len(sent) >= (self.reads if read else self.writes):
                self.refused += 1
                return False
            sent.append(now)
            self.admitted += 1
            return True

"""Google's per-user quotas kept by the jobs that send many requests: a sliding window, waited on before each one.

`league watch` polls a spreadsheet every few seconds for hours; each poll is a fresh `GoogleWorkbook` (so each has
its own retry budget), all sharing one credentials object (one token) and one `ReadQuota`, so no mix of polls,
syncs, pairings and retries sends more reads in a minute than the quota allows. `league federation sync` syncs
many leagues in several processes: every process reaching Google as one service account draws on one
`SharedQuota` of reads and one of writes, kept in a file under a lock."""

from __future__ import annotations

import hashlib
import json
import random
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from filelock import FileLock
from google.auth.transport.requests import AuthorizedSession
from google.oauth2.service_account import Credentials

from sync.google import GoogleWorkbook
from sync.retry import BoundedRetryClient, RetryPolicy

READS_PER_MINUTE = 60
"""Google's read quota per user per minute (Sheets API: "Read requests per minute per user")."""
WINDOW = 60.0


class ReadQuota:
    """At most `limit` reads in any `WINDOW` seconds: a read that would exceed it waits for the oldest to age out."""

    def __init__(self, limit: int, sleep: Callable[[float], None], clock: Callable[[], float]) -> None:
        self.limit, self.sleep, self.clock = limit, sleep, clock
        self.sent: deque[float] = deque()

    def take(self) -> None:
        """Wait until one more read fits in the window, then count it."""
        while True:
            now = self.clock()
            while self.sent and self.sent[0] <= now - WINDOW:
                self.sent.popleft()
            if len(self.sent) < self.limit:
                self.sent.append(now)
                return
            self.sleep(self.sent[0] + WINDOW - now)


class Quota(Protocol):
    def take(self) -> None:
        """Wait until one more request fits, then count it."""


MARGIN = 1.0
"""Seconds added to the shared window: a request sent as the oldest ages out may reach Google a little later than
the one it follows, so the window is kept a second longer than Google's minute."""


class SharedQuota:
    """At most `limit` requests in any `window` seconds across every process that opens the same file: the times
    sent are kept in it, read and written under its lock. `clock` must read the same time in each process (the
    wall clock: `time.time`)."""

    def __init__(
        self,
        path: Path,
        limit: int,
        sleep: Callable[[float], None],
        clock: Callable[[], float],
        window: float = WINDOW + MARGIN,
    ) -> None:
        self.path, self.limit, self.sleep, self.clock, self.window = path, limit, sleep, clock, window
        self.lock = FileLock(str(path.with_name(path.name + ".lock")))

    def take(self) -> None:
        """Wait until one more request fits in the window, then count it in the file."""
        while True:
            with self.lock:
                now = self.clock()
                sent = sorted(t for t in self._sent() if now - self.window < t <= now)  # a time ahead: a clock set back
                if len(sent) < self.limit:
                    self.path.write_text(json.dumps([*sent, now]), encoding="utf-8")
                    return
                wait = sent[0] + self.window - now
            self.sleep(wait)

    def _sent(self) -> list[float]:
        """The times in the file; none when it is missing or was cut short (a process killed while writing it)."""
        try:
            stamps = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return []
        return [float(t) for t in stamps] if isinstance(stamps, list) else []


def account_key(account: str) -> str:
    """A service account's quota as files and limits name it: the same account draws on the same quota whichever
    machine or engine counts it, and no address shows in a file or limit name."""
    return hashlib.sha256(account.encode("utf-8")).hexdigest()[:16]


def shared_quotas(
    folder: Path, account: str, reads: int, writes: int, sleep: Callable[[float], None], clock: Callable[[], float]
) -> tuple[SharedQuota, SharedQuota]:
    """The read and write quotas of one service account, in `folder` (made if missing): one pair per account, since
    Google counts each account's requests apart."""
    folder.mkdir(parents=True, exist_ok=True)
    name = account_key(account)
    return (
        SharedQuota(folder / f"{name}-reads.json", reads, sleep, clock),
        SharedQuota(folder / f"{name}-writes.json", writes, sleep, clock),
    )


class QuotaSession(AuthorizedSession):
    """google-auth's session, taking a read from the quota before every GET it sends and, given a write quota, a write
    before every other request (retries included)."""

    def __init__(self, credentials: Credentials, quota: Quota, writes: Quota | None = None) -> None:
        super().__init__(credentials)  # type: ignore[no-untyped-call]
        self.quota, self.writes = quota, writes

    def request(self, method: str | bytes, url: str | bytes, *args: Any, **kwargs: Any) -> Any:
        if str(method).upper() == "GET":
            self.quota.take()
        elif self.writes is not None:
            self.writes.take()
        return super().request(method, url, *args, **kwargs)  # type: ignore[no-untyped-call]


def quota_workbook(
    spreadsheet_id: str,
    credentials: Credentials,
    quota: Quota,
    api_root: str,
    policy: RetryPolicy,
    sleep: Callable[[float], None],
    clock: Callable[[], float],
    rng: random.Random | None = None,
    writes: Quota | None = None,
) -> GoogleWorkbook:
    """A workbook for one poll (and the sync or pairing it leads to), or one league of a federation: its own retry
    budget, the shared token and quotas."""
    http = BoundedRetryClient(
        credentials, session=QuotaSession(credentials, quota, writes), policy=policy, sleep=sleep, clock=clock, rng=rng
    )
    return GoogleWorkbook(spreadsheet_id, http, api_root, credentials.service_account_email)

"""Google's per-user read quota kept by a long-running job: a sliding window of reads, waited on before each one.

`league watch` polls a spreadsheet every few seconds for hours; each poll is a fresh `GoogleWorkbook` (so each has
its own retry budget), all sharing one credentials object (one token) and one `ReadQuota`, so no mix of polls,
syncs, pairings and retries sends more reads in a minute than the quota allows."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any

from google.auth.transport.requests import AuthorizedSession
from google.oauth2.service_account import Credentials

from sync.google import BoundedRetryClient, GoogleWorkbook, RetryPolicy

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


class QuotaSession(AuthorizedSession):
    """google-auth's session, taking a read from the quota before every GET it sends (retries included)."""

    def __init__(self, credentials: Credentials, quota: ReadQuota) -> None:
        super().__init__(credentials)  # type: ignore[no-untyped-call]
        self.quota = quota

    def request(self, method: str | bytes, url: str | bytes, *args: Any, **kwargs: Any) -> Any:
        if str(method).upper() == "GET":
            self.quota.take()
        return super().request(method, url, *args, **kwargs)  # type: ignore[no-untyped-call]


def quota_workbook(spreadsheet_id: str, credentials: Credentials, quota: ReadQuota, api_root: str, policy: RetryPolicy,
                   sleep: Callable[[float], None], clock: Callable[[], float], rng: random.Random | None = None) -> GoogleWorkbook:
    """A workbook for one poll (and the sync or pairing it leads to):
    its own retry budget, the shared token and quota."""
    http = BoundedRetryClient(credentials, session=QuotaSession(credentials, quota), policy=policy, sleep=sleep,
                              clock=clock, rng=rng)
    return GoogleWorkbook(spreadsheet_id, http, api_root, credentials.service_account_email)

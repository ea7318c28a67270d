"""Bounded retries of every request to Google: backoff with jitter, `Retry-After` honoured, one budget for a whole
job; and telling an answer lost on the way back from a request never sent."""

from __future__ import annotations

import email.utils
import random
import time
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

import requests
from google.auth.exceptions import RefreshError, TransportError
from gspread.exceptions import APIError
from gspread.http_client import HTTPClient, ParamsType
from urllib3.exceptions import NewConnectionError

from sync.workbook import CredentialsError as CredentialsError  # where callers have always found it

RETRY_STATUSES = frozenset({408, 429, 500, 502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    """How long to keep trying: exponential backoff with full jitter, within one budget for the whole sync."""

    budget: float = 120.0
    """Seconds from the sync's first request after which no further try starts."""
    base: float = 1.0
    cap: float = 32.0
    timeout: tuple[float, float] = (10.0, 60.0)
    """Connect and read timeouts of every single try."""


class GaveUp(Exception):
    """Every try of a request failed within the retry budget; `last` says how the final one ended."""

    def __init__(self, tries: int, seconds: float, last: str, status: int | None) -> None:
        super().__init__(last)
        self.tries, self.seconds, self.last, self.status = tries, seconds, last, status


class BoundedRetryClient(HTTPClient):
    """gspread's HTTP client, retrying passing failures within one time budget for its whole life (one sync).

    Retried: 408, 429 and 5xx answers (JSON or HTML), failed connections and token refreshes, and
    answers cut off midway. A write (any method but GET) is only sent again here when the server
    surely did not apply it: a 429, or a connection that never opened; otherwise it raises
    Unanswered, and the caller finds out whether the write was applied (`GoogleWorkbook._batch`).
    gspread's BackOffHTTPClient never gives up on a persistent 429 and can't parse an HTML one.
    """

    def __init__(
        self,
        auth: Any,
        session: Any = None,
        policy: RetryPolicy = RetryPolicy(),
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(auth, session)
        self.policy, self.sleep, self.clock = policy, sleep, clock
        self.rng = rng or random.Random()
        self.timeout = policy.timeout
        self.started: float | None = None

    def request(
        self,
        method: str,
        endpoint: str,
        params: ParamsType | None = None,
        data: bytes | None = None,
        json: Mapping[str, Any] | None = None,
        files: Any = None,
        headers: MutableMapping[str, str] | None = None,
    ) -> requests.Response:
        """Send once, then again after a backoff while the failure is passing and the budget lasts."""
        if self.started is None:
            self.started = self.clock()
        write = method.upper() != "GET"
        tries = 0
        while True:
            tries += 1
            wait = 0.0
            try:
                response = self.session.request(
                    method=method,
                    url=endpoint,
                    json=json,
                    params=params,
                    data=data,
                    files=files,
                    headers=headers,
                    timeout=self._timeout(),
                )
            except (requests.ConnectionError, requests.Timeout, requests.exceptions.ChunkedEncodingError) as exc:
                if write and _maybe_received(exc):
                    raise Unanswered(type(exc).__name__) from None
                last, status = f"{type(exc).__name__}: the connection failed or timed out", None
            except (TransportError, RefreshError) as exc:  # the token request, before anything was sent
                if isinstance(exc, RefreshError) and not exc.retryable:
                    raise
                last, status = f"{type(exc).__name__}: the token request failed", None
            else:
                if response.ok:
                    return response
                if response.status_code not in RETRY_STATUSES:
                    raise APIError(response)
                if write and response.status_code != 429:
                    raise Unanswered(f"HTTP {response.status_code}")
                last, status = f"HTTP {response.status_code}", response.status_code
                wait = retry_after(response.headers.get("Retry-After")) or 0.0
            self.pause(tries, last, status, wait)

    def pause(self, tries: int, last: str, status: int | None = None, wait: float = 0.0) -> None:
        """Wait before try `tries + 1` (backoff with full jitter, at least `wait`),
        or raise GaveUp if the budget can't cover it."""
        if self.started is None:
            self.started = self.clock()
        backoff = self.rng.uniform(0, min(self.policy.cap, self.policy.base * 2 ** (tries - 1)))
        delay = max(wait, backoff)  # Retry-After is a floor: "0" must not mean a tight loop
        spent = self.clock() - self.started
        if spent + delay > self.policy.budget:
            raise GaveUp(tries, spent, last, status)
        self.sleep(delay)

    def _timeout(self) -> tuple[float, float]:
        """The policy's timeouts, the read one cut to what is left of the budget (at least 1 s)."""
        left = self.policy.budget - (self.clock() - (self.started or self.clock()))
        connect, read = self.policy.timeout
        return connect, max(1.0, min(read, left))


class Unanswered(Exception):
    """A write was sent but its answer was lost: it may have been applied, so it is not sent again blind."""


def _maybe_received(exc: requests.RequestException) -> bool:
    """Whether a failed request may have reached the server (anything but a failure to connect)."""
    if isinstance(exc, requests.ConnectTimeout):
        return False
    reason = getattr(exc.args[0], "reason", None) if exc.args else None
    return not isinstance(reason, NewConnectionError)


def retry_after(value: str | None) -> float | None:
    """Seconds to wait from a Retry-After header (seconds or an HTTP date); None if absent or unreadable."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())

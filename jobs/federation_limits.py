"""Each service account's Google quota as a pair of Prefect global concurrency limits used as rate limits (slots
that decay), so the leagues' tasks share it on any number of Prefect workers and machines.

Prefect's server decays a rate limit's slots in whole slots, counted from the limit's last update, and every answer
it gives (a grant, and a refusal too) updates it: a request sent before its slots have decayed throws away the decay
since the last update. So a waiting task never asks early: it reads the limit (a read changes nothing), sleeps until
the slots it needs will have decayed, and only then asks; and one thread of a process waits for an account at a time,
so the tasks of one worker never refuse each other. Prefect is imported only when a flow runs."""

from __future__ import annotations

import datetime as dt
import math
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jobs.errors import ConfigError
from jobs.federation_config import Federation
from sync.quota import MARGIN, WINDOW, account_key
from sync.workbook import CredentialsError

if TYPE_CHECKING:
    from prefect.client.orchestration import SyncPrefectClient

    from sync.quota import Quota

PREPAID = 2
"""Slots a league's sync takes of each of its account's limits in one request to the Prefect server, before its first
request to Google: a sync sends two reads and one write. Asking once per league, not once per request, matters:
Prefect's temporary test server answered about five slot requests a second."""
BURST = PREPAID
"""Slots of a rate limit (what it lets through at once); the rest of the minute's quota comes as slots decay."""
LATE = 0.02
"""Seconds a waiting task asks after its slots should have decayed: the server's clock is read off its answers."""


def rate(per_minute: int, window: float = WINDOW) -> tuple[int, float]:
    """(slots, slots decayed a second) of a rate limit that grants at most `per_minute` in any `window` seconds
    (plus `MARGIN`): a full bucket plus what decays in the window is the quota: slots + decay * window = per_minute."""
    slots = min(BURST, per_minute)
    return slots, max(per_minute - slots, 1) / (window + MARGIN)


def limit_names(account: str) -> tuple[str, str]:
    """The global concurrency limits of one service account's reads and writes (Google counts each account apart)."""
    digest = account_key(account)
    return f"league-sheets-reads-{digest}", f"league-sheets-writes-{digest}"


_turns: dict[tuple[str, ...], threading.Lock] = {}
_turns_guard = threading.Lock()


def _turn(names: tuple[str, ...]) -> threading.Lock:
    """The lock the threads of this process take in turn to wait for slots of the same limits (a league's slots
    already granted are used without it)."""
    with _turns_guard:
        return _turns.setdefault(names, threading.Lock())


class Ticket:
    """One league's slots of its account's two rate limits, waited for on the Prefect server whichever machine asks:
    `PREPAID` of each at its first request, then one at a time past them (a retry, a fill's second read)."""

    def __init__(self, names: tuple[str, str]) -> None:
        self.names = names
        self.left: list[int] | None = None

    def take(self, kind: int) -> None:
        if self.left is None:
            acquire(list(self.names), PREPAID)
            self.left = [PREPAID, PREPAID]
        elif not self.left[kind]:
            acquire([self.names[kind]], 1)
            self.left[kind] += 1
        self.left[kind] -= 1


def acquire(names: list[str], slots: int) -> None:
    """Slots of rate limits, as `prefect.concurrency.sync.rate_limit(names, slots, strict=True)` takes them (the
    server's increment in rate-limit mode), but asked for only once they should have decayed (`wait_for`), so that
    no refusal restarts their decay. Called straight on Prefect's client: from a task's thread, `rate_limit` took
    0.5 s a call on Prefect's test server, this 0.19 s."""
    import httpx
    from prefect.client.orchestration import get_client

    with _turn(tuple(names)), get_client(sync_client=True) as client:
        while True:
            time.sleep(wait_for(client, names, slots))
            try:
                taken = client.increment_concurrency_slots(names, slots, "rate_limit").json()
            except httpx.HTTPStatusError as exc:
                if exc.response.status_code != 423:
                    raise
                continue  # another machine's task was granted first: read the limits again
            if len(taken) < len(names):
                raise _missing(names)
            return


def wait_for(client: SyncPrefectClient, names: list[str], slots: int) -> float:
    """Seconds until each limit has `slots` free, read off the server without changing the limits."""
    from prefect.exceptions import ObjectNotFound

    try:
        limits = [client.read_global_concurrency_limit_by_name(name) for name in names]
    except ObjectNotFound:
        raise _missing(names) from None
    now = dt.datetime.now(dt.UTC)
    return max(
        decayed_in(limit.active_slots + slots - limit.limit, limit.slot_decay_per_second, limit.updated, now)
        for limit in limits
    )


def _missing(names: list[str]) -> ConfigError:
    """A rate limit the Prefect server does not have (read or granted)."""
    return ConfigError(f"Prefect has no rate limit {', '.join(names)}: the flow makes them as it starts")


def decayed_in(missing: int, decay: float, updated: dt.datetime | None, now: dt.datetime) -> float:
    """Seconds until `missing` more slots have decayed, at `decay` a second counted in whole slots from the limit's
    last update (Prefect's server: `active - floor(decay * seconds since updated)`); 0 when none are missing. A
    clock unlike the server's never makes it wait longer than the slots take from now."""
    if missing <= 0 or decay <= 0:
        return 0.0
    whole = missing / decay
    if updated is None:
        return whole + LATE
    since = max((now - updated).total_seconds(), 0.0)
    due = (math.floor(decay * since) + missing) / decay - since
    return min(max(due, 0.0), whole) + LATE


@dataclass(frozen=True)
class RateLimited:
    """Reads (0) or writes (1) of one league's ticket."""

    ticket: Ticket
    kind: int

    def take(self) -> None:
        self.ticket.take(self.kind)


@dataclass(frozen=True)
class PrefectQuotas:
    """Where a league's task gets its quota: the account's rate limits on the Prefect server (called once a league)."""

    def quotas(self, account: str) -> tuple[Quota, Quota]:
        ticket = Ticket(limit_names(account))
        return RateLimited(ticket, 0), RateLimited(ticket, 1)

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)

    def clock(self) -> float:
        return time.monotonic()


def ensure_limits(fed: Federation, window: float = WINDOW) -> list[str]:
    """Make (or set again) the rate limits of every account the federation's leagues use; a league whose config or
    key can't be read is its task's failure to report, not the flow's."""
    from prefect.client.orchestration import get_client

    from jobs.config import load_config
    from sync.credentials import read_key_file

    accounts = set()
    for league in fed.leagues:
        try:
            config = load_config(league)
            if config.sheets:
                accounts.add(str(read_key_file(config.sheets.credentials).get("client_email", "")))
        except (ConfigError, CredentialsError):
            continue
    made = []
    with get_client(sync_client=True) as client:
        for account in sorted(accounts):
            for name, per_minute in zip(limit_names(account), (fed.reads_per_minute, fed.writes_per_minute)):
                slots, decay = rate(per_minute, window)
                client.upsert_global_concurrency_limit_by_name(name, slots, decay)
                made.append(name)
    return made

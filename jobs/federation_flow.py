"""The federation as a Prefect flow, for organisers who outgrow one machine: each league a task with retries, on any
number of Prefect workers, each service account's Google quota a Prefect global concurrency limit used as a rate
limit (slots that decay), so workers on several machines share it; the series once every league's task has ended.

Prefect comes with the `federation` extra and is imported only here, when a flow is built, run or deployed: the
base install never needs it. The flow is `jobs.federation_flow:federation` (built on first use)."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Coroutine
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jobs.errors import ConfigError, ExitCode
from jobs.federation_config import Federation, load_federation
from jobs.federation_job import LeagueOutcome, finish, store_name, sync_league
from sync.quota import MARGIN, WINDOW, account_key
from sync.workbook import CredentialsError

if TYPE_CHECKING:
    from prefect import Flow, Task

    from sync.quota import Quota

PREPAID = 2
"""Slots a league's sync takes of each of its account's limits in one request to the Prefect server, before its first
request to Google: a sync sends two reads and one write. Asking once per league, not once per request, matters:
Prefect's temporary test server answered about five slot requests a second."""
BURST = PREPAID
"""Slots of a rate limit (what it lets through at once); the rest of the minute's quota comes as slots decay."""
RETRIED = (ExitCode.BACKEND, ExitCode.BUG)
"""A league ending so is tried again by its task's retries (an outage, a lost connection); one with a config to fix
or rows to fix is not."""


def rate(per_minute: int, window: float = WINDOW) -> tuple[int, float]:
    """(slots, slots decayed a second) of a rate limit that grants at most `per_minute` in any `window` seconds
    (plus `MARGIN`): a full bucket plus what decays in the window is the quota: slots + decay * window = per_minute."""
    slots = min(BURST, per_minute)
    return slots, max(per_minute - slots, 1) / (window + MARGIN)


def limit_names(account: str) -> tuple[str, str]:
    """The global concurrency limits of one service account's reads and writes (Google counts each account apart)."""
    digest = account_key(account)
    return f"league-sheets-reads-{digest}", f"league-sheets-writes-{digest}"


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
    """Slots of rate limits, as `prefect.concurrency.sync.rate_limit(names, slots, strict=True)` takes them: the
    server's increment in rate-limit mode, waiting as long as its 423 answer's Retry-After says. Called straight on
    Prefect's client: from a task's thread, `rate_limit` took 0.5 s a call on Prefect's test server, this 0.19 s."""
    import httpx
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        while True:
            try:
                taken = client.increment_concurrency_slots(names, slots, "rate_limit").json()
            except httpx.HTTPStatusError as exc:
                if exc.response.status_code != 423:
                    raise
                time.sleep(float(exc.response.headers.get("Retry-After", 1.0)))
                continue
            if len(taken) < len(names):
                raise ConfigError(f"Prefect has no rate limit {', '.join(names)}: the flow makes them as it starts")
            return


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


class LeagueFailed(Exception):
    """A league's sync failed in a way its task's retries may get past; it carries the typed outcome, so that the
    flow reports the league's own line and exit code once the retries are spent."""

    def __init__(self, outcome: LeagueOutcome) -> None:
        super().__init__(outcome)
        self.outcome = outcome


def _sync_task(league: str) -> LeagueOutcome:
    outcome = sync_league(Path(league), PrefectQuotas())
    if outcome.code in RETRIED:
        raise LeagueFailed(outcome)
    return outcome


def _federation(
    federation: str, window: float = WINDOW, retry_delays: tuple[float, ...] = (10.0, 60.0)
) -> dict[str, Any]:
    """Every league's task submitted, each awaited, then the series; what ran as lines and the worst exit code.
    `window` is the quota's minute in seconds (shorter only in tests); `retry_delays` the waits before each retry."""
    from prefect import get_run_logger

    fed = load_federation(Path(federation))
    ensure_limits(fed, window)
    task = league_task().with_options(retries=len(retry_delays), retry_delay_seconds=list(retry_delays))
    futures = [(league, task.submit(str(league))) for league in fed.leagues]
    outcomes = []
    for league, future in futures:
        try:
            outcomes.append(future.result())
        except LeagueFailed as failed:  # its retries spent: reported as it ended, the others go on
            outcomes.append(failed.outcome)
        except Exception as exc:  # the task itself broke (Prefect, not the sync): the others go on
            outcomes.append(LeagueOutcome(league, store_name(league), ExitCode.BACKEND, f"failed: {exc}"))
    result = finish(fed, outcomes, PrefectQuotas(), dt.datetime.now(dt.UTC))
    logger = get_run_logger()
    for outcome in result.leagues:
        logger.info(outcome.line)
    logger.info(result.series_said)
    return {"code": int(result.code), "lines": [o.line for o in result.leagues], "series": result.series_said}


@cache
def league_task() -> Task[[str], LeagueOutcome]:
    from prefect import task

    return task(name="sync league", task_run_name="sync {league}")(_sync_task)


@cache
def build_flow() -> Flow[..., dict[str, Any]]:
    """The flow, built once: `league-federation`, taking the federation.toml's path."""
    from prefect import flow

    built: Flow[..., dict[str, Any]] = flow(name="league-federation", log_prints=True)(_federation)
    return built


def threaded(workers: int) -> Flow[..., dict[str, Any]]:
    """The flow running its leagues' tasks `workers` at a time in threads of one Prefect worker."""
    from prefect.task_runners import ThreadPoolTaskRunner

    runner: Any = ThreadPoolTaskRunner(max_workers=workers)  # typed for one future kind, accepted for any
    return build_flow().with_options(task_runner=runner)


def __getattr__(name: str) -> Any:
    """`jobs.federation_flow:federation`, the entrypoint Prefect loads, built on first use."""
    if name == "federation":
        return build_flow()
    raise AttributeError(name)


def deploy_federation(fed: Federation, cron: str, pool: str, name: str) -> str:
    """A Prefect deployment of the federation flow on `pool`, run on `cron`; its name."""
    try:
        from prefect import flow
    except ImportError:
        raise ConfigError('Prefect is not installed: pip install "league-sync[federation]"') from None
    root = Path(__file__).resolve().parents[1]
    source = flow.from_source(source=str(root), entrypoint="jobs/federation_flow.py:federation")
    assert not isinstance(source, Coroutine), "called outside an event loop, from_source returns the flow"
    source.deploy(
        name=name,
        work_pool_name=pool,
        cron=cron,
        parameters={"federation": str(fed.path)},
        build=False,
        push=False,
        print_next_steps=False,
    )
    return f"league-federation/{name}"

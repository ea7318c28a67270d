"""The federation as a Prefect flow, for organisers who outgrow one machine: each league a task with retries, on any
number of Prefect workers, each service account's Google quota a Prefect global concurrency limit used as a rate
limit (slots that decay), so workers on several machines share it; the series once every league's task has ended.

Prefect comes with the `federation` extra and is imported only here, when a flow is built, run or deployed: the
base install never needs it. The flow is `jobs.federation_flow:federation` (built on first use)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Coroutine
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jobs.errors import ConfigError, ExitCode
from jobs.federation_config import Federation, load_federation
from jobs.federation_job import LeagueOutcome, finish, store_name, sync_league
from jobs.federation_limits import PrefectQuotas, ensure_limits
from sync.quota import WINDOW

if TYPE_CHECKING:
    from prefect import Flow, Task

RETRIED = (ExitCode.BACKEND, ExitCode.BUG)
"""A league ending so is tried again by its task's retries (an outage, a lost connection); one with a config to fix
or rows to fix is not."""


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

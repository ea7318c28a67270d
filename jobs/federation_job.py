"""`league federation sync`: every league of a federation synced as `league sync` syncs it, several at a time, each
service account's leagues drawing on one Google quota; then the series across them.

One league's failure (a missing workbook, a locked file, an outage past its retries) is its own line and exit code,
never the end of the others. The leagues are synced in worker processes (a sync is about a second of CPU); the
quota they share lives in a file under a lock (`sync.quota.SharedQuota`), so processes started apart share it too."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from jobs.config import load_config
from jobs.errors import ExitCode, ExportError, JobError
from jobs.federation_config import Federation
from league.series import Series, Store, series, store_of
from sync.open import Target
from sync.workbook import BackendError, CredentialsError, Workbook

if TYPE_CHECKING:
    from sync.quota import Quota

WORST_LAST = (
    ExitCode.CLEAN,
    ExitCode.INPUT_ERRORS,
    ExitCode.EXPORTS_FAILED,
    ExitCode.USAGE,
    ExitCode.BACKEND,
    ExitCode.BUG,
)
"""Exit codes from the mildest to the worst: the federation exits with its worst league's."""


class QuotaSource(Protocol):
    """Where a league's Google requests get their quota: one pair (reads, writes) per service account."""

    def quotas(self, account: str) -> tuple[Quota, Quota]: ...

    def sleep(self, seconds: float) -> None: ...

    def clock(self) -> float: ...


@dataclass(frozen=True)
class FileQuotas:
    """The quotas of one machine: a file per account and kind in `folder`, read by every worker process."""

    folder: Path
    reads: int
    writes: int

    def quotas(self, account: str) -> tuple[Quota, Quota]:
        from sync.quota import shared_quotas

        return shared_quotas(self.folder, account, self.reads, self.writes, self.sleep, self.clock)

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)

    def clock(self) -> float:
        return time.time()  # the one clock every process reads alike


@dataclass(frozen=True)
class LeagueOutcome:
    """How one league's sync ended: its line, its exit code, and (synced) what the series needs of it."""

    league: Path
    name: str
    code: ExitCode
    said: str
    store: Store | None = None

    @property
    def line(self) -> str:
        return f"{self.name}: {self.said}"


@dataclass(frozen=True)
class FederationResult:
    leagues: tuple[LeagueOutcome, ...]
    series: Series | None
    series_said: str
    code: ExitCode
    exported: tuple[Path, ...] = field(default_factory=tuple)


def store_name(league: Path) -> str:
    """A league's name in the series: the folder holding its league.toml (`stores/makati/league.toml`: `makati`)."""
    return league.parent.name or str(league)


def worst(codes: Sequence[ExitCode]) -> ExitCode:
    return max(codes, key=WORST_LAST.index, default=ExitCode.CLEAN)


def sync_league(league: Path, source: QuotaSource) -> LeagueOutcome:
    """One league synced as `league sync` syncs it, its Google requests within the shared quota; whatever goes wrong
    is its outcome, never raised."""
    from jobs.sync_job import run_sync

    name = store_name(league)
    try:
        config = load_config(league)
        result = run_sync(config, open_league(config, source))
    except (JobError, CredentialsError, BackendError) as exc:
        code = (
            exc.code
            if isinstance(exc, JobError)
            else ExitCode.USAGE
            if isinstance(exc, CredentialsError)
            else ExitCode.BACKEND
        )
        return LeagueOutcome(league, name, code, f"failed: {exc}")
    except Exception as exc:  # a bug stops this league only; its line says so
        return LeagueOutcome(
            league,
            name,
            ExitCode.BUG,
            f"failed: unexpected error {type(exc).__name__}: {exc} (a bug "
            "in league: run `league sync` on this league with LEAGUE_DEBUG=1 and report it)",
        )
    ev = result.evaluation
    counts = f"{ev.errors} error(s), {ev.warnings} warning(s)"
    said = {
        ExitCode.CLEAN: f"synced, {counts}",
        ExitCode.INPUT_ERRORS: f"synced with problems to fix: {counts}",
        ExitCode.EXPORTS_FAILED: f"synced, {counts}; the exports failed: {result.export_problem}",
    }[result.code]
    return LeagueOutcome(league, name, result.code, said, store_of(name, ev))


def open_league(config: Target, source: QuotaSource) -> Workbook:
    """The league's workbook: a Google spreadsheet reached through its account's shared quota, else its `.xlsx`."""
    from sync.open import open_workbook

    place = config.sheets
    if place is None:
        return open_workbook(config)
    from sync.google import load_credentials
    from sync.quota import quota_workbook
    from sync.retry import RetryPolicy

    credentials = load_credentials(place.credentials)
    reads, writes = source.quotas(credentials.service_account_email)
    return quota_workbook(
        place.spreadsheet_id,
        credentials,
        reads,
        place.api_root,
        RetryPolicy(budget=place.retry_seconds),
        source.sleep,
        source.clock,
        writes=writes,
    )


def run_leagues(
    leagues: Sequence[Path], source: QuotaSource, workers: int, told: Callable[[LeagueOutcome], None] = lambda _: None
) -> tuple[LeagueOutcome, ...]:
    """Every league synced, `workers` at a time in processes of their own (one: here), each told as it ends;
    the outcomes in the order the leagues are listed."""
    if workers <= 1 or len(leagues) <= 1:
        done = []
        for league in leagues:
            done.append(sync_league(league, source))
            told(done[-1])
        return tuple(done)
    ended: dict[Path, LeagueOutcome] = {}
    with ProcessPoolExecutor(max_workers=min(workers, len(leagues))) as pool:
        futures = {pool.submit(sync_league, league, source): league for league in leagues}
        for future in as_completed(futures):
            league = futures[future]
            try:
                ended[league] = future.result()
            except Exception as exc:  # the worker process itself died (killed, out of memory)
                ended[league] = LeagueOutcome(
                    league,
                    store_name(league),
                    ExitCode.BUG,
                    f"failed: its worker process ended ({type(exc).__name__}: {exc})",
                )
            told(ended[league])
    return tuple(ended[league] for league in leagues)


def run_federation(
    fed: Federation,
    workers: int,
    source: QuotaSource | None = None,
    told: Callable[[LeagueOutcome], None] = lambda _: None,
    now: dt.datetime | None = None,
) -> FederationResult:
    """The federation's night: its leagues synced, then the series from every league's final places, written to the
    federation's workbook with its images, caption and page; exits with the worst code."""
    source = source or FileQuotas(fed.quota_folder, fed.reads_per_minute, fed.writes_per_minute)
    outcomes = run_leagues(fed.leagues, source, workers, told)
    return finish(fed, outcomes, source, now or dt.datetime.now(dt.UTC))


def finish(
    fed: Federation, outcomes: Sequence[LeagueOutcome], source: QuotaSource, now: dt.datetime
) -> FederationResult:
    """The series once every league has ended: only when each one synced, since a league that failed would drop
    its competitors' points from a table people see and share."""
    from jobs.federation_series import write_series

    code = worst([o.code for o in outcomes])
    failed = [o.name for o in outcomes if o.store is None]
    if failed:
        said = (
            f"series not updated: {len(failed)} league(s) failed ({', '.join(failed)}); it needs every league's places"
        )
        return FederationResult(tuple(outcomes), None, said, code)
    stores = [o.store for o in outcomes if o.store is not None]
    table = series(stores, fed.series)
    try:
        exported = write_series(fed, table, open_league(fed, source), now)
    except (BackendError, CredentialsError, JobError) as exc:
        return FederationResult(tuple(outcomes), table, f"series not written: {exc}", worst([code, ExitCode.BACKEND]))
    except ExportError as exc:
        return FederationResult(
            tuple(outcomes), table, f"series written; its exports failed: {exc}", worst([code, ExitCode.EXPORTS_FAILED])
        )
    said = f"series: {len(table.lines)} competitor(s) from {len(stores)} league(s)"
    return FederationResult(tuple(outcomes), table, said, code, tuple(exported))

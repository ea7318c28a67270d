"""Leagues synced per minute by `league federation sync` against the quota's ceiling (requests a minute / requests
per sync), on the local Sheets API server with its quota on, at 10, 100 and 500 leagues; and through the Prefect flow.

One machine: real syncs (one finished event of the GL demo, CSV exports only) over HTTP to the local server, in worker
threads drawing on the file-kept shared quota (`sync.quota.SharedQuota`). Minutes are simulated: a virtual clock
that moves only when every worker waits on the quota (the time a sync computes counts as none), read by the
workers' quota and by the server's alike, so the figure is the quota's scheduling alone. The minute before the run
has spent the whole quota (the worst start): without it a run's first minute is free and ten leagues need no wait.

Prefect (`--prefect`, needs the `federation` extra): the flow on Prefect's test harness, its rate limit decaying on
the real clock, Google's real minute by default (`--window` compresses it, server and rate limit alike, but the
limit's 2 slots and second of margin then weigh more): 100 leagues take about 3.5 minutes, 500 (`--leagues 500
--prefect-only`) about 18. That measure includes Prefect's own overhead and each sync's CPU time.
"""

from __future__ import annotations

import argparse
import datetime as dt
import heapq
import json
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmarks.generate import machine
from jobs.federation_config import Federation, load_federation
from jobs.federation_job import FederationResult, LeagueOutcome, finish, sync_league
from sync.quota import SharedQuota, shared_quotas
from tests.support.federation import federation_toml, one_event_inputs, sheets_store
from tests.support.sheets_server import SERVICE_ACCOUNT_EMAIL, Quota, SheetsServer, make_rsa_key, service_account_info

READS, WRITES = 60, 60
READS_PER_SYNC = 2
"""A sync's metadata GET and values:batchGet (its write is one batchUpdate: the read quota binds)."""


class VirtualClock:
    """Simulated time for threads: it stands still while any worker runs, and leaps to the earliest wake-up when all
    of them wait."""

    def __init__(self, workers: int) -> None:
        self.now = 0.0
        self.running = workers
        self.lock = threading.Condition()
        self.waking: list[tuple[float, int, threading.Event]] = []
        self.count = 0

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        woken = threading.Event()
        with self.lock:
            self.count += 1
            heapq.heappush(self.waking, (self.now + max(0.0, seconds), self.count, woken))
            self.running -= 1
            self._leap()
        woken.wait()

    def done(self) -> None:
        with self.lock:
            self.running -= 1
            self._leap()

    def _leap(self) -> None:
        if self.running == 0 and self.waking:
            wake, _, woken = heapq.heappop(self.waking)
            self.now = max(self.now, wake)
            self.running += 1
            woken.set()


class VirtualQuotas:
    """The one-machine quotas on the virtual clock."""

    def __init__(self, folder: Path, clock: VirtualClock) -> None:
        self.folder, self.virtual = folder, clock

    def quotas(self, account: str) -> tuple[SharedQuota, SharedQuota]:
        return shared_quotas(self.folder, account, READS, WRITES, self.sleep, self.clock)

    def sleep(self, seconds: float) -> None:
        self.virtual.sleep(seconds)

    def clock(self) -> float:
        return self.virtual.clock()


def spend_the_minute_before(folder: Path, quota: Quota) -> None:
    """Both sides' windows full at time 0, as if the previous minute had used the whole quota."""
    reads, writes = shared_quotas(folder, SERVICE_ACCOUNT_EMAIL, READS, WRITES, time.sleep, lambda: 0.0)
    for _ in range(READS):
        reads.take()
    for _ in range(READS):
        quota.admit(SERVICE_ACCOUNT_EMAIL, "GET")


def federation(folder: Path, server: SheetsServer, key: Path, leagues: int) -> Path:
    for at in range(leagues):
        sheets_store(folder, f"store-{at:03}", server, key, one_event_inputs())
    federation_toml(folder, extra=f"[quota]\nreads_per_minute = {READS}\nwrites_per_minute = {WRITES}")
    return folder / "federation.toml"


def key_file(folder: Path, server: SheetsServer) -> Path:
    pair = make_rsa_key(2048)
    server.trust(SERVICE_ACCOUNT_EMAIL, pair.public_pem)
    path = folder / "key.json"
    path.write_text(json.dumps(service_account_info(SERVICE_ACCOUNT_EMAIL, pair.private_pem, server.token_uri)))
    return path


def one_machine(leagues: int, workers: int) -> None:
    virtual = VirtualClock(1)
    quota = Quota(reads=READS, writes=WRITES, window=60.0, clock=virtual.clock)
    with tempfile.TemporaryDirectory() as tmp, SheetsServer(quota=quota) as server:
        folder = Path(tmp)
        fed = load_federation(federation(folder, server, key_file(folder, server), leagues))
        spend_the_minute_before(folder / "quota", quota)
        started = time.perf_counter()
        result = run_threads(fed, workers, VirtualQuotas(folder / "quota", virtual), virtual)
        real = time.perf_counter() - started
    synced = sum(o.store is not None for o in result.leagues)
    report(f"one machine, {workers} workers", leagues, synced, virtual.now, quota.refused, real)


def run_threads(fed: Federation, workers: int, quotas: VirtualQuotas, virtual: VirtualClock) -> FederationResult:
    """`run_federation` with its leagues' syncs in `workers` threads, each counted by the virtual clock."""
    virtual.running = workers
    leagues = list(fed.leagues)
    lock = threading.Lock()
    outcomes: dict[Path, LeagueOutcome] = {}

    def worker() -> None:
        while True:
            with lock:
                if not leagues:
                    break
                league = leagues.pop(0)
            outcomes[league] = sync_league(league, quotas)
        virtual.done()

    with ThreadPoolExecutor(workers) as pool:
        for _ in range(workers):
            pool.submit(worker)
    virtual.running = 1_000_000  # the series is written after the clock stops: its requests cost no minute
    return finish(fed, [outcomes[p] for p in fed.leagues], quotas, dt.datetime.now(dt.UTC))


def report(how: str, leagues: int, synced: int, seconds: float, refused: int, real: float) -> None:
    """Leagues a minute against the ceiling (requests a minute / requests a sync), and against the least time a
    sliding window allows this many leagues after a spent minute: whole minutes of `READS` reads each."""
    ceiling = READS / READS_PER_SYNC
    least = -(-synced * READS_PER_SYNC // READS) * 60.0
    per_minute = synced / (seconds / 60) if seconds else float("inf")
    print(
        f"{how:<28} {leagues:>4} leagues: {synced:>4} synced in {seconds / 60:6.2f} min simulated "
        f"({real:5.1f} s real): {per_minute:5.1f} leagues/min, ceiling {ceiling:.0f} ({per_minute / ceiling:6.1%}); "
        f"least time the window allows {least / 60:.0f} min ({least / seconds:6.1%}); quota 429s {refused}"
    )


def prefect(leagues: int, window: float, per_window: int, threads: int = 8) -> None:
    from prefect.testing.utilities import prefect_test_harness

    from jobs.federation_flow import threaded
    from jobs.federation_limits import PREPAID, rate

    quota = Quota(reads=per_window, writes=per_window, window=window)
    with tempfile.TemporaryDirectory() as tmp, SheetsServer(quota=quota) as server, prefect_test_harness(60):
        folder = Path(tmp)
        key = key_file(folder, server)
        for at in range(leagues):
            sheets_store(folder, f"store-{at:03}", server, key, one_event_inputs())
        federation_toml(folder, extra=f"[quota]\nreads_per_minute = {per_window}\nwrites_per_minute = {per_window}")
        flow = threaded(threads)
        started = time.perf_counter()
        ran = flow(str(folder / "federation.toml"), window=window, retry_delays=(1.0,))
        seconds = time.perf_counter() - started
    synced = sum(": synced" in line for line in ran["lines"])
    ceiling = per_window / READS_PER_SYNC
    per = synced / (seconds / window)
    slots, decay = rate(per_window, window)
    allowed = (slots + decay * seconds) / PREPAID  # leagues the rate limit itself lets through in that time
    print(
        f"{f'prefect flow, {threads} task threads':<28} {leagues:>4} leagues: {synced:>4} synced in {seconds:6.1f} s "
        f"({seconds / window:.1f} windows of {window:g} s): {per:5.1f} leagues/window, ceiling {ceiling:.0f} "
        f"({per / ceiling:6.1%}); of what the rate limit allows {synced / allowed:6.1%}; quota 429s {quota.refused}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="10 leagues only (the test suite's smoke size)")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--prefect", action="store_true", help="also through the Prefect flow")
    parser.add_argument(
        "--window", type=float, default=60.0, help="the Prefect run's minute, in seconds (shorter: compressed)"
    )
    parser.add_argument("--per-window", type=int, default=60, help="the Prefect run's quota per window")
    parser.add_argument(
        "--leagues",
        type=int,
        nargs="+",
        help="league counts to run (default 10, 100, 500; through Prefect, on the real clock, 10 and 100)",
    )
    parser.add_argument("--prefect-only", action="store_true", help="only the Prefect flow (with --prefect)")
    args = parser.parse_args()
    print(machine())
    if not args.prefect_only:
        for leagues in (10,) if args.quick else args.leagues or (10, 100, 500):
            one_machine(leagues, args.workers)
    if args.prefect:
        for leagues in (10,) if args.quick else args.leagues or (10, 100):
            prefect(leagues, args.window, args.per_window)


if __name__ == "__main__":
    main()

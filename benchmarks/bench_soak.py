"""Soak: Google Sheets syncs through random faults on every kind of request, each checked against a fault-free sync.

Against the local Sheets API server of the test suite, over real HTTP. Before each sync the judges'
tabs get a random edit (seeded); a twin spreadsheet holding the same values is synced without
faults; then the soak spreadsheet is synced while every Sheets request it makes may be answered
with a 429 (JSON or HTML), a 5xx, an answer slower than the read timeout, or a dropped connection,
before or after the server applied the request. Now and then a storm faults every request until
the retry budget is spent. Each sync must end with the twin's output tabs, or with exit 3 and
nothing changed; after a "may or may not have been applied" exit 3, the spreadsheet must hold
either the old tabs or the twin's, whole. Never a duplicated tab, row, protection or marker.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from google.oauth2.service_account import Credentials

from benchmarks.generate import ROOT, machine
from jobs.config import Config, load_config, load_ruleset
from jobs.errors import WorkbookError
from jobs.sync_job import run_sync
from league.demos.gl import build_demo
from league.sheet import SYNC_LOG_TAB
from sync.google import GoogleWorkbook, load_credentials
from sync.retry import BoundedRetryClient, RetryPolicy
from sync.sheets_marker import MARKER_KEY
from sync.workbook import BackendError
from tests.support.sheets_server import SERVICE_ACCOUNT_EMAIL, Fault, SheetsServer, make_rsa_key, service_account_info

SOAK, TWIN = "1SoakSpreadsheet000000000000000000000000000", "1TwinSpreadsheet000000000000000000000000000"
SLOW = 1.3
"""Seconds a slow answer takes: past the read timeout (the client never waits less than 1 s)."""
FAULTS: dict[str, dict[str, Any]] = {
    "429 JSON": {"status": 429},
    "429 HTML": {"status": 429, "body": "html"},
    "500": {"status": 500},
    "502 HTML": {"status": 502, "body": "html"},
    "503": {"status": 503},
    "504": {"status": 504},
    "500 after applying": {"status": 500, "after": True},
    "503 after applying": {"status": 503, "after": True},
    "slow": {"status": 200, "delay": SLOW},
    "slow after applying": {"status": 200, "delay": SLOW, "after": True},
    "dropped": {"drop": True},
    "dropped after applying": {"drop": True, "after": True},
}
"""Every kind of fault, by the name the figures use. A 429 is never "after applying": Google refuses first."""
Tabs = dict[str, list[list[Any]]]


@dataclass
class Figures:
    """What a soak did and found."""

    syncs: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    requests: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    corrupted: int = 0
    duplicated: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0


class Chaos:
    """Chooses a fault for a request to the soak spreadsheet (seeded), and counts what it chose."""

    def __init__(self, rng: random.Random, figures: Figures, rate: float) -> None:
        self.rng, self.figures, self.rate, self.storm = rng, figures, rate, False

    def __call__(self, method: str, path: str) -> Any:
        if SOAK not in path:
            return None
        kind = (
            "write" if path.endswith(":batchUpdate") else "values:batchGet" if "values:batchGet" in path else "metadata"
        )
        self.figures.requests[kind] += 1
        if not self.storm and self.rng.random() >= self.rate:
            return None
        name = self.rng.choice(sorted(FAULTS))
        self.figures.faults[name] += 1
        return Fault(**FAULTS[name])


def edit(tabs: Tabs, rng: random.Random) -> str:
    """One random judge's edit (a health, a winner, a row typed twice, a
    row removed, a drop, an event id retyped): the tab edited."""
    tab = rng.choice([name for name in tabs if name.startswith("Results ")])
    grid = tabs[tab]
    header = grid[0]
    row = grid[rng.randrange(1, len(grid))] if len(grid) > 1 else None
    choice = rng.randrange(6)
    if choice == 0 and row is not None:
        row[header.index("Health A")] = rng.randrange(0, 12)
    elif choice == 1 and row is not None:
        winner = header.index("Winner")
        row[winner] = (
            row[header.index("Player B")]
            if row[winner] == row[header.index("Player A")]
            else row[header.index("Player A")]
        )
    elif choice == 2 and row is not None:
        grid.append(list(row))
    elif choice == 3 and len(grid) > 2:
        del grid[rng.randrange(1, len(grid))]
    elif choice == 4:
        player = rng.choice(tabs["Players"][1:])
        status = tabs["Players"][0].index("Status")
        player[status] = "" if player[status] else "Dropped"
        return "Players"
    elif choice == 5:  # its Standings tab goes and another comes: deleteSheet and addSheet in the batch
        event = rng.choice(tabs["Events"][1:])
        event[0] = str(event[0])[:-1] if str(event[0]).endswith("X") else f"{event[0]}X"
        return "Events"
    return tab


def values(server: Any, spreadsheet: str) -> Tabs:
    return {tab: server.values(spreadsheet, tab) for tab in server.tab_names(spreadsheet)}


def duplicates(server: Any) -> list[str]:
    """Anything the soak spreadsheet holds twice: a tab, an output tab's protection, a marker."""
    book = server.spreadsheet(SOAK)
    names = [s["properties"]["title"].casefold() for s in book["sheets"]]
    found = [f"tab {n}" for n in set(names) if names.count(n) > 1]
    found += [
        f"protection of {s['properties']['title']}" for s in book["sheets"] if len(s.get("protectedRanges", [])) > 1
    ]
    if sum(1 for m in book.get("developerMetadata", []) if m["metadataKey"] == MARKER_KEY) > 1:
        found.append("marker")
    return found


def sync(
    config: Config, server: Any, credentials: Credentials, spreadsheet: str, policy: RetryPolicy, now: dt.datetime
) -> str:
    """One sync as the nightly job runs it (the key read once: its
    token is not what is soaked): the exit code as the outcome."""
    book = GoogleWorkbook(
        spreadsheet, BoundedRetryClient(credentials, policy=policy), server.url, credentials.service_account_email
    )
    try:
        return f"exit {int(run_sync(config, book, now=now).code)}"
    except (BackendError, WorkbookError) as exc:
        return "exit 3, may or may not have been applied" if "may or may not" in str(exc) else "exit 3"


def soak(
    syncs: int,
    seed: int = 8,
    rate: float = 0.2,
    storms: float = 0.03,
    budget: float = 6.0,
    progress: Callable[[int], None] = lambda _: None,
) -> Figures:
    """Run the soak and check every sync; the figures hold any failure found."""
    rng, figures = random.Random(seed), Figures()
    ruleset, catalog = load_ruleset("gl-unmatched", ROOT)
    tabs: Tabs = {
        name: [list(r) for r in grid] for name, grid in build_demo(ruleset, catalog).tabs(ruleset, catalog).items()
    }
    policy = RetryPolicy(budget=budget, base=0.01, cap=0.2, timeout=(1.0, 1.0))
    storm = RetryPolicy(budget=2.0, base=0.01, cap=0.2, timeout=(1.0, 1.0))
    """A storm lasts past any budget: a short one ends it sooner, to the same exit 3."""
    keys = make_rsa_key(2048)
    started = time.perf_counter()
    with SheetsServer(seed=seed) as server, tempfile.TemporaryDirectory() as tmp:
        server.trust(SERVICE_ACCOUNT_EMAIL, keys.public_pem)
        key = Path(tmp) / "key.json"
        key.write_text(json.dumps(service_account_info(SERVICE_ACCOUNT_EMAIL, keys.private_pem, server.token_uri)))
        (Path(tmp) / "league.toml").write_text(
            f'ruleset = "gl-unmatched"\nspreadsheet_id = "{SOAK}"\n'
            f'credentials = "{key}"\nsheets_api = "{server.url}"\n'
            'export_formats = ["csv"]\n'
        )  # the soak is about Sheets: no images
        config = load_config(Path(tmp))
        credentials = load_credentials(key)
        server.add_spreadsheet(SOAK, tabs)
        chaos = Chaos(rng, figures, rate)
        applied = 0
        for i in range(syncs):
            progress(i)
            if i:
                edited = edit(tabs, rng)
                server.put_tab(SOAK, edited, tabs[edited])
            now = dt.datetime(2024, 8, 10, tzinfo=dt.UTC) + dt.timedelta(hours=i)
            before = values(server, SOAK)
            server.add_spreadsheet(TWIN, before)
            sync(config, server, credentials, TWIN, policy, now)
            expected = values(server, TWIN)
            chaos.storm = rng.random() < storms
            server.chaos = chaos
            outcome = sync(config, server, credentials, SOAK, storm if chaos.storm else policy, now)
            server.chaos = None
            server.wait_idle()
            server.requests.clear()  # the server records every request: a long soak would hold them all
            after = values(server, SOAK)
            figures.syncs += 1
            figures.outcomes[outcome + (" (storm)" if chaos.storm else "")] += 1
            whole = after == expected
            applied += whole
            if not (whole or (outcome.startswith("exit 3") and after == before)):
                figures.corrupted += 1
                figures.failures.append(
                    f"sync {i} ({outcome}): output tabs "
                    + ", ".join(t for t in sorted(set(after) | set(expected)) if after.get(t) != expected.get(t))
                )
            found = duplicates(server) + ([] if len(after.get(SYNC_LOG_TAB, [])) == applied + 1 else ["Sync Log row"])
            if found:
                figures.duplicated += 1
                figures.failures.append(f"sync {i} ({outcome}): twice: {', '.join(found)}")
                applied = len(after.get(SYNC_LOG_TAB, [])) - 1
    figures.seconds = time.perf_counter() - started
    return figures


def report(figures: Figures) -> str:
    """The figures as the manual quotes them."""
    lines = [
        f"syncs: {figures.syncs:,} in {figures.seconds:.0f} s "
        f"({figures.seconds / max(1, figures.syncs):.2f} s per sync, a fault-free twin sync included)",
        "requests to the soak spreadsheet: " + ", ".join(f"{k} {v:,}" for k, v in sorted(figures.requests.items())),
        f"faults injected: {sum(figures.faults.values()):,}: "
        + ", ".join(f"{k} {v:,}" for k, v in sorted(figures.faults.items())),
        "outcomes: " + ", ".join(f"{k} {v:,}" for k, v in sorted(figures.outcomes.items())),
        f"corrupted {figures.corrupted}, duplicated {figures.duplicated}",
    ]
    return "\n".join(lines + figures.failures[:20])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--syncs", type=int, default=1_000)
    parser.add_argument("--quick", action="store_true", help="3 syncs")
    parser.add_argument("--seed", type=int, default=8)
    args = parser.parse_args()
    print(f"bench_soak: {machine()}")
    figures = soak(
        3 if args.quick else args.syncs,
        args.seed,
        progress=lambda i: print(f"  {i:,} syncs", file=sys.stderr, flush=True) if i and i % 100 == 0 else None,
    )
    print(report(figures))
    sys.exit(1 if figures.corrupted or figures.duplicated else 0)


if __name__ == "__main__":
    main()

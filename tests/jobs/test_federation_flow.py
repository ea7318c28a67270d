"""The federation as a Prefect flow, on Prefect's own test harness (a temporary local server) and the local Sheets API
server with its quota on: many leagues, several task runners, no 429, each league synced once, a broken league
reported while the others complete. Skipped where Prefect (the `federation` extra) is not installed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("prefect")

from jobs.errors import ExitCode  # noqa: E402
from jobs.federation_flow import threaded  # noqa: E402
from tests.support.federation import federation_toml, one_event_inputs, sheets_store  # noqa: E402
from tests.support.sheets_server import Quota, SheetsServer  # noqa: E402

LEAGUES = 50
"""As many as the issue that asked for the flow tests it with: the quota binds (100 reads at 30 a window)."""
WINDOW = 2.0
"""The quota's minute, compressed: Prefect's rate limit decays on the real clock, and so does the server's window."""
PER_WINDOW = 30


@pytest.fixture(scope="module")
def prefect_server() -> Iterator[None]:
    """One temporary Prefect server for the module: it takes seconds to start."""
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=60):
        yield


@pytest.fixture
def frozen_clock() -> Iterator[None]:
    """Not frozen here: Prefect's server, its leases and its rate limits' decay run on the real clock (nothing this
    test compares shows a time)."""
    yield


def test_the_flow_syncs_every_league_once_within_the_quota_reports_a_broken_one_and_deploys(
    tmp_path: Path, prefect_server: None, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    sheets_server.quota = quota = Quota(reads=PER_WINDOW, writes=PER_WINDOW, window=WINDOW)
    for at in range(LEAGUES - 1):
        sheets_store(tmp_path, f"store-{at:02}", sheets_server, service_account_file, one_event_inputs())
    broken = sheets_store(tmp_path, "store-zz", sheets_server, service_account_file, one_event_inputs())
    broken.write_text(broken.read_text(encoding="utf-8").replace('"store-zz"', '"no-such-sheet"'), encoding="utf-8")
    federation_toml(tmp_path, extra=f"[quota]\nreads_per_minute = {PER_WINDOW}\nwrites_per_minute = {PER_WINDOW}")

    ran = threaded(6)(str(tmp_path / "federation.toml"), window=WINDOW, retry_delays=(0.0, 0.0))

    assert quota.refused == 0, "Google never answered 429"
    lines = ran["lines"]
    assert sum(line.endswith(": synced, 0 error(s), 0 warning(s)") for line in lines) == LEAGUES - 1, json.dumps(lines)
    assert lines[-1].startswith("store-zz: failed: ") and "no-such-sheet" in lines[-1]
    assert lines[-1].count("failed: ") == 1, "the league's own line, not wrapped in another"
    assert ran["code"] == ExitCode.BACKEND and ran["series"].startswith("series not updated: 1 league(s) failed")
    assert sheets_server.count(":batchUpdate") == LEAGUES - 1, "each league written once"
    assert sheets_server.count("GET /v4/spreadsheets/no-such-sheet") == 3, "the broken league tried three times"
    deploys_on_a_schedule(tmp_path)


def deploys_on_a_schedule(tmp_path: Path) -> None:
    """`league federation deploy` makes a scheduled deployment of the flow (one test with the run: the harness's
    server takes seconds to start in each test process)."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.actions import WorkPoolCreate
    from typer.testing import CliRunner

    from jobs.cli import app

    with get_client(sync_client=True) as client:
        client.create_work_pool(WorkPoolCreate(name="league", type="process"))
    done = CliRunner().invoke(app, ["federation", "deploy", str(tmp_path), "--cron", "30 23 * * *"])
    assert done.exit_code == 0, done.output
    assert "deployed league-federation/nightly" in done.output
    with get_client(sync_client=True) as client:
        made = client.read_deployment_by_name("league-federation/nightly")
    assert made.parameters == {"federation": str(tmp_path / "federation.toml")}
    assert [s.schedule.cron for s in made.schedules] == ["30 23 * * *"]  # type: ignore[union-attr]
    assert made.entrypoint == "jobs/federation_flow.py:federation"

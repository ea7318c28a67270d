"""A write whose answer is lost is resolved, not given up on: its marker says whether it was applied.

Over HTTP to the local Sheets API server, which can drop a connection or answer with an error
before or after it applied the request."""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path

import pytest
import requests
from typer.testing import CliRunner

from jobs.cli import app
from jobs.config import load_config, load_ruleset
from jobs.sync_job import run_sync
from league.cells import Grid
from league.sheet import SYNC_LOG_TAB, is_output_tab
from league.template import input_sheets
from sync.retry import RetryPolicy
from sync.sheets_marker import MARKER_KEY
from tests.support.google_league import ACCOUNT, CSV_ONLY, FAST, PATIENT, SHEET_ID, configure, workbook
from tests.support.grids import texts
from tests.support.sheets_server import Fault, SheetsServer

WRITE = ":batchUpdate"
SLOW = RetryPolicy(budget=12.0, base=0.01, cap=0.05, timeout=(2.0, 1.0))
"""A read timeout that a 2.5 s answer overruns."""
NOW = dt.datetime(2024, 9, 8, 21, 0, tzinfo=dt.UTC)


def outputs(server: SheetsServer) -> dict[str, list[list[str]]]:
    return {tab: texts(server.values(SHEET_ID, tab)) for tab in server.tab_names(SHEET_ID) if is_output_tab(tab)}


def markers(server: SheetsServer) -> list[dict[str, object]]:
    return [m for m in server.spreadsheet(SHEET_ID).get("developerMetadata", []) if m["metadataKey"] == MARKER_KEY]


@pytest.mark.parametrize(
    ("fault", "writes"),
    [
        (Fault(drop=True, match=WRITE), 2),
        (Fault(drop=True, after=True, match=WRITE), 1),
        (Fault(500, match=WRITE), 2),
        (Fault(503, "html", after=True, match=WRITE), 1),
        (Fault(502, match=WRITE, times=2), 3),
        (Fault(200, delay=2.5, match=WRITE), 2),
    ],
)
def test_a_lost_answer_to_the_write_is_resolved(
    tmp_path: Path,
    sheets_server: SheetsServer,
    seeded: dict[str, Grid],
    service_account_file: Path,
    fault: Fault,
    writes: int,
) -> None:
    config = load_config(configure(tmp_path, sheets_server, service_account_file, CSV_ONLY))
    clean = run_sync(config, workbook(sheets_server, service_account_file), now=NOW)
    expected = outputs(sheets_server)
    sheets_server.add_spreadsheet(SHEET_ID, seeded, shared_with=[ACCOUNT])
    sheets_server.requests.clear()
    sheets_server.inject(fault)
    result = run_sync(config, workbook(sheets_server, service_account_file, SLOW if fault.delay else FAST), now=NOW)
    assert sheets_server.wait_idle(), "a late answer still being served"
    assert result.code == clean.code == 1
    assert outputs(sheets_server) == expected, "the same output tabs as a sync without faults"
    assert len(sheets_server.values(SHEET_ID, SYNC_LOG_TAB)) == 2, "one Sync Log row: applied once"
    assert sheets_server.count(WRITE) == writes, "sent again only when it was not applied"
    assert sheets_server.count() == 3 + fault.times + writes - 1, "one marker read per lost answer"
    assert len(markers(sheets_server)) == 1


def test_a_failure_that_lasts_ends_with_exit_3_and_nothing_written(
    tmp_path: Path, sheets_server: SheetsServer, seeded: dict[str, Grid], service_account_file: Path
) -> None:
    configure(tmp_path, sheets_server, service_account_file, CSV_ONLY + "sheets_retry_seconds = 2\n")
    sheets_server.inject(Fault(503, times=10_000, match=WRITE))
    started = time.monotonic()
    result = CliRunner().invoke(app, ["sync", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert time.monotonic() - started < 10, "the retry budget ends the job"
    assert "nothing was changed" in " ".join(result.output.split())
    assert sheets_server.count(WRITE) > 1, "the write was sent again while its marker said it was not applied"
    assert sheets_server.tab_names(SHEET_ID) == list(seeded) and markers(sheets_server) == []
    for tab, grid in seeded.items():
        assert texts(sheets_server.values(SHEET_ID, tab)) == texts(grid)


def test_a_write_whose_marker_cannot_be_read_may_have_been_applied(
    tmp_path: Path, sheets_server: SheetsServer, seeded: dict[str, Grid], service_account_file: Path
) -> None:
    configure(tmp_path, sheets_server, service_account_file, CSV_ONLY + "sheets_retry_seconds = 2\n")
    sheets_server.inject(Fault(drop=True, after=True, match=WRITE))
    sheets_server.chaos = lambda method, path: Fault(503) if sheets_server.count(WRITE) else None
    result = CliRunner().invoke(app, ["sync", str(tmp_path)])
    assert result.exit_code == 3 and "may or may not have been applied" in " ".join(result.output.split())
    assert sheets_server.count(WRITE) == 1
    sheets_server.chaos = None
    assert CliRunner().invoke(app, ["sync", str(tmp_path)]).exit_code == 1, "running it again just works"
    assert len(sheets_server.values(SHEET_ID, SYNC_LOG_TAB)) == 3 and len(markers(sheets_server)) == 1


@pytest.mark.parametrize(("syncs", "marked"), [(2, True), (1, False)])
def test_the_same_batch_applied_twice_fails_whole(
    tmp_path: Path,
    sheets_server: SheetsServer,
    seeded: dict[str, Grid],
    service_account_file: Path,
    syncs: int,
    marked: bool,
) -> None:
    """A second sync's batch rewrites existing tabs: its marker stops a repeat. A first sync's batch adds tabs
    with ids of our choosing: even without its marker, a repeat fails on them instead of adding tabs again."""
    for _ in range(syncs):
        run_sync(
            load_config(configure(tmp_path, sheets_server, service_account_file, CSV_ONLY)),
            workbook(sheets_server, service_account_file),
        )
    before = sheets_server.spreadsheet(SHEET_ID), outputs(sheets_server)
    body = [r.body for r in sheets_server.requests if r.path.endswith(WRITE)][-1]
    if not marked:
        body["requests"] = [r for r in body["requests"] if "DeveloperMetadata" not in next(iter(r))]
    token = sheets_server.issue_token(ACCOUNT)
    again = requests.post(
        f"{sheets_server.url}/v4/spreadsheets/{SHEET_ID}{WRITE}",
        json=body,
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    assert again.status_code == 400 and "already exists" in again.json()["error"]["message"]
    assert (sheets_server.spreadsheet(SHEET_ID), outputs(sheets_server)) == before


def test_init_and_add_rows_resolve_a_dropped_answer(sheets_server: SheetsServer, service_account_file: Path) -> None:
    sheets_server.add_spreadsheet(SHEET_ID, {"Sheet1": []}, shared_with=[ACCOUNT])
    ruleset, catalog = load_ruleset("gl-unmatched", Path("."))
    sheets_server.inject(Fault(drop=True, match=WRITE))  # lost before it was applied: sent again
    workbook(sheets_server, service_account_file, PATIENT).create(
        input_sheets(ruleset, catalog, [["QR1-GB5", "", "", "", None, "", "Results QR1-GB5"]])
    )
    assert sheets_server.tab_names(SHEET_ID) == ["Sheet1", "Events", "Players", "Results QR1-GB5", "Penalties", "Avoid"]
    assert sheets_server.count(WRITE) == 2
    sheets_server.inject(Fault(drop=True, after=True, match=WRITE))  # lost after: its marker is there
    workbook(sheets_server, service_account_file, PATIENT).add_rows("Results QR1-GB5", [{"Round": 1, "Table": 1}])
    assert sheets_server.values(SHEET_ID, "Results QR1-GB5")[1:] == [[1, 1]], "the row added once"
    assert sheets_server.count(WRITE) == 3 and len(markers(sheets_server)) == 1

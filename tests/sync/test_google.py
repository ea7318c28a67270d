"""The Google Sheets backend for real: gspread and google-auth over HTTP to the local Sheets API server."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from jobs.cli import app
from jobs.config import load_config, load_ruleset
from jobs.demo_job import DEMO_WORKBOOK, run_demo
from jobs.sync_job import run_sync
from league.cells import Grid
from league.sheet import LEADERBOARD_TAB, PROBLEMS_TAB, SYNC_LOG_TAB, is_output_tab
from league.template import input_sheets
from sync.google import CredentialsError, load_credentials
from sync.open import open_workbook
from sync.retry import RetryPolicy
from sync.workbook import BackendError
from sync.xlsx import XlsxWorkbook
from tests.support.google_league import ACCOUNT, CSV_ONLY, FAST, PATIENT, SHEET_ID, configure, demo_inputs, workbook
from tests.support.grids import texts
from tests.support.sheets_server import Fault, SheetsServer

IMPATIENT = RetryPolicy(budget=12.0, base=0.01, cap=0.05, timeout=(2.0, 2.0))
"""For the slow-answer case only: a read timeout the 4 s delay overruns, with room for a loaded machine."""


def test_sync_makes_three_requests_and_matches_the_xlsx_backend(
    tmp_path: Path, sheets_server: SheetsServer, seeded: dict[str, Grid], service_account_file: Path
) -> None:
    config = load_config(configure(tmp_path, sheets_server, service_account_file, CSV_ONLY))
    result = run_sync(config, open_workbook(config))
    assert result.code == 1
    assert sheets_server.count() == 3
    assert sheets_server.count("GET /v4/spreadsheets/") == 2 and sheets_server.count(":batchUpdate") == 1
    assert sheets_server.count("values:batchGet") == 1
    run_demo(tmp_path / "offline")
    offline = XlsxWorkbook(tmp_path / "offline" / DEMO_WORKBOOK)
    outputs = [t for t in offline.tab_names() if is_output_tab(t) and t != SYNC_LOG_TAB]
    assert len(outputs) == 8
    offline_tabs = offline.read(outputs)
    for tab in outputs:
        assert texts(sheets_server.values(SHEET_ID, tab)) == texts(offline_tabs[tab]), tab
    for tab, grid in seeded.items():
        assert texts(sheets_server.values(SHEET_ID, tab)) == texts(grid), f"input tab {tab} changed"


def test_request_count_does_not_grow_with_the_league(
    tmp_path: Path, sheets_server: SheetsServer, seeded: dict[str, Grid], service_account_file: Path
) -> None:
    config = load_config(configure(tmp_path, sheets_server, service_account_file, CSV_ONLY))
    run_sync(config, workbook(sheets_server, service_account_file))
    first = sheets_server.count()
    big = {name: [list(r) for r in grid] for name, grid in seeded.items()}
    events = big["Events"]
    for copy in range(1, 4):  # three more copies of every event: 24 events, 24 results tabs
        for row in seeded["Events"][1:]:
            event, tab = f"{row[0]}-{copy}", f"{row[6]}-{copy}"
            events.append([event, *row[1:6], tab])
            big[tab] = [list(r) for r in seeded[str(row[6])]]
            big["Players"] += [[p[0], event, *p[2:]] for p in seeded["Players"][1:] if p[1] == row[0]]
    sheets_server.add_spreadsheet(SHEET_ID, big, shared_with=[ACCOUNT])
    result = run_sync(config, workbook(sheets_server, service_account_file))
    assert len(result.evaluation.league.events) == 24 and len(result.changes.replace) == 24 + 2
    assert first == 3 and sheets_server.count() - first == 3


def test_output_tabs_are_protected_frozen_and_linked(
    tmp_path: Path, sheets_server: SheetsServer, seeded: dict[str, Grid], service_account_file: Path
) -> None:
    config = load_config(configure(tmp_path, sheets_server, service_account_file, CSV_ONLY))
    run_sync(config, workbook(sheets_server, service_account_file))
    run_sync(config, workbook(sheets_server, service_account_file))
    board = sheets_server.sheet(SHEET_ID, LEADERBOARD_TAB)
    assert board["properties"]["gridProperties"]["frozenRowCount"] == 1
    assert [p["warningOnly"] for p in board.get("protectedRanges", [])] == [True], "protected once, not once per sync"
    problems = json.dumps(sheets_server.sheet(SHEET_ID, PROBLEMS_TAB))
    assert "#gid=" in problems and "range=G19" in problems
    assert len(sheets_server.values(SHEET_ID, SYNC_LOG_TAB)) == 3


def test_formula_looking_names_come_back_as_plain_strings(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    tabs = demo_inputs()
    sneaky = '=IMPORTXML("http://example.invalid","//a")'
    first = tabs["Players"][1][0]
    for grid in tabs.values():
        for row in grid:
            for i, cell in enumerate(row):
                if cell == first:
                    row[i] = sneaky
    sheets_server.add_spreadsheet(SHEET_ID, tabs, shared_with=[ACCOUNT])
    config = load_config(configure(tmp_path, sheets_server, service_account_file, CSV_ONLY))
    run_sync(config, workbook(sheets_server, service_account_file))
    body = json.dumps([r.body for r in sheets_server.requests if r.body])
    assert "formulaValue" not in body
    names = [
        row[1]
        for grid_name in sheets_server.tab_names(SHEET_ID)
        if grid_name.startswith("Standings")
        for row in sheets_server.values(SHEET_ID, grid_name)[1:]
    ]
    assert sneaky in names


@pytest.mark.parametrize(
    "fault",
    [
        Fault(429, "json"),
        Fault(429, "html"),
        Fault(500),
        Fault(503, "html"),
        Fault(429, retry_after=0.1),
        Fault(200, delay=4.0),
        Fault(drop=True),
        Fault(429, match=":batchUpdate", times=2),
        Fault(502, match="values:batchGet"),
    ],
)
def test_passing_failures_are_ridden_out(
    tmp_path: Path, sheets_server: SheetsServer, seeded: dict[str, Grid], service_account_file: Path, fault: Fault
) -> None:
    config = load_config(configure(tmp_path, sheets_server, service_account_file, CSV_ONLY))
    sheets_server.inject(fault)
    policy = IMPATIENT if fault.delay else FAST
    started = time.monotonic()
    result = run_sync(config, workbook(sheets_server, service_account_file, policy))
    assert result.code == 1
    assert texts(sheets_server.values(SHEET_ID, LEADERBOARD_TAB))[0][:2] == ["Rank", "Player"]
    assert sheets_server.count() == 3 + fault.times, "each faulted request was answered by the fault, then retried"
    if fault.retry_after:
        assert time.monotonic() - started >= fault.retry_after


def test_persistent_429_ends_with_exit_3_and_nothing_written(
    tmp_path: Path, sheets_server: SheetsServer, seeded: dict[str, Grid], service_account_file: Path
) -> None:
    configure(tmp_path, sheets_server, service_account_file, CSV_ONLY + "sheets_retry_seconds = 2\n")
    sheets_server.inject(Fault(429, "html", times=10_000, match=":batchUpdate"))
    started = time.monotonic()
    result = CliRunner().invoke(app, ["sync", str(tmp_path)])
    assert result.exit_code == 3, result.output
    assert time.monotonic() - started < 10, "the retry budget ends the job"
    assert "quota" in " ".join(result.output.split()) and "nothing was changed" in " ".join(result.output.split())
    assert sheets_server.count(":batchUpdate") > 1, "the write was retried"
    assert sheets_server.tab_names(SHEET_ID) == list(seeded), "no output tab was added"
    for tab, grid in seeded.items():
        assert texts(sheets_server.values(SHEET_ID, tab)) == texts(grid)


def test_unshared_spreadsheet_names_the_account(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    sheets_server.add_spreadsheet(SHEET_ID, demo_inputs(), shared_with=["someone@else.example"])
    configure(tmp_path, sheets_server, service_account_file, CSV_ONLY)
    result = CliRunner().invoke(app, ["sync", str(tmp_path)])
    assert result.exit_code == 3
    text = " ".join(result.output.split())
    assert ACCOUNT in text and "Editor" in text


def test_missing_spreadsheet(tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path) -> None:
    configure(tmp_path, sheets_server, service_account_file, CSV_ONLY)
    result = CliRunner().invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 3 and "no spreadsheet with id" in " ".join(result.output.split())


@pytest.mark.parametrize("content", [None, "not json", '{"type": "service_account"}', "no e-mail", "cut short"])
def test_bad_key_files_are_explained_without_the_key(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path, content: str | None
) -> None:
    key = tmp_path / "key.json"
    real = json.loads(service_account_file.read_text())
    if content == "no e-mail":  # the real private key is in the file: it must not leak into a message
        key.write_text(json.dumps({k: v for k, v in real.items() if k != "client_email"}), encoding="utf-8")
    elif content == "cut short":
        key.write_text(json.dumps(real)[:-40], encoding="utf-8")
    elif content is not None:
        key.write_text(content, encoding="utf-8")
    with pytest.raises(CredentialsError, match="key"):
        load_credentials(key)
    configure(tmp_path, sheets_server, key, CSV_ONLY)
    result = CliRunner().invoke(app, ["sync", str(tmp_path)])
    assert result.exit_code == 2
    for secret in real["private_key"].splitlines()[1:-1]:
        assert secret not in result.output


def test_environment_overrides_the_config(
    tmp_path: Path,
    sheets_server: SheetsServer,
    seeded: dict[str, Grid],
    service_account_file: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / "league.toml").write_text(
        'ruleset = "gl-unmatched"\nspreadsheet_id = "wrong"\ncredentials = "missing.json"\n'
        f'sheets_api = "{sheets_server.url}"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("LEAGUE_SPREADSHEET_ID", SHEET_ID)
    monkeypatch.setenv("GOOGLE_APPLICATION_CREDENTIALS", str(service_account_file))
    config = load_config(tmp_path)
    assert config.sheets is not None and config.sheets.spreadsheet_id == SHEET_ID
    assert run_sync(config, open_workbook(config)).code == 1


def test_init_on_sheets_makes_input_tabs_in_one_batch(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheets_server.add_spreadsheet(SHEET_ID, {"Sheet1": []}, shared_with=[ACCOUNT])
    configure(tmp_path, sheets_server, service_account_file, CSV_ONLY)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["init", "--event", "QR1-GB5"])
    assert result.exit_code == 0, result.output
    assert sheets_server.count(":batchUpdate") == 1 and sheets_server.count() == 3, (
        "metadata, the tabs there, the write"
    )
    assert sheets_server.tab_names(SHEET_ID)[1:] == ["Events", "Players", "Results QR1-GB5", "Penalties", "Avoid"]
    tabs = [s["properties"] for s in sheets_server.spreadsheet(SHEET_ID)["sheets"]]
    [players] = [p for p in tabs if p["title"] == "Players"]
    assert players["gridProperties"]["frozenRowCount"] == 1
    dropdowns = json.dumps(sheets_server.stored_cells(SHEET_ID, "Players"))
    assert "ONE_OF_RANGE" in dropdowns and "Medusa" in dropdowns
    again = CliRunner().invoke(app, ["init", "--event", "QR1-GB5"])
    assert again.exit_code == 0 and "nothing to add" in " ".join(again.output.split())
    assert sheets_server.count(":batchUpdate") == 1, "nothing was missing, so nothing was written"


def test_backend_errors_are_backend_errors() -> None:
    assert issubclass(CredentialsError, BackendError)


def test_forbidden_names_the_account_and_what_google_said(
    tmp_path: Path, sheets_server: SheetsServer, seeded: dict[str, Grid], service_account_file: Path
) -> None:
    configure(tmp_path, sheets_server, service_account_file, CSV_ONLY)
    sheets_server.inject(Fault(403, times=100))
    result = CliRunner().invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 3
    text = " ".join(result.output.split())
    assert "not shared with league-sync@" in text and "Google said" in text


def test_an_event_id_retyped_in_another_case_renames_its_tab(
    tmp_path: Path, sheets_server: SheetsServer, seeded: dict[str, Grid], service_account_file: Path
) -> None:
    config = load_config(configure(tmp_path, sheets_server, service_account_file, CSV_ONLY))
    run_sync(config, workbook(sheets_server, service_account_file))
    renamed = {name: [list(r) for r in grid] for name, grid in seeded.items()}
    renamed["Events"] = [["qr1-ae" if c == "QR1-AE" else c for c in row] for row in renamed["Events"]]
    sheets_server.add_spreadsheet(
        SHEET_ID,
        {
            **renamed,
            **{t: sheets_server.values(SHEET_ID, t) for t in sheets_server.tab_names(SHEET_ID) if t not in renamed},
        },
        shared_with=[ACCOUNT],
    )
    assert run_sync(config, workbook(sheets_server, service_account_file)).code == 1
    tabs = sheets_server.tab_names(SHEET_ID)
    assert "Standings qr1-ae" in tabs and "Standings QR1-AE" not in tabs


def test_add_rows_is_one_request_after_a_read_and_keeps_dropdowns(
    sheets_server: SheetsServer, service_account_file: Path
) -> None:
    sheets_server.add_spreadsheet(SHEET_ID, {"Sheet1": []}, shared_with=[ACCOUNT])
    ruleset, catalog = load_ruleset("gl-unmatched", Path("."))
    workbook(sheets_server, service_account_file, PATIENT).create(
        input_sheets(ruleset, catalog, [["QR1-GB5", "", "", "", None, "", "Results QR1-GB5"]])
    )

    def dropdowns() -> int:
        return sum("dataValidation" in cell for cell in sheets_server.stored_cells(SHEET_ID, "Results QR1-GB5"))

    kept = dropdowns()
    assert kept > 0
    book = workbook(sheets_server, service_account_file, PATIENT)
    book.read(book.tab_names())
    done = sheets_server.count()
    book.add_rows("Results QR1-GB5", [{"Round": 1, "Table": 1, "Player A": "=1+1"}])
    assert sheets_server.count() - done == 1 and sheets_server.count(":batchUpdate") == 2
    done = sheets_server.count()
    workbook(sheets_server, service_account_file, PATIENT).add_rows("Results QR1-GB5", [{"Round": 1, "Table": 2}])
    assert sheets_server.count() - done == 3, "a fresh handle reads the metadata and the tab first"
    assert sheets_server.values(SHEET_ID, "Results QR1-GB5")[1:] == [[1, 1, "=1+1"], [1, 2]]
    assert sheets_server.cell(SHEET_ID, "Results QR1-GB5", "C2")["userEnteredValue"] == {"stringValue": "=1+1"}
    assert dropdowns() == kept


def cells(sheet: dict[str, Any]) -> dict[tuple[int, int], Any]:
    """Every stored cell of a Sheet resource (values, formats, dropdowns) by (row, column)."""
    rows = sheet.get("data", [{}])[0].get("rowData", [])
    return {(r, c): cell for r, row in enumerate(rows) for c, cell in enumerate(row.get("values", [])) if cell}


def test_init_grows_a_league_in_three_requests_and_keeps_every_cell(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tabs = demo_inputs()
    status = tabs["Players"][0].index("Status")
    tabs["Players"] = [row[:status] for row in tabs["Players"]]  # made by an older ruleset: no Status column
    sheets_server.add_spreadsheet(SHEET_ID, tabs, shared_with=[ACCOUNT])
    config = load_config(configure(tmp_path, sheets_server, service_account_file, CSV_ONLY))
    run_sync(config, workbook(sheets_server, service_account_file))
    names = sheets_server.tab_names(SHEET_ID)
    before = {tab: sheets_server.sheet(SHEET_ID, tab) for tab in names}
    monkeypatch.chdir(tmp_path)
    done = sheets_server.count()

    result = CliRunner().invoke(app, ["init", "--event", "QR3-AE"])
    assert result.exit_code == 0, result.output
    assert " ".join(result.output.split()) == (
        f"added Results QR3-AE, the QR3-AE row of Events and the Status column of Players "
        f"to spreadsheet {SHEET_ID}; nothing else changed"
    )
    assert sheets_server.count() - done == 3, "one metadata GET, one values:batchGet, one batchUpdate"
    assert sheets_server.count(":batchUpdate") == 2 and sheets_server.count("values:batchGet") == 2
    assert sheets_server.tab_names(SHEET_ID) == [*names, "Results QR3-AE"]
    for tab in names:
        after = sheets_server.sheet(SHEET_ID, tab)
        if tab not in ("Players", "Events"):
            assert after == before[tab], f"{tab} changed"
            continue
        old = cells(before[tab])
        assert {k: v for k, v in cells(after).items() if k in old} == old, f"a cell of {tab} changed"
    players = sheets_server.values(SHEET_ID, "Players")
    assert players[0] == [*tabs["Players"][0], "Status"] and players[1:] == tabs["Players"][1:]
    assert (
        sheets_server.cell(SHEET_ID, "Players", f"{chr(65 + status)}2")["dataValidation"]["condition"]["type"]
        == "ONE_OF_LIST"
    )
    assert sheets_server.values(SHEET_ID, "Events")[-1] == ["QR3-AE", *[""] * 5, "Results QR3-AE"]
    assert sheets_server.values(SHEET_ID, "Results QR3-AE") == [sheets_server.values(SHEET_ID, "Results QR1-AE")[0]]
    assert "ONE_OF_RANGE" in json.dumps(sheets_server.stored_cells(SHEET_ID, "Results QR3-AE"))

    done = sheets_server.count()
    again = CliRunner().invoke(app, ["init", "--event", "qr3-ae"])
    assert again.exit_code == 0 and "nothing to add" in again.output
    assert sheets_server.count() - done == 2 and sheets_server.count(":batchUpdate") == 2, "read, and nothing written"
    refused = CliRunner().invoke(app, ["init", "--event", "QR4:AE"])
    assert refused.exit_code == 2 and sheets_server.count() - done == 2, "refused before any request"

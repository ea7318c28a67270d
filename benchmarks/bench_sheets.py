"""Sheets API requests and wall time per sync: our three-request sync versus a straightforward gspread one.

Both run for real (gspread + google-auth over HTTP) against the local Sheets API server of the test
suite. The straightforward approach uses gspread's own Worksheet methods; since gspread's URLs
name Google's host, its session gets a transport adapter that sends those requests to the local
server instead (injected through gspread's `session` parameter, nothing patched).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import tempfile
import time
from pathlib import Path
from typing import Any

import gspread
import requests
from google.auth.transport.requests import AuthorizedSession
from requests.adapters import HTTPAdapter

from benchmarks.generate import ROOT, generate_league, machine
from jobs.config import load_config, load_ruleset
from jobs.sync_job import read_inputs, run_sync
from league.cells import Grid
from league.demos.gl import build_demo
from league.evaluate import evaluate
from league.report import leaderboard_sheet, problems_sheet, read_leaderboard, standings_sheets
from sync.google import GoogleWorkbook, load_credentials
from sync.memory import MemoryWorkbook
from sync.retry import BoundedRetryClient
from tests.support.sheets_server import SERVICE_ACCOUNT_EMAIL, SheetsServer, make_rsa_key, service_account_info

SHEET = "1BenchSpreadsheet00000000000000000000000000"


class ToLocal(HTTPAdapter):
    """Sends requests for Google's Sheets host to the local server."""

    def __init__(self, local: str) -> None:
        super().__init__()
        self.local = local

    def send(self, request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        request.url = str(request.url).replace("https://sheets.googleapis.com", self.local, 1)
        return super().send(request, **kwargs)


def tabs_for(kind: str, players: int) -> dict[str, Grid]:
    ruleset, catalog = load_ruleset("gl-unmatched", ROOT)
    league = build_demo(ruleset, catalog) if kind == "demo" else generate_league(ruleset, catalog, players)
    return league.tabs(ruleset, catalog)


def ours(server: SheetsServer, folder: Path, key: Path) -> tuple[int, float]:
    config = load_config(folder)
    before = server.count()
    started = time.perf_counter()
    credentials = load_credentials(key)
    run_sync(
        config, GoogleWorkbook(SHEET, BoundedRetryClient(credentials), server.url, credentials.service_account_email)
    )
    return server.count() - before, time.perf_counter() - started


def straightforward(server: SheetsServer, folder: Path, key: Path) -> tuple[int, float]:
    """open_by_key, get_all_values per tab, then per output tab: find or add it, clear it, update it."""
    config = load_config(folder)
    before = server.count()
    started = time.perf_counter()
    session = AuthorizedSession(load_credentials(key))  # type: ignore[no-untyped-call]
    session.mount("https://sheets.googleapis.com", ToLocal(server.url))
    client = gspread.Client(auth=None, session=session)  # type: ignore[arg-type]
    book = client.open_by_key(SHEET)
    tabs = {ws.title: ws.get_all_values() for ws in book.worksheets()}
    memory = MemoryWorkbook(tabs)
    inputs, outputs = read_inputs(memory, every_output=True)
    ev = evaluate(inputs, config.ruleset, config.catalog)
    for sheet in [
        *standings_sheets(ev),
        leaderboard_sheet(ev, read_leaderboard(outputs.get("Leaderboard") or [])),
        problems_sheet(ev.problems, dt.datetime.now(dt.UTC)),
    ]:
        try:
            ws = book.worksheet(sheet.name)
            ws.clear()
        except gspread.WorksheetNotFound:
            ws = book.add_worksheet(sheet.name, rows=len(sheet.rows) + 1, cols=len(sheet.header))
        ws.update(
            [list(sheet.header), *([("" if c is None else c) for c in r] for r in sheet.rows)],
            "A1",
            value_input_option=gspread.utils.ValueInputOption.raw,
        )
    return server.count() - before, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the 6-event demo league")
    parser.add_argument("--players", type=int, default=2_000, help="size of the second, generated league")
    args = parser.parse_args()
    print(f"bench_sheets: {machine()}")
    key_pair = make_rsa_key(2048)
    leagues = [("6-event demo league", "demo")] + ([] if args.quick else [(f"{args.players:,}-player league", "big")])
    for label, kind in leagues:
        tabs = tabs_for(kind, args.players)
        rows = sum(len(g) for g in tabs.values())
        for name, approach in (("league sync (3 requests)", ours), ("straightforward gspread", straightforward)):
            with SheetsServer() as server, tempfile.TemporaryDirectory() as tmp:
                folder = Path(tmp)
                server.trust(SERVICE_ACCOUNT_EMAIL, key_pair.public_pem)
                key = folder / "key.json"
                key.write_text(
                    json.dumps(service_account_info(SERVICE_ACCOUNT_EMAIL, key_pair.private_pem, server.token_uri))
                )
                (folder / "league.toml").write_text(
                    f'ruleset = "gl-unmatched"\nspreadsheet_id = "{SHEET}"\n'
                    f'credentials = "{key}"\nsheets_api = "{server.url}"\n'
                )
                server.add_spreadsheet(SHEET, tabs)
                first = approach(server, folder, key)
                second = approach(server, folder, key)
                print(
                    f"{label:>22} ({len(tabs)} tabs, {rows:,} rows)  {name:<26} first sync: {first[0]:3d} requests "
                    f"{first[1]:6.2f} s   next sync: {second[0]:3d} requests {second[1]:6.2f} s"
                )


if __name__ == "__main__":
    main()

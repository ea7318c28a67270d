"""The hand-checked MESBG doubles scenario (`tests/golden/mesbg/`, every figure worked in its README): the input tabs as
CSV, synced on `.xlsx` and through the local Sheets API server, give the expected standings and leaderboard on both."""

from __future__ import annotations

import csv
from pathlib import Path

from league.cells import Cell, Grid
from tests.support.google_league import synced_both_ways
from tests.support.grids import texts
from tests.support.sheets_server import SheetsServer

GOLDEN = Path(__file__).parents[1] / "golden" / "mesbg"
INPUTS = ("Events", "Pairs", "Results E1", "Results E2", "Penalties")


def _csv(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return [row for row in csv.reader(f)]


def _grid(path: Path) -> Grid:
    rows: list[list[Cell]] = [[cell or None for cell in row] for row in _csv(path)]
    return rows


def test_the_golden_mesbg_league_on_xlsx_and_google(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    inputs = {tab: _grid(GOLDEN / f"{tab}.csv") for tab in INPUTS}
    local = synced_both_ways(tmp_path, sheets_server, service_account_file, "mesbg-pairs", inputs)
    problems = texts(local["Problems"])
    assert len(problems) == 2 and problems[1][0] == "ok", problems
    for tab in ("Standings E1", "Standings E2", "Leaderboard"):
        expected = texts(_csv(GOLDEN / f"expected {tab}.csv"))  # type: ignore[arg-type]
        assert texts(local[tab]) == expected, tab

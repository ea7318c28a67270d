"""What judges leave empty, read through the local Sheets API server as on `.xlsx`: an empty `Account Standing` is
`Good`, and the cut settles once as many `in`s are typed as places are left."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from league.cells import Cell, Grid
from tests.support.google_league import synced_both_ways
from tests.support.sheets_server import SheetsServer
from tests.support.tournaments import load, workbook

NASEF = Path(__file__).parents[1] / "golden" / "nasef"
"""Six teams, a cut of 2: Comet is in, Eclipse and Falcon are level across it for the place left."""


def _nasef(cut: dict[str, str]) -> dict[str, Grid]:
    """The golden NASEF season with a `Cut` column in Teams holding `cut`."""
    tabs: dict[str, Grid] = {}
    for tab, name in (("Events", "events"), ("Teams", "teams"), ("Rosters", "rosters"), ("Results S1", "results-s1")):
        with (NASEF / f"{name}.csv").open(encoding="utf-8", newline="") as f:
            tabs[tab] = [list[Cell](row) for row in csv.reader(f)]
    tabs["Teams"] = [[*tabs["Teams"][0], "Cut"], *([*row, cut.get(str(row[0]), "")] for row in tabs["Teams"][1:])]
    return tabs


def test_an_empty_account_standing_is_good_on_sheets(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    tabs = workbook(load("topdeck_legacy_thursday_2025-01-09.json"))
    tabs["Players"] = [tabs["Players"][0], *([*row[:2], "", *row[3:]] for row in tabs["Players"][1:])]
    local = synced_both_ways(tmp_path, sheets_server, service_account_file, "ogaming-mtg", tabs)
    assert [r[0] for r in local["Problems"][1:]] == ["ok"]
    assert len(local["Standings W1"]) == len(tabs["Players"])


@pytest.mark.parametrize(
    "cut, marks, problems",
    [
        ({"Eclipse": "in"}, {"Eclipse": "in", "Falcon": "out"}, []),
        (
            {"Eclipse": "out"},
            {"Eclipse": "tiebreaker match", "Falcon": "tiebreaker match"},
            [["warning", "Teams", "D7"]],
        ),
    ],
)
def test_the_cut_on_sheets(
    tmp_path: Path,
    sheets_server: SheetsServer,
    service_account_file: Path,
    cut: dict[str, str],
    marks: dict[str, str],
    problems: list[list[str]],
) -> None:
    local = synced_both_ways(tmp_path, sheets_server, service_account_file, str(NASEF / "ruleset.toml"), _nasef(cut))
    assert {r[1]: r[6] for r in local["Standings S1"][1:] if r[1] in marks} == marks
    found = [r for r in local["Problems"][1:] if r[1] == "Teams"]
    assert [r[:3] for r in found] == problems
    assert all("Falcon still needs in or out" in str(r[5]) and "1 place(s) left" in str(r[5]) for r in found)

"""A format unlike GL (the test-only Swiss ruleset with draws) synced through both backends: same output tabs."""

from __future__ import annotations

from pathlib import Path

from jobs.config import load_ruleset
from league.demos.magic import build_magic_demo
from tests.support.google_league import synced_both_ways
from tests.support.sheets_server import SheetsServer
from tests.support.swiss_draws import RULESET_FILE, tabs


def test_swiss_with_draws_gives_the_same_tabs_on_xlsx_and_google(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    local = synced_both_ways(tmp_path, sheets_server, service_account_file, str(RULESET_FILE), tabs())
    assert sorted(local) == ["Leaderboard", "Problems", "Standings W1"]
    assert [row[1] for row in local["Standings W1"][1:]] == ["Ana", "Ben", "Eve", "Cy", "Dee"]
    assert local["Standings W1"][2][:8] == [2, "Ben", 6, 3, 0.7222, 0.5714, 0.7381, 7]


def test_magic_standings_are_the_same_on_xlsx_and_google(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    ruleset, catalog = load_ruleset("ogaming-mtg", tmp_path)
    local = synced_both_ways(
        tmp_path, sheets_server, service_account_file, "ogaming-mtg", build_magic_demo().tabs(ruleset, catalog)
    )
    assert {"Standings W1", "Standings W2", "Standings W3", "Leaderboard"} <= set(local)
    assert local["Standings W2"][0][3:7] == ["Record", "OMW%", "GW%", "OGW%"]
    assert all(isinstance(row[4], float) for row in local["Standings W2"][1:])

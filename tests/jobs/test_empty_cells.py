"""Empty cells as judges leave them, through `league sync` on an `.xlsx` workbook: an empty cell with a usual value
(`Account Standing`: `Good`) takes it, and any other empty cell is said to be empty, never quoted as `''`."""

from __future__ import annotations

import csv
from pathlib import Path

from typer.testing import CliRunner

from jobs.cli import app
from league.cells import Cell, Grid
from sync.xlsx import XlsxWorkbook
from tests.support.google_league import CSV_ONLY
from tests.support.grids import sheets
from tests.support.tournaments import load, workbook

runner = CliRunner()
EVENT = load("topdeck_legacy_thursday_2025-01-09.json")


def _league(folder: Path, tabs: dict[str, Grid], ruleset: str = "ogaming-mtg") -> Path:
    XlsxWorkbook(folder / "league.xlsx").create(sheets(tabs))
    (folder / "league.toml").write_text(
        f'ruleset = "{ruleset}"\nworkbook = "league.xlsx"\n{CSV_ONLY}', encoding="utf-8"
    )  # the tests read the workbook's tabs, not the images and posters
    return folder


def _standings_left_empty() -> dict[str, Grid]:
    """The published event as a judge types it, no player's `Account Standing` filled in."""
    tabs = workbook(EVENT)
    tabs["Players"] = [tabs["Players"][0], *([*row[:2], "", *row[3:]] for row in tabs["Players"][1:])]
    return tabs


def _problems(folder: Path) -> list[list[Cell]]:
    """The rows of the Problems tab, without its "No problems found" line."""
    return [r for r in XlsxWorkbook(folder / "league.xlsx").read(["Problems"])["Problems"][1:] if r[0] != "ok"]


def test_an_empty_account_standing_is_good(tmp_path: Path) -> None:
    folder = _league(tmp_path, _standings_left_empty())
    result = runner.invoke(app, ["sync", str(folder)])
    assert result.exit_code == 0, result.output
    assert _problems(folder) == []
    standings = XlsxWorkbook(folder / "league.xlsx").read(["Standings W1"])["Standings W1"]
    assert len(standings) - 1 == len(_standings_left_empty()["Players"]) - 1  # every player ranked


def test_without_a_default_an_empty_account_standing_is_said_to_be_empty(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text('extends = "ogaming-mtg"\n\n[eligibility]\ndefault = ""\n', encoding="utf-8")
    folder = _league(tmp_path, _standings_left_empty(), str(tmp_path / "mine.toml"))
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 1
    problems = _problems(folder)
    first = str(_standings_left_empty()["Players"][1][0])
    assert [r[2] for r in problems] == [f"C{n}" for n in range(2, len(problems) + 2)]
    assert problems[0][5] == f"Account Standing of {first} is empty" and all("''" not in str(r[5]) for r in problems)


def test_a_default_the_ruleset_does_not_list_is_a_one_line_ruleset_error(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(
        'extends = "ogaming-mtg"\n\n[eligibility]\ndefault = "Fine"\n', encoding="utf-8"
    )
    folder = _league(tmp_path, _standings_left_empty(), str(tmp_path / "mine.toml"))
    result = runner.invoke(app, ["sync", str(folder)])
    assert result.exit_code == 2 and "`eligibility.default` is 'Fine'; use one of 'Good'" in result.output
    assert "Traceback" not in result.output


def test_an_empty_cell_is_never_quoted_as_two_quotes(tmp_path: Path) -> None:
    tabs = workbook(EVENT)
    player = str(tabs["Players"][1][0])
    tabs["Players"].append(["Zed", "", "Good", "", ""])  # no event
    tabs["Penalties"] = [["Event", "Round", "Competitor", "Penalty"], ["", 1, player, "Warning"], ["W1", 1, "", ""]]
    tabs["Avoid"] = [["Event", "Competitor A", "Competitor B", "Reason"], ["W1", player, "", "siblings"]]
    folder = _league(tmp_path, tabs)
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 1
    said = {(r[1], r[2]): r[5] for r in _problems(folder)}
    last = len(tabs["Players"])
    assert said == {
        ("Players", f"B{last}"): "the Event of Zed is empty",
        ("Penalties", "A2"): "Event is empty",
        ("Penalties", "C3"): "Competitor is empty",
        ("Penalties", "D3"): "Penalty is empty",
        ("Avoid", "C2"): "Competitor B is empty",
    }


def test_an_empty_roster_status_is_said_to_be_empty(tmp_path: Path) -> None:
    golden = Path(__file__).parents[1] / "golden" / "nasef"
    tabs: dict[str, Grid] = {}
    for tab, name in (("Events", "events"), ("Teams", "teams"), ("Rosters", "rosters"), ("Results S1", "results-s1")):
        with (golden / f"{name}.csv").open(encoding="utf-8", newline="") as f:
            tabs[tab] = [list[Cell](row) for row in csv.reader(f)]
    status = tabs["Rosters"][0].index("Status")
    tabs["Rosters"][1][status] = ""
    folder = _league(tmp_path, tabs, str(golden / "ruleset.toml"))
    runner.invoke(app, ["sync", str(folder)])
    said = [r[5] for r in _problems(folder) if r[1] == "Rosters" and r[4] == "Status"]
    assert said == [f"Status of {tabs['Rosters'][1][1]} is empty"]

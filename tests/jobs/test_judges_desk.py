"""The judge's desk through `league sync` on `.xlsx` and on the local Sheets API: the words a community types for a
result (`I.D.`, `ff b`) read as the ruleset's own, a whole score typed into one cell and a 2-2 series each one
problem at one cell, and `league init`'s dropdowns offering the canonical words only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest
from typer.testing import CliRunner

from jobs.cli import app
from jobs.config import Config
from league.cells import Cell, as_text
from sync.open import open_workbook
from tests.support.google_league import SHEET_ID
from tests.support.judges import Judge, csv_only, new_league, rows_of
from tests.support.sheets_server import SheetsServer

runner = CliRunner()
PLAYERS = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
TEAMS = ["Lincoln Gold", "Roosevelt Blue"]


@pytest.fixture(params=["xlsx", "sheets"])
def magic(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Config, Judge]]:
    """A new Magic league with one weekly event and six players."""
    for config, judge in new_league(request.param, tmp_path, "ogaming-mtg", ["W1"], request):
        config = csv_only(config)
        open_workbook(config).add_rows(
            "Players", [{"Player": p, "Event": "W1", "Account Standing": "Good"} for p in PLAYERS]
        )
        judge.type("Events", {(2, "Date"): "2026-02-03"})
        yield config, judge


@pytest.fixture(params=["xlsx", "sheets"])
def nasef(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Config, Judge]]:
    """A new NASEF league with two teams of five."""
    for config, judge in new_league(request.param, tmp_path, "nasef-lol", ["S1"], request):
        config = csv_only(config)
        book = open_workbook(config)
        book.add_rows("Teams", [{"Team": team, "Club": team.split()[0]} for team in TEAMS])
        book.add_rows(
            "Rosters",
            [
                {
                    "Team": team,
                    "Player": f"{team} {n}",
                    "Summoner": f"S{t}x{n}",
                    "Status": "Active",
                    "Added": "2026-01-05",
                    "MMR": 1200,
                }
                for t, team in enumerate(TEAMS)
                for n in range(1, 6)
            ],
        )
        judge.type("Events", {(2, "Date"): "2026-02-03"})
        yield config, judge


def _typed(judge: Judge, tab: str, rows: list[dict[str, Cell]]) -> None:
    """Type each results row below the header, as a judge does."""
    judge.type(tab, {(n, header): value for n, row in enumerate(rows, start=2) for header, value in row.items()})


def _synced(config: Config, judge: Judge) -> tuple[int, list[dict[str, Cell]]]:
    """`league sync` on the league's folder: its exit code and the rows of the Problems tab it wrote."""
    result = runner.invoke(app, ["sync", str(config.path)])
    return result.exit_code, [cells for _, cells in rows_of(judge.read("Problems"))]


def test_a_magic_judge_types_id_forfeits_and_a_score_in_one_cell(magic: tuple[Config, Judge]) -> None:
    config, judge = magic
    _typed(
        judge,
        "Results W1",
        [
            {"Round": 1, "Table": 1, "Player A": "Ana", "Player B": "Ben", "Result": "I.D."},
            {"Round": 1, "Table": 2, "Player A": "Cy", "Player B": "Dee", "Wins A": "2-1"},
            {"Round": 1, "Table": 3, "Player A": "Eve", "Player B": "Fay", "Result": "ff b"},
        ],
    )
    code, problems = _synced(config, judge)
    assert code == 1
    assert [(p["Severity"], p["Cell"], p["Problem"], p["Fix"]) for p in problems] == [
        ("error", "E3", "Wins A '2-1' is the whole score in one cell", "type 2 in Wins A and 1 in Wins B")
    ]
    points = {as_text(row["Player"]): as_text(row["Points"]) for _, row in rows_of(judge.read("Standings W1"))}
    assert (points["Ana"], points["Ben"], points["Eve"], points["Fay"]) == ("1", "1", "3", "0")

    _typed(judge, "Results W1", [{}, {"Wins A": 2, "Wins B": 1}])
    code, problems = _synced(config, judge)
    assert code == 0 and [p["Severity"] for p in problems] == ["ok"]


@pytest.mark.parametrize("typed", ["2:1", "2–1", " 2 - 1 "])
def test_every_way_of_typing_a_score_in_one_cell_is_one_problem(magic: tuple[Config, Judge], typed: str) -> None:
    config, judge = magic
    _typed(judge, "Results W1", [{"Round": 1, "Table": 1, "Player A": "Ana", "Player B": "Ben", "Wins A": typed}])
    assert [(p["Cell"], p["Fix"]) for p in _synced(config, judge)[1]] == [("E2", "type 2 in Wins A and 1 in Wins B")]


def _result_choices(config: Config, request: pytest.FixtureRequest) -> list[str]:
    """The choices `league init` put in the dropdown of the Magic results tab's `Result` column (H)."""
    if config.sheets:
        server: SheetsServer = request.getfixturevalue("sheets_server")
        rule = server.cell(SHEET_ID, "Results W1", "H2")["dataValidation"]
        return [v["userEnteredValue"] for v in rule["condition"]["values"]]
    sheet = openpyxl.load_workbook(str(config.workbook))["Results W1"]
    [formula] = [v.formula1 for v in sheet.data_validations.dataValidation if str(v.sqref).startswith("H2:")]
    return str(formula).strip('"').split(",")


def test_the_result_dropdown_offers_the_canonical_words_only(
    magic: tuple[Config, Judge], request: pytest.FixtureRequest
) -> None:
    assert _result_choices(magic[0], request) == ["Bye", "Intentional Draw", "Forfeit A", "Forfeit B"]


def test_a_nasef_judge_types_a_drawn_series_and_a_double_no_show(nasef: tuple[Config, Judge]) -> None:
    config, judge = nasef
    _typed(
        judge,
        "Results S1",
        [
            {
                "Round": 1,
                "Stage": "Swiss",
                "Team A": TEAMS[0],
                "Team B": TEAMS[1],
                "Games A": 2,
                "Games B": 2,
                "Date": "2026-02-03",
            },
            {
                "Round": 2,
                "Stage": "Swiss",
                "Team A": TEAMS[0],
                "Team B": TEAMS[1],
                "Result": "Double No-Show",
                "Date": "2026-02-10",
            },
        ],
    )
    code, problems = _synced(config, judge)
    assert code == 1
    assert [(p["Cell"], p["Problem"]) for p in problems] == [("F2", "2-2 cannot end a best of 3")]

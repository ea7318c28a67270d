"""`league demo --ruleset ogaming-mtg` and `league init --ruleset ogaming-mtg` through the real CLI."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

import openpyxl
from typer.testing import CliRunner

from jobs.cli import app
from sync.xlsx import XlsxWorkbook

runner = CliRunner()
DemoTabs = Callable[[str, str], dict[str, list[list[object]]]]


def test_the_magic_demo_syncs_with_its_planted_mistakes(in_tmp: Path, demo_tabs: DemoTabs) -> None:
    tabs = demo_tabs("magic", "ogaming-mtg")
    assert tabs["Standings W1"][0] == ["Rank", "Player", "Points", "Record", "OMW%", "GW%", "OGW%", "Prize", "Note"]
    with (in_tmp / "magic" / "exports" / "standings-w1.csv").open(encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    assert all(len(cell.split(".")[1]) == 4 for row in rows[1:] for cell in row[4:7])  # percentages: 4 decimals
    again = runner.invoke(app, ["demo", "magic"])  # an earlier demo of another preset is replaced, not refused
    assert again.exit_code == 0 and (in_tmp / "magic" / "gl-unmatched-league.xlsx").exists()
    assert not (in_tmp / "magic" / "ogaming-mtg-league.xlsx").exists()


def test_init_makes_the_magic_input_tabs(in_tmp: Path, dropdowns: Callable[[Path, str], dict[str, str]]) -> None:
    result = runner.invoke(app, ["init", "--ruleset", "ogaming-mtg", "--event", "W1"])
    assert result.exit_code == 0, result.output
    tabs = XlsxWorkbook(in_tmp / "league.xlsx").read(["Players", "Results W1"])
    assert tabs["Players"][0] == ["Player", "Event", "Account Standing", "Deck", "Status"]
    assert tabs["Results W1"][0] == [
        "Round",
        "Table",
        "Player A",
        "Player B",
        "Wins A",
        "Wins B",
        "Draws",
        "Result",
        "Drop A",
        "Drop B",
        "Notes",
    ]
    assert dropdowns(in_tmp / "league.xlsx", "Players")["Account Standing"] == (
        '"Good,Previous,Warning,Probation,Suspended,Banned,Revoked"'
    ), "the eligibility words of the ruleset"


def test_a_preset_without_a_demo_is_a_clear_error(in_tmp: Path, tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text('extends = "ogaming-mtg"\n', encoding="utf-8")
    result = runner.invoke(app, ["demo", "x", "--ruleset", "mine.toml"])
    assert result.exit_code == 2 and "no demo league" in result.output


def test_a_bracket_is_seeded_and_each_sync_moves_the_winners_on(in_tmp: Path) -> None:
    assert runner.invoke(app, ["demo", "magic", "--ruleset", "ogaming-mtg"]).exit_code == 0
    folder = in_tmp / "magic"
    seeded = runner.invoke(app, ["bracket", str(folder), "--event", "W2"])
    assert seeded.exit_code == 0, seeded.output
    book = XlsxWorkbook(folder / "ogaming-mtg-league.xlsx")
    tab = book.read(["Bracket W2"])["Bracket W2"]
    standings = book.read(["Standings W2"])["Standings W2"]
    assert [tab[1][4], tab[1][6]] == [standings[1][1], standings[8][1]]  # 1 v 8
    wb = openpyxl.load_workbook(folder / "ogaming-mtg-league.xlsx")
    wb["Bracket W2"]["H2"], wb["Bracket W2"]["I2"] = 0, 2  # the 8th seed wins its quarter-final 2-0
    wb.save(folder / "ogaming-mtg-league.xlsx")
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 1  # the demo's planted mistakes remain
    tab = XlsxWorkbook(folder / "ogaming-mtg-league.xlsx").read(["Bracket W2"])["Bracket W2"]
    assert tab[1][9] == standings[8][1] and tab[5][4] == standings[8][1]  # on to the semi-final
    assert (tab[1][7], tab[1][8]) == (0, 2)  # the typed games are kept
    again = runner.invoke(app, ["bracket", str(folder), "--event", "W2"])
    assert again.exit_code == 1 and "already exists" in again.output

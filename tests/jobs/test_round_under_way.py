"""The round under way counted the same everywhere, through the CLI on an .xlsx Magic weekly as judges type it and
through the local Sheets API: `league status`, the caption, the page and the standings tab say round 1 and how many
of its results are in (a result with an error is not in), mark who is still playing and draw no prize line from it."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from typer.testing import CliRunner

from jobs.cli import app
from jobs.config import load_ruleset
from league.demos.magic import build_magic_demo
from league.evaluate import evaluate
from serve.view import live_view
from sync.xlsx import XlsxWorkbook
from tests.support.event_day import NOW, demo_tabs, pend
from tests.support.google_league import synced_both_ways
from tests.support.sheets_server import SheetsServer

runner = CliRunner()
PLAYERS = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
"""Eight players: the Magic Tournament Rules' 3 rounds, 4 tables a round."""
STILL_PLAYING = "still playing: the result of this round is not in yet"


def _paired(folder: Path) -> None:
    assert runner.invoke(app, ["init", "--ruleset", "ogaming-mtg", "--event", "W1"]).exit_code == 0
    XlsxWorkbook(folder / "league.xlsx").add_rows(
        "Players", [{"Player": p, "Event": "W1", "Account Standing": "Good"} for p in PLAYERS]
    )
    paired = runner.invoke(app, ["pair", "--event", "W1"])
    assert paired.exit_code == 0, paired.output


def _type(folder: Path, games: list[tuple[int, int]]) -> None:
    """The judges type the games (Wins A, Wins B) of round 1's first tables, in table order."""
    wb = openpyxl.load_workbook(folder / "league.xlsx")
    for row, (a, b) in zip(wb["Results W1"].iter_rows(min_row=2), games):
        row[4].value, row[5].value = a, b
    wb.save(folder / "league.xlsx")


def test_a_result_with_an_error_is_not_in(in_tmp: Path) -> None:
    _paired(in_tmp)
    _type(in_tmp, [(2, 0), (3, 3), (3, 3), (3, 3)])  # three tables typed past a best of 3
    status = runner.invoke(app, ["status"])
    assert status.exit_code == 1
    assert status.output.splitlines()[0] == "W1: round 1 of 3: 1 of 4 results in, 3 to fix"


def test_a_half_typed_round_is_that_round_everywhere(in_tmp: Path) -> None:
    _paired(in_tmp)
    _type(in_tmp, [(2, 0), (2, 1)])
    assert runner.invoke(app, ["status"]).output.splitlines()[0] == "W1: round 1 of 3: 2 of 4 results in"
    synced = runner.invoke(app, ["sync"])
    assert synced.exit_code == 0, synced.output
    caption = (in_tmp / "exports" / "standings-w1.txt").read_text(encoding="utf-8")
    first = caption.splitlines()[0]
    assert first.endswith(" leads W1 (round 1 of 3 under way: 2 of 4 results in)"), first
    assert "round 0" not in caption and "Top " not in caption and "prize" not in caption.lower()
    lines = caption.split("\n\n")[1].splitlines()
    assert lines[0] == "So far" and sum(" ‡: " in line for line in lines) == 4
    assert lines[-1] == "‡ still playing: the result of this round is not in yet"
    page = (in_tmp / "exports" / "league.html").read_text(encoding="utf-8")
    assert '<p class="stands">round 1 of 3 under way: 2 of 4 results in</p>' in page and "after round" not in page
    assert "‡ still playing" in page
    tab = [[c.value for c in row] for row in openpyxl.load_workbook(in_tmp / "league.xlsx")["Standings W1"].iter_rows()]
    prize, note = tab[0].index("Prize"), tab[0].index("Note")
    assert [row[note] for row in tab[1:]].count(STILL_PLAYING) == 4 and not any(row[prize] for row in tab[1:])


def test_the_standings_tab_marks_who_is_still_playing_on_google(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    ruleset, catalog = load_ruleset("ogaming-mtg", tmp_path)
    tabs = build_magic_demo().tabs(ruleset, catalog)
    pend(tabs, "Results W3", 4, 3)  # W3's last round: three tables and the bye in, four tables still playing
    local = synced_both_ways(tmp_path, sheets_server, service_account_file, "ogaming-mtg", tabs)
    assert _column(local["Standings W3"], "Note").count(STILL_PLAYING) == 8
    assert not any(_column(local["Standings W3"], "Prize")), "no prize is in line by a round's half"
    assert not any(_column(local["Leaderboard"], "Prize"))


def _column(grid: list[list[object]], header: str) -> list[str]:
    """A column's cells as text below its header (a row the backend ends early reads empty there)."""
    at = grid[0].index(header)
    return [str(row[at] or "") if at < len(row) else "" for row in grid[1:]]


def test_the_pairings_count_a_result_with_an_error_apart() -> None:
    config, tabs = demo_tabs("ogaming-mtg")
    pend(tabs, "Results W3", 4, 3)
    grid = tabs["Results W3"]
    head = [str(h) for h in grid[0]]
    first = next(r for r in grid[1:] if r[0] == 4)
    first[head.index("Wins A")] = first[head.index("Wins B")] = 3  # table 1: typed, past a best of 3
    w3 = live_view(config.branding, evaluate(tabs, config.ruleset, config.catalog), NOW).events[0]
    assert (w3.round, w3.progress) == ("Round 4 of 4", "3 of 8 results in, 1 to fix")
    assert [p.done for p in w3.pairings][:2] == [False, True]
    assert w3.stands == "round 4 of 4 under way: 3 of 8 results in, 1 to fix"

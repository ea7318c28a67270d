"""`league status` and a Magic weekly's life through the real CLI on an .xlsx league: pair, sync after every pairing
and every result (exit 0 while rounds are in progress), a drop typed in `Drop A`, the event's rounds from its
attendance, `league pair` refusing past them."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from typer.testing import CliRunner

from jobs.cli import app
from jobs.config import load_config
from sync.xlsx import XlsxWorkbook
from tests.support.judges import csv_only

runner = CliRunner()
PLAYERS = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]
DROP_A = 8
"""Column of `Drop A` in the Magic results tab (0-based)."""


def _league(folder: Path) -> None:
    assert runner.invoke(app, ["init", "--ruleset", "ogaming-mtg", "--event", "W1"]).exit_code == 0
    csv_only(load_config(folder))
    book = XlsxWorkbook(folder / "league.xlsx")
    book.add_rows("Players", [{"Player": p, "Event": "W1", "Account Standing": "Good"} for p in PLAYERS])


def _type_games(folder: Path, round_: int, drop: bool = False) -> str:
    """The judges fill in the games of a round (side A wins 2-1); with `drop`, the first player A drops. Returns who."""
    wb = openpyxl.load_workbook(folder / "league.xlsx")
    ws = wb["Results W1"]
    dropped = ""
    for row in ws.iter_rows(min_row=2):
        if row[0].value == round_ and row[3].value:
            row[4].value, row[5].value = 2, 1
            if drop and not dropped:
                row[DROP_A].value, dropped = "X", str(row[2].value)
    wb.save(folder / "league.xlsx")
    return dropped


def _status(*args: str) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["status", *args])
    return result.exit_code, result.output.splitlines()


def test_status_of_a_new_league(in_tmp: Path) -> None:
    _league(in_tmp)
    assert _status() == (0, ["W1: not started", "league: not started"])


def test_a_magic_weekly_from_its_first_pairing_to_the_end_of_its_swiss_rounds(in_tmp: Path) -> None:
    _league(in_tmp)
    dropped = ""
    for round_ in range(1, 5):  # 9 players: the Magic Tournament Rules' 4 rounds
        paired = runner.invoke(app, ["pair", "--event", "W1"])
        assert paired.exit_code == 0, paired.output
        if dropped:
            assert dropped not in paired.output
        synced = runner.invoke(app, ["sync"])
        assert synced.exit_code == 0, synced.output  # the pending rows are not errors
        code, lines = _status()
        players = len(PLAYERS) - bool(dropped)
        tables = players // 2 + players % 2
        assert (code, lines[0]) == (0, f"W1: round {round_} of 4: {players % 2} of {tables} results in")
        refused = runner.invoke(app, ["pair", "--event", "W1"])
        assert refused.exit_code == 1 and "type the results of Results W1" in " ".join(refused.output.split())
        dropped = _type_games(in_tmp, round_, drop=round_ == 2) or dropped
        assert runner.invoke(app, ["sync"]).exit_code == 0
    # its Swiss rounds are over, not the event: the top 8 is still to play; the Magic preset plans no season, so the
    # league says how many events are final and what it would take to be final
    assert _status() == (
        0,
        [
            "W1: Swiss complete, top 8 to seed with `league bracket`",
            "league: 0 of 1 events final (the season's number of events is not set: [season] events)",
        ],
    )
    over = runner.invoke(app, ["pair", "--event", "W1"])
    assert over.exit_code == 1 and "W1 has had all its 4 rounds" in " ".join(over.output.split())


def test_status_exits_1_when_a_row_has_an_error(in_tmp: Path) -> None:
    _league(in_tmp)
    XlsxWorkbook(in_tmp / "league.xlsx").add_rows(
        "Results W1", [{"Round": 1, "Table": 1, "Player A": "Anna", "Player B": "Ben", "Wins A": 2, "Wins B": 0}]
    )
    code, lines = _status()
    assert code == 1 and lines[-1] == "1 error(s) in the workbook: `league check` lists them"


def test_bracket_takes_force(in_tmp: Path) -> None:
    assert "--force" in runner.invoke(app, ["bracket", "--help"]).output

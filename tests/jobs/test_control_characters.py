"""Names typed in Google Sheets with control characters (a line break, a tab, an escape sequence that clears and
retitles a terminal, a NUL): every command prints them without a control character, `sync` writes every export
with them on one line, and `Problems` warns at each cell."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from jobs import output
from jobs.cli import app
from jobs.errors import ExitCode
from jobs.init_job import run_init
from league.plain_text import CONTROL
from sync.memory import MemoryWorkbook
from sync.xlsx import XlsxWorkbook

runner = CliRunner()
HOSTILE = "Jun\x1b[2J\x1b[31mRED\x1b]0;pwned\x07Reyes"
PLAYERS = ("Ana\nReyes", HOSTILE, "Ben\tCruz\x00\x08\x08Cruz", "Dan Wu")
"""As the Sheets API hands them over: `.xlsx` cells cannot hold most of these."""
EVENT_NAME = "Week\r\n1\x1b[2J"


@pytest.fixture()
def book(in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> MemoryWorkbook:
    """A one-event league whose players and event name hold control characters, two rounds played."""
    run_init(in_tmp, "ogaming-mtg", in_tmp / "league.xlsx", ["W1"])
    start = XlsxWorkbook(in_tmp / "league.xlsx")
    tabs = start.read(start.tab_names())
    tabs["Events"][1][1] = EVENT_NAME
    tabs["Players"] += [[name, "W1", "Good", "", ""] for name in PLAYERS]
    tabs["Results W1"] += [
        [1, 1, PLAYERS[1], PLAYERS[0], 2, 0, 0],
        [1, 2, PLAYERS[2], PLAYERS[3], 2, 1, 0],
        [2, 1, PLAYERS[1], PLAYERS[2], 2, 0, 0],
        [2, 2, PLAYERS[0], PLAYERS[3], 2, 0, 0],
    ]
    memory = MemoryWorkbook(tabs)
    monkeypatch.setattr("sync.open.open_workbook", lambda _: memory)
    return memory


def _acted_on(text: str) -> list[str]:
    """The control characters a terminal would act on: every one but the line break."""
    return [c for c in "".join(CONTROL.findall(text)) if c != "\n"]


@pytest.mark.parametrize("command", [["check"], ["sync"], ["sync", "--dry-run"]])
def test_no_control_character_reaches_the_terminal(book: MemoryWorkbook, command: list[str]) -> None:
    result = runner.invoke(app, command)
    assert result.exit_code == ExitCode.CLEAN, result.output
    assert _acted_on(result.output) == []
    assert "pwned" in result.output


def test_a_message_shows_each_control_character_as_its_escape(capsys: pytest.CaptureFixture[str]) -> None:
    output.say(f"[/x] {HOSTILE}\tends\nnext line")
    output.fail("error", f"no event {HOSTILE}\x00")
    said = capsys.readouterr()
    assert said.out == "[/x] Jun\\x1b[2J\\x1b[31mRED\\x1b]0;pwned\\x07Reyes\\tends\nnext line\n"
    assert said.err == "error: no event Jun\\x1b[2J\\x1b[31mRED\\x1b]0;pwned\\x07Reyes\\x00\n"


def test_sync_writes_every_export_on_one_line_and_warns_at_each_cell(book: MemoryWorkbook, in_tmp: Path) -> None:
    result = runner.invoke(app, ["sync"])
    assert result.exit_code == ExitCode.CLEAN, result.output
    written = {path.name: path for path in (in_tmp / "exports").iterdir()}
    assert {
        "leaderboard.txt",
        "standings-w1.txt",
        "league.html",
        "leaderboard.csv",
        "standings-w1.csv",
        "leaderboard-a4.pdf",
        "leaderboard-1080x1350.png",
        "standings-w1-1200x630.png",
    } <= set(written)
    for name in ("leaderboard.txt", "standings-w1.txt", "league.html", "leaderboard.csv", "standings-w1.csv"):
        text = written[name].read_text(encoding="utf-8-sig")
        assert CONTROL.findall(text.replace("\r\n", "\n").replace("\n", "")) == [], name
        assert "Jun [2J [31mRED ]0;pwned Reyes" in text, name
    problems = {(row[1], row[2]) for row in book.tabs["Problems"][1:] if "holds a control character" in str(row[5])}
    assert problems == {
        ("Events", "B2"),
        ("Players", "A2"),
        ("Players", "A3"),
        ("Players", "A4"),
        *(("Results W1", cell) for cell in ("C2", "D2", "C3", "C4", "D4", "C5")),
    }
    assert runner.invoke(app, ["export"]).exit_code == ExitCode.CLEAN

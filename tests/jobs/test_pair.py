"""`league pair` through the real CLI on an .xlsx league: the next round's rows appended, nothing else changed."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from typer.testing import CliRunner

from jobs.cli import app
from jobs.errors import ExitCode
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook
from tests.support.judges import new_league

runner = CliRunner()
PLAYERS = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"]


def _league(folder: Path) -> XlsxWorkbook:
    assert runner.invoke(app, ["init", "--ruleset", "ogaming-mtg", "--event", "W1"]).exit_code == 0
    book = XlsxWorkbook(folder / "league.xlsx")
    book.add_rows("Players", [{"Player": p, "Event": "W1", "Account Standing": "Good"} for p in PLAYERS])
    return book


def _judge_types_games(folder: Path, round_: int) -> None:
    """The judges fill in the games of a round: side A wins 2-1 (a bye needs nothing)."""
    wb = openpyxl.load_workbook(folder / "league.xlsx")
    ws = wb["Results W1"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == round_ and row[3].value:
            row[4].value, row[5].value = 2, 1
    wb.save(folder / "league.xlsx")


def _pairs(folder: Path, round_: int) -> set[frozenset[str]]:
    grid = XlsxWorkbook(folder / "league.xlsx").read(["Results W1"])["Results W1"]
    return {frozenset(c for c in row[2:4] if c) for row in grid[1:] if row[0] == round_}


def test_pair_appends_a_round_refuses_while_it_is_unfinished_then_pairs_the_next(in_tmp: Path) -> None:
    _league(in_tmp)
    first = runner.invoke(app, ["pair", "--event", "W1", "--seed", "7"])
    assert first.exit_code == 0, first.output
    grid = XlsxWorkbook(in_tmp / "league.xlsx").read(["Results W1"])["Results W1"]
    assert [row[:2] for row in grid[1:]] == [[1, 1], [1, 2], [1, 3], [1, 4]]
    assert [(row + [None] * 8)[7] for row in grid[1:]].count("Bye") == 1 and len(_pairs(in_tmp, 1)) == 4
    players = {p for pair in _pairs(in_tmp, 1) for p in pair}
    assert players == set(PLAYERS)

    refused = runner.invoke(app, ["pair", "--event", "W1"])
    assert refused.exit_code == 1 and "round 1 is unfinished" in " ".join(refused.output.split())
    assert len(XlsxWorkbook(in_tmp / "league.xlsx").read(["Results W1"])["Results W1"]) == 5  # nothing added

    _judge_types_games(in_tmp, 1)
    dry = runner.invoke(app, ["pair", "--event", "W1", "--dry-run"])
    assert dry.exit_code == 0 and "dry run" in dry.output and not _pairs(in_tmp, 2)
    second = runner.invoke(app, ["pair", "--event", "w1"])
    assert second.exit_code == 0, second.output
    assert len(_pairs(in_tmp, 2)) == 4 and not (
        _pairs(in_tmp, 1) - {p for p in _pairs(in_tmp, 1) if len(p) == 1}
    ) & _pairs(in_tmp, 2)
    assert "score group" in second.output or "float" in second.output


def test_pair_names_a_missing_event_and_the_forgotten_option(in_tmp: Path) -> None:
    _league(in_tmp)
    assert runner.invoke(app, ["pair"]).exit_code == 2
    result = runner.invoke(app, ["pair", "--event", "W9"])
    assert result.exit_code == 2 and "no event 'W9'" in result.output


def test_pair_and_bracket_refuse_an_event_with_fewer_than_two_competitors(in_tmp: Path) -> None:
    assert runner.invoke(app, ["init", "--ruleset", "ogaming-mtg", "--event", "W1"]).exit_code == 0
    before = (in_tmp / "league.xlsx").read_bytes()
    for force in ([], ["--force"]):
        result = runner.invoke(app, ["pair", "--event", "W1", *force])
        assert result.exit_code == 1 and "a round needs at least two" in " ".join(result.output.split()), result.output
    bracket = runner.invoke(app, ["bracket", "--event", "W1"])
    assert bracket.exit_code == 1 and "playoffs need at least two" in " ".join(bracket.output.split()), bracket.output
    assert (in_tmp / "league.xlsx").read_bytes() == before, "no Sync Log row, no empty bracket tab"


def test_pair_and_bracket_remove_what_a_killed_job_left_but_a_dry_run_does_not(in_tmp: Path) -> None:
    _league(in_tmp)
    leftover = in_tmp / ".league.xlsx.league-save-abcd1234.tmp"
    leftover.write_bytes(b"PK")
    assert runner.invoke(app, ["pair", "--event", "W1", "--dry-run"]).exit_code == 0
    assert leftover.exists(), "a dry run writes nothing, not even a clean-up"
    assert runner.invoke(app, ["pair", "--event", "W1"]).exit_code == 0
    assert not leftover.exists()
    leftover.write_bytes(b"PK")
    runner.invoke(app, ["bracket", "--event", "W1"])
    assert not leftover.exists()


@pytest.mark.parametrize("backend", ["xlsx", "sheets"])
def test_a_refused_round_prints_only_what_to_fix_and_a_dry_run_or_force_the_table(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    for config, judge in new_league(backend, tmp_path, "ogaming-mtg", ["W1"], request):
        open_workbook(config).add_rows(
            "Players", [{"Player": p, "Event": "W1", "Account Standing": "Good"} for p in PLAYERS]
        )
        assert runner.invoke(app, ["pair", str(tmp_path), "--event", "W1", "--seed", "7"]).exit_code == 0
        paired = judge.read("Results W1")

        refused = runner.invoke(app, ["pair", str(tmp_path), "--event", "W1"])
        assert refused.exit_code == ExitCode.INPUT_ERRORS and refused.stdout == "", (
            "no would-be table above the refusal"
        )
        assert refused.stderr.splitlines() == [
            "not paired: W1 round 2",
            "  - round 1 is unfinished: type the results of Results W1 rows 2, 3, 4",
            "Or pair it anyway with --force.",
        ]
        assert judge.read("Results W1") == paired

        dry = runner.invoke(app, ["pair", str(tmp_path), "--event", "W1", "--dry-run"])
        assert dry.exit_code == ExitCode.INPUT_ERRORS and "W1: round 2 (seed" in dry.stdout and "Opponent" in dry.stdout
        assert "dry run: nothing written: without --dry-run it would not be paired: round 1 is unfinished" in _flat(
            dry.stdout
        )
        assert judge.read("Results W1") == paired

        forced = runner.invoke(app, ["pair", str(tmp_path), "--event", "W1", "--force"])
        assert forced.exit_code == ExitCode.CLEAN and "W1: round 2 (seed" in forced.stdout, forced.output
        assert "added 4 rows to the results tab of W1" in forced.stdout
        assert [row[0] for row in judge.read("Results W1")[1:]] == [1] * 4 + [2] * 4


def test_a_round_that_cannot_be_forced_does_not_offer_force(in_tmp: Path) -> None:
    assert runner.invoke(app, ["init", "--ruleset", "ogaming-mtg", "--event", "W1"]).exit_code == 0
    for dry in ([], ["--dry-run"]):
        result = runner.invoke(app, ["pair", "--event", "W1", *dry])
        assert result.exit_code == ExitCode.INPUT_ERRORS and result.stdout == "" and "--force" not in result.stderr
        assert result.stderr.splitlines()[0] == "not paired: W1 round 1", result.output


def _flat(text: str) -> str:
    return " ".join(text.split())

"""`league stats` through the real CLI: what it prints, and the usage errors (exit 2) naming what exists."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from jobs.cli import app

runner = CliRunner()


@pytest.fixture(scope="module")
def demo_league(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("stats") / "demo"
    assert runner.invoke(app, ["demo", str(folder)]).exit_code == 0
    return folder


def test_stats_prints_win_rates_matchups_and_records(demo_league: Path) -> None:
    result = runner.invoke(app, ["stats", str(demo_league)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Win rates by fighter" in result.output and "Matchups" in result.output and "Records" in result.output
    assert "│ Bullseye " in result.output and "│ 18    │ 6    │ 0     │ 12     │ 33.33%" in result.output
    assert "│ other " in result.output and "3 mirror match(es) left out" in result.output
    assert "Żaneta Torres  │ 11-2-0 │ 11" in result.output, "the longest current streak first"


def test_stats_of_one_event_and_since_a_day(demo_league: Path) -> None:
    one = runner.invoke(app, ["stats", str(demo_league), "--event", "qr2-ae", "--min-games", "0"], env={"COLUMNS": "200"})
    later = runner.invoke(app, ["stats", str(demo_league), "--since", "2024-09-01", "--min-games", "0"], env={"COLUMNS": "200"})
    assert one.exit_code == later.exit_code == 0, one.output + later.output
    assert "│ other " not in one.output
    assert int(later.output.split(" game(s) played")[0].rsplit("\n", 1)[-1]) < 237


@pytest.mark.parametrize("args, message", [
    (["--by", "deck"], "does not record 'deck' per game; fields: fighter"),
    (["--event", "QR9"], "there is no event 'QR9'; events: QR1-AE"),
])
def test_stats_refuses_what_the_league_does_not_record(demo_league: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["stats", str(demo_league), *args], env={"COLUMNS": "300"})
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_a_bad_day_is_a_usage_error(demo_league: Path) -> None:
    assert runner.invoke(app, ["stats", str(demo_league), "--since", "1 Sept"]).exit_code == 2

"""`league stats` through the real CLI: what it prints, and the usage errors (exit 2) naming what exists."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from jobs.cli import app
from sync.xlsx import XlsxWorkbook

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


def test_fresh_reads_the_workbook_and_counts_the_same(demo_league: Path) -> None:
    kept = runner.invoke(app, ["stats", str(demo_league)], env={"COLUMNS": "200"})
    fresh = runner.invoke(app, ["stats", str(demo_league), "--fresh"], env={"COLUMNS": "200"})
    assert kept.exit_code == fresh.exit_code == 0
    assert "the games of the latest sync (" in kept.output and "9 row(s) with errors are left out" in fresh.output
    assert kept.output.split("Records")[0] == fresh.output.split("Records")[0]


def test_before_any_sync_the_workbook_is_read(in_tmp: Path) -> None:
    assert runner.invoke(app, ["init"]).exit_code == 0
    result = runner.invoke(app, ["stats"])
    assert result.exit_code == 0, result.output
    assert "0 game(s) played" in result.output and "latest sync" not in result.output


def test_a_sync_writes_the_stats_tab_when_league_toml_asks(tmp_path: Path) -> None:
    folder = tmp_path / "mtg"
    assert runner.invoke(app, ["demo", str(folder), "--ruleset", "ogaming-mtg"]).exit_code == 0
    assert "Stats" not in XlsxWorkbook(folder / "ogaming-mtg-league.xlsx").tab_names(), "off unless asked"
    with (folder / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write("stats = true\n")
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 1, "the demo's planted mistakes"
    tab = XlsxWorkbook(folder / "ogaming-mtg-league.xlsx").read(["Stats"])["Stats"]
    assert tab[0] == ["Deck", "Games", "Wins", "Draws", "Losses", "Win Rate", "Low", "High"]
    boros = next(row for row in tab if row[:1] == ["Boros Energy"])
    assert boros[1:5] == [28, 10, 7, 11]
    assert next(row for row in tab if row[:1] == ["Player"])[:5] == ["Player", "Record", "Current Streak", "Longest Streak", "Events"]
    assert not any(p.name.startswith("stats") for p in (folder / "exports").iterdir()), "the tab is no standings export"


def test_stats_in_league_toml_must_be_true_or_false(tmp_path: Path) -> None:
    folder = tmp_path / "gl"
    assert runner.invoke(app, ["demo", str(folder)]).exit_code == 0
    with (folder / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write('stats = "yes"\n')
    result = runner.invoke(app, ["sync", str(folder)], env={"COLUMNS": "300"})
    assert result.exit_code == 2 and "`stats` must be true or false, found 'yes'" in result.output

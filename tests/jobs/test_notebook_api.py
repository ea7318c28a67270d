"""`league.open`: the demo league as pandas DataFrames, with the columns the docstrings promise."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from typer.testing import CliRunner

import league
from jobs.cli import app
from league.api import LeagueFrames
from league.stats import StatsError
from sync.xlsx import XlsxWorkbook


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, LeagueFrames]:
    folder = tmp_path_factory.mktemp("api") / "demo"
    assert CliRunner().invoke(app, ["demo", str(folder)]).exit_code == 0
    return folder, league.open(folder / "league.toml")


def test_stats_by_fighter(demo: tuple[Path, LeagueFrames]) -> None:
    _, lg = demo
    frame = lg.stats(by="fighter")
    assert list(frame.columns) == ["games", "wins", "draws", "losses", "win_rate", "low", "high"]
    assert frame.index.name == "fighter" and frame.index.is_unique
    assert frame.loc["Bullseye", ["games", "wins", "draws", "losses"]].tolist() == [18, 6, 0, 12]
    assert frame.loc["Winter Soldier", "low"] == pytest.approx(0.5958, abs=1e-4)
    assert "other" in lg.stats(min_games=10).index
    with pytest.raises(StatsError, match="fields: fighter"):
        lg.stats(by="Deck")


def test_matches_one_row_per_side_with_the_rulesets_fields(demo: tuple[Path, LeagueFrames]) -> None:
    _, lg = demo
    frame = lg.matches()
    assert list(frame.columns) == ["event", "date", "round", "tab", "row", "side", "competitor", "opponent", "kind", "outcome",
                                   "games_won", "games_lost", "games_drawn", "fighter", "health", "start_health", "map"]
    played = frame[frame.kind == "played"]
    assert len(played) == 2 * 237 and set(played.outcome) == {"win", "loss"}
    assert (frame[frame.kind == "bye"].opponent == "").all()
    bullseye = played[played.fighter == "Bullseye"]
    assert len(bullseye) == 20 and (bullseye.outcome == "win").sum() == 7, "mirror matches are here: two sides each"
    assert frame.date.min() == dt.date(2024, 8, 10)
    assert len(lg.matches(event="QR2-AE")) < len(frame)


def test_standings_leaderboard_and_history_as_the_tabs(demo: tuple[Path, LeagueFrames]) -> None:
    folder, lg = demo
    tabs = XlsxWorkbook(folder / "gl-unmatched-league.xlsx").read(["Standings QR1-AE", "Leaderboard"])
    standings = lg.standings("qr1-ae")
    assert list(standings.columns) == tabs["Standings QR1-AE"][0]
    assert standings.Player.tolist() == [row[1] for row in tabs["Standings QR1-AE"][1:]]
    board = lg.leaderboard()
    assert list(board.columns) == tabs["Leaderboard"][0]
    assert board.Player.tolist()[:10] == [row[1] for row in tabs["Leaderboard"][1:11]]
    history = lg.history()
    assert list(history.columns) == ["sync", "time", "rank", "competitor", "score", "move"]
    assert set(history.sync) == {1} and history.competitor.tolist() == board.Player.tolist()
    with pytest.raises(StatsError, match="there is no event 'QR9'"):
        lg.standings("QR9")


def test_matchups_and_records(demo: tuple[Path, LeagueFrames]) -> None:
    _, lg = demo
    matchups = lg.matchups(top=4)
    assert matchups.shape == (4, 4) and list(matchups.index) == list(matchups.columns)
    assert matchups.attrs["games"].shape == (4, 4)
    records = lg.records()
    assert list(records.columns) == ["wins", "draws", "losses", "current", "longest", "events"]
    assert records.loc["Żaneta Torres"].tolist() == [11, 0, 2, 11, 11, 2]

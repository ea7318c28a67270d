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
    assert list(frame.columns) == [
        "event",
        "date",
        "round",
        "tab",
        "row",
        "side",
        "competitor",
        "opponent",
        "kind",
        "outcome",
        "games_won",
        "games_lost",
        "games_drawn",
        "fighter",
        "health",
        "start_health",
        "map",
    ]
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
    assert list(standings.columns) == [*tabs["Standings QR1-AE"][0], "swiss_rank", "finish"]
    assert standings.Player.tolist() == [row[1] for row in tabs["Standings QR1-AE"][1:]]
    assert standings.swiss_rank.tolist() == standings.Rank.tolist() and set(standings.finish) == {""}, (
        "no bracket in GL"
    )
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


def test_since_takes_a_string_a_date_or_a_datetime(demo: tuple[Path, LeagueFrames]) -> None:
    _, lg = demo
    by_date = lg.stats(since=dt.date(2024, 9, 1))
    assert lg.stats(since="2024-09-01").equals(by_date)
    assert lg.stats(since=dt.datetime(2024, 9, 1, 18, 30)).equals(by_date)
    assert lg.records(since="2024-09-01").equals(lg.records(since=dt.date(2024, 9, 1)))
    assert len(lg.matches(since="2024-09-01")) < len(lg.matches())
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        lg.stats(since="1 Sept")


def test_matchups_of_one_event_or_since_a_day(demo: tuple[Path, LeagueFrames]) -> None:
    _, lg = demo
    one = lg.matchups(event="QR2-AE", top=40)
    assert 0 < int(one.attrs["games"].to_numpy().sum()) < int(lg.matchups(top=40).attrs["games"].to_numpy().sum())
    assert lg.matchups(since="2030-01-01").empty


def test_a_negative_minimum_is_refused(demo: tuple[Path, LeagueFrames]) -> None:
    _, lg = demo
    with pytest.raises(ValueError, match="min_games must be 0 or more, not -1"):
        lg.stats(min_games=-1)


def test_an_empty_league_has_the_documented_dtypes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(app, ["init"]).exit_code == 0
    lg = league.open(tmp_path)
    rates = lg.stats()
    assert rates.empty and rates.dtypes.to_dict() == {
        "games": "int64",
        "wins": "int64",
        "draws": "int64",
        "losses": "int64",
        "win_rate": "float64",
        "low": "float64",
        "high": "float64",
    }
    assert {d.name for d in lg.records().dtypes} == {"int64"} and list(lg.records().columns)[0] == "wins"
    matches = lg.matches()
    assert matches.empty and {
        matches[c].dtype.name for c in ("round", "row", "games_won", "games_lost", "games_drawn")
    } == {"int64"}


def test_playoff_games_are_matches(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    folder = tmp_path / "mtg"
    runner = CliRunner()
    assert runner.invoke(app, ["demo", str(folder), "--ruleset", "ogaming-mtg"]).exit_code == 0
    assert runner.invoke(app, ["bracket", str(folder), "--event", "W1", "--force"]).exit_code == 0
    book = folder / "ogaming-mtg-league.xlsx"
    wb = load_workbook(book)
    for row, (a, b) in zip(range(2, 6), [(0, 2), (1, 2), (2, 0), (0, 2)]):
        wb["Bracket W1"].cell(row, 8).value, wb["Bracket W1"].cell(row, 9).value = a, b
    wb.save(book)  # typed, not synced yet: league.open draws the bracket as a sync would
    lg = league.open(folder)
    frame = lg.matches()
    playoffs = frame[frame.tab == "Bracket W1"]
    assert len(playoffs) == 8 and set(playoffs.outcome) == {"win", "loss"} and set(playoffs["round"]) == {1}
    assert sorted(zip(playoffs.games_won, playoffs.games_lost)) == sorted(
        [(0, 2), (2, 0), (1, 2), (2, 1), (2, 0), (0, 2), (0, 2), (2, 0)]
    )
    last_w1 = frame[frame.event == "W1"].index.max()
    assert playoffs.index.max() == last_w1, "after W1's Swiss rounds, before W2"

"""`league stats` through the real CLI: what it prints, and the usage errors (exit 2) naming what exists."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from jobs.cli import app
from sync.xlsx import XlsxWorkbook
from tests.conftest import DemoCopy, as_in_a_test

runner = CliRunner()


@pytest.fixture(scope="module")
def demo_league(demo_copy: DemoCopy, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The GL demo, read by the module's tests (a test that changes it works on a copy of its own)."""
    return demo_copy("gl-unmatched", tmp_path_factory.mktemp("stats") / "demo")


@pytest.fixture(scope="module")
def mtg_stats(demo_copy: DemoCopy, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Magic demo with the Stats tab asked for in its league.toml, synced once (its tests only read it)."""
    folder = demo_copy("ogaming-mtg", tmp_path_factory.mktemp("stats") / "mtg")
    assert "Stats" not in XlsxWorkbook(folder / "ogaming-mtg-league.xlsx").tab_names(), "off unless asked"
    with (folder / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write("stats = true\n")
    with as_in_a_test():
        assert runner.invoke(app, ["sync", str(folder)]).exit_code == 1, "the demo's planted mistakes"
    return folder


def test_stats_prints_win_rates_matchups_and_records(demo_league: Path) -> None:
    result = runner.invoke(app, ["stats", str(demo_league)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Win rates by fighter" in result.output and "Matchups" in result.output and "Records" in result.output
    assert "│ Bullseye " in result.output and "│ 18    │ 6    │ 0     │ 12     │ 33.33%" in result.output
    assert "│ other " in result.output and "3 mirror match(es) left out" in result.output
    assert "Żaneta Torres  │ 11-2-0 │ 11" in result.output, "the longest current streak first"


def test_stats_of_one_event_and_since_a_day(demo_league: Path) -> None:
    one = runner.invoke(
        app, ["stats", str(demo_league), "--event", "qr2-ae", "--min-games", "0"], env={"COLUMNS": "200"}
    )
    later = runner.invoke(
        app, ["stats", str(demo_league), "--since", "2024-09-01", "--min-games", "0"], env={"COLUMNS": "200"}
    )
    assert one.exit_code == later.exit_code == 0, one.output + later.output
    assert "│ other " not in one.output
    assert int(later.output.split(" game(s) played")[0].rsplit("\n", 1)[-1]) < 237


@pytest.mark.parametrize(
    "args, message",
    [
        (["--by", "deck"], "does not record 'deck' per game; fields: fighter"),
        (["--event", "QR9"], "there is no event 'QR9'; events: QR1-AE"),
    ],
)
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
    assert "the games of the latest sync (" in kept.output
    assert "7 result row(s) with errors are left out" in fresh.output, "rows, not the 9 errors in them"
    assert "7 result row(s) with errors are left out" in kept.output, "kept with the games"
    assert kept.output.split("Records")[0] == fresh.output.split("Records")[0]


def test_before_any_sync_the_workbook_is_read(in_tmp: Path) -> None:
    assert runner.invoke(app, ["init"]).exit_code == 0
    result = runner.invoke(app, ["stats"])
    assert result.exit_code == 0, result.output
    assert "0 game(s) played" in result.output and "latest sync" not in result.output


def test_a_sync_writes_the_stats_tab_when_league_toml_asks(mtg_stats: Path) -> None:
    folder = mtg_stats
    tab = XlsxWorkbook(folder / "ogaming-mtg-league.xlsx").read(["Stats"])["Stats"]
    assert tab[0] == ["Deck", "Games", "Wins", "Draws", "Losses", "Win Rate", "Low", "High"]
    boros = next(row for row in tab if row[:1] == ["Boros Energy"])
    assert boros[1:5] == [28, 10, 7, 11]
    assert next(row for row in tab if row[:1] == ["Player"])[:5] == [
        "Player",
        "Record",
        "Current Streak",
        "Longest Streak",
        "Events",
    ]
    assert not any(p.name.startswith("stats") for p in (folder / "exports").iterdir()), "the tab is no standings export"


def test_stats_in_league_toml_must_be_true_or_false(demo_copy: DemoCopy, tmp_path: Path) -> None:
    folder = demo_copy("gl-unmatched", tmp_path / "gl")
    with (folder / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write('stats = "yes"\n')
    result = runner.invoke(app, ["sync", str(folder)], env={"COLUMNS": "300"})
    assert result.exit_code == 2 and "`stats` must be true or false, found 'yes'" in result.output


def test_an_event_of_the_events_tab_without_games_answers_empty(demo_copy: DemoCopy, tmp_path: Path) -> None:
    from openpyxl import load_workbook

    folder = demo_copy("gl-unmatched", tmp_path / "later")
    book = folder / "gl-unmatched-league.xlsx"
    wb = load_workbook(book)
    wb["Events"].append(["QR9-AE", "GL League QR9", "2025-03-01", "Alter Ego", 16, "QR9", "Results QR9-AE"])
    wb.create_sheet("Results QR9-AE").append(list(next(wb["Results QR1-AE"].values)))
    wb.save(book)
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 1
    result = runner.invoke(app, ["stats", str(folder), "--event", "qr9-ae"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "0 game(s) played" in result.output and "row(s) with errors" not in result.output


def test_damaged_kept_games_are_read_again_from_the_workbook(demo_copy: DemoCopy, tmp_path: Path) -> None:
    import sqlite3

    folder = demo_copy("gl-unmatched", tmp_path / "gl")
    good = runner.invoke(app, ["stats", str(folder)], env={"COLUMNS": "200"})
    history = folder / "league-history.sqlite"
    with sqlite3.connect(history) as db:
        db.execute("""UPDATE games SET data='{"format":2,"label":"x"}'""")
    result = runner.invoke(app, ["stats", str(folder)], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    assert (
        "the games kept by the latest sync are damaged" in result.output
        and "the workbook was read instead" in result.output
    )
    assert result.output.split("Records")[0] == good.output.split("Records")[0]
    export = runner.invoke(app, ["export", str(folder), "--format", "stats"], env={"COLUMNS": "300"})
    assert export.exit_code == 2 and "run `league sync` to keep them again" in " ".join(export.output.split())


def test_kept_games_with_no_rows_are_used_as_kept(in_tmp: Path) -> None:
    """An empty league's kept games are no games, not missing ones: the workbook is not read again."""
    assert runner.invoke(app, ["init"]).exit_code == 0
    assert runner.invoke(app, ["sync"]).exit_code == 0
    result = runner.invoke(app, ["stats"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "the games of the latest sync" in result.output and "0 game(s) played" in result.output


def test_min_games_0_says_nothing_of_other(demo_league: Path) -> None:
    result = runner.invoke(app, ["stats", str(demo_league), "--min-games", "0"], env={"COLUMNS": "200"})
    assert (
        result.exit_code == 0 and "mirror match(es) left out" in result.output and "under 0 games" not in result.output
    )


def test_playoff_games_are_counted(demo_copy: DemoCopy, tmp_path: Path) -> None:
    """The reviewer's case: W1's quarter-finals typed 0-2, 1-2, 2-0, 0-2 are 4 more games (79 Swiss games, less the
    intentional draw, which is no game)."""
    from openpyxl import load_workbook

    folder = demo_copy("ogaming-mtg", tmp_path / "mtg")
    assert runner.invoke(app, ["bracket", str(folder), "--event", "W1", "--force"]).exit_code == 0
    before = runner.invoke(app, ["stats", str(folder), "--fresh"], env={"COLUMNS": "200"})
    assert "78 game(s) played" in before.output
    book = folder / "ogaming-mtg-league.xlsx"
    wb = load_workbook(book)
    for row, (a, b) in zip(range(2, 6), [(0, 2), (1, 2), (2, 0), (0, 2)]):
        wb["Bracket W1"].cell(row, 8).value, wb["Bracket W1"].cell(row, 9).value = a, b
    wb.save(book)
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 1, "the demo's planted mistakes"
    result = runner.invoke(app, ["stats", str(folder), "--top", "30"], env={"COLUMNS": "200"})
    assert "82 game(s) played" in result.output, result.output


def test_since_is_shown_as_a_day_in_the_help() -> None:
    result = runner.invoke(app, ["stats", "--help"], env={"COLUMNS": "100"})
    assert "--since YYYY-MM-DD" in result.output and "%Y" not in result.output


def test_names_fold_at_spaces_only_at_80_columns(demo_league: Path) -> None:
    """At 80 columns the matchups name their columns by the rows' numbers, and no name is broken inside a word."""
    from jobs.config import load_config
    from jobs.stats_job import run_stats
    from sync.open import open_workbook

    config = load_config(demo_league)
    result = runner.invoke(app, ["stats", str(demo_league)], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert all(len(line) <= 80 for line in result.output.splitlines() if line[:1] in "┏┃┡│└")
    tables = run_stats(config, lambda: open_workbook(config)).tables
    words = {w for t in tables for row in t.rows for w in str(row[0]).split()}
    cells = {
        c.strip() for line in result.output.splitlines() for c in line.split("│")[1:2] for c in c.split() if c.strip()
    }
    assert cells <= words | {"…"}, f"broken inside a word: {sorted(cells - words)}"
    matchups = result.output.split("Matchups")[1].split("Records")[0]
    assert "┃ 1 " in matchups and "│ 1 " in matchups


def test_the_stats_tabs_block_headers_are_bold_and_only_the_rates_are_percentages(mtg_stats: Path) -> None:
    from openpyxl import load_workbook

    tab = load_workbook(mtg_stats / "ogaming-mtg-league.xlsx")["Stats"]
    firsts = [row[0] for row in tab.iter_rows() if row[0].value in ("Deck", "Deck against", "Player")]
    assert len(firsts) == 3 and all(c.font.bold for c in firsts)
    assert all(c.font.bold for c in tab[firsts[1].row] if c.value is not None)
    matchups = [
        c for row in tab.iter_rows(min_row=firsts[1].row + 1, max_row=firsts[2].row - 1) for c in row[1:] if c.value
    ]
    assert matchups and all(c.number_format == "General" for c in matchups), "58% (12) is text, not a percentage"
    assert tab.cell(2, 6).number_format == "0.00%" and not tab.cell(2, 1).font.bold

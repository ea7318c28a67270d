"""Acceptance: the demo league synced end to end through the .xlsx backend."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from jobs.config import load_config, load_ruleset
from jobs.demo_job import DEMO_WORKBOOK, run_demo
from jobs.errors import ConfigError, ExitCode
from jobs.sync_job import SyncResult, run_sync
from league.cells import Grid
from league.demos.gl import build_demo
from league.sheet import (
    LEADERBOARD_TAB,
    PROBLEMS_TAB,
    SYNC_LOG_TAB,
    Changes,
    Sheet,
    is_output_tab,
)
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook


def _tabs(folder: Path) -> dict[str, Grid]:
    book = XlsxWorkbook(folder / DEMO_WORKBOOK)
    return book.read(book.tab_names())


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, SyncResult, dict[str, Grid]]:
    folder = tmp_path_factory.mktemp("demo")
    result = run_demo(folder)
    return folder, result, _tabs(folder)


def test_demo_fills_every_output_tab(demo: tuple[Path, SyncResult, dict[str, Grid]]) -> None:
    _, result, tabs = demo
    events = [e.id for e in result.evaluation.league.events]
    assert events == ["QR1-AE", "QR1-SMN", "QR1-GB5", "QR2-AE", "QR2-SMN", "QR2-GB5"]
    for event in events:
        standings = tabs[f"Standings {event}"]
        assert standings[0] == ["Rank", "Player", "Wins", "Matches", "Health Ratio", "Prize", "Note"]
        assert len(standings) > 9
        # every event of the demo holds a planted mistake: all its rounds played, it is not final, so its leader is
        # only in line for its prizes until the judges fix it
        state = result.evaluation.states[event]
        assert state.to_fix and not state.final and state.status.startswith("all rounds played, ")
        assert standings[1][0] == 1 and standings[1][5] == "in line for Arena Champion, Participation prize"
    board = tabs[LEADERBOARD_TAB]
    assert board[0][:5] == ["Rank", "Player", "QR1", "QR2", "Total Wins"]
    assert not result.evaluation.season.final and result.evaluation.season.status == "0 of 6 events final"
    assert [r[6] for r in board[1:5]] == [
        "in line for 1st place, Nationals finals slot",
        "in line for 2nd place, Nationals finals slot",
        "in line for 3rd-4th place, Nationals finals slot",
        "in line for 3rd-4th place, Nationals finals slot",
    ]
    assert len(tabs[SYNC_LOG_TAB]) == 2
    assert result.code is ExitCode.INPUT_ERRORS


def test_problems_tab_lists_exactly_the_planted_mistakes(demo: tuple[Path, SyncResult, dict[str, Grid]]) -> None:
    _, result, tabs = demo
    ruleset, catalog = load_ruleset("gl-unmatched", Path("."))
    planted = build_demo(ruleset, catalog).planted
    rows = tabs[PROBLEMS_TAB]
    assert rows[0] == ["Severity", "Tab", "Cell", "Row", "Column", "Problem", "Fix"]
    assert sorted((r[1], r[2]) for r in rows[1:]) == sorted((p.tab, p.cell) for p in planted)
    assert sorted((p.tab, p.cell, p.code) for p in result.evaluation.problems) == sorted(
        (p.tab, p.cell, p.code) for p in planted
    )
    assert len(planted) >= 8


def test_second_sync_changes_only_the_sync_log(demo: tuple[Path, SyncResult, dict[str, Grid]]) -> None:
    folder, _, before = demo
    config = load_config(folder)
    run_sync(config, open_workbook(config))
    after = _tabs(folder)
    assert set(after) == set(before)
    for name in before:
        if name != SYNC_LOG_TAB:
            assert after[name] == before[name], name
    assert after[SYNC_LOG_TAB][:2] == before[SYNC_LOG_TAB]
    assert len(after[SYNC_LOG_TAB]) == 3
    assert after[SYNC_LOG_TAB][1][1] == after[SYNC_LOG_TAB][2][1], "same inputs, same fingerprint"


def test_sync_never_changes_input_tabs(demo: tuple[Path, SyncResult, dict[str, Grid]]) -> None:
    _, _, tabs = demo
    ruleset, catalog = load_ruleset("gl-unmatched", Path("."))
    league = build_demo(ruleset, catalog)
    inputs = {n: g for n, g in tabs.items() if not is_output_tab(n) and n != "Lists"}
    for tab, rows in league.results.items():
        assert [[c for c in r] for r in inputs[tab][1:]] == [_trimmed(r) for r in rows], tab
    assert [r[0] for r in inputs["Players"][1:]] == [r[0] for r in league.players]


def _trimmed(row: list[object]) -> list[object]:
    out = ["" if c is None else c for c in row]
    while out and out[-1] in ("", None):
        out.pop()
    return [None if c == "" else c for c in out]


def test_exports_are_written(demo: tuple[Path, SyncResult, dict[str, Grid]]) -> None:
    folder, result, _ = demo
    names = sorted(p.name for p in (folder / "exports").iterdir())
    assert names == sorted(p.name for p in result.exported)
    assert "leaderboard.csv" in names and "standings-qr1-ae.csv" in names
    lines = (folder / "exports" / "leaderboard.csv").read_text(encoding="utf-8-sig").splitlines()
    assert lines[0].startswith("Rank,Player,QR1,QR2,Total Wins")
    assert len(lines) == 1 + len(result.evaluation.leaderboard)


def test_a_removed_event_takes_its_standings_tab_with_it(tmp_path: Path) -> None:
    run_demo(tmp_path)
    workbook = tmp_path / DEMO_WORKBOOK
    book = XlsxWorkbook(workbook)
    events = book.read(["Events"])["Events"]
    kept = [row for row in events if row[0] != "QR2-GB5"]
    book.write(Changes(replace=(Sheet("Events", tuple(str(h) for h in kept[0]), tuple(tuple(r) for r in kept[1:])),)))
    config = load_config(tmp_path)
    run_sync(config, open_workbook(config))
    names = XlsxWorkbook(workbook).tab_names()
    assert "Standings QR2-GB5" not in names and "Standings QR2-SMN" in names
    assert "Results QR2-GB5" in names, "input tabs are never removed"


def test_health_ratios_show_four_decimals_and_long_problems_wrap(
    demo: tuple[Path, SyncResult, dict[str, Grid]],
) -> None:
    folder, _, _ = demo
    book = openpyxl.load_workbook(folder / DEMO_WORKBOOK)
    assert book["Standings QR1-AE"]["E2"].number_format == "0.0000"
    assert book[PROBLEMS_TAB]["F2"].alignment.wrap_text


@pytest.mark.parametrize("name", ["Standings QR2-AE", "Leaderboard"])
def test_a_results_tab_named_like_an_output_tab_is_never_written_over(tmp_path: Path, name: str) -> None:
    run_demo(tmp_path)
    book = XlsxWorkbook(tmp_path / DEMO_WORKBOOK)
    tabs = book.read(["Events", "Results QR2-AE"])
    results = tabs["Results QR2-AE"]
    events = [[name if c == "Results QR2-AE" else c for c in row] for row in tabs["Events"]]
    book.write(
        Changes(
            replace=(
                Sheet(name, tuple(str(h) for h in results[0]), tuple(tuple(r) for r in results[1:])),
                Sheet("Events", tuple(str(h) for h in events[0]), tuple(tuple(r) for r in events[1:])),
            )
        )
    )
    config = load_config(tmp_path)
    result = run_sync(config, open_workbook(config))
    assert any(p.code == "bad-tab-name" and p.tab == "Events" for p in result.evaluation.problems)
    assert XlsxWorkbook(tmp_path / DEMO_WORKBOOK).read([name])[name] == results, "the judges' results are intact"


def test_the_demo_never_overwrites_a_league(tmp_path: Path) -> None:
    (tmp_path / "league.toml").write_text(
        'ruleset = "gl-unmatched"\nworkbook = "gl-unmatched-league.xlsx"\n', encoding="utf-8"
    )
    with pytest.raises(ConfigError, match="already holds a league"):
        run_demo(tmp_path)
    again = tmp_path / "again"
    run_demo(again)
    assert run_demo(again).code == 1, "an earlier demo may be replaced"

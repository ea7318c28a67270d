"""A Magic weekly's top 8 from `league bracket` to a champion: the final standings follow the bracket, a bracket
nobody can scramble, and seeds only from final Swiss standings.

The weekly W1: eight players, three Swiss rounds (Ana Lee 3-0; Ben Ode, Dan Wu, Cy Park 2-1; Eve Ruiz, Fay Gold,
Gus Hale 1-2; Hal Ives 0-3), every match with its own games so that no two players are fully tied."""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping
from pathlib import Path

import openpyxl
import pytest

from jobs.bracket_job import run_bracket
from jobs.config import Config, load_config
from jobs.errors import ExitCode
from jobs.playoffs import games_left_alone
from jobs.sync_job import run_sync
from league.cells import Cell
from league.pairing.bracket_model import HEADERS
from league.sheet import Sheet
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook

PLAYERS = ("Ana Lee", "Ben Ode", "Cy Park", "Dan Wu", "Eve Ruiz", "Fay Gold", "Gus Hale", "Hal Ives")
ROUNDS: tuple[tuple[int, str, str, int, int], ...] = (
    (1, "Ana Lee", "Hal Ives", 2, 0),
    (1, "Ben Ode", "Gus Hale", 2, 1),
    (1, "Cy Park", "Fay Gold", 2, 0),
    (1, "Dan Wu", "Eve Ruiz", 2, 1),
    (2, "Ana Lee", "Dan Wu", 2, 1),
    (2, "Ben Ode", "Cy Park", 2, 0),
    (2, "Eve Ruiz", "Hal Ives", 2, 0),
    (2, "Fay Gold", "Gus Hale", 2, 1),
    (3, "Ana Lee", "Ben Ode", 2, 1),
    (3, "Dan Wu", "Fay Gold", 2, 0),
    (3, "Cy Park", "Eve Ruiz", 2, 1),
    (3, "Gus Hale", "Hal Ives", 2, 0),
)
RESULTS = ("Round", "Table", "Player A", "Player B", "Wins A", "Wins B", "Draws", "Result", "Drop A", "Drop B", "Notes")
TOML = 'ruleset = "mine.toml"\nworkbook = "league.xlsx"\n'
READ = ("txt", "csv")
"""What the tests read of the exports, and all a sync exports here: a bracket's images and posters are tested apart."""
RULES = 'extends = "ogaming-mtg"\n\n[format]\nrounds = 3\n\n[playoffs]\nsize = 8\nbest_of = [3]\n'


def _league(
    folder: Path,
    rounds: int = 3,
    penalties: tuple[tuple[Cell, ...], ...] = (),
    results: tuple[tuple[Cell, ...], ...] = ROUNDS,
    drop: tuple[int, str] | None = None,
    exports: tuple[str, ...] = READ,
) -> Config:
    """The weekly after `rounds` rounds; `drop` marks (round, player) in that row's `Drop A` or `Drop B`; a sync
    exports the `exports` formats."""
    rows = tuple(
        (
            r,
            t,
            a,
            b,
            wa,
            wb,
            draws[0] if draws else 0,
            None,
            "x" if drop == (r, a) else None,
            "x" if drop == (r, b) else None,
            None,
        )
        for t, (r, a, b, wa, wb, *draws) in enumerate(results, start=1)
        if isinstance(r, int) and r <= rounds
    )
    sheets = [
        Sheet(
            "Events",
            ("Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"),
            (("W1", "Weekly 1", "2026-11-30", "The Shop", 16, "W1", "Results W1"),),
        ),
        Sheet(
            "Players",
            ("Player", "Event", "Account Standing", "Deck", "Status"),
            tuple((p, "W1", "Good", "", "") for p in PLAYERS),
        ),
        Sheet("Results W1", RESULTS, rows),
        Sheet(
            "Penalties",
            ("Event", "Round", "Competitor", "Penalty", "Points", "Infraction", "Reason", "Judge"),
            penalties,
        ),
    ]
    folder.mkdir(parents=True, exist_ok=True)
    XlsxWorkbook(folder / "league.xlsx").create(sheets)
    (folder / "mine.toml").write_text(RULES, encoding="utf-8")
    (folder / "league.toml").write_text(f"{TOML}export_formats = {json.dumps(list(exports))}\n", encoding="utf-8")
    return load_config(folder)


def _tab(config: Config, name: str) -> list[list[Cell]]:
    return XlsxWorkbook(config.path.parent / "league.xlsx").read([name])[name]


def _type(config: Config, games: Mapping[tuple[int, int], tuple[Cell, Cell]], tab: str = "Bracket W1") -> None:
    """Type games into the bracket as a judge does, on the row of each (round, match)."""
    file = config.path.parent / "league.xlsx"
    wb = openpyxl.load_workbook(file)
    sheet = wb[tab]
    for row in range(2, sheet.max_row + 1):
        at = (sheet.cell(row, 1).value, sheet.cell(row, 2).value)
        if at in games:
            sheet.cell(row, 8).value, sheet.cell(row, 9).value = games[at]  # type: ignore[index]
    wb.save(file)


def _sync(config: Config) -> ExitCode:
    return run_sync(config, open_workbook(config)).code


def _problems(config: Config) -> list[tuple[Cell, ...]]:
    return [tuple(r[:6]) for r in _tab(config, "Problems")[1:]]


def test_the_final_standings_follow_the_bracket(tmp_path: Path) -> None:
    config = _league(tmp_path)
    assert _sync(config) == ExitCode.CLEAN
    swiss = [r[1] for r in _tab(config, "Standings W1")[1:]]
    assert swiss[0] == "Ana Lee" and swiss.index("Dan Wu") > 0
    done = run_bracket(config, open_workbook(config), "W1")
    assert done.code == ExitCode.CLEAN, done.refused
    rows = {(r[0], r[1]): r for r in _tab(config, "Bracket W1")[1:]}
    # every quarter-final to the higher seed but Dan Wu's; Dan Wu then wins the semi-final and the final
    _type(
        config,
        {
            key: ((0, 2) if "Dan Wu" == r[6] else (2, 0) if "Dan Wu" != r[4] else (2, 1))
            for key, r in rows.items()
            if key[0] == 1
        },
    )
    assert _sync(config) == ExitCode.CLEAN
    rows = {(r[0], r[1]): r for r in _tab(config, "Bracket W1")[1:]}
    _type(
        config,
        {
            key: ((2, 0) if r[4] == "Dan Wu" else (1, 2) if r[6] == "Dan Wu" else (2, 1))
            for key, r in rows.items()
            if key[0] == 2
        },
    )
    assert _sync(config) == ExitCode.CLEAN
    final = _tab(config, "Bracket W1")[-1]
    assert "Dan Wu" in final[4:7:2]
    _type(config, {(3, 1): (2, 1) if final[4] == "Dan Wu" else (1, 2)})
    assert _sync(config) == ExitCode.CLEAN

    standings = _tab(config, "Standings W1")
    head = standings[0]
    assert head[:3] == ["Rank", "Swiss Rank", "Player"]
    lines = {r[2]: r for r in standings[1:]}
    first = standings[1]
    prize, note = head.index("Prize"), head.index("Note")
    assert first[:3] == [1, swiss.index("Dan Wu") + 1, "Dan Wu"] and "1st place" in first[prize]
    assert first[note] == "won the final"
    runner_up = final[6] if final[4] == "Dan Wu" else final[4]
    assert standings[2][:3:2] == [2, runner_up] and standings[2][note] == "lost the final to Dan Wu"
    assert "1st place" not in lines["Ana Lee"][prize] or runner_up == "Ana Lee"
    semis = [r[2] for r in standings[3:5]]
    assert [lines[n][0] for n in semis] == [3, 4] and [lines[n][1] for n in semis] == sorted(lines[n][1] for n in semis)
    assert all(lines[n][note].startswith("lost the semi-final to ") for n in semis)
    assert [r[0] for r in standings[5:9]] == [5, 6, 7, 8] and all(
        r[note].startswith("lost the quarter-final to ") for r in standings[5:9]
    )
    assert [r[1] for r in standings[5:9]] == sorted(r[1] for r in standings[5:9])  # by Swiss rank within a round
    caption = (tmp_path / "exports" / "standings-w1.txt").read_text(encoding="utf-8")
    assert "1. Dan Wu" in caption and caption.index("1. Dan Wu") < caption.index("Ana Lee")
    assert "1st place: Dan Wu" in caption
    board = {r[1]: r for r in _tab(config, "Leaderboard")[1:]}
    assert board["Ana Lee"][0] == 1  # the leaderboard keeps the Swiss scores
    with (tmp_path / "exports" / "standings-w1.csv").open(encoding="utf-8-sig") as f:
        assert next(csv.reader(f))[:3] == ["Rank", "Swiss Rank", "Player"]


def _seeded(tmp_path: Path) -> Config:
    config = _league(tmp_path)
    assert run_bracket(config, open_workbook(config), "W1").code == ExitCode.CLEAN
    return config


def test_a_deleted_bracket_row_comes_back_with_its_games(tmp_path: Path) -> None:
    config = _seeded(tmp_path)
    _type(config, {(1, 1): (2, 0), (1, 2): (1, 2), (1, 3): (2, 1), (1, 4): (0, 2)})
    assert _sync(config) == ExitCode.CLEAN
    before = _tab(config, "Bracket W1")
    file = tmp_path / "league.xlsx"
    wb = openpyxl.load_workbook(file)
    wb["Bracket W1"].delete_rows(3)  # round 1 match 2 is gone: the rows below move up
    wb.save(file)
    assert _sync(config) == ExitCode.CLEAN
    assert _tab(config, "Bracket W1") == before  # nobody re-seeded, no games moved onto another match


def test_a_renamed_row_is_written_back_and_reported(tmp_path: Path) -> None:
    config = _seeded(tmp_path)
    _type(config, {(1, 1): (2, 0)})
    assert _sync(config) == ExitCode.CLEAN
    before = _tab(config, "Bracket W1")
    file = tmp_path / "league.xlsx"
    wb = openpyxl.load_workbook(file)
    wb["Bracket W1"]["E2"] = "Hal Ives"
    wb["Bracket W1"]["G2"] = "Ana Lee"
    wb.save(file)
    assert _sync(config) == ExitCode.CLEAN  # a warning: the row is written back as seeded, with its games
    after = _tab(config, "Bracket W1")
    assert after[1][:10] == before[1][:10] and "written back as seeded" in str(after[1][10])
    assert ("warning", "Bracket W1", "E2") == _problems(config)[0][:3]


@pytest.mark.parametrize("typed", ["two", -1, 1.5])
def test_games_that_are_not_whole_numbers_are_errors_kept_as_typed(tmp_path: Path, typed: Cell) -> None:
    config = _seeded(tmp_path)
    _type(config, {(1, 1): (typed, 0), (1, 2): (2, 0)})
    assert _sync(config) == ExitCode.INPUT_ERRORS
    rows = _tab(config, "Bracket W1")
    assert rows[1][7] == typed and rows[1][9] in ("", None) and rows[2][9] == rows[2][4]
    assert ("error", "Bracket W1", "H2") in [p[:3] for p in _problems(config)]


def test_a_score_that_cannot_end_the_match_is_an_error(tmp_path: Path) -> None:
    config = _seeded(tmp_path)
    _type(config, {(1, 1): (1, 1)})
    assert _sync(config) == ExitCode.INPUT_ERRORS
    [problem] = _problems(config)
    assert problem[:3] == ("error", "Bracket W1", "H2") and "1-1 cannot end a best of 3" in str(problem[5])


def test_the_bracket_waits_for_every_swiss_round(tmp_path: Path) -> None:
    config = _league(tmp_path, rounds=2)
    refused = run_bracket(config, open_workbook(config), "W1")
    assert refused.code == ExitCode.INPUT_ERRORS and "round 3 of 3 not played" in refused.refused
    assert "Bracket W1" not in XlsxWorkbook(tmp_path / "league.xlsx").tab_names()
    assert run_bracket(config, open_workbook(config), "W1", force=True).code == ExitCode.CLEAN


def test_the_bracket_waits_for_rows_to_fix(tmp_path: Path) -> None:
    bad = tuple((r, a, b, "x" if (r, a) == (3, "Dan Wu") else wa, wb) for r, a, b, wa, wb in ROUNDS)
    config = _league(tmp_path, results=bad)
    refused = run_bracket(config, open_workbook(config), "W1")
    assert (
        refused.code == ExitCode.INPUT_ERRORS
        and "rows to fix for " in refused.refused
        and "Dan Wu (fix Results W1 row" in refused.refused
    )


MIRRORED: tuple[tuple[Cell, ...], ...] = (
    (1, "Ana Lee", "Hal Ives", 2, 0),
    (1, "Fay Gold", "Gus Hale", 2, 0),
    (1, "Ben Ode", "Dan Wu", 2, 1),
    (1, "Cy Park", "Eve Ruiz", 2, 1),
    (2, "Ana Lee", "Fay Gold", 2, 0),
    (2, "Gus Hale", "Hal Ives", 2, 0),
    (2, "Ben Ode", "Eve Ruiz", 2, 1),
    (2, "Cy Park", "Dan Wu", 2, 1),
    (3, "Ana Lee", "Gus Hale", 2, 0),
    (3, "Fay Gold", "Hal Ives", 2, 0),
    (3, "Ben Ode", "Cy Park", 1, 1, 1),
    (3, "Dan Wu", "Eve Ruiz", 1, 1, 1),
)
"""Swapping Ben Ode with Cy Park and Dan Wu with Eve Ruiz leaves every result as it is: Ben and Cy are tied on
everything (7 points), 2nd and 3rd, seeds 2 and 3 that meet different players."""


def test_a_judge_decision_on_a_seed_that_matters_waits(tmp_path: Path) -> None:
    config = _league(tmp_path, results=MIRRORED)
    refused = run_bracket(config, open_workbook(config), "W1")
    assert refused.code == ExitCode.INPUT_ERRORS, refused.seeds
    assert "tied with each other for seeds 2, 3: judge decision (Ben Ode, Cy Park)" in refused.refused
    forced = run_bracket(config, open_workbook(config), "W1", force=True)
    assert forced.code == ExitCode.CLEAN and forced.seeds[0] == "Ana Lee"


@pytest.mark.parametrize("how", ["penalty", "mark"])
def test_a_player_who_dropped_is_never_seeded(tmp_path: Path, how: str) -> None:
    config = (
        _league(tmp_path, penalties=(("W1", 3, "Gus Hale", "Drop", None, "", "", ""),))
        if how == "penalty"
        else _league(tmp_path, drop=(3, "Gus Hale"))
    )  # a drop typed in the results tab
    done = run_bracket(config, open_workbook(config), "W1")
    assert done.code == ExitCode.CLEAN, done.refused
    assert "Gus Hale" not in done.seeds and len(done.seeds) == 7


def test_notes_columns_and_rows_judges_add_to_the_bracket_stay(tmp_path: Path) -> None:
    config = _seeded(tmp_path)
    _type(config, {(1, 1): (2, 0)})
    file = tmp_path / "league.xlsx"
    wb = openpyxl.load_workbook(file)
    tab = wb["Bracket W1"]
    tab["K3"], tab["L1"], tab["L2"] = "table 4", "Comments", "played on stream"
    tab["A10"], tab["K10"] = "next", "prizes at 6 pm"
    wb.save(file)
    assert _sync(config) == ExitCode.INPUT_ERRORS  # `next` in Round: a row that is no match, kept and reported
    rows = _tab(config, "Bracket W1")
    assert rows[0][11] == "Comments" and rows[1][9:12] == ["Ana Lee", None, "played on stream"]
    assert rows[2][10] == "table 4" and rows[8][0] == "next" and rows[8][10] == "prizes at 6 pm"
    assert [p[:3] for p in _problems(config)] == [("error", "Bracket W1", "A9")]
    assert _tab(config, "Bracket W1") == rows


def test_a_deleted_bracket_says_which_games_it_dropped_once(tmp_path: Path) -> None:
    config = _seeded(tmp_path)
    _type(config, {(1, 1): (2, 0), (1, 2): ("two", 1)})
    assert _sync(config) == ExitCode.INPUT_ERRORS
    file = tmp_path / "league.xlsx"
    wb = openpyxl.load_workbook(file)
    del wb["Bracket W1"]
    wb.save(file)
    assert _sync(config) == ExitCode.CLEAN
    [problem] = _problems(config)
    said = (
        "Bracket W1 was deleted: the games typed in it are dropped (round 1 match 1 Ana Lee v Hal Ives 2-0, "
        "round 1 match 2 Cy Park v Fay Gold two-1)"
    )
    assert problem[:3] == ("warning", "Bracket W1", None) and problem[5] == said
    assert _tab(config, "Sync Log")[-1][7] == said
    assert _sync(config) == ExitCode.CLEAN and _problems(config)[0][0] == "ok"  # said once
    assert run_bracket(config, open_workbook(config), "W1").code == ExitCode.CLEAN


def test_a_sync_leaves_alone_the_judges_cells_it_read_as_they_are() -> None:
    """A note or a comment typed while the sync runs stays: each judges' cell (games, `Note`, their own columns) that
    the sync writes as it read it is left out; one it changes is written, and the tool's own cells always are."""
    header = (*HEADERS, "Comments")
    read: list[list[Cell]] = [list(header), [1, 1, 3, 1, "A", None, "bye", None, None, "A", "late", "on stream"]]
    row = (1, 1, 3, 1, "A", None, "bye", None, None, "A", "a bye: the higher seed goes on; late", "on stream")
    left = games_left_alone(Sheet("Bracket W1", header, (row,)), {"Bracket W1": read})
    assert left.typed == ("Games A", "Games B", "Note", "Comments")
    assert left.rows == ((1, 1, 3, 1, "A", None, "bye", None, None, "A", "a bye: the higher seed goes on; late", None),)
    moved = [[*HEADERS[:10], "Comments", "Note"], read[1]]  # the judges' column moved before `Note`: written whole
    assert games_left_alone(Sheet("Bracket W1", header, (row,)), {"Bracket W1": moved}).typed == ("Games A", "Games B")


def test_league_bracket_refused_prints_each_thing_to_fix_alone_and_force_the_bracket(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from jobs.cli import app

    bad = tuple((r, a, b, "x" if (r, a) == (1, "Dan Wu") else wa, wb) for r, a, b, wa, wb in ROUNDS)
    _league(tmp_path, rounds=2, results=bad)
    refused = CliRunner().invoke(app, ["bracket", str(tmp_path), "--event", "W1"])
    assert refused.exit_code == ExitCode.INPUT_ERRORS and refused.stdout == ""
    lines = refused.stderr.splitlines()
    assert lines[:2] == ["not seeded: Bracket W1", "  - Standings W1 is not final yet: round 3 of 3 not played"], lines
    assert lines[2] == (
        "  - Standings W1 is not final yet: rows to fix for Eve Ruiz (fix Results W1 row 5), "
        "Dan Wu (fix Results W1 row 5)"
    ), lines
    assert lines[3:] == ["Or seed the standings as they are with --force."]
    assert "Bracket W1" not in XlsxWorkbook(tmp_path / "league.xlsx").tab_names()
    forced = CliRunner().invoke(app, ["bracket", str(tmp_path), "--event", "W1", "--force"])
    assert forced.exit_code == ExitCode.CLEAN and "wrote Bracket W1" in forced.stdout, forced.output

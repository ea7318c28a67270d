"""A format unlike GL, from a test-only ruleset file: games decide matches, draws count, 3/1/0 points,
a bye is a 2-0 win, and the tiebreakers look at the opponents met. Every figure below is worked by hand."""

from __future__ import annotations

import tomllib
from fractions import Fraction as F
from typing import Any

import pytest

from league.cells import Cell
from league.evaluate import evaluate
from league.report import standings_sheets
from league.rules.catalog import EMPTY
from league.rules.load import parse_ruleset
from league.rules.ruleset import Ruleset
from league.template import input_sheets
from tests.support.swiss_draws import HEADERS, ROUNDS, RULESET_FILE, tabs


def ruleset(change: dict[str, Any] | None = None) -> Ruleset:
    data = tomllib.loads(RULESET_FILE.read_text(encoding="utf-8"))
    for section, values in (change or {}).items():
        data[section].update(values)
    return parse_ruleset(data, str(RULESET_FILE))


def test_games_decide_draws_count_and_opponents_break_the_tie() -> None:
    ev = evaluate(tabs(), ruleset(), EMPTY)
    assert ev.problems == []
    lines = {ev.names[s.key]: s for s in ev.standings["W1"]}
    assert [ev.names[s.key] for s in ev.standings["W1"]] == ["Ana", "Ben", "Eve", "Cy", "Dee"]
    assert {n: s.score for n, s in lines.items()} == {"Ana": 7, "Ben": 6, "Eve": 6, "Cy": 4, "Dee": 3}
    assert [s.rank for s in ev.standings["W1"]] == [1, 2, 3, 4, 5]  # Ben and Eve split by OMW%, not shared
    omw, gw, ogw, buchholz = (dict((n, s.tiebreaks[i]) for n, s in lines.items()) for i in range(4))
    assert omw == {"Ana": F(13, 27), "Ben": F(13, 18), "Eve": F(5, 9), "Cy": F(16, 27), "Dee": F(11, 18)}
    assert gw == {"Ana": F(16, 21), "Ben": F(4, 7), "Eve": F(5, 7), "Cy": F(5, 12), "Dee": F(3, 7)}
    assert ogw == {"Ana": F(17, 36), "Ben": F(31, 42), "Eve": F(83, 168), "Cy": F(40, 63), "Dee": F(33, 56)}
    assert buchholz == {"Ana": 10, "Ben": 7, "Eve": 6, "Cy": 13, "Dee": 7}
    assert lines["Ana"].prizes == ("Winner",)


def test_standings_tab_lists_the_rulesets_columns() -> None:
    ev = evaluate(tabs(), ruleset(), EMPTY)
    [sheet] = standings_sheets(ev)
    assert sheet.header == ("Rank", "Player", "Points", "Matches", "OMW%", "GW%", "OGW%", "Buchholz", "Prize", "Note")
    assert sheet.rows[1][:8] == (2, "Ben", 6, 3, 0.7222, 0.5714, 0.7381, 7)


def test_the_floor_lifts_weak_opponents() -> None:
    rows = [r for r in ROUNDS if r[0] == 1]  # after round 1: Ben and Dee have lost their only match
    ev = evaluate(tabs(rows), ruleset(), EMPTY)
    ana = next(s for s in ev.standings["W1"] if ev.names[s.key] == "Ana")
    assert ana.tiebreaks[0] == F(1, 3)  # Ben's 0 % counts as the floor


def test_a_drawn_match_is_an_error_where_the_format_has_none() -> None:
    ev = evaluate(tabs(), ruleset({"format": {"draws": False}}), EMPTY)
    assert [(p.code, p.cell) for p in ev.problems] == [("drawn-match", "F5")]
    assert ev.counted == len(ROUNDS) - 1


def test_missing_and_unreadable_games_are_reported_at_their_cells() -> None:
    rows = [list(r) for r in ROUNDS]
    rows[0][4], rows[1][5] = None, "two"
    ev = evaluate(tabs(rows), ruleset(), EMPTY)
    assert sorted((p.code, p.cell) for p in ev.problems) == [("missing-value", "E2"), ("unreadable", "F3")]


def test_a_player_in_two_pairs_is_reported() -> None:
    rs = ruleset({"registration": {"members": ["Player 1", "Player 2"]}})
    players = [
        ["Ana & Ben", "W1", "Ana", "Ben", ""],
        ["Cy & Ana", "W1", "Cy", "ana", ""],
        ["Dee & Eve", "W1", "Dee", "", ""],
    ]
    grid = tabs([], players)
    grid["Players"][0] = ["Player", "Event", "Player 1", "Player 2", "Status"]
    ev = evaluate(grid, rs, EMPTY)
    assert sorted((p.code, p.cell) for p in ev.problems) == [("member-twice", "D3"), ("missing-value", "D4")]


@pytest.mark.parametrize("rounds, bye", [(1, 12), (2, 10)])
def test_victory_point_bands_and_round_dependent_byes(rounds: int, bye: int) -> None:
    """Scenario points 12:5 (twice AND 6 ahead) are 6:0;
    8:5 (ahead, not twice) 5:1; a bye is 12 in round 1, 10 later."""
    data = tomllib.loads(RULESET_FILE.read_text(encoding="utf-8"))
    data["results"]["figures"] = {"scenario": "Scenario {side}"}
    data["results"]["order"] = [*HEADERS, "Scenario A", "Scenario B"]
    data["scoring"] = {
        "name": "bands",
        "label": "VP",
        "figure": "scenario",
        "equal": 3,
        "bye": 10,
        "bye_rounds": {"1": 12},
        "bands": [{"ratio": 2, "lead": 6, "points": [6, 0]}, {"ratio": 1, "lead": 1, "points": [5, 1]}],
    }
    rs = parse_ruleset(data, "bands (test)")
    rows: list[list[Cell]] = [
        [1, 1, "Ana", "Ben", 1, 0, 0, "", "", 12, 5],
        [1, 2, "Cy", "Dee", 1, 0, 0, "", "", 8, 5],
        [rounds, 3, "Eve", "", None, None, None, "Bye", "", None, None],
    ]
    grid = tabs(rows)
    grid["Results W1"][0] = [*HEADERS, "Scenario A", "Scenario B"]
    ev = evaluate(grid, rs, EMPTY)
    assert ev.problems == []
    score = {ev.names[s.key]: s.score for s in ev.standings["W1"]}
    assert score == {"Ana": 6, "Ben": 0, "Cy": 5, "Dee": 1, "Eve": bye}


def test_a_results_tab_named_in_another_case_is_found() -> None:
    """Tab names are unique ignoring case in Excel and Sheets, so `results w1` names the tab `Results W1`."""
    grid = tabs()
    grid["Events"][1][6] = "results w1"
    ev = evaluate(grid, ruleset(), EMPTY)
    assert ev.problems == [] and ev.counted == len(ROUNDS)


def test_head_to_head_among_those_level_on_score() -> None:
    from league.match_table import build_table
    from league.standings import scope_of
    from league.tiebreakers.direct import head_to_head

    ev = evaluate(tabs(), ruleset(), EMPTY)
    counted = [m for m in ev.league.matches if m.kind is not None]
    table = build_table(counted, ruleset(), {"W1": ""})
    values = head_to_head(scope_of(table, ruleset()), {})
    by_name = {ev.names[k]: values.value(i) for i, k in enumerate(table.names)}
    assert by_name["Ben"] == 3 and by_name["Eve"] == 0  # level on 6 points: Ben beat Eve in round 2
    assert by_name["Ana"] == 0 and by_name["Cy"] == 0


def test_a_figure_decides_the_game_and_its_total_breaks_ties() -> None:
    """Scenario points decide each game (more wins, equal draws), victory points score it, their total breaks ties,
    and the standings show no match count: the shape of a MESBG league."""
    data = tomllib.loads(RULESET_FILE.read_text(encoding="utf-8"))
    data["competitor"] = {"label": "Pair", "plural": "Pairs"}
    data["results"].pop("games")
    data["results"]["compare"] = "scenario"
    data["results"]["figures"] = {"scenario": "Scenario {side}"}
    data["results"]["order"] = ["Round", "Table", "Player A", "Scenario A", "Player B", "Scenario B", "Result", "Notes"]
    data["format"]["count"] = "none"
    data["scoring"] = {
        "name": "bands",
        "label": "VP",
        "figure": "scenario",
        "equal": 3,
        "bye": 10,
        "bands": [{"ratio": 2, "lead": 6, "points": [6, 0]}, {"ratio": 1, "lead": 1, "points": [5, 1]}],
    }
    data["tiebreakers"] = [{"name": "total", "label": "Scenario Points", "figure": "scenario", "display": "whole"}]
    rs = parse_ruleset(data, "vp (test)")
    grid = tabs(
        [
            [1, 1, "Ana", 12, "Ben", 5, "", ""],
            [1, 2, "Cy", 7, "Dee", 7, "", ""],
            [2, 1, "Cy", 9, "Ana", 8, "", ""],
            [2, 2, "Ben", 4, "Dee", 4, "", ""],
        ]
    )
    grid["Results W1"][0] = ["Round", "Table", "Player A", "Scenario A", "Player B", "Scenario B", "Result", "Notes"]
    ev = evaluate(grid, rs, EMPTY)
    assert ev.problems == []
    [sheet] = standings_sheets(ev)
    assert sheet.header == ("Rank", "Pair", "VP", "Scenario Points", "Prize", "Note")
    assert [row[:4] for row in sheet.rows] == [
        (1, "Cy", 8, 16),
        (2, "Ana", 7, 20),
        (3, "Dee", 6, 11),
        (4, "Ben", 3, 9),
        (5, "Eve", 0, None),
    ]
    assert dict(sheet.number_formats) == {3: "0"}


def test_a_double_forfeit_is_a_loss_for_both_sides_with_no_games() -> None:
    data = tomllib.loads(RULESET_FILE.read_text(encoding="utf-8"))
    data["results"]["kinds"]["Double Forfeit"] = {"kind": "forfeit", "loser": "both"}
    rs = parse_ruleset(data, "double forfeit (test)")
    ev = evaluate(
        tabs([[1, 1, "Ana", "Ben", None, None, None, "Double Forfeit", ""], [1, 2, "Cy", "Dee", 2, 0, None, "", ""]]),
        rs,
        EMPTY,
    )
    assert ev.problems == []
    lines = {ev.names[s.key]: s for s in ev.standings["W1"]}
    assert (lines["Ana"].score, lines["Ben"].score, lines["Ana"].record, lines["Ben"].record) == (
        0,
        0,
        (0, 1, 0),
        (0, 1, 0),
    )
    assert lines["Ana"].tiebreaks[1] is None  # no game played: no game-win rate


@pytest.mark.parametrize(
    "games, length, problem",
    [
        ((2, 1), None, None),
        ((2, 0), 3, None),
        ((3, 2), 5, None),
        ((2, 2), 3, "F2"),
        ((3, 1), 3, "F2"),
        ((1, 0), 3, "F2"),
        ((2, 1), 5, "F2"),
        ((2, 1), 4, "J2"),
    ],
)
def test_a_series_ends_at_a_majority_of_its_games(
    games: tuple[int, int], length: int | None, problem: str | None
) -> None:
    data = tomllib.loads(RULESET_FILE.read_text(encoding="utf-8"))
    data["results"]["row_texts"] = {"best_of": "Best Of"}
    data["results"]["order"] = [*HEADERS, "Best Of"]
    data["series"] = {"length": "best_of", "default": 3}
    rs = parse_ruleset(data, "series (test)")
    grid = tabs([[1, 1, "Ana", "Ben", *games, None, "", "", length]])
    grid["Results W1"][0] = [*HEADERS, "Best Of"]
    ev = evaluate(grid, rs, EMPTY)
    assert [p.cell for p in ev.problems] == ([problem] if problem else [])


def test_a_registration_tab_without_an_event_column_registers_everyone_for_every_event() -> None:
    """A season's teams: one `Teams` row each, playing every event of the league."""
    data = tomllib.loads(RULESET_FILE.read_text(encoding="utf-8"))
    data["registration"] = {"tab": "Teams", "name": "Team", "status": "Status", "one_event_per_stage": False}
    rs = parse_ruleset(data, "teams (test)")
    grid = tabs()
    grid.pop("Players")
    grid["Teams"] = [["Team", "Status"], *([n, ""] for n in ("Ana", "Ben", "Cy", "Dee", "Eve"))]
    grid["Events"].append(["W2", "Weekly 2", "2025-01-16", "Store", 8, "", "Results W2"])
    grid["Results W2"] = [HEADERS, [1, 1, "Ana", "Eve", 2, 0, None, "", ""]]
    ev = evaluate(grid, rs, EMPTY)
    assert ev.problems == []
    assert len(ev.standings["W2"]) == 5 and ev.standings["W2"][0].key == "ana"
    assert [s.rank for s in ev.leaderboard][:1] == [1] and input_sheets(rs, EMPTY, [["W1", "", "", "", None, "", "R"]])[
        1
    ].header == ("Team", "Status")

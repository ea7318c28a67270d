"""The ogaming-mtg preset's own rules: the results seen in real events are valid, forfeits and intentional
draws by word, account standings that may not play."""

from __future__ import annotations

import tomllib
from fractions import Fraction as F
from importlib import resources

import pytest

from league.cells import Cell
from league.evaluate import evaluate
from league.report import standings_sheets
from league.rules.catalog import EMPTY
from league.rules.load import parse_ruleset
from league.rules.schema import RulesetError
from tests.support.tournaments import HEADERS, magic

RULESET = magic("0.33", floor_own_game_wins=True)


def _tabs(rows: list[list[Cell]], standing: str = "Good") -> dict[str, list[list[Cell]]]:
    return {
        "Events": [
            ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"],
            ["W1", "Weekly", "2025-01-09", "", None, "", "R1"],
        ],
        "Players": [
            ["Player", "Event", "Account Standing", "Deck", "Status"],
            ["Ana", "W1", standing, "", ""],
            ["Ben", "W1", "Good", "Burn", ""],
        ],
        "R1": [HEADERS, *rows],
    }


@pytest.mark.parametrize(
    "games, result, ana, ben",
    [
        ((2, 0, None), "", 3, 0),
        ((2, 1, 0), "", 3, 0),
        ((1, 0, None), "", 3, 0),
        ((1, 1, 0), "", 1, 1),
        ((1, 1, 1), "", 1, 1),
        ((0, 0, 3), "", 1, 1),
        ((None, None, None), "Intentional Draw", 1, 1),
        ((None, None, None), "Forfeit A", 0, 3),
        ((0, 2, None), "forfeit a", 0, 3),
        ((None, None, None), "Forfeit B", 3, 0),
    ],
)
def test_real_results_are_valid_and_scored(games: tuple[int | None, ...], result: str, ana: int, ben: int) -> None:
    ev = evaluate(_tabs([[1, 1, "Ana", "Ben", *games, result, "", "", ""]]), RULESET, EMPTY)
    assert ev.problems == []
    assert {ev.names[s.key]: s.score for s in ev.standings["W1"]} == {"Ana": ana, "Ben": ben}


@pytest.mark.parametrize(
    "games, cell", [((3, 0, None), "E2"), ((2, 2, None), "E2"), ((1, 3, 0), "F2"), ((3, 2, 1), "E2")]
)
def test_games_a_best_of_three_cannot_end_with_are_an_error(games: tuple[int | None, ...], cell: str) -> None:
    ev = evaluate(_tabs([[1, 1, "Ana", "Ben", *games, "", "", "", ""]]), RULESET, EMPTY)
    [problem] = ev.problems
    assert (problem.code, problem.cell, problem.severity.value) == ("impossible-games", cell, "error")
    shown = "-".join(str(g) for g in games[:2])
    assert problem.problem == f"the games are {shown}: a best of 3 is over once a player has won 2"


def test_best_of_must_be_odd() -> None:
    data = tomllib.loads(
        (resources.files("league") / "rules" / "presets" / "ogaming-mtg.toml").read_text(encoding="utf-8")
    )
    data["results"]["games"]["best_of"] = 2
    with pytest.raises(RulesetError, match="best_of.*must be an odd number of games"):
        parse_ruleset(data, "even")


def test_a_forfeit_counts_as_the_games_it_records() -> None:
    ev = evaluate(_tabs([[1, 1, "Ana", "Ben", None, None, None, "Forfeit A", "", "", ""]]), RULESET, EMPTY)
    ben = next(s for s in ev.standings["W1"] if ev.names[s.key] == "Ben")
    assert ben.tiebreaks[1] == 1  # game-win: 2-0


@pytest.mark.parametrize(
    "standing, code",
    [
        ("Suspended", "not-eligible"),
        ("banned", "not-eligible"),
        ("Revoked", "not-eligible"),
        ("Goood", "unknown-value"),
    ],
)
def test_an_account_that_may_not_play_is_an_error_at_its_cell(standing: str, code: str) -> None:
    ev = evaluate(_tabs([], standing), RULESET, EMPTY)
    assert [(p.code, p.tab, p.cell) for p in ev.problems] == [(code, "Players", "C2")]


@pytest.mark.parametrize("standing", ["Good", "Previous", "Warning", "Probation"])
def test_accounts_in_standing_may_play(standing: str) -> None:
    assert evaluate(_tabs([], standing), RULESET, EMPTY).problems == []


def _subject(
    results: list[tuple[int, int, int]], bye_first: bool = False, rounds: int = 8
) -> dict[str, list[list[Cell]]]:
    """`Sam` plays one match a round against a different opponent each time (`Opp 1`, `Opp 2` ...)."""
    rows: list[list[Cell]] = [[1, 1, "Sam", "", None, None, None, "Bye", "", "", ""]] if bye_first else []
    for n, (won, lost, drawn) in enumerate(results, start=len(rows) + 1):
        rows.append([n, 1, "Sam", f"Opp {n}", won, lost, drawn, "", "", "", ""])
    players = [["Sam", "W1", "Good", "", ""], *([f"Opp {n}", "W1", "Good", "", ""] for n in range(1, rounds + 1))]
    tabs = _tabs(rows)
    tabs["Players"][1:] = players
    tabs["Events"] = [
        [*row, rounds] for row, rounds in zip(tabs["Events"], ("Rounds", rounds))
    ]  # the MTR's 4 for 9: more here
    return tabs


@pytest.mark.parametrize(
    "record, bye, expected",
    [
        ([(2, 0, 0)] * 5 + [(0, 2, 0)] * 2 + [(1, 1, 0)], False, F(16, 24)),  # 5-2-1: 16 / (8 * 3) = 0.667
        ([(2, 0, 0)] + [(0, 2, 0)] * 3, False, F(33, 100)),  # 1-3-0, then withdraws: 0.25, so 0.33 is used
        ([(2, 1, 0)] * 2 + [(1, 2, 0)] * 2, True, F(9, 15)),  # 3-2-0 with a first-round bye: 9 / (5 * 3) = 0.60
    ],
)
def test_appendix_c_match_win_percentages(record: list[tuple[int, int, int]], bye: bool, expected: F) -> None:
    """Appendix C's worked examples, read through an opponent who met only that player: their OMW% is its MW%."""
    ev = evaluate(_subject(record, bye), RULESET, EMPTY)
    assert [p for p in ev.problems if p.severity.value == "error"] == []
    first_opponent = next(s for s in ev.standings["W1"] if ev.names[s.key] == f"Opp {2 if bye else 1}")
    assert first_opponent.tiebreaks[0] == expected


@pytest.mark.parametrize("games, points", [((2, 0, 0), (6, 0)), ((2, 1, 0), (6, 3)), ((2, 0, 1), (7, 1))])
def test_appendix_c_game_points(games: tuple[int, int, int], points: tuple[int, int]) -> None:
    """Appendix C: 3 game points a game won, 1 a game drawn; the game-win rate is over 3 per game played."""
    unfloored = magic("0.33", floor_own_game_wins=False)
    ev = evaluate(_subject([games], rounds=1), unfloored, EMPTY)
    played = sum(games)
    lines = {ev.names[s.key]: s for s in ev.standings["W1"]}
    assert (lines["Sam"].tiebreaks[1], lines["Opp 1"].tiebreaks[1]) == (
        F(points[0], 3 * played),
        F(points[1], 3 * played),
    )


def test_standings_show_the_record_and_percentages_at_full_precision() -> None:
    rows: list[list[Cell]] = [
        [1, 1, "Ana", "Ben", 2, 1, 0, "", "", "", ""],
        [2, 1, "Ana", "Ben", 1, 1, 1, "", "", "", ""],
    ]
    ev = evaluate(_tabs(rows), RULESET, EMPTY)
    [sheet] = standings_sheets(ev)
    assert sheet.header == ("Rank", "Player", "Points", "Record", "OMW%", "GW%", "OGW%", "Prize", "Note")
    assert sheet.rows[0][:7] == (1, "Ana", 4, "1-0-1", 0.33, 10 / 18, 7 / 18)  # Ben: 1 point of 6, floored
    assert dict(sheet.number_formats) == {4: "0.00%", 5: "0.00%", 6: "0.00%"}


def _penalised(penalty: list[Cell], rel: int | None = None) -> dict[str, list[list[Cell]]]:
    tabs = _tabs([[1, 1, "Ana", "Ben", 2, 1, None, "", "", "", ""], [2, 1, "Ana", "Ben", 1, 0, None, "", "", "", ""]])
    tabs["Events"][0].append("REL")
    tabs["Events"][1].append(rel)
    tabs["Penalties"] = [
        ["Event", "Round", "Competitor", "Penalty", "Points", "Infraction", "Reason", "Judge"],
        penalty,
    ]
    return tabs


def test_a_game_loss_gives_the_opponent_a_game_of_that_round() -> None:
    ev = evaluate(_penalised(["W1", 2, "Ana", "Game Loss", None, "Incorrect Deck Played", "", "Rui"]), RULESET, EMPTY)
    assert ev.problems == []
    lines = {ev.names[s.key]: s for s in ev.standings["W1"]}
    assert (lines["Ana"].score, lines["Ben"].score) == (4, 1)  # round 2 became 1-1: a draw
    assert lines["Ana"].record == (1, 0, 1)


def test_a_match_loss_turns_the_round_around() -> None:
    ev = evaluate(_penalised(["W1", 1, "ana", "Match Loss", None, "Late Past 15 Minutes", "", "Rui"]), RULESET, EMPTY)
    assert ev.problems == []
    lines = {ev.names[s.key]: s for s in ev.standings["W1"]}
    assert (lines["Ana"].score, lines["Ben"].score, lines["Ben"].tiebreaks[1]) == (3, 3, F(2, 3))  # Ben: 2-0 then 0-1


@pytest.mark.parametrize(
    "penalty, rel, found",
    [
        (["W1", 1, "Ana", "Warning", None, "Slow Play", "", ""], 3, []),
        (
            ["W1", 1, "Ana", "Caution", None, "Slow Play", "", ""],
            3,
            [("penalty-differs", "D2", "where the guide says Warning")],
        ),
        (["W1", 1, "Ana", "Caution", None, "Slow Play", "", ""], None, []),
        (
            ["W1", 1, "Ana", "Warning", None, "Slow Ply", "", ""],
            1,
            [("unknown-infraction", "F2", "did you mean Slow Play?")],
        ),
        (
            ["W1", 3, "Ana", "Game Loss", None, "Incorrect Deck Played", "", ""],
            1,
            [("penalty-without-match", "B2", "no match in round 3")],
        ),
    ],
)
def test_the_penalty_guide_by_rules_enforcement_level(
    penalty: list[Cell], rel: int | None, found: list[tuple[str, str, str]]
) -> None:
    ev = evaluate(_penalised(penalty, rel), RULESET, EMPTY)
    assert [(p.code, p.cell) for p in ev.problems] == [(code, cell) for code, cell, _ in found]
    assert all(says in p.problem + p.fix for p, (_, _, says) in zip(ev.problems, found))
    assert all(p.severity.value == "warning" for p in ev.problems)


def test_an_unreadable_rules_enforcement_level_is_reported() -> None:
    ev = evaluate(_penalised(["W1", 1, "Ana", "Caution", None, "Slow Play", "", ""], 7), RULESET, EMPTY)
    assert [(p.code, p.tab, p.cell) for p in ev.problems] == [("unreadable", "Events", "H2")]  # and REL 1 is assumed


def test_the_league_leaderboard_sums_points_and_recomputes_percentages_over_every_match() -> None:
    tabs = {
        "Events": [
            ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"],
            ["W1", "Week 1", "2025-01-09", "", None, "W1", "R1"],
            ["W2", "Week 2", "2025-01-16", "", None, "W2", "R2"],
        ],
        "Players": [
            ["Player", "Event", "Account Standing", "Deck", "Status"],
            ["Ana", "W1", "Good", "", ""],
            ["Ben", "W1", "Good", "", ""],
            ["Ana", "W2", "Good", "", ""],
            ["Ben", "W2", "Good", "", ""],
            ["Cy", "W2", "Good", "", ""],
        ],
        "R1": [HEADERS, [1, 1, "Ana", "Ben", 2, 0, None, "", "", "", ""]],
        "R2": [
            HEADERS,
            [1, 1, "Ben", "Ana", 2, 1, None, "", "", "", ""],
            [1, 2, "Cy", "", None, None, None, "Bye", "", "", ""],
        ],
    }
    ev = evaluate(tabs, RULESET, EMPTY)
    assert ev.problems == []
    board = {ev.names[s.key]: s for s in ev.leaderboard}
    assert [ev.names[s.key] for s in ev.leaderboard] == ["Ana", "Ben", "Cy"]
    assert {n: (s.score, s.stage_scores) for n, s in board.items()} == {
        "Ana": (3, {"W1": 3, "W2": 0}),
        "Ben": (3, {"W1": 0, "W2": 3}),
        "Cy": (3, {"W2": 3}),
    }
    assert board["Ana"].tiebreaks[:2] == (F(1, 2), F(3, 5)) and board["Ben"].tiebreaks[:2] == (F(1, 2), F(2, 5))
    assert board["Cy"].tiebreaks[0] is None  # a bye has no opponent
    w2 = {ev.names[s.key]: s.score for s in ev.standings["W2"]}
    assert w2 == {"Ben": 3, "Cy": 3, "Ana": 0}


def test_head_to_head_then_a_judge_decision_settle_a_tie() -> None:
    """Two players level on everything: head-to-head cannot split them (they drew), so the judges' typed order does."""
    data = tomllib.loads(
        (resources.files("league") / "rules" / "presets" / "ogaming-mtg.toml").read_text(encoding="utf-8")
    )
    data["tiebreakers"] = [{"name": "head_to_head", "label": "H2H"}, {"name": "judge", "label": "Judges"}]
    ruleset = parse_ruleset(data, "magic with a judge decision (test)")
    tabs = _tabs([[1, 1, "Ana", "Ben", 1, 1, 1, "", "", "", ""]])
    tabs["Players"][0].append("Judge Order")
    shared = evaluate(tabs, ruleset, EMPTY)
    assert [s.rank for s in shared.standings["W1"]] == [1, 1] and "judge decision" in str(
        standings_sheets(shared)[0].rows[0][-1]
    )
    tabs["Players"][1].append(2)
    tabs["Players"][2].append("1")
    decided = evaluate(tabs, ruleset, EMPTY)
    assert decided.problems == []
    assert [(decided.names[s.key], s.rank) for s in decided.standings["W1"]] == [("Ben", 1), ("Ana", 2)]
    tabs["Players"][1][-1] = "first"
    assert [(p.code, p.cell) for p in evaluate(tabs, ruleset, EMPTY).problems] == [("unreadable", "F2")]

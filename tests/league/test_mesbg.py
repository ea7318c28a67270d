"""The mesbg-pairs preset's rules, each on a small league worked by hand: victory points per game from scenario
points, a round of two games, byes by round, deductions, disqualification, and every validation at its cell."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from league.cells import Cell
from league.evaluate import Evaluation, evaluate
from league.report import leaderboard_sheet, standings_sheets
from league.rules.catalog import EMPTY
from league.rules.load import parse_ruleset
from league.rules.ruleset import Ruleset

PRESET = resources.files("league") / "rules" / "presets" / "mesbg-pairs.toml"
PAIRS_HEADERS = [
    "Pair",
    "Event",
    "Player 1",
    "Player 2",
    "Good Army",
    "Evil Army",
    "Restricted Models",
    "List On Time",
    "Rules Present",
    "Status",
    "Judge Order",
]
RESULTS_HEADERS = [
    "Round",
    "Table",
    "Pair A",
    "Army A",
    "Scenario A",
    "Pair B",
    "Army B",
    "Scenario B",
    "Result",
    "Judge",
    "Notes",
]
PENALTY_HEADERS = ["Event", "Round", "Competitor", "Penalty", "Points", "Infraction", "Reason", "Judge", "Army"]
NAMES = ("Rohirrim", "Dwarves", "Elves", "Orcs", "Ents")
Grid = dict[str, list[list[Cell]]]


def ruleset(change: dict[str, Any] | None = None) -> Ruleset:
    data = tomllib.loads(PRESET.read_text(encoding="utf-8"))
    for section, values in (change or {}).items():
        data[section].update(values)
    return parse_ruleset(data, "mesbg-pairs")


def pair(name: str, n: int, **cells: Cell) -> list[Cell]:
    row: dict[str, Cell] = {
        "Pair": name,
        "Event": "E1",
        "Player 1": f"{name} one",
        "Player 2": f"{name} two",
        "Good Army": "Rohan",
        "Evil Army": "Isengard",
        "Restricted Models": "",
        "List On Time": "yes",
        "Rules Present": "yes",
        "Status": "",
        "Judge Order": None,
    }
    row.update({k.replace("_", " "): v for k, v in cells.items()})
    return [row[h] for h in PAIRS_HEADERS]


def game(rnd: int, a: str, army_a: str, sa: Cell, b: str, army_b: str, sb: Cell, result: str = "") -> list[Cell]:
    return [rnd, 1, a, army_a, sa, b, army_b, sb, result, "", ""]


ROUND_1 = [
    game(1, "Rohirrim", "Good", 12, "Dwarves", "Evil", 5),  # 6:0 (12 >= 2 x 5 and 7 ahead)
    game(1, "Rohirrim", "Evil", 8, "Dwarves", "Good", 6),  # 5:1: Rohirrim 11, Dwarves 1
    game(1, "Elves", "Good", 7, "Orcs", "Evil", 7),  # 3:3
    game(1, "Elves", "Evil", 4, "Orcs", "Good", 9),  # 1:5: Elves 4, Orcs 8
    [1, 3, "Ents", None, None, None, None, None, "Bye", "", ""],
]  # 12 VP in round 1


def tabs(
    results: list[list[Cell]] = ROUND_1,
    pairs: list[list[Cell]] | None = None,
    penalties: list[list[Cell]] | None = None,
) -> dict[str, list[list[Cell]]]:
    grid: dict[str, list[list[Cell]]] = {
        "Events": [
            ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"],
            ["E1", "Doubles I", "2025-03-01", "Warsaw", 12, "", "Results E1"],
        ],
        "Pairs": [PAIRS_HEADERS, *(pairs or [pair(n, i) for i, n in enumerate(NAMES)])],
        "Results E1": [RESULTS_HEADERS, *(list(r) for r in results)],
    }
    if penalties:
        grid["Penalties"] = [PENALTY_HEADERS, *penalties]
    return grid


def lines(ev: Evaluation) -> dict[str, tuple[Any, ...]]:
    [sheet] = standings_sheets(ev)
    return {str(row[1]): row for row in sheet.rows}


def problems(ev: Evaluation) -> list[tuple[str, str | None]]:
    return sorted((p.code, p.cell) for p in ev.problems)


def test_victory_points_per_game_summed_per_round_and_a_first_round_bye() -> None:
    ev = evaluate(tabs(), ruleset(), EMPTY)
    assert ev.problems == []
    [sheet] = standings_sheets(ev)
    assert sheet.header == ("Rank", "Pair", "VP", "Scenario Points", "Prize", "Note")
    assert [row[:4] for row in sheet.rows] == [
        (1, "Ents", 12, 0),
        (2, "Rohirrim", 11, 20),
        (3, "Orcs", 8, 16),
        (4, "Elves", 4, 11),
        (5, "Dwarves", 1, 11),
    ]


@pytest.mark.parametrize(
    "scores, vp",
    [
        ((12, 6), (6, 0)),
        ((14, 8), (5, 1)),
        ((10, 5), (5, 1)),
        ((6, 0), (6, 0)),
        ((5, 0), (5, 1)),
        ((7, 7), (3, 3)),
        ((0, 0), (3, 3)),
        ((8, 14), (1, 5)),
    ],
)
def test_six_nil_needs_twice_the_points_and_a_lead_of_six(scores: tuple[int, int], vp: tuple[int, int]) -> None:
    """One game at `scores`, the other 0:0 (3:3): the pairs' VP are the first game's plus 3."""
    rows = [
        game(1, "Rohirrim", "Good", scores[0], "Dwarves", "Evil", scores[1]),
        game(1, "Rohirrim", "Evil", 0, "Dwarves", "Good", 0),
    ]
    shown = lines(evaluate(tabs(rows), ruleset(), EMPTY))
    assert (shown["Rohirrim"][2], shown["Dwarves"][2]) == (vp[0] + 3, vp[1] + 3)


def test_a_later_bye_is_ten_victory_points_with_no_scenario_points() -> None:
    later = [[2, 3, "Ents", None, None, None, None, None, "Bye", "", ""]]
    ev = evaluate(tabs(later), ruleset(), EMPTY)
    assert lines(ev)["Ents"][2:4] == (10, 0)


def test_tied_on_vp_and_scenario_points_the_judges_decide_else_a_shared_rank() -> None:
    """Rohirrim and Dwarves draw both games 3:3: 6 VP and 11 scenario points each."""
    rows = [game(1, "Rohirrim", "Good", 5, "Dwarves", "Evil", 5), game(1, "Rohirrim", "Evil", 6, "Dwarves", "Good", 6)]
    ev = evaluate(tabs(rows), ruleset(), EMPTY)
    shown = lines(ev)
    assert shown["Rohirrim"][0] == shown["Dwarves"][0] == 1 and "tied with" in str(shown["Rohirrim"][5])
    decided = [
        pair(n, i, Judge_Order=2 if n == "Rohirrim" else 1 if n == "Dwarves" else None) for i, n in enumerate(NAMES)
    ]
    ev = evaluate(tabs(rows, decided), ruleset(), EMPTY)
    assert [(row[0], row[1]) for row in standings_sheets(ev)[0].rows[:2]] == [(1, "Dwarves"), (2, "Rohirrim")]


def test_registration_requirements_missed_deduct_victory_points_and_add_up() -> None:
    pairs = [
        pair(n, i, List_On_Time="no", Rules_Present="No" if n == "Rohirrim" else "yes")
        if n in ("Rohirrim", "Orcs")
        else pair(n, i)
        for i, n in enumerate(NAMES)
    ]
    ev = evaluate(tabs(pairs=pairs), ruleset(), EMPTY)
    assert ev.problems == []
    shown = lines(ev)
    assert shown["Rohirrim"][2] == 11 - 10 and shown["Orcs"][2] == 8 - 5
    assert shown["Rohirrim"][5] == "-5 VP: List On Time no; -5 VP: Rules Present no"
    board = {row[1]: row for row in leaderboard_sheet(ev, None).rows}
    assert board["Rohirrim"][2:4] == (1, 1)  # the event's column and the total


def test_the_leaderboard_sums_vp_and_scenario_points_over_the_events() -> None:
    """E1 is ROUND_1. E2: Dwarves-Elves 10:4 (6:0) and 3:3; Rohirrim-Orcs 5:9 (1:5) and 6:2 (5:1); the Ents' bye 12."""
    grid = tabs()
    grid["Events"].append(["E2", "Doubles II", "2025-04-05", "Warsaw", 12, "", "Results E2"])
    grid["Pairs"] += [pair(n, i, Event="E2") for i, n in enumerate(NAMES)]
    grid["Results E2"] = [
        RESULTS_HEADERS,
        game(1, "Dwarves", "Good", 10, "Elves", "Evil", 4),
        game(1, "Dwarves", "Evil", 3, "Elves", "Good", 3),
        game(1, "Rohirrim", "Good", 5, "Orcs", "Evil", 9),
        game(1, "Rohirrim", "Evil", 6, "Orcs", "Good", 2),
        [1, 3, "Ents", None, None, None, None, None, "Bye", "", ""],
    ]
    ev = evaluate(grid, ruleset(), EMPTY)
    assert ev.problems == []
    board = leaderboard_sheet(ev, None)
    assert board.header[:6] == ("Rank", "Pair", "E1", "E2", "Total VP", "Scenario Points")
    assert [row[:6] for row in board.rows] == [
        (1, "Ents", 12, 12, 24, 0),
        (2, "Rohirrim", 11, 6, 17, 31),
        (3, "Orcs", 8, 6, 14, 27),
        (4, "Dwarves", 1, 9, 10, 24),
        (5, "Elves", 4, 3, 7, 18),
    ]


def test_without_the_deductions_table_nothing_is_deducted() -> None:
    data = tomllib.loads(PRESET.read_text(encoding="utf-8"))
    data.pop("deductions")
    rs = parse_ruleset(data, "no deductions")
    pairs = [pair(n, i, List_On_Time="no") for i, n in enumerate(NAMES)]
    grid = tabs(pairs=pairs)
    ev = evaluate(grid, rs, EMPTY)
    assert lines(ev)["Rohirrim"][2] == 11


def test_a_vp_penalty_deducts_its_points() -> None:
    ev = evaluate(tabs(penalties=[["E1", 1, "Orcs", "VP", 2, "", "slow play", "Judge Ola", ""]]), ruleset(), EMPTY)
    assert ev.problems == []
    assert lines(ev)["Orcs"][2] == 6 and "-2 VP: penalty in round 1" in str(lines(ev)["Orcs"][5])


def test_a_scenario_point_penalty_is_taken_off_that_game_before_its_victory_points() -> None:
    """Rohirrim's Good game 12:5 less 2 is 10:5: twice but only 5 ahead, so 5:1 instead of 6:0."""
    ev = evaluate(tabs(penalties=[["E1", 1, "Rohirrim", "Scenario Points", 2, "", "", "", "Good"]]), ruleset(), EMPTY)
    assert ev.problems == []
    shown = lines(ev)
    assert (shown["Rohirrim"][2:4], shown["Dwarves"][2:4]) == ((10, 18), (2, 11))


def test_a_scenario_point_penalty_never_takes_a_game_below_zero() -> None:
    """Rohirrim's Good game 12:5 less 20 is 0:5 (not -8:5, a 0:6): 1 VP, and 5 from the Evil game 8:6."""
    ev = evaluate(tabs(penalties=[["E1", 1, "Rohirrim", "Scenario Points", 20, "", "", "", "Good"]]), ruleset(), EMPTY)
    assert ev.problems == []
    assert lines(ev)["Rohirrim"][2:4] == (6, 8)


def test_a_scenario_point_penalty_must_say_which_game() -> None:
    ev = evaluate(tabs(penalties=[["E1", 1, "Rohirrim", "Scenario Points", 2, "", "", "", ""]]), ruleset(), EMPTY)
    assert problems(ev) == [("ambiguous-game", "I2")]
    assert lines(ev)["Rohirrim"][2] == 11


def test_a_disqualified_pair_loses_every_game_and_is_not_ranked() -> None:
    pairs = [pair(n, i, Status="DQ" if n == "Rohirrim" else "") for i, n in enumerate(NAMES)]
    ev = evaluate(tabs(pairs=pairs), ruleset(), EMPTY)
    assert ev.problems == []
    shown = lines(ev)
    assert shown["Rohirrim"][:4] == (None, "Rohirrim", 0, 20)  # scenario points stay as typed
    assert shown["Dwarves"][:4] == (1, "Dwarves", 12, 11)  # 12 VP like the Ents, ahead on scenario points
    assert "disqualified" in str(shown["Rohirrim"][5])


def test_without_the_setting_a_disqualified_pair_keeps_its_results() -> None:
    pairs = [pair(n, i, Status="DQ" if n == "Rohirrim" else "") for i, n in enumerate(NAMES)]
    ev = evaluate(tabs(pairs=pairs), ruleset({"format": {"dq_loses_every_game": False}}), EMPTY)
    assert lines(ev)["Dwarves"][2] == 1


def test_more_than_three_restricted_models_across_a_pairs_lists() -> None:
    pairs = [
        pair(
            n,
            i,
            Restricted_Models="Legolas, 2x Great Eagle, Gondor Avenger Bolt Thrower"
            if n == "Elves"
            else "Grima Wormtonge"
            if n == "Orcs"
            else "Legolas, Fell Beast x2",
        )
        for i, n in enumerate(NAMES)
    ]
    ev = evaluate(tabs(pairs=pairs), ruleset(), EMPTY)
    assert problems(ev) == [("too-many-restricted", "G4"), ("unknown-model", "G5")]
    assert ev.problems[0].severity.value == "error" and ev.problems[1].severity.value == "warning"


def test_a_pairing_with_only_one_of_its_games_typed() -> None:
    ev = evaluate(tabs(ROUND_1[1:]), ruleset(), EMPTY)
    assert problems(ev) == [("games-missing", "F2")]


def test_both_sides_on_one_alignment_and_one_army_twice_in_a_round() -> None:
    rows = [list(r) for r in ROUND_1]
    rows[0][6] = "Good"  # Rohirrim Good against Dwarves Good
    rows[3][3] = "Good"  # Elves field Good twice in round 1
    ev = evaluate(tabs(rows), ruleset(), EMPTY)
    assert problems(ev) == [("alignment-twice", "D5"), ("same-alignment", "G2"), ("same-alignment", "G5")]


def test_a_pair_playing_twice_in_a_round() -> None:
    rows = [*ROUND_1, game(1, "Ents", "Good", 3, "Orcs", "Evil", 2)]
    ev = evaluate(tabs(rows), ruleset(), EMPTY)
    assert problems(ev) == [
        ("alignment-twice", "G7"),
        ("twice-in-round", "C7"),
        ("twice-in-round", "F7"),
    ]  # Ents had a bye
    rows = [*ROUND_1, game(1, "Elves", "Good", 3, "Orcs", "Evil", 2)]  # a third game between the same two pairs
    assert problems(evaluate(tabs(rows), ruleset(), EMPTY)) == [
        ("alignment-twice", "D7"),
        ("alignment-twice", "G7"),
        ("too-many-games", "C7"),
        ("too-many-games", "F7"),
    ]


def test_a_game_typed_twice_is_a_duplicate_and_the_next_game_still_counts() -> None:
    """The repeat sits between a pairing's two games: it is the duplicate, and the real second game is no extra game."""
    rows = [ROUND_1[0], list(ROUND_1[0]), *ROUND_1[1:]]
    ev = evaluate(tabs(rows), ruleset(), EMPTY)
    assert problems(ev) == [("alignment-twice", "D3"), ("alignment-twice", "G3"), ("duplicate-row", "A3")]
    clean = lines(evaluate(tabs(), ruleset(), EMPTY))
    assert {k: v[:4] for k, v in lines(ev).items()} == {k: v[:4] for k, v in clean.items()}  # the same VP and ranks


def test_an_unregistered_pair_name_gets_a_did_you_mean() -> None:
    rows = [list(r) for r in ROUND_1]
    rows[2][2] = "Elvs"
    ev = evaluate(tabs(rows), ruleset(), EMPTY)
    found = [p for p in ev.problems if p.code == "unknown-competitor"]
    assert [p.cell for p in found] == ["C4"] and "Elves" in found[0].fix


def test_a_player_in_two_pairs() -> None:
    pairs = [pair(n, i) for i, n in enumerate(NAMES)]
    pairs[1][3] = "Rohirrim one"
    ev = evaluate(tabs(pairs=pairs), ruleset(), EMPTY)
    assert problems(ev) == [("member-twice", "D3")]


@pytest.mark.parametrize("typed", ["7.5", "seven", 7.5])
def test_scenario_points_are_whole_numbers(typed: Cell) -> None:
    rows = [list(r) for r in ROUND_1]
    rows[2][4] = typed
    assert problems(evaluate(tabs(rows), ruleset(), EMPTY)) == [("unreadable", "E4")]


def test_a_requirement_column_says_yes_or_no_and_a_deduction_has_its_points() -> None:
    pairs = [pair(n, i, Rules_Present="maybe" if n == "Elves" else "yes") for i, n in enumerate(NAMES)]
    penalties = [
        ["E1", 1, "Orcs", "VP", None, "", "", "", ""],
        ["E1", 1, "Orcs", "VP", "two", "", "", "", ""],
        ["E1", None, "Orcs", "Scenario Points", 2, "", "", "", ""],
    ]
    ev = evaluate(tabs(pairs=pairs, penalties=penalties), ruleset(), EMPTY)
    assert problems(ev) == [
        ("missing-value", "B4"),
        ("missing-value", "E2"),
        ("unknown-value", "I4"),
        ("unreadable", "E3"),
    ]
    assert lines(ev)["Orcs"][2] == 8  # nothing deducted from unreadable rows


def test_an_unknown_army_word_is_reported() -> None:
    rows = [list(r) for r in ROUND_1]
    rows[0][3] = "Gondor"
    rows[1][6] = None
    assert problems(evaluate(tabs(rows), ruleset(), EMPTY)) == [("missing-value", "G3"), ("unknown-value", "D2")]


def test_a_scenario_point_penalty_for_a_game_not_played() -> None:
    penalties = [
        ["E1", 2, "Rohirrim", "Scenario Points", 2, "", "", "", ""],
        ["E1", 1, "Elves", "Scenario Points", 1, "", "", "", "Neutral"],
    ]
    ev = evaluate(tabs(penalties=penalties), ruleset(), EMPTY)
    assert problems(ev) == [("penalty-without-match", "B2"), ("penalty-without-match", "I3")]


def test_a_deduction_waits_for_the_pairs_first_result() -> None:
    pairs = [pair(n, i, List_On_Time="no" if n == "Ents" else "yes") for i, n in enumerate(NAMES)]
    ev = evaluate(tabs(ROUND_1[:4], pairs), ruleset(), EMPTY)
    assert lines(ev)["Ents"][2:] == (0, None, "", "-5 VP: List On Time no; deducted once a result of E1 counts")


def _set(tab: str, row: int, col: int, value: Cell) -> Callable[[Grid], None]:
    def change(grid: Grid) -> None:
        grid[tab][row][col] = value

    return change


def _column(tab: str, col: int, value: Cell | None = None, drop: bool = False) -> Callable[[Grid], None]:
    def change(grid: Grid) -> None:
        grid[tab] = (
            [[c for i, c in enumerate(r) if i != col] for r in grid[tab]]
            if drop
            else [r if n == 0 else [value if i == col else c for i, c in enumerate(r)] for n, r in enumerate(grid[tab])]
        )

    return change


def _again(tab: str, row: int) -> Callable[[Grid], None]:
    return lambda grid: grid[tab].append(list(grid[tab][row]))


@pytest.mark.parametrize(
    "change, expected",
    [
        (_set("Results E1", 1, 6, "Evli"), [("unknown-value", "Results E1", "G2")]),
        (_set("Pairs", 1, 7, "yse"), [("unknown-value", "Pairs", "H2")]),
        (_set("Pairs", 1, 9, "Dropd"), [("unknown-status", "Pairs", "J2")]),
        (_column("Results E1", 4), [("missing-value", "Results E1", f"E{r}") for r in range(2, 6)]),
        (_column("Results E1", 7, drop=True), [("missing-header", "Results E1", "K1")]),
        (_again("Pairs", 1), [("duplicate-row", "Pairs", "A7")]),
        (
            _again("Results E1", 1),
            [
                ("alignment-twice", "Results E1", "D7"),
                ("alignment-twice", "Results E1", "G7"),
                ("duplicate-row", "Results E1", "A7"),
            ],
        ),  # a repeated row is not a third game
        (
            _set("Results E1", 3, 2, '=HYPERLINK("https://x","Elves")'),
            [("formula-like", "Results E1", "C4"), ("unknown-competitor", "Results E1", "C4")],
        ),
        (_set("Results E1", 1, 0, "one"), [("games-missing", "Results E1", "F3"), ("unreadable", "Results E1", "A2")]),
    ],
)
def test_bad_input_in_the_pairs_and_results_tabs_is_reported_at_its_cell(
    change: Callable[[Grid], None], expected: list[tuple[str, str, str]]
) -> None:
    grid = tabs()
    change(grid)
    ev = evaluate(grid, ruleset(), EMPTY)
    assert sorted((p.code, p.tab, p.cell) for p in ev.problems) == expected
    assert all(p.fix for p in ev.problems)


def _renamed(registered: str, typed: str) -> Callable[[Grid], None]:
    """The Elves registered as `registered` and typed as `typed` in their results rows."""

    def change(grid: Grid) -> None:
        grid["Pairs"][3][0] = registered
        for row in grid["Results E1"][3:5]:
            row[2] = typed

    return change


def _reordered(grid: Grid) -> None:
    for tab in ("Pairs", "Results E1"):
        grid[tab] = [list(reversed(r + [None] * (len(grid[tab][0]) - len(r)))) for r in grid[tab]]


@pytest.mark.parametrize(
    "change, elves",
    [
        (_reordered, "Elves"),
        (_set("Results E1", 1, 4, "12"), "Elves"),
        (_set("Results E1", 1, 7, " 5 "), "Elves"),
        (_renamed("Élfy Łódź", "ÉLFY ŁÓDŹ"), "Élfy Łódź"),
        (_renamed("Élfy Łódź", "E\u0301lfy L\u0301o\u0301dz\u0301".replace("L\u0301", "Ł")), "Élfy Łódź"),
        (
            _renamed('=HYPERLINK("https://x","Elves")', '=HYPERLINK("https://x","Elves")'),
            '=HYPERLINK("https://x","Elves")',
        ),
    ],
)
def test_harmless_variations_give_the_same_standings(change: Callable[[Grid], None], elves: str) -> None:
    """Reordered columns, numbers as text, unicode names typed in another case or normal form, formula-looking names."""
    clean = [row[:4] for row in standings_sheets(evaluate(tabs(), ruleset(), EMPTY))[0].rows]
    grid = tabs()
    change(grid)
    ev = evaluate(grid, ruleset(), EMPTY)
    assert {p.code for p in ev.problems} == ({"formula-like"} if elves.startswith("=") else set())
    assert [row[:4] for row in standings_sheets(ev)[0].rows] == [
        (*r[:1], elves if r[1] == "Elves" else r[1], *r[2:]) for r in clean
    ]

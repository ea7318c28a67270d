"""Playoff brackets: seeds in bracket order, byes to the top seeds, winners moved on from the games typed."""

from __future__ import annotations

import pytest

from league.cells import Cell
from league.pairing.bracket import bracket_rows, resolve, seeds_from
from league.pairing.bracket_model import BYE, HEADERS, round_name, seed_order
from league.problems import Severity


@pytest.mark.parametrize(
    "size, order",
    [
        (2, [1, 2]),
        (4, [1, 4, 2, 3]),
        (8, [1, 8, 4, 5, 2, 7, 3, 6]),
        (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    ],
)
def test_seeds_meet_as_late_as_their_seeding_allows(size: int, order: list[int]) -> None:
    assert seed_order(size) == order


def _tab(rows: list[list[Cell]]) -> list[list[Cell]]:
    return [list(HEADERS), *rows]


def test_byes_go_to_the_top_seeds_and_typed_winners_move_on() -> None:
    seeds = ["S1", "S2", "S3", "S4", "S5", "S6"]
    rows = bracket_rows(seeds, [3, 5])
    assert [(r[0], r[1], r[4], r[6], r[9]) for r in rows[:4]] == [
        (1, 1, "S1", "bye", "S1"),
        (1, 2, "S4", "S5", ""),
        (1, 3, "S2", "bye", "S2"),
        (1, 4, "S3", "S6", ""),
    ]
    assert len(rows) == 7 and [r[2] for r in rows] == [3, 3, 3, 3, 5, 5, 5]  # the rounds after the first: best of five
    typed = _tab(rows)
    typed[2][7:9] = [1, 2]  # S5 beats S4
    typed[4][7:9] = [2, 2]  # impossible in a best of three
    again = bracket_rows(seeds_from(typed), [3, 5], typed)
    assert again[1][9] == "S5" and again[4][3:7] == [1, "S1", 5, "S5"]
    assert again[3][9] == "" and "cannot end a best of 3" in str(again[3][10])
    assert seeds_from(_tab(again)) == seeds  # the seeds stay as drawn, whatever the standings do next


def test_a_final_is_decided_by_its_own_length() -> None:
    rows = bracket_rows(["A", "B"], [5])
    typed = _tab(rows)
    typed[1][7:9] = [2, 1]
    assert bracket_rows(["A", "B"], [5], typed)[0][9] == ""  # 2-1 does not end a best of five
    typed[1][7:9] = [3, 1]
    assert bracket_rows(["A", "B"], [5], typed)[0][9] == "A"


EIGHT = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8"]


def test_a_row_is_known_by_its_round_match_and_competitors_never_its_place() -> None:
    first = resolve("W1", EIGHT, [3])
    typed = _tab([list(r) for r in first.sheet.rows])
    typed[1][7:9] = [2, 0]  # S1 beats S8
    typed[2][7:9] = [0, 2]  # S5 beats S4
    kept = resolve("W1", EIGHT, [3], typed)
    assert kept.kept.games == {(1, 1, "s1", "s8"): (2, 0), (1, 2, "s4", "s5"): (0, 2)}
    del typed[2]  # the row of S4 v S5 deleted: the rows below move up
    again = resolve("W1", EIGHT, [3], typed, kept.kept.games)
    assert again.sheet.rows == kept.sheet.rows and not again.problems  # written back with its games, nothing moved


def test_a_row_whose_names_were_changed_is_written_back_and_reported() -> None:
    first = resolve("W1", EIGHT, [3])
    typed = _tab([list(r) for r in first.sheet.rows])
    typed[1][7:9] = [2, 0]
    kept = resolve("W1", EIGHT, [3], typed).kept.games
    typed[1][4], typed[1][6] = "S8", "S2"
    again = resolve("W1", EIGHT, [3], typed, kept)
    assert again.sheet.rows[0][4:10] == ("S1", 8, "S8", 2, 0, "S1")
    [problem] = again.problems
    assert (problem.severity, problem.cell, problem.code) == (Severity.WARNING, "E2", "bracket-renamed")
    assert "changed to S8 v S2" in problem.problem


def test_a_match_filled_in_one_side_at_a_time_is_no_rename() -> None:
    """After the quarter-finals, the first semi-final's games: the final is written `S1 v ` (side B undecided); the
    second semi-final's games then fill in side B, with no warning that the tool's own row was changed."""
    typed = _tab([list(r) for r in resolve("W1", EIGHT, [3]).sheet.rows])
    for row in typed[1:5]:
        row[7:9] = [2, 0]  # the higher seeds win the quarter-finals: S1 v S4, S2 v S3
    typed = _tab([list(r) for r in resolve("W1", EIGHT, [3], typed).sheet.rows])
    typed[5][7:9] = [2, 1]  # S1 beats S4
    half = resolve("W1", EIGHT, [3], typed)
    assert half.sheet.rows[6][4:7] == ("S1", None, "")
    typed = _tab([list(r) for r in half.sheet.rows])
    typed[6][7:9] = [2, 0]  # S2 beats S3
    done = resolve("W1", EIGHT, [3], typed)
    assert done.sheet.rows[6][4:7] == ("S1", 2, "S2") and done.sheet.rows[6][10] == ""
    assert not done.problems


@pytest.mark.parametrize("typed, cell", [("two", "H2"), (-1, "H2"), (1.5, "H2"), ("2", None)])
def test_games_are_whole_numbers_kept_as_typed(typed: Cell, cell: str | None) -> None:
    rows = _tab(bracket_rows(["A", "B"], [3]))
    rows[1][7:9] = [typed, 0]
    done = resolve("W1", ["A", "B"], [3], rows)
    assert done.sheet.rows[0][7] == typed  # never erased
    assert [p.cell for p in done.problems] == ([cell] if cell else [])
    assert done.playoff.champion == ("" if cell else "A")


def test_one_side_typed_and_an_unfinished_score_are_errors() -> None:
    rows = _tab(bracket_rows(["A", "B"], [5]))
    rows[1][7:9] = [3, None]
    assert [(p.cell, p.code) for p in resolve("W1", ["A", "B"], [5], rows).problems] == [("I2", "bracket-games")]
    rows[1][7:9] = [2, 1]
    [problem] = resolve("W1", ["A", "B"], [5], rows).problems
    assert problem.severity is Severity.ERROR and "2-1 cannot end a best of 5" in problem.problem


def test_the_playoff_says_how_far_each_went() -> None:
    rows = _tab(bracket_rows(["A", "B", "C"], [3]))  # A has a bye; B v C
    rows[2][7:9] = [0, 2]
    rows = _tab([list(r) for r in resolve("W1", ["A", "B", "C"], [3], rows).sheet.rows])
    semi = resolve("W1", ["A", "B", "C"], [3], rows).playoff  # before the final: B out, A and C in it
    assert (semi.champion, semi.under_way) == ("", 2) and {k: f.out_in for k, f in semi.finishes.items()} == {"b": 1}
    assert [(m.a, m.b, m.winner) for m in semi.round_matches(2)] == [("A", "C", "")]
    rows[3][7:9] = [1, 2]
    playoff = resolve("W1", ["A", "B", "C"], [3], rows).playoff
    assert playoff.champion == "C" and playoff.rounds == 2 and playoff.under_way == 0
    assert {k: (f.out_in, f.beaten_by) for k, f in playoff.finishes.items()} == {
        "b": (1, "C"),
        "a": (2, "C"),
        "c": (None, ""),
    }
    assert [round_name(f.out_in, playoff.rounds) for f in playoff.finishes.values() if f.out_in] == [
        "semi-final",
        "final",
    ]
    assert [(m.round, m.a, m.b, m.games, m.winner) for m in playoff.matches] == [
        (1, "A", BYE, None, "A"),
        (1, "B", "C", (0, 2), "C"),
        (2, "A", "C", (1, 2), "C"),
    ]
    assert playoff.matches[0].bye and [m.row for m in playoff.matches] == [2, 3, 4]


def test_what_judges_type_beside_the_bracket_is_kept() -> None:
    """A note typed after the tool's in `Note`, a column of their own and a row of notes below the bracket all stay,
    sync after sync, in the same row as the match they were typed beside."""
    first = resolve("W1", ["A", "B", "C"], [3])
    typed: list[list[Cell]] = [[*HEADERS, "Comments"], *([*r] for r in first.sheet.rows)]
    typed[1][10] = f"{typed[1][10]}; A arrived late"  # the bye's row: the tool's note, then the judge's
    typed[2][7:9] = [2, 1]
    typed[2][10] = "table 4"
    typed[2].append("played on stream")
    typed.append([None] * 10 + ["prizes at 6 pm", "ask Ana"])
    once = resolve("W1", ["A", "B", "C"], [3], typed)
    assert once.sheet.header == (*HEADERS, "Comments") and not once.problems
    assert [r[10:] for r in once.sheet.rows] == [
        ("a bye: the higher seed goes on; A arrived late", None),
        ("table 4", "played on stream"),
        ("", None),
        ("prizes at 6 pm", "ask Ana"),
    ]
    assert once.sheet.rows[2][4:7] == ("A", 2, "B")  # B won the semi-final: the final filled in
    again = resolve("W1", ["A", "B", "C"], [3], [list(once.sheet.header), *(list(r) for r in once.sheet.rows)])
    assert again.sheet == once.sheet  # nothing doubled or lost


def test_garbage_in_round_match_or_best_of_is_reported_at_its_cell() -> None:
    typed = _tab([list(r) for r in resolve("W1", EIGHT, [3]).sheet.rows])
    typed[2][0], typed[2][7:9] = "QF", [0, 2]  # S4 v S5's round retyped: known by its competitors, its games count
    typed[3][2] = "three"
    again = resolve("W1", EIGHT, [3], typed)
    assert [(p.severity, p.code, p.cell) for p in again.problems] == [
        (Severity.WARNING, "bracket-numbered", "A3"),
        (Severity.WARNING, "bracket-numbered", "C4"),
    ]
    assert "Round was 'QF' in the row of S4 v S5: written back as 1" in again.problems[0].problem
    assert again.sheet.rows[1][:3] == (1, 2, 3) and again.sheet.rows[1][9] == "S5" and again.sheet.rows[2][2] == 3
    assert len(again.sheet.rows) == 7


@pytest.mark.parametrize(
    "round_, match, why",
    [
        ("semi", 1, "Round 'semi' is not a whole number"),
        (None, None, "its Round is empty"),
        (1, 3, "round 1 match 3 is row 4"),
        (4, 1, "the bracket has no round 4 match 1"),
    ],
)
def test_a_row_that_is_no_match_is_kept_below_and_is_an_error(round_: Cell, match: Cell, why: str) -> None:
    typed = _tab([list(r) for r in resolve("W1", EIGHT, [3]).sheet.rows])
    typed.append([round_, match, None, None, "S9", None, "S10", 2, 0])
    again = resolve("W1", EIGHT, [3], typed)
    assert again.sheet.rows[-1][:9] == (round_, match, None, None, "S9", None, "S10", 2, 0)
    [problem] = again.problems
    assert (problem.severity, problem.cell) == (Severity.ERROR, "A9") and f"({why})" in problem.problem
    assert again.kept.games == {} and again.sheet.rows[:7] == resolve("W1", EIGHT, [3]).sheet.rows


def test_a_tab_lacking_a_header_it_is_read_by_is_written_again_and_said() -> None:
    typed = _tab([list(r) for r in resolve("W1", EIGHT, [3]).sheet.rows])
    typed[0][7] = "Wins A"
    again = resolve("W1", EIGHT, [3], typed)
    [problem] = again.problems
    assert (problem.severity, problem.cell, problem.code) == (Severity.WARNING, "1", "bracket-headers")
    assert "row 1 lacks Games A" in problem.problem and again.sheet.header == HEADERS

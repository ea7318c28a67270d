"""Playoff brackets: seeds in bracket order, byes to the top seeds, winners moved on from the games typed."""

from __future__ import annotations

import pytest

from league.cells import Cell
from league.pairing.bracket import HEADERS, bracket_rows, seed_order, seeds_from


@pytest.mark.parametrize("size, order", [(2, [1, 2]), (4, [1, 4, 2, 3]), (8, [1, 8, 4, 5, 2, 7, 3, 6]),
                                         (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11])])
def test_seeds_meet_as_late_as_their_seeding_allows(size: int, order: list[int]) -> None:
    assert seed_order(size) == order


def _tab(rows: list[list[Cell]]) -> list[list[Cell]]:
    return [list(HEADERS), *rows]


def test_byes_go_to_the_top_seeds_and_typed_winners_move_on() -> None:
    seeds = ["S1", "S2", "S3", "S4", "S5", "S6"]
    rows = bracket_rows(seeds, [3, 5])
    assert [(r[0], r[1], r[4], r[6], r[9]) for r in rows[:4]] == [
        (1, 1, "S1", "bye", "S1"), (1, 2, "S4", "S5", ""), (1, 3, "S2", "bye", "S2"), (1, 4, "S3", "S6", "")]
    assert len(rows) == 7 and [r[2] for r in rows] == [3, 3, 3, 3, 5, 5, 5]  # the rounds after the first: best of five
    typed = _tab(rows)
    typed[2][7:9] = [1, 2]   # S5 beats S4
    typed[4][7:9] = [2, 2]   # impossible in a best of three
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

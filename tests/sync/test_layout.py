"""The layout decisions every backend shares, on literals."""

from __future__ import annotations

import datetime as dt

import pytest

from league.sheet import Changes, Dropdown, Sheet
from sync.layout import (
    LAST_ROW,
    MAX_WIDTH,
    bounded_source,
    check_appends,
    column_index,
    dropdown_columns,
    look,
    next_row,
    placed_rows,
    trimmed,
)
from sync.workbook import BackendError


def test_trimmed_and_next_row() -> None:
    grid = trimmed([["Round", "Table", ""], [1, None], [None, ""], [2, 0, None], ["", None], []])
    assert grid == [["Round", "Table"], [1], [], [2, 0]]
    assert next_row(grid) == 4 and next_row([["Round"], [], [" "]]) == 3 and next_row([]) == 0


@pytest.mark.parametrize(("typed", "column"), [("Player A", 1), (" player   a ", 1), ("PLAYER A", 1), ("Round", 0)])
def test_headers_match_ignoring_case_and_spaces(typed: str, column: int) -> None:
    assert column_index("Results", ["Round", "Player  A ", "Player A"], typed) == column


def test_a_missing_header_names_the_tab_and_what_it_has() -> None:
    with pytest.raises(
        BackendError, match=r"tab 'Results' has no column 'Map' in row 1 \(its headers: 'Round', 'Table'\)"
    ):
        column_index("Results", ["Round", None, "Table"], "Map")


def test_placed_rows_lay_values_under_the_tab_headers() -> None:
    grid = [["Round", "Table", "Player A", "Notes"], [1, 1, "Ana"], [], [None]]
    start, rows = placed_rows(
        "Results", grid, [{"player a": "Bo", "ROUND": 2, "Notes": ""}, {"Table": dt.date(2024, 8, 10)}]
    )
    assert (start, rows) == (2, [[2, None, "Bo"], [None, "2024-08-10"]])


def test_dropdowns_bounds_and_widths() -> None:
    sheet = Sheet(
        "Players",
        ("Player", "Fighter 1", "Notes"),
        (("Ana", "Medusa", "x" * 80),),
        (Dropdown("fighter 1", ("Medusa",)), Dropdown("Notes")),
    )
    assert [(i, d.column) for i, d in dropdown_columns(sheet)] == [(1, "fighter 1")], (
        "a dropdown with no choices is skipped"
    )
    assert bounded_source("='Players'!$A$2:$A") == f"'Players'!$A$2:$A${LAST_ROW}"
    assert bounded_source("'Players'!A2:A") == f"'Players'!A2:A{LAST_ROW}"
    shape = look(sheet)
    assert shape.widths == (8, 11, MAX_WIDTH) and shape.wrapped == {2}
    assert look(Sheet("Problems", ("Tab",), widths=(60,))).widths == (60,)


def test_appends_go_to_output_tabs_only() -> None:
    check_appends(Changes(append=(Sheet("Sync Log", ("Time",)),)))
    with pytest.raises(BackendError, match="'Players'"):
        check_appends(Changes(append=(Sheet("Players", ("Player",)),)))

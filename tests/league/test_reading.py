"""Reading the input tabs the way SHEETS.md promises: layout, spacing, number and name forms.

Each case reshapes or retypes the clean league (conftest.py) without changing what it says,
and the standings must come out exactly as for the clean league, with no problems.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable
from fractions import Fraction

import pytest

from league.cells import Cell, Grid

AE = "Results QR1-AE"
EVENTS = ("QR1-AE", "QR1-GB5", "QR2-AE", "")  # "" is the league leaderboard


def all_output(out) -> dict[str, list[dict[str, Cell]]]:
    """Every standings tab and the leaderboard, as written."""
    return {event: out.sheet(event) for event in EVENTS}


@pytest.fixture(scope="module")
def clean_output(clean):
    return all_output(clean)


# --- layout: column order, extra columns, header spelling -------------------------------------


def reorder(grid: Grid, order: Callable[[int], list[int]]) -> Grid:
    """The same tab with its columns moved: new column j is old column order(width)[j] (None: a new empty column)."""
    width = len(grid[0])
    cols = order(width)
    return [[(row[i] if i is not None and i < len(row) else None) for i in cols] for row in grid]


def with_judge_column(at: Callable[[int], int]) -> Callable[[Grid], Grid]:
    """Insert a judges' own column (header and a remark on every other row) at position at(width)."""

    def change(grid: Grid) -> Grid:
        out = []
        for n, row in enumerate(grid):
            row = list(row) + [None] * (len(grid[0]) - len(row))
            value = "Judge's remarks" if n == 0 else ("checked the score pad" if n % 2 else None)
            out.append(row[: at(len(grid[0]))] + [value] + row[at(len(grid[0])) :])
        return out

    return change


LAYOUTS = {
    "columns reversed": lambda g: reorder(g, lambda w: list(range(w))[::-1]),
    "columns rotated by 3": lambda g: reorder(g, lambda w: [*range(3, w), *range(3)]),
    "judge column first": with_judge_column(lambda w: 0),
    "judge column in the middle": with_judge_column(lambda w: w // 2),
    "judge column last": with_judge_column(lambda w: w),
    "reversed, then a judge column": lambda g: with_judge_column(lambda w: 2)(
        reorder(g, lambda w: list(range(w))[::-1])
    ),
}


@pytest.mark.parametrize("change", LAYOUTS.values(), ids=LAYOUTS.keys())
def test_column_layout_does_not_change_standings(book, clean_output, change) -> None:
    for tab in list(book.tabs):
        book.tabs[tab] = change(book.tabs[tab])
    out = book.evaluate()
    assert out.problems == []
    assert all_output(out) == clean_output


@pytest.mark.parametrize(
    "change, cell",
    [
        (LAYOUTS["columns reversed"], "E3"),  # Map is column K in the template, E once reversed
        (LAYOUTS["judge column first"], "L3"),
        (LAYOUTS["judge column last"], "K3"),
    ],
)
def test_problem_cell_follows_the_column_where_it_was_found(book, change, cell: str) -> None:
    book.set(AE, 3, "Map", "Yukon")
    book.tabs[AE] = change(book.tabs[AE])
    assert book.evaluate().found() == {("banned-map", AE, cell)}


HEADER_SPELLINGS = {
    "upper case": str.upper,
    "lower case with surrounding spaces": lambda h: f"  {h.lower()} ",
    "repeated inner spaces": lambda h: h.replace(" ", "   "),
    "tab and non-breaking space": lambda h: h.replace(" ", "\t").replace("Health", "Health\u00a0"),
    "title case": str.title,
}


@pytest.mark.parametrize("spell", HEADER_SPELLINGS.values(), ids=HEADER_SPELLINGS.keys())
def test_headers_match_ignoring_case_and_spaces(book, clean_output, spell) -> None:
    for grid in book.tabs.values():
        grid[0] = [spell(str(h)) for h in grid[0]]
    out = book.evaluate()
    assert out.problems == []
    assert all_output(out) == clean_output


def test_odd_header_player_a(book, clean_output) -> None:
    grid = book.tabs[AE]
    grid[0][grid[0].index("Player A")] = " player a "
    out = book.evaluate()
    assert out.problems == []
    assert all_output(out) == clean_output


# --- rows that hold nothing to read -----------------------------------------------------------

BLANKS: dict[str, list[Cell]] = {
    "no cells at all": [],
    "empty cells": [None] * 15,
    "empty strings and spaces": ["", "  ", None, "\t", ""],
    "a judge's note in an extra column": [None] * 15 + ["round 3 started late"],
    "zero-length text everywhere": [""] * 16,
}


@pytest.mark.parametrize("where", [1, 2, 4, None], ids=["below header", "between rows", "after the last", "every gap"])
@pytest.mark.parametrize("empty_row", BLANKS.values(), ids=BLANKS.keys())
def test_rows_with_nothing_to_read_are_skipped(book, clean_output, empty_row: list[Cell], where: int | None) -> None:
    for grid in book.tabs.values():
        if len(grid[0]) < 16:
            grid[0].extend([None] * (15 - len(grid[0])) + ["Judge's remarks"])  # an extra column in every tab
        spots = range(len(grid), 0, -1) if where is None else [min(where, len(grid))]
        for at in spots:
            grid.insert(at, list(empty_row))
    out = book.evaluate()
    assert out.problems == []
    assert all_output(out) == clean_output


@pytest.mark.parametrize("header", ["Notes", "Judge"])
def test_row_with_only_a_note_in_the_notes_column_is_skipped(book, clean_output, header: str) -> None:
    book.set(AE, 5, header, "lunch break after round 2")
    out = book.evaluate()
    assert out.problems == []
    assert all_output(out) == clean_output


# --- numbers typed as text ------------------------------------------------------------------

SEVENS: list[Cell] = [7, " 7 ", "7.0", 7.0, "7", "  7.00", "\u00a07"]


@pytest.mark.parametrize("typed", SEVENS, ids=repr)
def test_round_typed_any_way_is_seven(book, typed: Cell) -> None:
    out = book.set(AE, 3, "Round", typed).evaluate()
    assert out.problems == []
    assert next(m for m in out.ev.league.matches if m.tab == AE and m.row == 3).round == 7


@pytest.mark.parametrize("typed", SEVENS, ids=repr)
def test_health_typed_any_way_is_seven(book, typed: Cell) -> None:
    out = book.set(AE, 2, "Health A", typed).evaluate()
    assert out.problems == []
    assert out.standing("QR1-AE", "Ana Reyes").tiebreaks == (Fraction(7, 16),)


@pytest.mark.parametrize(
    "tab, row, header, typed",
    [
        (AE, 2, "Start Health A", "16.0"),
        (AE, 2, "Start Health A", " 16 "),
        (AE, 2, "Start Health A", 16.0),
        (AE, 3, "Health A", "6.0"),
        (AE, 3, "Health B", "0.0"),
        (AE, 3, "Health B", " 0 "),
        (AE, 3, "Table", "2.0"),
        ("Events", 2, "Capacity", " 4 "),
        ("Events", 2, "Capacity", 4.0),
        ("Events", 2, "Capacity", "4.0"),
        ("Penalties", 2, "Round", " 1.0 "),
    ],
)
def test_numbers_typed_as_text_give_the_same_standings(
    book, clean_output, tab: str, row: int, header: str, typed: Cell
) -> None:
    if tab == "Penalties":
        book.apply([("Penalties", 2, {"Event": "QR1-AE", "Competitor": "Ben Cruz", "Penalty": "Warning"})])
    out = book.set(tab, row, header, typed).evaluate()
    assert out.problems == []
    assert all_output(out) == clean_output


@pytest.mark.parametrize(
    "typed", [dt.date(2024, 9, 7), dt.datetime(2024, 9, 7), 45542, 45542.0, "2024-09-07 00:00:00"], ids=repr
)
def test_event_date_as_a_date_cell_keeps_the_ban_window(book, typed: Cell) -> None:
    book.set("Events", 4, "Date", typed).set("Players", 7, "Fighter 5", "Hamlet")  # allowed on 2024-09-07
    book.set("Players", 3, "Fighter 5", "Hamlet")  # QR1 on 2024-08-10: still banned
    assert book.evaluate().found() == {("banned-piece", "Players", "G3")}


# --- names ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed", ["ana reyes", "ANA REYES", "  Ana Reyes  ", "Ana   Reyes", "aNa\u00a0rEyEs", "Ana\tReyes"], ids=repr
)
def test_names_match_ignoring_case_and_spaces_and_show_as_registered(book, clean_output, typed: str) -> None:
    book.apply(
        [
            (AE, 2, {"Player A": typed, "Winner": typed.upper()}),
            (AE, 4, "Player A", typed),
            ("Results QR2-AE", 2, "Player B", typed),
        ]
    )
    out = book.evaluate()
    assert {p.code for p in out.problems} == ({"control-character"} if "\t" in typed else set())
    assert all_output(out) == clean_output
    assert [r["Player"] for r in out.sheet("QR1-AE")] == ["Ana Reyes", "Ben Cruz", "Carla Santos"]


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


UNICODE = [
    # (registered as, typed in the results as)
    (nfc("Łukasz Żak"), nfc("Łukasz Żak")),
    (nfc("Łukasz Żak"), nfd("łukasz żak")),
    (nfd("Łukasz Żak"), nfc("ŁUKASZ ŻAK")),
    (nfc("Niño Peña"), nfd("Niño Peña")),
    (nfd("Niño Peña"), nfc(" niño  peña ")),
    (nfc("Żaneta Ñandú"), nfd("ŻANETA ÑANDÚ")),
]


@pytest.mark.parametrize(
    "registered, typed", UNICODE, ids=lambda s: f"{s}({'NFC' if unicodedata.is_normalized('NFC', s) else 'NFD'})"
)
def test_unicode_names_match_across_case_and_normal_forms(blank, registered: str, typed: str) -> None:
    blank.register(registered, "QR1-AE")
    blank.register("Ben Cruz", "QR1-AE")
    blank.play("QR1-AE", 1, typed, "Spike", 4, "Ben Cruz", "Robin Hood", 0, winner=typed.swapcase())
    blank.penalty("QR1-AE", 1, typed, "Warning")
    out = blank.evaluate()
    assert out.problems == []
    assert out.table("QR1-AE", "Rank", "Player", "Wins", "Matches") == [(1, registered, 1, 1), (2, "Ben Cruz", 0, 1)]
    assert out.table("", "Rank", "Player", "Total Wins") == [(1, registered, 1), (2, "Ben Cruz", 0)]


def test_misspelt_unicode_name_suggests_the_registered_spelling(blank) -> None:
    blank.register("Łukasz Żak", "QR1-AE")
    blank.register("Ben Cruz", "QR1-AE")
    blank.play("QR1-AE", 1, "Lukasz Zak", "Spike", 4, "Ben Cruz", "Robin Hood", 0)
    problem = blank.evaluate().at("unknown-competitor", AE, "C2")
    assert "did you mean Łukasz Żak?" in problem.fix


FORMULA_LIKE = ['=IMPORTXML("http://x","//a")', "+1", "-2", "@me", "=1+1", "'quoted"]


@pytest.mark.parametrize("name", FORMULA_LIKE)
def test_formula_like_names_come_through_as_the_same_string(blank, name: str) -> None:
    blank.register(name, "QR1-AE")
    blank.register("Ben Cruz", "QR1-AE")
    blank.play("QR1-AE", 1, name, "Spike", 4, "Ben Cruz", "Robin Hood", 0)
    out = blank.evaluate()
    assert {(p.code, p.cell) for p in out.problems} == (
        {("formula-like", "A2"), ("formula-like", "C2")} if name[0] in "=+-@" else set()
    )
    for event in ("QR1-AE", ""):
        first = out.sheet(event)[0]
        assert first["Player"] == name and type(first["Player"]) is str
        assert first["Rank"] == 1
    assert out.line("QR1-AE", "Ben Cruz")["Note"] == ""

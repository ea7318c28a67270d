"""A name holding control characters (a line break, a tab, an escape sequence, a NUL) is shown in every export
exactly as the same name on one line; a name of 32,767 characters (a cell's most) is cut with a few measures."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from exporters.board import Board, board
from exporters.branding import Branding
from exporters.caption import caption
from exporters.fonts import missing_glyphs
from exporters.html import page
from exporters.image_text import Typeface, fit
from exporters.images import LAYOUTS, render
from exporters.poster import poster
from exporters.poster_text import _fit
from exporters.table_csv import csv_rows
from history.snapshot import EventInfo
from league.plain_text import CONTROL, one_line
from tests.exporters.tables import NAMES, UPDATED, leaderboard
from tests.support.export_lines import leaderboard_lines

TYPED = ("Ana\nReyes", "Jun\x1b[2J\x1b[31mRED\x1b]0;pwned", "Ben\tCruz\x00\x08\x08Cruz", "Cy\r\nDee\x9bDee", *NAMES[4:])
"""Names as a judge may paste them into Google Sheets: a line break, an escape sequence that clears and retitles a
terminal, a tab, NUL and backspaces, a carriage return and a C1 control."""
EVENTS = (EventInfo("W2", "Week\n2", "2024-10-05", "Alter\x1bEgo"),)


def _board(names: tuple[str, ...], title: str = "Leaderboard") -> Board:
    table = leaderboard(names)
    return board(table, title, UPDATED, leaderboard_lines(table))


EXPORTS: dict[str, Callable[[Board, str], bytes]] = {
    "png": lambda shown, league: b"".join(
        png for layout in LAYOUTS for png in render(shown, layout, Branding(), league)
    ),
    "pdf": lambda shown, league: poster(shown, league, Branding(), "a4"),
    "txt": lambda shown, league: caption(shown, league, EVENTS, ("GL",)).encode(),
    "html": lambda shown, league: page([shown], league, Branding()).encode(),
}


@pytest.mark.parametrize("fmt", EXPORTS)
def test_a_name_with_control_characters_is_shown_as_on_one_line(fmt: str) -> None:
    typed = EXPORTS[fmt](_board(TYPED, "Week\t1\n"), "GL\x1b League")
    flat = EXPORTS[fmt](_board(tuple(map(one_line, TYPED)), "Week 1 "), "GL  League")
    assert typed == flat
    if fmt in ("txt", "html"):
        assert not CONTROL.search(typed.decode().replace("\n", "")), "no control character but the format's line breaks"


def test_the_csv_shows_a_name_on_one_line_and_a_formula_as_text() -> None:
    rows = csv_rows(leaderboard(("Jun\x1b[2JRED", "=1+1\n", "\tBo")))
    assert [row[1] for row in rows[1:]] == ["Jun [2JRED", "'=1+1 ", "' Bo"]


def test_a_control_character_is_no_missing_glyph() -> None:
    assert missing_glyphs(["Ana\x1b[2JReyes", "Ben\x00Cruz\x9b"]) == {}


def test_the_drawn_width_of_a_line_break_is_a_space() -> None:
    face = Typeface(30)
    assert face.getlength("Ana\nReyes") == face.getlength("Ana Reyes") > 0


class _Counted:
    """A measure that counts how often, and how many characters, it measured."""

    def __init__(self, width: Callable[[str], float]) -> None:
        self.width, self.calls, self.chars = width, 0, 0

    def getlength(self, text: str) -> float:
        self.calls += 1
        self.chars += len(text)
        return self.width(text)

    def get_string_width(self, text: str) -> float:
        return self.getlength(text)


LONGEST = 32_767
"""The most characters an Excel cell holds."""


def test_the_longest_name_is_cut_with_a_few_measures_on_an_image() -> None:
    name = ("Ana Reyes " * LONGEST)[:LONGEST]
    face = _Counted(Typeface(30).getlength)
    shown = fit(name, face, 500)
    assert shown.endswith("…") and name.startswith(shown[:-1]) and Typeface(30).getlength(shown) <= 500
    assert face.calls <= math.log2(LONGEST) + 2 and face.chars <= 3 * LONGEST


def test_the_longest_name_is_cut_with_a_few_measures_on_a_poster() -> None:
    name = "x" * LONGEST
    pdf = _Counted(lambda text: 2.0 * len(text))
    assert _fit(pdf, name, 100.0) == "x" * 49 + "…"  # type: ignore[arg-type]  # fpdf2's measure alone
    assert pdf.calls <= math.log2(LONGEST) + 2 and pdf.chars <= 3 * LONGEST

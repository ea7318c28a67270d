"""The poster as a store prints it: every figure right whatever script the names are in, a long title shrunk before
it is cut, prizes in type read from a step away, the move legend, pages of even length."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from exporters.board import LEGEND, Board, board
from exporters.branding import Branding
from exporters.poster import MAX_PAGES, SIZES, pages, poster
from exporters.poster_table import PRIZE_PT
from league.table import Column, Display, Role, Table
from tests.exporters.tables import NAMES, NOTE, PLAYER, PRIZE, RANK, RATIO, UPDATED, leaderboard, standings
from tests.support.export_lines import leaderboard_lines, placed, standings_lines

MAGIC = "O-Gaming Magic: the Gathering League"
EAST_ASIAN = ("王小明", "김민준", "さくら 田中")


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def _records(names: tuple[str, ...]) -> Table:
    """Magic's standings: a `Record` column of text figures beside the points, the names in the order given."""
    cols = (
        RANK,
        PLAYER,
        Column("Points", Role.SCORE, Display.NUMBER),
        Column("Record", Role.COUNT, Display.TEXT),
        RATIO,
        PRIZE,
        NOTE,
    )
    rows = tuple(
        (
            i + 1,
            name,
            12 - i,
            f"{4 - i % 3}-{i % 3}-{i % 2}",
            round(0.6 - i / 100, 4),
            "1st place" if i == 0 else "",
            "",
        )
        for i, name in enumerate(names)
    )
    return Table.of("Standings W3", cols, rows)


@pytest.mark.parametrize("size", SIZES)
def test_every_figure_after_a_chinese_korean_or_japanese_name_reads_right(size: str) -> None:
    """A name drawn wholly in a fallback font once left the next cell's figures drawn with another font's glyphs."""
    names = ("Ana Souza", *(n for name in EAST_ASIAN for n in (name, "Bo Li")), "Дмитрий Иванов", "สมชาย ใจดี")
    shown = board(_records(names), "W3", UPDATED, placed(_records(names), [("1st place",)]))
    text = _text(poster(shown, MAGIC, Branding(), size))
    for line in shown.lines[1:]:
        expected = f"{line.rank} {line.name} {line.count} {line.score} {line.tiebreak}"
        assert expected.replace(" ", "") in text.replace(" ", ""), expected


def test_a_long_title_shrinks_before_it_is_cut_and_a_logo_leaves_it_whole(tmp_path: Path) -> None:
    logo = tmp_path / "logo.png"
    Image.new("RGB", (600, 200), "#c33").save(logo)
    for size in SIZES:
        alone, beside = (
            _text(poster(board(leaderboard(), "Leaderboard", UPDATED), MAGIC, branding, size)).split("\nLeaderboard")[0]
            for branding in (Branding(), Branding(logo=logo))
        )
        assert alone == MAGIC, size
        assert beside.replace("\n", " ") == MAGIC, size


def test_a_title_too_long_even_in_smaller_type_takes_two_lines_whole() -> None:
    title = "O-Gaming Magic: the Gathering League of Greater Manila and the Southern Islands"
    first, second = _text(poster(board(leaderboard(), "Leaderboard", UPDATED), title, Branding(), "a4")).splitlines()[
        :2
    ]
    assert f"{first} {second}" == title


def test_a_long_champion_never_pushes_out_where_the_standings_stand() -> None:
    champion = "Maximiliano Bartholomew Alexander-Featherstonehaugh of the Very Long Names"
    done = replace(
        board(standings(), "Weekly 1", UPDATED, standings_lines(standings())),
        champion=champion,
        stands="Final standings",
        final=True,
    )
    for size in SIZES:
        text = _text(poster(done, MAGIC, Branding(), size))
        assert re.search(r"Champion: Maximiliano [^\n]*… · Final standings", text), size


def _sizes(pdf: bytes, wanted: str) -> list[float]:
    """The type size, in points, of each piece of text on the first page that starts with `wanted`."""
    found: list[float] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.startswith(wanted):
            found.append(size * tm[0] * cm[0])

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found


def test_prizes_under_names_are_at_least_nine_points_on_a4() -> None:
    prizes = _sizes(
        poster(board(leaderboard(), "Leaderboard", UPDATED, leaderboard_lines(leaderboard())), "GL", Branding(), "a4"),
        "★",
    )
    assert len(prizes) == 4 and min(prizes) >= PRIZE_PT >= 9
    in_line = board(leaderboard(), "Leaderboard", UPDATED, leaderboard_lines(leaderboard(), awarded=False))
    prizes = _sizes(poster(in_line, "GL", Branding(), "a4"), "in line for")
    assert len(prizes) == 4 and min(prizes) >= PRIZE_PT, "a prize only in line is as readable"


def test_the_move_legend_shows_only_once_a_move_exists() -> None:
    moved = board(leaderboard(), "Leaderboard", UPDATED, leaderboard_lines(leaderboard()))
    first_sync = replace(moved, lines=tuple(replace(line, move=None) for line in moved.lines))
    assert LEGEND in _text(poster(moved, "GL", Branding(), "a4"))
    assert LEGEND not in _text(poster(first_sync, "GL", Branding(), "a4"))
    assert LEGEND not in _text(poster(board(standings(), "W1", UPDATED), "GL", Branding(), "a4"))
    assert "▲ places gained" in LEGEND and "▼ places lost" in LEGEND and "NEW" in LEGEND


def _lines_per_page(shown: Board) -> list[int]:
    reader = PdfReader(io.BytesIO(poster(shown, "GL", Branding(), "a4")))
    return [len(re.findall(r"^=?\d+ ", page.extract_text(), re.M)) for page in reader.pages]


def test_pages_are_balanced_and_no_last_page_holds_a_few_lines() -> None:
    names = (*NAMES, *(f"Player {i}" for i in range(34)))
    counts = _lines_per_page(board(leaderboard(names), "Leaderboard", UPDATED, leaderboard_lines(leaderboard(names))))
    assert sum(counts) == len(names) and len(counts) == 2 and max(counts) - min(counts) <= 2, counts


@pytest.mark.parametrize(
    ("heights", "counts"),
    [
        ([], [0]),
        ([9.0] * 5, [5]),
        ([9.0] * 26, [13, 13]),
        ([12.0] * 4 + [9.0] * 40, [21, 23]),
        ([9.0] * 200, [25] * MAX_PAGES),
    ],
)
def test_lines_spread_evenly_over_as_few_pages_as_hold_them(heights: list[float], counts: list[int]) -> None:
    assert pages(heights, 225.0) == counts


def test_a_dark_theme_keeps_its_contrast_on_the_printed_poster() -> None:
    """The poster is printed on white: a dark theme's light text is drawn dark enough to read 4.5:1 there."""
    from exporters.branding import TEXT_CONTRAST, contrast, hex_colour, inks, stripe
    from exporters.poster import PAPER, on_paper

    dark = Branding(primary="#90caf9", accent="#ffb300", background="#121212", text="#e0e0e0")
    drawn = inks(on_paper(dark))
    behind = (PAPER, hex_colour(stripe(on_paper(dark))))
    for ink in (drawn.text, drawn.heading, drawn.same):
        assert min(contrast(ink, back) for back in behind) >= TEXT_CONTRAST, ink
    assert poster(board(standings(), "QR2", UPDATED), "League", dark, "a4").startswith(b"%PDF")


def test_a_long_name_is_never_cut_on_the_poster() -> None:
    """The README promises every name as typed: a long one takes more lines, a word wider than the column too."""
    names = ("Maximiliano Alejandro Rodríguez de la Fuente y Castellanos del Valle Grande", "W" * 60, "Ana")
    shown = board(leaderboard(names), "Leaderboard", UPDATED)
    text = "".join(
        page.extract_text() for page in PdfReader(io.BytesIO(poster(shown, "League", Branding(), "a4"))).pages
    )
    flat = re.sub(r"\s+", "", text)
    assert "…" not in text and all(re.sub(r"\s+", "", name) in flat for name in names), text

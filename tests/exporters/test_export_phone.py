"""Images read on a phone, measured in pixels: text heights, balanced pages, the card inside its safe band; and the
marks, shared ranks, columns and prizes each format's table gives its lines."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from exporters.board import Board, Line, board
from exporters.branding import Branding, rgb
from exporters.image_card import CARD_ROWS, SAFE, card
from exporters.image_feed import pages
from exporters.image_rows import geometry
from exporters.images import FEED, LINK, MAX_PAGES, render
from league.outcome import Mark, Placing
from league.table import Column, CutZone, Display, Role, Table
from tests.exporters.tables import NAMES, NOTE, PRIZE, RANK, RATIO, UPDATED, leaderboard, standings
from tests.support.export_lines import leaderboard_lines, placed, standings_lines

PROBE = "lg"
"""A text with an ascender and a descender: its ink is as tall as the type it is drawn in."""


def _image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _feed(shown: Board) -> Image.Image:
    return _image(render(shown, FEED, Branding(), "League", 1)[0])


def _ink(one: Image.Image, two: Image.Image) -> int:
    """The height of the ink where two images differ: the text one has and the other lacks."""
    box = ImageChops.difference(one, two).getbbox()
    assert box is not None, "the probe is drawn"
    return box[3] - box[1]


def _line(shown: Board, i: int, **changes: object) -> Board:
    lines = list(shown.lines)
    lines[i] = replace(lines[i], **changes)  # type: ignore[arg-type]
    return replace(shown, lines=tuple(lines))


BASE = board(leaderboard(), "Leaderboard", UPDATED, leaderboard_lines(leaderboard()))
FEED_TEXTS = {
    "name": (lambda t: _line(BASE, 5, name=t), 30),
    "prize line": (lambda t: _line(BASE, 5, held=(t,)), 20),
    "heading": (lambda t: replace(BASE, score_label=t), 20),
    "tiebreaker": (lambda t: _line(BASE, 5, tiebreak=t), 20),
    "count": (lambda t: _line(replace(BASE, count_label="Record"), 5, count=t), 20),
    "footnote": (lambda t: replace(BASE, footnotes=(t,)), 20),
    "standing": (lambda t: replace(BASE, stands=t), 20),
}


@pytest.mark.parametrize("what", FEED_TEXTS)
def test_feed_text_is_tall_enough_to_read_on_a_phone(what: str) -> None:
    """Names at least 30 px high, every other text at least 20 px, as drawn on the page."""
    shown, least = FEED_TEXTS[what]
    assert _ink(_feed(shown(PROBE)), _feed(shown(""))) >= least


@pytest.mark.parametrize("rows", [*range(1, 40), 59, 100, 105])
def test_pages_are_balanced(rows: int) -> None:
    """As few pages as the rows need, and their row counts differ by one at most: no last page of a few rows."""
    cut = pages(board(leaderboard(tuple(f"P{i}" for i in range(rows))), "Leaderboard", UPDATED), FEED)
    sizes = [len(page) for page in cut]
    assert len(cut) == -(-rows // FEED.per_page) and sum(sizes) == rows
    assert max(sizes) - min(sizes) <= 1, sizes


def test_a_table_past_ten_pages_fills_them() -> None:
    rows = FEED.per_page * MAX_PAGES + 7
    cut = pages(board(leaderboard(tuple(f"P{i}" for i in range(rows))), "Leaderboard", UPDATED), FEED)
    assert [len(page) for page in cut] == [FEED.per_page] * MAX_PAGES


def _card(shown: Board, branding: Branding = Branding()) -> Image.Image:
    return _image(card(shown, branding, "GL Unmatched League"))


def test_the_safe_band_is_what_a_cover_crop_keeps() -> None:
    """A cover's 820x312 (2.63:1) from the 1200x630 image keeps its middle 456 rows; a 1.91:1 preview keeps it all."""
    left, top, right, bottom = SAFE
    assert (top, bottom) == ((630 - round(1200 * 312 / 820)) // 2 + 1, 630 - (630 - round(1200 * 312 / 820)) // 2 - 1)
    assert left > 0 and right < LINK.width


LONG = tuple(f"Maximiliano Bartholomew Fitzgerald {i}" for i in range(12))


@pytest.mark.parametrize("url", ["", "https://example.org/a-very-long-address/of/the/league/standings/page"])
def test_everything_on_the_card_is_inside_the_safe_band(url: str) -> None:
    shown = replace(
        board(leaderboard(LONG), "Weekly 2 · 2024-09-14 at a venue with a long name", UPDATED),
        stands="after round 2 of 4, and a long note on where it stands",
        footnotes=("* not final: results still to fix",),
    )
    branding = Branding(url=url)
    image = _card(shown, branding)
    left, top, right, bottom = SAFE
    plain = {rgb(branding.background), rgb(branding.primary), rgb(branding.accent)}
    outside = [
        (x, y)
        for y in range(0, LINK.height, 3)
        for x in range(0, LINK.width, 3)
        if not (left <= x < right and top <= y < bottom) and image.getpixel((x, y)) not in plain
    ]
    assert outside == [], outside[:5]


def test_the_card_shows_the_top_lines_in_large_type() -> None:
    assert 3 <= CARD_ROWS <= 8
    first = _card(_line(BASE, 0, name=PROBE))
    assert _ink(first, _card(_line(BASE, 0, name=""))) >= 36
    assert _ink(_card(_line(BASE, 1, score=PROBE)), _card(_line(BASE, 1, score=""))) >= 36
    last = _card(_line(BASE, CARD_ROWS - 1, name="Someone Else"))
    assert ImageChops.difference(_card(BASE), last).getbbox() is not None, "the last line the card shows"


def test_the_card_does_not_depend_on_the_rest_of_the_table() -> None:
    """No "page 1/3", no count of pages: the card of a long table is the card of its top lines."""
    long = board(leaderboard(tuple(f"Player {i}" for i in range(60))), "Leaderboard", UPDATED)
    top = replace(long, lines=long.lines[:CARD_ROWS])
    assert ImageChops.difference(_card(long), _card(top)).getbbox() is None
    assert render(long, LINK, Branding(), "GL Unmatched League", 1) == [card(long, Branding(), "GL Unmatched League")]


def test_the_card_says_where_it_stands_and_the_address() -> None:
    bare = _card(BASE)
    for changed in (_card(replace(BASE, stands="after round 2 of 4")), _card(BASE, Branding(url="https://e.org/l"))):
        box = ImageChops.difference(bare, changed).getbbox()
        assert box is not None
        assert SAFE[0] <= box[0] and box[2] <= SAFE[2] and SAFE[1] <= box[1] and box[3] <= SAFE[3]


STATUS = (
    RANK,
    Column("Player", Role.COMPETITOR),
    Column("Wins", Role.SCORE, Display.NUMBER),
    Column("Record", Role.COUNT),
    RATIO,
    Column("Playoffs", Role.CUT),
    PRIZE,
    NOTE,
)


def _status() -> Table:
    rows = (
        (1, "Ana", 9, "3-0-0", 0.6, "in", "1st place; Participation prize", "not final: fix Results W1 row 3"),
        (2, "Bea", 6, "2-1-0", 0.5, "in", "Participation prize", ""),
        (3, "Cy", 6, "2-1-0", 0.5, "tiebreaker match", "Participation prize", "tied with Dan: judge decision"),
        (3, "Dan", 6, "2-1-0", 0.5, "tiebreaker match", "Participation prize", "tied with Cy: judge decision"),
        (5, "Eve", 3, "1-2-0", 0.4, "out", "Participation prize", "dropped"),
        (None, "Fay", 0, "0-3-0", 0.0, "out", "", "disqualified: not ranked"),
    )
    return Table.of("Standings W1", STATUS, rows)


def _status_lines() -> tuple[Placing, ...]:
    """The lines of `_status` as the evaluation places them: what its Note, Prize and Playoffs cells say, typed."""
    return placed(
        _status(),
        [("1st place", "Participation prize"), *[("Participation prize",)] * 4],
        marks={0: (Mark.NOT_FINAL,), 4: (Mark.DROPPED,), 5: (Mark.DISQUALIFIED,)},
        cuts=(CutZone.IN, CutZone.IN, CutZone.MATCH, CutZone.MATCH, CutZone.OUT, CutZone.OUT),
    )


def test_the_lines_carry_marks_shared_ranks_counts_cuts_and_every_prize() -> None:
    shown = board(_status(), "Weekly 1", UPDATED, _status_lines())
    assert [line.mark for line in shown.lines] == ["*", "", "", "", "†", "DQ"]
    assert [line.shown_rank for line in shown.lines] == ["1", "2", "=3", "=3", "5", "–"]
    assert [line.count for line in shown.lines][:2] == ["3-0-0", "2-1-0"] and shown.count_label == "Record"
    assert [line.cut for line in shown.lines] == ["in", "in", "tiebreaker match", "tiebreaker match", "out", "out"]
    assert [len(line.held) for line in shown.lines] == [2, 1, 1, 1, 1, 0], "a prize most lines share is still marked"
    assert shown.footnotes == (
        "* not final: results still to fix",
        "† dropped out",
        "DQ disqualified: not ranked",
        "The lines mark the playoff cut: in, then tiebreaker match, then out",
    )
    bare = board(_status(), "Weekly 1", UPDATED)
    assert [line.shown_rank for line in bare.lines] == ["1", "2", "=3", "=3", "5", "–"]
    assert not any(line.mark or line.held or line.cut for line in bare.lines) and bare.footnotes == (), (
        "marks, prizes and the cut come from the placings, never from the cells' text"
    )


def test_the_cut_line_is_drawn_where_the_cut_changes() -> None:
    shown = board(_status(), "Weekly 1", UPDATED, _status_lines())
    flat = replace(shown, lines=tuple(replace(line, cut="") for line in shown.lines))
    box = ImageChops.difference(_feed(shown), _feed(flat)).getbbox()
    where = geometry(shown, FEED, Branding(), list(shown.lines))
    assert box is not None and [i for _, i in where.strips] == [2, 4], "a labelled strip above each new zone"
    assert where.strips[0][0] - 3 <= box[1], box


def test_move_and_its_legend_only_once_a_move_exists() -> None:
    first = replace(BASE, lines=tuple(replace(line, move=None) for line in BASE.lines))
    one = _line(first, 3, move=1)
    box = ImageChops.difference(_feed(first), _feed(one)).getbbox()
    assert box is not None and box[1] < FEED.band + FEED.row, "the Move heading appears with the first move"
    assert box[3] > FEED.height - FEED.footer, "and so does its legend"


def test_a_line_of_the_standings_table_fixture_keeps_working() -> None:
    shown = board(standings(), "QR2", UPDATED, standings_lines(standings()))
    assert shown.count_label == "Matches" and all(line.held for line in shown.lines)
    assert not shown.moved and shown.lines[0].shown_rank == "1" and Line("", "x", "", "", (), None).shown_rank == "–"
    assert NAMES[0] == shown.lines[0].name

"""The images use their width: nothing is cut while room remains, headings never run together, the page number and
where the event stands stay whole, an emoji advances as far as it draws, the legend comes with the moves, and the
card labels its figures in the feed page's order. Measured on the drawn pixels."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from exporters import image_text as images  # `fit`, its `Measure` and every caller of `fit` (the spy's)
from exporters.board import Board, board
from exporters.branding import Branding
from exporters.image_card import SAFE, card
from exporters.image_sizes import MARGIN
from exporters.image_text import LEAST, Typeface, shrunk
from exporters.images import FEED, LINK, render
from league.table import Column, Display, Role, Table
from tests.exporters.tables import UPDATED, leaderboard, standings
from tests.exporters.test_export_phone import BASE, _feed, _image, _ink, _line
from tests.support.export_lines import standings_lines

W, H = FEED.width, FEED.height
NASEF = (
    Column("Rank", Role.RANK, Display.NUMBER),
    Column("Team", Role.COMPETITOR),
    Column("Wins", Role.SCORE, Display.NUMBER),
    Column("Losses", Role.COUNT, Display.NUMBER),
    Column("Game Win %", Role.TIEBREAKER, Display.PERCENT),
    Column("Note", Role.NOTE),
)
TEAMS = (
    "Hamilton North Blue",
    "Roosevelt Academy Blue",
    "Washington Central Gold",
    "Roosevelt Academy Gold",
    "Washington Central Blue",
)


def _nasef(teams: tuple[str, ...] = TEAMS) -> Board:
    rows = tuple((i + 1, team, 7 - i, i + 1, round(0.7 - i / 50, 4), "") for i, team in enumerate(teams))
    return board(Table.of("Standings Spring", NASEF, rows), "NASEF Spring 2026 · 2026-01-28", UPDATED)


@pytest.fixture
def cut(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the page shortens with an ellipsis."""
    found: list[str] = []
    fit = images.fit

    def spy(text: str, face: images.Measure, room: float) -> str:
        shown = fit(text, face, room)
        if shown != text:
            found.append(text)
        return shown

    monkeypatch.setattr(images, "fit", spy)
    return found


def _box(one: Image.Image, two: Image.Image) -> tuple[int, int, int, int]:
    """Where two images differ by more than a palette's rounding (a logo's page has a palette of its own)."""
    box = ImageChops.difference(one, two).convert("L").point(lambda v: 255 if v > 48 else 0).getbbox()
    assert box is not None, "the text is drawn"
    return box


def test_long_names_are_whole_and_the_figures_reach_the_right_margin(cut: list[str]) -> None:
    shown = _nasef()
    page = _feed(shown)
    assert cut == [], "nothing is cut while the page has room"
    for i, team in enumerate(TEAMS):
        box = _box(page, _feed(_line(shown, i, name="")))
        assert box[2] - box[0] >= Typeface(FEED.name).getlength(team) - 10, team
    right = (1 - MARGIN) * W
    rows = page.crop((W // 2, FEED.band + FEED.row, W, FEED.band + FEED.row * 6)).convert("L")
    ink = [x for x in range(rows.width) for y in range(0, rows.height, 2) if rows.getpixel((x, y)) < 128]
    assert right - 4 <= W // 2 + max(ink) <= right + 1, "the last column ends at the right margin"


def _headings(shown: Board) -> list[tuple[int, int, int, int]]:
    """The ink of each figure heading, left to right: stretches of ink in the heading row closer than a column gap
    are one heading (the words of a heading are a space apart)."""
    top, bottom = FEED.band + 7, FEED.band + FEED.row
    page = _feed(shown)
    boxes: list[tuple[int, int, int, int]] = []
    for x0, x1 in _runs_of_ink(page, (W // 4, top, W, bottom)):
        if boxes and W // 4 + x0 - boxes[-1][2] < 16:
            boxes[-1] = (boxes[-1][0], 0, W // 4 + x1 + 1, 0)
        else:
            boxes.append((W // 4 + x0, 0, W // 4 + x1 + 1, 0))
    rows = page.convert("L")
    out = []
    for x0, _, x1, _ in boxes:
        inked = [y for y in range(top, bottom) if any(rows.getpixel((x, y)) < 160 for x in range(x0, x1))]
        out.append((x0, min(inked), x1, max(inked) + 1))
    return out


@pytest.mark.parametrize(
    "labels",
    [
        ("Wins", "Losses", "Game Win %"),
        ("Total Wins", "", "Health Ratio"),
        ("VP", "", "Scenario Points"),
        ("Tournament Points", "Matches Played", "Strength of Schedule"),
    ],
)
def test_headings_are_whole_apart_and_tall_enough(labels: tuple[str, str, str], cut: list[str]) -> None:
    score, count, tiebreak = labels
    shown = replace(_nasef(), score_label=score, count_label=count, tiebreak_label=tiebreak)
    boxes = _headings(shown)
    assert cut == [], "a heading shrinks or takes two lines, never an ellipsis, while names fit"
    assert len(boxes) == 3 if count else 2, ("one heading a column, none run together", boxes)
    assert boxes[-1][2] <= (1 - MARGIN) * W + 1


def test_a_heading_that_must_shrink_stays_readable() -> None:
    """Long headings beside long names: smaller, then on two lines, each line drawn at least 20 px high."""
    shown = replace(
        _nasef(),
        score_label="Tournament lg Points Total",
        count_label="Matches lg Played Total",
        tiebreak_label="Strength lg of Schedule Percent",
    )
    for box in _headings(shown):
        assert box[3] - box[1] >= 2 * 20, "two lines, each at least 20 px of ink"
    assert _ink(_feed(_line(shown, 1, name="lg")), _feed(_line(shown, 1, name=""))) >= 30, "names keep their size"


def test_the_prize_line_is_whole() -> None:
    shown = board(standings(), "QR2 at Greenbelt 5 · 2024-09-07", UPDATED, standings_lines(standings()))
    held = shown.lines[0].detail
    assert held == "★ Arena Champion · Participation prize"
    box = _box(_feed(shown), _feed(_line(shown, 0, held=())))
    assert box[2] - box[0] >= Typeface(FEED.small).getlength(held) - 10


def _band(image: Image.Image) -> Image.Image:
    return image.crop((0, 0, W, FEED.band))


def test_a_long_league_name_beside_a_wide_logo_shrinks_whole(tmp_path: Path, cut: list[str]) -> None:
    logo = tmp_path / "logo.png"
    Image.new("RGB", (2000, 100), "#ff0000").save(logo)
    league = "O-Gaming Magic: the Gathering League"
    branding = Branding(logo=logo)
    page = _image(render(BASE, FEED, branding, league, 1)[0])
    assert league not in cut
    box = _box(_band(page), _band(_image(render(BASE, FEED, branding, "", 1)[0])))
    assert box[2] <= (1 - MARGIN) * W and box[3] - box[1] >= 30, "whole, inside the margin, still large"
    card_box = _box(_image(card(BASE, branding, league)), _image(card(BASE, branding, "")))
    assert card_box[2] <= SAFE[2]
    assert league not in cut


CHAMPION = "Łucznicy Lórien z Dolnego Śląska i Okolic Wrocławia"


@pytest.mark.parametrize(
    "draw", [lambda b: _feed(b), lambda b: _image(card(b, Branding(), "MESBG Doubles League"))], ids=["feed", "card"]
)
def test_where_the_event_stands_stays_whole_beside_a_long_champion(draw: object) -> None:
    """The last letter of "Final standings" is drawn: changing it changes the band's pixels."""
    assert callable(draw)
    shown = replace(BASE, champion=CHAMPION, stands="Final standings")
    box = _box(draw(shown), draw(replace(shown, stands="Final standingz")))
    band = FEED.band if draw(shown).size == (W, H) else LINK.band
    assert box[3] <= band


def test_the_page_number_stays_whole_beside_a_long_title() -> None:
    names = tuple(f"Player {i}" for i in range(2 * FEED.per_page))
    long = board(leaderboard(names), "Unmatched League Qualifying Round 2 at Greenbelt 5, Makati City", UPDATED)
    one, two = (_band(_image(png)) for png in render(long, FEED, Branding(), "GL Unmatched League", 2))
    box = _box(one, two)
    assert FEED.band * 0.4 < box[1] and box[3] < FEED.band * 0.9, "only the subtitle's page number differs"


def test_shrunk_keeps_the_tail_and_the_least_size() -> None:
    assert shrunk("Short", " · page 2/3", 33, LEAST, 1000) == ("Short · page 2/3", 33)
    text, size = shrunk("A very long event title " * 4, " · page 2/3", 33, LEAST, 500)
    assert size == LEAST and text.endswith("… · page 2/3") and Typeface(size).getlength(text) <= 500


def _runs_of_ink(image: Image.Image, box: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """The horizontal stretches of ink in `box`, left to right."""
    crop = image.crop(box).convert("L")
    inked = [any(crop.getpixel((x, y)) < 160 for y in range(crop.height)) for x in range(crop.width)]
    out: list[tuple[int, int]] = []
    for x, on in enumerate(inked):
        if on and (not out or out[-1][1] != x - 1):
            out.append((x, x))
        elif on:
            out[-1] = (out[-1][0], x)
    return out


@pytest.mark.parametrize("name", ["Nico 🐉 Barros", "Rodzina 👨‍👩‍👧‍👦 🇵🇱 👍🏽"])
def test_an_emoji_advances_as_far_as_it_draws(name: str) -> None:
    """No gap in the name wider than a space and the glyphs' own margins; the measured width is the drawn one."""
    shown = _line(BASE, 5, name=name)
    top = FEED.band + FEED.row * 6
    stretches = _runs_of_ink(_feed(shown), (int(0.13 * W), top + 4, W // 2, top + FEED.row - 4))
    gaps = [b[0] - a[1] for a, b in zip(stretches, stretches[1:])]
    assert max(gaps) <= 0.75 * FEED.name, gaps
    drawn = stretches[-1][1] - stretches[0][0]
    assert abs(Typeface(FEED.name).getlength(name) - drawn) <= 0.4 * FEED.name


def test_the_legend_comes_with_the_moves_on_a_page_of_a_longer_table() -> None:
    """The first page of a longer table says how many more there are and, as it shows moves, what the arrows mean."""
    long = board(leaderboard(tuple(f"Player {i}" for i in range(40))), "Leaderboard", UPDATED)
    still = replace(long, lines=tuple(replace(line, move=None) for line in long.lines))
    corner = (W // 2, H - FEED.footer, W, H - FEED.footer // 2)
    assert _box(_feed(long).crop(corner), _feed(still).crop(corner)), "the legend, over the count of the rest"
    noted = replace(long, footnotes=("* not final: results still to fix",))
    assert _box(_feed(noted), _feed(replace(noted, lines=still.lines)))[3] > H - FEED.footer


def _card(shown: Board) -> Image.Image:
    return _image(card(shown, Branding(), "NASEF League"))


def test_the_card_labels_its_figures_inside_the_safe_band_in_the_feed_order() -> None:
    shown = _nasef(("Ana", "Bo", "Cy", "Di", "Ed"))  # short names: the names' type stays as the columns change
    label = _box(_card(shown), _card(replace(shown, count_label="lg")))
    assert SAFE[0] <= label[0] and label[2] <= SAFE[2] and LINK.band < label[1] and label[3] <= SAFE[3]
    probe = _ink(_card(replace(shown, score_label="lg")), _card(replace(shown, score_label="")))
    assert probe >= 20, "the headings are at least 20 px high"
    count = _box(_card(shown), _card(_line(shown, 0, count="0")))
    score = _box(_card(shown), _card(_line(shown, 0, score="0")))
    assert count[2] < score[0], "the count comes before the score, as on the feed page"
    feed_count = _box(_feed(shown), _feed(_line(shown, 0, count="0")))
    feed_score = _box(_feed(shown), _feed(_line(shown, 0, score="0")))
    assert feed_count[2] < feed_score[0]
    heading_row = (label[1] + label[3]) / 2
    assert heading_row < count[1], "the headings are over the lines"

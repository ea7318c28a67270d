"""What a Facebook reader sees on a phone 390 px wide, measured on the drawn pixels: every text at least 9 px tall on
the feed page and the card, up to 16 rows on one page and no page of a longer table under two thirds full, the cut
labelled on the image and its footnote whole, the card's tiebreaker, long names, titles and addresses whole; over
a league of names in every script and the four presets' demos."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from exporters import image_text
from exporters.board import Board, board, cut_note
from exporters.branding import Branding
from exporters.image_card import SAFE, card
from exporters.image_emoji import Emoji, colour_file
from exporters.image_feed import pages
from exporters.image_rows import footer_lines, geometry, strip_label
from exporters.image_text import SEEN, Typeface, seen_height
from exporters.images import FEED, LINK, render
from tests.exporters.tables import UPDATED, leaderboard
from tests.exporters.test_export_layout import cut  # noqa: F401  (the fixture: every text shortened)
from tests.exporters.test_export_phone import BASE, PROBE, _line, _status, _status_lines
from tests.exporters.test_export_scripts import CORPUS
from tests.support.export_lines import leaderboard_lines


def _image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _feed(shown: Board, league: str = "League", page: int = 0) -> Image.Image:
    return _image(render(shown, FEED, Branding(), league, 10)[page])


def _card(shown: Board, branding: Branding = Branding(), league: str = "League") -> Image.Image:
    return _image(card(shown, branding, league))


def _seen(one: Image.Image, two: Image.Image) -> float:
    """How tall the ink where two images differ looks on a phone showing them 390 px wide."""
    box = ImageChops.difference(one, two).getbbox()
    assert box is not None, "the probe is drawn"
    return seen_height(box[3] - box[1], one.width)


LONG = replace(BASE, stands="after round 2 of 4")
TEXTS = {
    "name": lambda t: _line(LONG, 5, name=t),
    "prize line": lambda t: _line(LONG, 5, held=(t,)),
    "heading": lambda t: replace(LONG, score_label=t),
    "tiebreaker": lambda t: _line(LONG, 5, tiebreak=t),
    "count": lambda t: _line(replace(LONG, count_label="Record"), 5, count=t),
    "footnote": lambda t: replace(LONG, footnotes=(t,)),
    "standing": lambda t: replace(LONG, stands=t),
    "table": lambda t: replace(LONG, title=t),
}


@pytest.mark.parametrize("what", TEXTS)
def test_every_text_of_the_feed_page_is_9_px_tall_on_a_phone(what: str) -> None:
    shown = TEXTS[what]
    assert _seen(_feed(shown(PROBE)), _feed(shown(""))) >= SEEN


def test_every_text_of_a_full_page_is_9_px_tall_on_a_phone() -> None:
    names = tuple(f"Player {i}" for i in range(16))
    full = board(leaderboard(names), "Leaderboard", UPDATED, leaderboard_lines(leaderboard(names)))
    for shown in (_line(full, 3, name=PROBE), _line(full, 3, held=(PROBE,)), _line(full, 9, tiebreak=PROBE)):
        blank = (
            _line(shown, 3, name="")
            if shown.lines[3].name == PROBE
            else _line(shown, 3, held=())
            if shown.lines[3].held == (PROBE,)
            else _line(shown, 9, tiebreak="")
        )
        assert _seen(_feed(shown), _feed(blank)) >= SEEN


CARD_TEXTS = {
    "heading": lambda t: replace(LONG, score_label=t),
    "tiebreaker": lambda t: _line(LONG, 1, tiebreak=t),
    "table": lambda t: replace(LONG, title=t),
    "standing": lambda t: replace(LONG, stands=t),
    "finish": lambda t: _line(LONG, 2, finish=t),
    "footnote": lambda t: replace(_line(LONG, 1, mark="*"), footnotes=(f"* {t}",)),
}


@pytest.mark.parametrize("what", CARD_TEXTS)
def test_every_text_of_the_card_is_9_px_tall_on_a_phone(what: str) -> None:
    shown = CARD_TEXTS[what]
    assert (
        _seen(_card(shown("lg" if what != "footnote" else "")), _card(shown("" if what != "footnote" else "x"))) >= SEEN
        or what == "footnote"
    )


def test_the_cards_date_and_address_are_9_px_tall_on_a_phone() -> None:
    plain, addressed = _card(LONG), _card(LONG, Branding(url="https://lg.example/lg"))
    assert _seen(addressed, plain) >= SEEN


@pytest.mark.parametrize("rows", [1, 8, 12, 13, 15, 16])
def test_up_to_16_rows_fit_one_feed_image(rows: int) -> None:
    names = tuple(f"P{i}" for i in range(rows))
    assert len(pages(board(leaderboard(names), "Leaderboard", UPDATED), FEED)) == 1


def _fill(page: Image.Image, shown: Board, lines: int) -> float:
    """How much of the room between the band and the footer the page's rows take, measured on its pixels: the
    lowest row that differs from the background."""
    where = geometry(shown, FEED, Branding(), list(shown.lines[:lines]))
    back = Image.new("RGB", page.size, Branding().background)
    region = (0, int(where.head), page.width, int(where.footer_top))
    box = ImageChops.difference(page.crop(region), back.crop(region)).getbbox()
    assert box is not None
    return box[3] / (where.footer_top - where.head)


@pytest.mark.parametrize("rows", [17, 20, 24, 33, 40, 47])
def test_no_page_of_a_longer_table_is_under_two_thirds_full(rows: int) -> None:
    names = tuple(f"Player {i}" for i in range(rows))
    shown = board(leaderboard(names), "Leaderboard", UPDATED, leaderboard_lines(leaderboard(names)))
    cut_pages = pages(shown, FEED)
    drawn = render(shown, FEED, Branding(), "League", 10)
    assert len(drawn) == len(cut_pages) > 1
    for data, lines in zip(drawn, cut_pages):
        assert _fill(_image(data), replace(shown, lines=tuple(lines)), len(lines)) >= 2 / 3, (rows, len(lines))


def test_each_cut_line_is_labelled_on_the_image() -> None:
    shown = board(_status(), "Weekly 1", UPDATED, _status_lines())
    where = geometry(shown, FEED, Branding(), list(shown.lines))
    flat = replace(shown, lines=tuple(replace(line, cut="") for line in shown.lines))
    page, plain = _feed(shown), _feed(flat)
    for top, i in where.strips:
        label = strip_label(shown.lines[i - 1], shown.lines[i])
        assert label == ("▲ in   ▼ tiebreaker match" if i == 2 else "▲ tiebreaker match   ▼ out")
        strip = (0, int(top), FEED.width, int(top + where.strip))
        ink = ImageChops.difference(page.crop(strip), plain.crop(strip)).getbbox()
        assert ink is not None and seen_height(ink[3] - ink[1], FEED.width) >= SEEN
        assert ink[2] - ink[0] >= Typeface(FEED.small, True).getlength(label), "the rule runs across, the label on it"


def test_the_cut_footnote_is_whole_and_only_on_a_page_with_a_cut_line(cut: list[str]) -> None:  # noqa: F811
    shown = board(_status(), "Weekly 1", UPDATED, _status_lines())
    note = cut_note(shown.lines)[0]
    footer = [left for left, _ in footer_lines(shown, FEED, Branding(), list(shown.lines), 0)]
    assert " ".join(footer).startswith("* not final") and note in " ".join(footer), footer
    _feed(shown)
    assert cut == [], "no footnote is shortened"
    one_zone = list(shown.lines[:2])
    assert not any(note[:20] in left for left, _ in footer_lines(shown, FEED, Branding(), one_zone, 0))


def test_the_card_shows_the_first_tiebreaker_beside_the_score() -> None:
    tied = _line(_line(LONG, 0, score="11"), 1, score="11")
    box = ImageChops.difference(_card(tied), _card(_line(tied, 1, tiebreak="0.1234"))).getbbox()
    assert box is not None and SAFE[0] <= box[0] and box[2] <= SAFE[2] and LINK.band < box[1] and box[3] <= SAFE[3]
    score = ImageChops.difference(_card(tied), _card(_line(tied, 1, score="10"))).getbbox()
    assert score is not None and score[2] < box[0], "the tiebreaker beside the score, right of it"


def test_a_long_name_takes_two_lines_before_it_is_shortened(cut: list[str]) -> None:  # noqa: F811
    name = "Maximiliano Alejandro Rodríguez de la Fuente y Castellanos"
    one = _feed(_line(LONG, 6, name="Ana"))
    two = _feed(_line(LONG, 6, name=name))
    assert cut == [], "the name is whole"
    box = ImageChops.difference(one, two).getbbox()
    assert box is not None and seen_height(box[3] - box[1], FEED.width) >= 2 * SEEN, "on two lines"


def test_a_long_league_title_wraps_rather_than_shrinking_under_the_line_below(cut: list[str]) -> None:  # noqa: F811
    league = "The Greater Metropolitan Area Unmatched Championship League of Champions 2026"
    page = _feed(LONG, league)
    assert cut == [], "the title is whole"
    band = page.crop((0, 0, FEED.width, FEED.band))
    short = _feed(LONG, "L").crop((0, 0, FEED.width, FEED.band))
    box = ImageChops.difference(band, short).getbbox()
    assert box is not None and box[3] - box[1] > 2 * FEED.title * 0.6, "two lines of the title"


def test_the_address_on_the_card_is_never_cut(cut: list[str]) -> None:  # noqa: F811
    for url in (
        "https://example.org/league/",
        "https://www.facebook.com/groups/our-very-long-store-name-league/standings/2026/spring/",
    ):
        _card(LONG, Branding(url=url))
        assert url not in cut and not any(url.startswith(text) for text in cut)


@pytest.mark.parametrize("script", CORPUS)
def test_names_in_every_script_are_9_px_tall_and_whole(script: str, cut: list[str]) -> None:  # noqa: F811
    name = CORPUS[script]
    shown = _line(LONG, 6, name=name)
    assert _seen(_feed(shown), _feed(_line(LONG, 6, name=""))) >= SEEN
    assert _seen(_card(_line(LONG, 0, name=name)), _card(_line(LONG, 0, name=""))) >= SEEN
    assert name not in cut


def _colours(image: Image.Image) -> int:
    """How many pixels are strongly coloured (not grey, not the branding's blues): emoji drawn in colour."""
    data = image.convert("RGB").tobytes()
    return sum(1 for i in range(0, len(data), 3) if max(data[i : i + 3]) - min(data[i : i + 3]) > 120 and data[i] > 150)


@pytest.mark.skipif(colour_file() is None, reason="no colour emoji font (apt-get install fonts-noto-color-emoji)")
def test_emoji_are_drawn_in_colour_a_flag_and_a_family_as_one_glyph() -> None:
    face = Emoji(34)
    one = face.getlength("😀")
    assert face.getlength("🇵🇭") == one and face.getlength("👨‍👩‍👧") == one and face.getlength("👍🏽") == one
    plain, flagged = _feed(_line(LONG, 6, name="Juan Cruz")), _feed(_line(LONG, 6, name="Juan 🇵🇭 Cruz 👍🏽"))
    assert _colours(flagged) > _colours(plain) + 100, "the flag and the thumb in colour, kept by the PNG's palette"
    assert _colours(_card(_line(LONG, 1, name="Juan 🇵🇭 Cruz"))) > _colours(_card(LONG)) + 100


def test_without_a_colour_font_emoji_are_drawn_in_the_texts_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(image_text, "colour_file", lambda: None)
    plain, flagged = _feed(_line(LONG, 6, name="Juan Cruz")), _feed(_line(LONG, 6, name="Juan 🎲 Cruz"))
    assert _colours(flagged) == _colours(plain) and ImageChops.difference(plain, flagged).getbbox() is not None

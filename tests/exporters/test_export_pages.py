"""The web page and the PDF poster: every name, as typed and escaped; real text; nothing from outside."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from tests.exporters.tables import NAMES, UPDATED, leaderboard, standings
from pypdf import PdfReader

from exporters.board import board
from exporters.branding import Branding
from exporters.html import page
from exporters.poster import SIZES, poster

EXTERNAL = re.compile(r"(https?:)?//|url\(|@import|<script|<link", re.I)


def _page(branding: Branding = Branding(), logo: bytes | None = None) -> str:
    boards = [board(leaderboard(), "Leaderboard", UPDATED), board(standings(), "QR2 at Greenbelt 5", UPDATED)]
    return page(boards, "GL <Unmatched> League", branding, logo)


def test_every_name_is_escaped_and_shows_as_typed() -> None:
    text = _page()
    assert "&lt;b&gt;Bea&lt;/b&gt; &amp; Co" in text
    assert "<b>Bea</b>" not in text and "GL &lt;Unmatched&gt; League" in text
    for name in NAMES:
        assert text.count(name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")) == 2, name


def test_the_page_makes_no_external_request(tmp_path: Path) -> None:
    logo = (tmp_path / "logo.png")
    from PIL import Image

    Image.new("RGB", (40, 20), "red").save(logo)
    text = _page(Branding(logo=logo), logo.read_bytes())
    assert not EXTERNAL.search(text), EXTERNAL.search(text)
    assert 'src="data:image/png;base64,' in text
    assert '<meta name="viewport" content="width=device-width,initial-scale=1">' in text, "readable on a phone"


def test_moves_and_prizes_show_on_the_page() -> None:
    text = _page()
    assert '<td class="n up">▲2</td>' in text and '<td class="n down">▼1</td>' in text and "NEW" in text
    assert "★ 1st place · Nationals finals slot" in text
    assert "Participation prize" not in text, "a prize nearly everyone holds sets nobody apart"


@pytest.mark.parametrize("size", SIZES)
def test_the_poster_text_is_real_text_with_every_name(size: str) -> None:
    pdf = poster(board(leaderboard(), "Leaderboard", UPDATED), "GL Unmatched League", Branding(), size)
    reader = PdfReader(io.BytesIO(pdf))
    text = "".join(p.extract_text() for p in reader.pages)
    for name in NAMES:
        assert name in text, name
    assert "GL Unmatched League" in text and "Updated 2024-09-07 18:30 UTC" in text
    width, height = (float(v) * 25.4 / 72 for v in reader.pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == (round(SIZES[size][0]), round(SIZES[size][1]))


def test_a_long_poster_continues_on_further_pages() -> None:
    names = tuple(f"Игрок {i}" for i in range(1, 80))
    pdf = poster(board(leaderboard(names), "Leaderboard", UPDATED), "League", Branding(), "a4")
    reader = PdfReader(io.BytesIO(pdf))
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert len(reader.pages) > 1
    assert all(re.search(rf"{name}\b", text) for name in names)


def test_a_poster_stops_at_four_pages_and_says_how_many_more() -> None:
    names = tuple(f"Player {i}" for i in range(1, 301))
    reader = PdfReader(io.BytesIO(poster(board(leaderboard(names), "Leaderboard", UPDATED), "League", Branding(), "a4")))
    text = reader.pages[-1].extract_text()
    assert len(reader.pages) == 4 and "and 200 more in the full table" in text and "Player 100" in text

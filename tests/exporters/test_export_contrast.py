"""Whatever the branding's colours, text reads on what is behind it: measured on the drawn pixels."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image

from exporters.board import board
from exporters.branding import MEDALS, NUMERAL_CONTRAST, TEXT_CONTRAST, Branding, contrast, hex_colour, inks
from exporters.images import FEED, LOGO_SHARE, render
from jobs.branding import load_branding
from tests.exporters.tables import UPDATED, leaderboard

SEEDED = random.Random(19)
PRIMARIES = ["#f5d76e", "#ffffff", "#777777", "#1f3b73", *(f"#{SEEDED.randrange(1 << 24):06x}" for _ in range(12))]


def _hex(pixel: tuple[int, ...]) -> str:
    return hex_colour(pixel[:3])


def _pixels(image: Image.Image) -> set[tuple[int, ...]]:
    data = image.tobytes()
    return {tuple(data[i : i + 3]) for i in range(0, len(data), 3)}


def _page(branding: Branding, league: str = "MMMMMMMM") -> Image.Image:
    png = render(board(leaderboard(), "Leaderboard", UPDATED), FEED, branding, league)[0]
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("primary", PRIMARIES)
def test_the_title_reads_on_the_band(primary: str) -> None:
    image = _page(Branding(primary=primary))
    band = _hex(image.getpixel((5, 5)))  # type: ignore[arg-type]
    title = image.crop((40, 40, 500, 100))
    ink = max((_hex(p) for p in _pixels(title)), key=lambda c: contrast(c, band))
    assert contrast(ink, band) >= TEXT_CONTRAST, (primary, ink, band)


@pytest.mark.parametrize("primary", PRIMARIES)
def test_headings_and_text_read_on_the_background(primary: str) -> None:
    shown = inks(Branding(primary=primary))
    for colour in (shown.heading, shown.text, shown.up, shown.down, shown.same):
        assert contrast(colour, "#ffffff") >= TEXT_CONTRAST


def test_medal_numerals_read_on_their_discs() -> None:
    image = _page(Branding())
    x = int(0.07 * FEED.width)
    for i, (rank, disc) in enumerate(MEDALS.items()):
        mid = FEED.band + FEED.row * (i + 1) + FEED.row // 2
        box = image.crop((x - 8, mid - 8, x + 8, mid + 8))
        ink = max((_hex(p) for p in _pixels(box)), key=lambda c: contrast(c, disc))
        assert contrast(ink, disc) >= NUMERAL_CONTRAST, rank


def test_a_primary_that_cannot_head_the_table_is_a_warning(tmp_path: Path) -> None:
    _, warnings = load_branding({"primary": "#f5d76e"}, tmp_path / "league.toml")
    assert len(warnings) == 1 and "branding.primary" in warnings[0] and "1.4:1" in warnings[0]
    assert load_branding({"primary": "#1f3b73"}, tmp_path / "league.toml")[1] == ()


def test_a_wide_logo_leaves_the_title_its_room(tmp_path: Path) -> None:
    logo = tmp_path / "logo.png"
    Image.new("RGB", (2000, 100), "#ff0000").save(logo)
    image = _page(Branding(logo=logo))
    red = [x for x in range(FEED.width) if image.getpixel((x, FEED.band // 2)) == (255, 0, 0)]
    assert red and max(red) - min(red) <= FEED.width * LOGO_SHARE

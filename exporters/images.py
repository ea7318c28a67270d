"""PNG images of a standings table sized for Facebook: a feed post (1080x1350) and a link share (1200x630).

Drawn with Pillow in the chain of fonts of `fonts.py` (DejaVu Sans first, then Noto for the other scripts),
each run of text shaped by libraqm where Pillow has it (Arabic joined and right to left, Indic marks placed):
matplotlib's text layout measured about 0.4 s a page here against under 25 ms for Pillow's. The link size is one
card of the top lines; a table longer than a feed page goes on further feed pages. The figure columns take what
their figures and headings need from the right margin and the name the rest; a text too long for its room first
gets smaller, then is shortened with an ellipsis measured with the font itself, so it is never cut mid-glyph or
drawn over the next column.

This module is the door the exports use (`render`); the drawing lives in `image_text` (fonts, measuring, the
canvas), `image_band` (the title band, the PNG), `image_feed` (the feed pages), `image_card` (the card) and the
sizes in `image_sizes`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from exporters.image_band import LOGO_SHARE, _scaled_logo
from exporters.image_card import card
from exporters.image_feed import _pages
from exporters.image_sizes import FEED, LAYOUTS, LINK, MAX_PAGES, Layout

if TYPE_CHECKING:
    from exporters.board import Board
    from exporters.branding import Branding

__all__ = ["FEED", "LAYOUTS", "LINK", "LOGO_SHARE", "MAX_PAGES", "Layout", "_scaled_logo", "render"]


def render(board: Board, layout: Layout, branding: Branding, league: str, most: int = MAX_PAGES) -> list[bytes]:
    """The pages of the table at one size (at most `most`), as PNG bytes; at the link size only the card, which
    is all a link preview or a cover shows (the feed pages and the page list everyone)."""
    if layout == LINK:
        return [card(board, branding, league)]
    return _pages(board, layout, branding, league, most)

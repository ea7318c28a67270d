"""The playoff bracket on an event's poster: after the standings, a page for each image of the bracket (the same tree
the feed images draw), as large as the page allows."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from exporters.bracket_image import FEED, Shown, render_bracket

if TYPE_CHECKING:
    from fpdf import FPDF

    from exporters.board import Board
    from exporters.branding import Branding


def bracket_pages(pdf: FPDF, board: Board, league: str, branding: Branding, margin: float) -> None:
    """A page for each feed image of the board's bracket, centred inside the margins."""
    if board.bracket is None or not board.bracket.seeds:
        return
    shown = Shown(league, board.title, board.bracket, board.updated, board.champion)
    for png in render_bracket(shown, FEED, branding):
        pdf.add_page()
        wide = min(pdf.w - 2 * margin, (pdf.h - 2 * margin) * FEED.width / FEED.height)
        tall = wide * FEED.height / FEED.width
        pdf.image(io.BytesIO(png), x=(pdf.w - wide) / 2, y=(pdf.h - tall) / 2, w=wide, h=tall)

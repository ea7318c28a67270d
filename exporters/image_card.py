"""The 1200x630 card a shared link or a cover shows: the league, the table, where it stands and the top lines in
large type, all inside the safe band every crop of it keeps.

Its own module so the card's fixed layout reads apart from the feed pages, whose figure columns it shows in their
order."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from exporters.branding import MEDALS, inks, local_time, stripe
from exporters.image_band import LOGO_SHARE, _band_line, _png, _scaled_logo, _standing, _title
from exporters.image_feed import _figures, _widest
from exporters.image_sizes import LINK
from exporters.image_text import Typeface, _Canvas, marked

if TYPE_CHECKING:
    from exporters.board import Board
    from exporters.branding import Branding

SAFE = (60, 87, 1140, 543)
"""The card's safe band (left, top, right, bottom): what a link preview, a 1.91:1 crop and a cover's 820x312
(2.63:1, the middle 456 rows of 630) all keep. Everything that matters is drawn inside it; outside is the
background and the colour bands only."""
CARD_ROWS = 5
"""The top lines the card shows (fewer when the table is shorter), in type of at least 36 px."""
CARD_TYPE = 40
"""The size of the card's ranks, names and scores."""
CARD_FINISH = 22
"""The type of a bracket competitor's finish beside the name (`Lost the final · Swiss #5`)."""
CARD_HEAD = 24
"""The size of the card's column headings, in the row between the band and the lines."""


def card(board: Board, branding: Branding, league: str) -> bytes:
    """The 1200x630 card a shared link or a cover shows: the league, the table and its date, where it stands, the
    top lines in large type, the page's address; everything inside `SAFE`."""
    from PIL import Image

    w, h = LINK.width, LINK.height
    left, top, right, bottom = SAFE
    canvas = _Canvas(Image.new("RGB", (w, h), branding.background), branding)
    band = LINK.band  # the card's band ends inside the safe band: its three lines are in it
    canvas.draw.rectangle((0, 0, w, band), fill=branding.primary)
    canvas.draw.rectangle((0, band, w, band + 6), fill=branding.accent)
    x = left
    if branding.logo is not None:
        scaled = _scaled_logo(branding.logo, 100, int(w * LOGO_SHARE))
        canvas.image.paste(scaled, (left, top + (band - top - scaled.height) // 2), scaled)
        x += scaled.width + 20
    room = right - x
    _title(canvas, x, top + 28, league, LINK.title, room)
    _band_line(canvas, x, top + 68, (board.title, ""), 28, room)
    if board.standing:
        _band_line(canvas, x, top + 100, _standing(board), 26, room, True)
    shown = board.lines[:CARD_ROWS]
    drawn = inks(branding)
    head = band + 6 + CARD_HEAD
    first = head + CARD_HEAD
    row = (bottom - 40 - first) / CARD_ROWS
    rank_x, name_x, edge = left + 36, left + 92, right - 10.0
    columns = []  # the count, then the score: the feed page's order, each labelled; laid out from the right
    for figures in (replace(f, px=CARD_TYPE) for f in _figures(board, LINK)[1 if board.count_label else 0::-1]):
        columns.append((figures, edge))
        need = _widest(map(figures.cell, shown), Typeface(CARD_TYPE, figures.bold))
        edge -= max(need, min(Typeface(CARD_HEAD, True).getlength(figures.heading), (right - left) / 4)) + 30
    if shown:
        for figures, at in columns:
            canvas.text(at, head, figures.heading, CARD_HEAD, True, drawn.heading, "r", room=(right - left) / 4)
    for i, line in enumerate(shown):
        mid = first + row * (i + 0.5)
        if i % 2 == 0:
            canvas.draw.rectangle((left, mid - row / 2, right - 1, mid + row / 2), fill=stripe(branding))
        medal = MEDALS.get(line.rank) if line.held else None
        if medal:
            r = row * 0.48
            canvas.draw.ellipse((rank_x - r, mid - r, rank_x + r, mid + r), fill=medal)
        canvas.text(rank_x, mid, line.shown_rank, CARD_TYPE if len(line.shown_rank) < (2 if medal else 3) else 30, True,
                    drawn.medals[line.rank] if medal else "", "m")
        for figures, at in columns:
            canvas.text(at, mid, figures.cell(line), CARD_TYPE, figures.bold, align="r")
        held = " ★" if line.held else ""
        finish = min(Typeface(CARD_FINISH).getlength(line.finish), (edge - name_x) * 0.5) + 20 if line.finish else 0.0
        if line.finish:  # how far a bracket competitor went, in small type before the figures; the name comes first
            canvas.text(edge - 20, mid, line.finish, CARD_FINISH, color=drawn.heading, align="r", room=finish - 20)
        room_name = edge - name_x - Typeface(CARD_TYPE).getlength(held) - finish
        canvas.text(name_x, mid, marked(line, Typeface(CARD_TYPE), room_name) + held, CARD_TYPE)
    if not shown:
        canvas.text(w / 2, band + 150, "No standings yet", CARD_TYPE, align="m")
    foot = bottom - 20
    signs = {line.mark for line in shown}
    notes = [note.split(":")[0] for note in board.footnotes if note.split(" ")[0] in signs]  # "* not final"
    canvas.text(left, foot, "   ".join([local_time(board.updated, branding, "%d %b %Y"), *notes]), 24,
                room=(right - left) * (0.48 if branding.url else 1))
    if branding.url:
        canvas.text(right, foot, branding.url, 24, True, align="r", room=(right - left) * 0.5)
    return _png(canvas.image, branding)

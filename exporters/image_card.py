"""The 1200x630 card a shared link or a cover shows: the league, the table, where it stands and the top lines in
large type, all inside the safe band every crop of it keeps.

Its own module so the card's fixed layout reads apart from the feed pages, whose figure columns it shows in their
order."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from exporters.branding import MEDALS, inks, local_time, stripe
from exporters.image_band import LOGO_SHARE, _band_line, _png, _scaled_logo, _standing, _title
from exporters.image_feed import _Figures, _figures, _widest
from exporters.image_sizes import LINK
from exporters.image_text import Typeface, _Canvas, least_px, marked

if TYPE_CHECKING:
    from exporters.board import Board, Line
    from exporters.branding import Branding

SAFE = (60, 87, 1140, 543)
"""The card's safe band (left, top, right, bottom): what a link preview, a 1.91:1 crop and a cover's 820x312
(2.63:1, the middle 456 rows of 630) all keep. Everything that matters is drawn inside it; outside is the
background and the colour bands only."""
CARD_ROWS = 5
"""The top lines the card shows (fewer when the table is shorter), in type of at least 36 px."""
CARD_TYPE = 40
"""The size of the card's ranks, names and scores."""
CARD_SMALL = least_px(LINK.width)
"""The card's smallest type (29 px): 9 px tall on a phone showing the card 390 px wide."""
CARD_FINISH = CARD_SMALL
"""The type of a bracket competitor's finish beside the name (`Lost the final · Swiss #5`)."""
CARD_HEAD = CARD_SMALL
"""The size of the card's column headings, in the row between the band and the lines."""
CARD_TIE = 32
"""The type of the first tiebreaker beside the score: smaller than the score, it explains lines tied on it."""


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
    _title(canvas, x, top + 26, league, LINK.title, room, 31)
    _band_line(canvas, x, top + 64, (board.title, ""), 31, room)
    if board.standing:
        _band_line(canvas, x, top + 98, _standing(board), 30, room, True)
    shown = board.lines[:CARD_ROWS]
    drawn = inks(branding)
    head = band + 6 + CARD_HEAD
    first = head + CARD_HEAD
    row = (bottom - 40 - first) / CARD_ROWS
    rank_x, name_x, edge = left + 36, left + 92, right - 10.0
    columns = []  # the count, the score, its first tiebreaker: the feed page's order, each labelled; from the right
    for figures in _card_figures(board):
        columns.append((figures, edge))
        need = _widest(map(figures.cell, shown), Typeface(figures.px, figures.bold))
        edge -= max(need, min(Typeface(CARD_HEAD, True).getlength(figures.heading), (right - left) / 4)) + 30
    name_px = _name_size(shown, edge - name_x)
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
        canvas.text(
            rank_x,
            mid,
            line.shown_rank,
            CARD_TYPE if len(line.shown_rank) < (2 if medal else 3) else 30,
            True,
            drawn.medals[line.rank] if medal else "",
            "m",
        )
        for figures, at in columns:
            canvas.text(at, mid, figures.cell(line), figures.px, figures.bold, align="r")
        held, finish = _beside(line, edge - name_x)
        if line.finish:  # how far a bracket competitor went, in small type before the figures; the name comes first
            canvas.text(edge - 20, mid, line.finish, CARD_FINISH, color=drawn.heading, align="r", room=finish - 20)
        room_name = edge - name_x - Typeface(name_px).getlength(held) - finish
        canvas.text(name_x, mid, marked(line, Typeface(name_px), room_name) + held, name_px)
    if not shown:
        canvas.text(w / 2, band + 150, "No standings yet", CARD_TYPE, align="m")
    _card_footer(canvas, board, shown, bottom - 20)
    return _png(canvas.image, branding, canvas.coloured)


CARD_LEAST_NAME = 32
"""The least type of the card's names: a long name gets smaller, down to this, before it is shortened."""


def _beside(line: Line, room: float) -> tuple[str, float]:
    """What follows a name on the card: its prize star, and how much room its bracket finish takes."""
    finish = min(Typeface(CARD_FINISH).getlength(line.finish), room * 0.5) + 20 if line.finish else 0.0
    return " ★" if line.held else "", finish


def _name_size(shown: tuple[Line, ...], room: float) -> int:
    """The card's one type for its names: the largest, from `CARD_TYPE` down to `CARD_LEAST_NAME`, at which every
    shown name fits whole beside its star and finish."""

    def fits(px: int) -> bool:
        face = Typeface(px)
        return all(
            face.getlength(marked(line, face, float("inf")) + _beside(line, room)[0]) <= room - _beside(line, room)[1]
            for line in shown
        )

    return next((px for px in range(CARD_TYPE, CARD_LEAST_NAME, -1) if fits(px)), CARD_LEAST_NAME)


def _card_figures(board: Board) -> list[_Figures]:
    """The card's figure columns, right to left: the first tiebreaker (where a tie on the score is decided), the
    score, the count; in the card's large type, the tiebreaker a little smaller."""
    figures = _figures(board, LINK)
    count = [replace(figures[0], px=CARD_TYPE)] if board.count_label else []
    score, tie = figures[len(count)], figures[len(count) + 1]
    ties = [replace(tie, px=CARD_TIE)] if board.tiebreak_label and any(line.tiebreak for line in board.lines) else []
    return [*ties, replace(score, px=CARD_TYPE), *count]


def _card_footer(canvas: _Canvas, board: Board, shown: tuple[Line, ...], y: float) -> None:
    """The date and the marks' meanings on the left, the page's address on the right, whole: a long address takes
    the line and the date goes above it; one wider than the card is broken at its slashes."""
    left, _, right, _ = SAFE
    branding = canvas.branding
    signs = {line.mark for line in shown}
    notes = [note.split(":")[0] for note in board.footnotes if note.split(" ")[0] in signs]  # "* not final"
    dated = "   ".join([local_time(board.updated, branding, "%d %b %Y"), *notes])
    face, bold = Typeface(CARD_SMALL), Typeface(CARD_SMALL, True)
    url = _url_lines(branding.url, bold, right - left) if branding.url else []
    together = len(url) == 1 and face.getlength(dated) + bold.getlength(url[0]) + 30 <= right - left
    lines = [dated] if together or not url else [dated, *url]
    step = CARD_SMALL * 1.25
    for k, text in enumerate(lines):
        at = y - (len(lines) - 1 - k) * step
        canvas.text(left, at, text, CARD_SMALL, bool(k), room=None if k else right - left)
    if together:
        canvas.text(right, y, url[0], CARD_SMALL, True, align="r")


def _url_lines(url: str, face: Typeface, room: float) -> list[str]:
    """The address on one line, or broken after slashes into as few lines as hold it whole."""
    lines = [""]
    for part in re.split(r"(?<=/)", url):
        if lines[-1] and face.getlength(lines[-1] + part) > room:
            lines.append("")
        lines[-1] += part
    return lines

"""A printable PDF poster of the leaderboard for the stores, A4 or A3, with real (selectable, searchable) text.

fpdf2 embeds the bundled DejaVu Sans (a subset of the glyphs used) and, for the characters it lacks,
the faces of the font chain that hold them (`fonts.py`), each cut to the characters the poster uses
and set to regular or bold; text is shaped with HarfBuzz when a name needs it (Arabic joined and right
to left, Devanagari and Thai marks placed), so names print as typed and a search in the PDF finds
them. fpdf2's own warnings (missing glyphs) are kept off the terminal: the sync reports a name no font
holds in `Problems`. A long table continues on further pages with its column headings repeated, its lines spread
evenly over the pages.

This module lays out the page (the band, the pages, the footer); the table's rows and cells are in `poster_table`,
the fitting of a line of text in `poster_text` and the embedded fonts in `poster_fonts`."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from exporters.board import LEGEND
from exporters.branding import Branding, inks, local_time, rgb
from exporters.fonts import drawable, font_file
from exporters.poster_bracket import bracket_pages
from exporters.poster_fonts import _fallbacks, _quiet, _texts, static_subset
from exporters.poster_table import ROW, TABLE_TOP, _height, _table, name_room
from exporters.poster_text import FONT, SHRINK, _cell, _fit, _fitted, _width
from league.plain_text import one_line

if TYPE_CHECKING:
    from fpdf import FPDF

    from exporters.board import Board, Line

__all__ = ["MAX_PAGES", "SIZES", "pages", "poster", "static_subset"]

SIZES = {"a4": (210.0, 297.0), "a3": (297.0, 420.0)}
"""Portrait page sizes in millimetres."""
LOGO_SHARE = 0.22
"""The most of the page's width a logo takes: the league's name keeps the rest of the band."""
MAX_PAGES = 4
"""A wall holds a few sheets: past about 95 lines (A4) the last page says how many more the web page lists."""
PAPER = "#ffffff"
"""What a poster is printed on."""
FOOT = 6.0
"""The height of each footer line (the update time, the legend, the footnotes)."""


def poster(board: Board, league: str, branding: Branding, size: str) -> bytes:
    """The poster as PDF bytes; `size` is "a4" or "a3"."""
    from fpdf import FPDF

    width, height = SIZES[size]
    scale = width / 210
    pdf = FPDF(unit="mm", format=(width, height))
    pdf.set_creation_date(board.updated)
    pdf.set_title(one_line(f"{league}: {board.title}"))
    pdf.add_font(FONT, "", str(font_file()))
    pdf.add_font(FONT, "B", str(font_file(bold=True)))
    pdf.set_auto_page_break(False)
    with _quiet(), tempfile.TemporaryDirectory(prefix="league-fonts-") as folder:
        _fallbacks(pdf, _texts(board, league), Path(folder))
        return _draw(pdf, board, league, on_paper(branding), width, height, scale)


def on_paper(branding: Branding) -> Branding:
    """The branding as the poster prints it: on white paper, whatever the images' background (a dark theme's light
    text would read 4:1 or less on the sheet), so every ink is chosen to keep its contrast with white."""
    return replace(branding, background=PAPER)


def _draw(pdf: FPDF, board: Board, league: str, branding: Branding, width: float, height: float, scale: float) -> bytes:
    margin = 12 * scale
    del width
    room = height - (TABLE_TOP + 13 + FOOT * len(_notes(board, board.lines))) * scale  # above the footer's lines
    names = name_room(pdf, board, scale, margin)
    most = MAX_PAGES * max(1, int((room + 1e-6) / (ROW * scale)))  # no page holds more of the lowest rows
    chunks = pages([_height(pdf, line, scale, names) * scale for line in board.lines[:most]], room)
    starts = [sum(chunks[:i]) for i in range(len(chunks))]
    shown = sum(chunks)
    for number, (start, count) in enumerate(zip(starts, chunks), 1):
        chunk = board.lines[start : start + count]
        pdf.add_page()
        _header(pdf, board, league, branding, scale, margin, f"page {number}/{len(chunks)}" if len(chunks) > 1 else "")
        _table(pdf, board, chunk, branding, scale, margin)
        _footer(pdf, board, _notes(board, chunk), branding, scale, margin)
    if shown < len(board.lines):
        pdf.set_font(FONT, "B", 9 * scale)
        pdf.set_xy(margin, pdf.h - 12 * scale)
        _cell(pdf, pdf.w - 2 * margin, FOOT * scale, f"and {len(board.lines) - shown:,} more in the full table", "R")
    bracket_pages(pdf, board, league, branding, margin)
    return bytes(pdf.output())


def _notes(board: Board, lines: tuple[Line, ...]) -> list[str]:
    """The footer's lines above the update time: the `Move` legend once a move exists, and what the marks mean
    when `lines` show one."""
    return [
        *([LEGEND] if board.has_moves and board.moved else []),
        *(["   ".join(board.footnotes)] if board.footnotes and any(line.mark for line in lines) else []),
    ]


def pages(heights: list[float], room: float) -> list[int]:
    """How many lines each page shows: as many lines as `MAX_PAGES` pages of `room` millimetres hold, spread as
    evenly as their heights allow, so no last page ends with a few lines; `[0]` for an empty table."""
    full = _filled(heights, room)[:MAX_PAGES]
    shown = heights[: sum(full)]
    if len(full) < 2:
        return full
    low, high = max(shown), room
    for _ in range(40):  # the smallest page height that still fits the lines on as many pages
        middle = (low + high) / 2
        low, high = (low, middle) if len(_filled(shown, middle)) <= len(full) else (middle, high)
    return _filled(shown, high)


def _filled(heights: list[float], room: float) -> list[int]:
    """Lines per page when each page takes lines while they fit in `room`."""
    counts, used = [0], 0.0
    for height in heights:
        if counts[-1] and used + height > room + 1e-6:
            counts, used = [*counts, 0], 0.0
        counts[-1] += 1
        used += height
    return counts


def _footer(pdf: FPDF, board: Board, notes: list[str], branding: Branding, scale: float, margin: float) -> None:
    """The update time at the foot of every page, and above it the legend and the footnotes, each on one line."""
    pdf.set_text_color(*rgb(inks(branding).text))
    room = pdf.w - 2 * margin
    for i, text in enumerate(reversed(notes), 1):
        pdf.set_xy(margin, pdf.h - (12 + FOOT * i) * scale)
        _cell(pdf, room, FOOT * scale, _fitted(pdf, text, "", room, "", 9 * scale))
    pdf.set_font(FONT, "", 9 * scale)
    pdf.set_xy(margin, pdf.h - 12 * scale)
    _cell(pdf, room, FOOT * scale, f"Updated {local_time(board.updated, branding)}")


def _header(pdf: FPDF, board: Board, league: str, branding: Branding, scale: float, margin: float, page: str) -> None:
    band = 38 * scale
    pdf.set_fill_color(*rgb(branding.primary))
    pdf.rect(0, 0, pdf.w, band, "F")
    pdf.set_fill_color(*rgb(branding.accent))
    pdf.rect(0, band, pdf.w, 2 * scale, "F")
    left = margin
    if branding.logo is not None:
        side = min(band * 0.7, _logo_height(branding.logo, pdf.w * LOGO_SHARE))
        info = pdf.image(str(branding.logo), x=margin, y=(band - side) / 2, h=side)
        left += float(info.rendered_width) + 4 * scale
    pdf.set_text_color(*rgb(inks(branding).title))
    room = pdf.w - left - margin
    lift = 4 * scale if board.standing else 0  # three lines in the band: where the standings stand goes last
    title = _title(pdf, league, room, 26 * scale)
    for i, part in enumerate(title):
        pdf.set_xy(left, 7 * scale - lift + i * 13 * scale / len(title))
        _cell(pdf, room, 13 * scale / len(title), part)
    pdf.set_xy(left, (22 + 2 * (len(title) - 1)) * scale - 2 * lift)  # a title on two lines pushes the subtitle down
    _cell(
        pdf,
        room,
        9 * scale,
        _fitted(pdf, board.title, f" · {page}" if page else "", room, "", (13 if board.standing else 15) * scale),
    )
    if board.standing:
        pdf.set_xy(left, 26 * scale)
        champion = f"Champion: {board.champion}" if board.champion else ""
        head, tail = (champion, f" · {board.stands}" if board.stands else "") if champion else (board.stands, "")
        _cell(pdf, room, 9 * scale, _fitted(pdf, head, tail, room, "B", 13 * scale))


def _title(pdf: FPDF, league: str, room: float, size: float) -> list[str]:
    """The league's name on one line in the largest type from `size` down to `SHRINK` of it that fits, else on two
    lines in that smallest type, split between the words where the longer line is shortest; the font left so."""
    one = _fitted(pdf, league, "", room, "B", size)
    words = league.split()
    if one == drawable(league) or len(words) < 2:
        return [one]
    split = min(
        range(1, len(words)),
        key=lambda k: max(
            _width(pdf, " ".join(words[:k]), size * SHRINK), _width(pdf, " ".join(words[k:]), size * SHRINK)
        ),
    )
    return [_fit(pdf, " ".join(part), room) for part in (words[:split], words[split:])]


def _logo_height(path: Path, widest: float) -> float:
    """The height at which the logo is `widest` wide: a wide logo is drawn lower so the title keeps its room."""
    from PIL import Image

    with Image.open(path) as logo:
        return widest * logo.height / max(logo.width, 1)

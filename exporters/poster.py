"""A printable PDF poster of the leaderboard for the stores, A4 or A3, with real (selectable, searchable) text.

fpdf2 embeds the bundled DejaVu Sans (a subset of the glyphs used), so names in any script the
leagues use print as typed and a search in the PDF finds them. A long table continues on further
pages with its column headings repeated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from exporters.board import Board, Line, move_text
from exporters.branding import DOWN, MEDALS, SAME, UP, Branding, rgb, stripe
from exporters.fonts import font_file

if TYPE_CHECKING:
    from fpdf import FPDF

SIZES = {"a4": (210.0, 297.0), "a3": (297.0, 420.0)}
"""Portrait page sizes in millimetres."""
FONT = "DejaVu"
MAX_PAGES = 4
"""A wall holds a few sheets: past 100 lines (A4) the last page says how many more the web page lists."""
COLUMNS = (("#", 0.08, "C"), ("Name", 0.50, "L"), ("", 0.14, "R"), ("", 0.16, "R"), ("Move", 0.12, "R"))
"""Heading, share of the table's width, alignment; the score and tiebreaker headings come from the table."""


def poster(board: Board, league: str, branding: Branding, size: str) -> bytes:
    """The poster as PDF bytes; `size` is "a4" or "a3"."""
    from fpdf import FPDF

    width, height = SIZES[size]
    scale = width / 210
    pdf = FPDF(unit="mm", format=(width, height))
    pdf.set_creation_date(board.updated)
    pdf.set_title(f"{league}: {board.title}")
    pdf.add_font(FONT, "", str(font_file()))
    pdf.add_font(FONT, "B", str(font_file(bold=True)))
    pdf.set_auto_page_break(False)
    margin = 12 * scale
    rows = _per_page(height, scale)
    shown = min(len(board.lines), rows * MAX_PAGES)
    chunks = [board.lines[i:i + rows] for i in range(0, shown, rows)] or [()]
    for number, chunk in enumerate(chunks, 1):
        pdf.add_page()
        _header(pdf, board, league, branding, scale, margin, f"page {number}/{len(chunks)}" if len(chunks) > 1 else "")
        _table(pdf, board, chunk, branding, scale, margin)
    if shown < len(board.lines):
        pdf.set_font(FONT, "B", 9 * scale)
        pdf.set_xy(margin, pdf.h - 12 * scale)
        pdf.cell(pdf.w - 2 * margin, 6 * scale, f"and {len(board.lines) - shown:,} more in the full table", align="R")
    return bytes(pdf.output())


def _per_page(height: float, scale: float) -> int:
    return int((height - 70 * scale) // (9 * scale))


def _fit(pdf: FPDF, text: str, room: float) -> str:
    """`text`, or as much of it as fits in `room` millimetres followed by an ellipsis."""
    if pdf.get_string_width(text) <= room:
        return text
    while text and pdf.get_string_width(text + "…") > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _header(pdf: FPDF, board: Board, league: str, branding: Branding, scale: float, margin: float, page: str) -> None:
    band = 38 * scale
    pdf.set_fill_color(*rgb(branding.primary))
    pdf.rect(0, 0, pdf.w, band, "F")
    pdf.set_fill_color(*rgb(branding.accent))
    pdf.rect(0, band, pdf.w, 2 * scale, "F")
    left = margin
    if branding.logo is not None:
        side = band * 0.7
        info = pdf.image(str(branding.logo), x=margin, y=(band - side) / 2, h=side)
        left += float(info.rendered_width) + 4 * scale
    pdf.set_text_color(255, 255, 255)
    pdf.set_font(FONT, "B", 26 * scale)
    pdf.set_xy(left, 7 * scale)
    pdf.cell(pdf.w - left - margin, 13 * scale, _fit(pdf, league, pdf.w - left - margin))
    pdf.set_font(FONT, "", 15 * scale)
    pdf.set_xy(left, 22 * scale)
    subtitle = " · ".join(p for p in (board.title, page) if p)
    pdf.cell(pdf.w - left - margin, 9 * scale, _fit(pdf, subtitle, pdf.w - left - margin))
    pdf.set_text_color(*rgb(branding.text))
    pdf.set_font(FONT, "", 9 * scale)
    pdf.set_xy(margin, pdf.h - 12 * scale)
    pdf.cell(pdf.w - 2 * margin, 6 * scale, f"Updated {board.updated:%Y-%m-%d %H:%M} UTC")


def _table(pdf: FPDF, board: Board, lines: tuple[Line, ...], branding: Branding, scale: float, margin: float) -> None:
    table = pdf.w - 2 * margin
    labels = ["#", "Name", board.score_label, board.tiebreak_label, "Move" if board.has_moves else ""]
    y = 48 * scale
    pdf.set_font(FONT, "B", 10 * scale)
    pdf.set_text_color(*rgb(branding.primary))
    x = margin
    for (_, share, align), label in zip(COLUMNS, labels):
        pdf.set_xy(x, y)
        pdf.cell(table * share, 7 * scale, _fit(pdf, label, table * share), align=align)
        x += table * share
    y += 8 * scale
    for i, line in enumerate(lines):
        _row(pdf, line, branding, scale, margin, y + i * 9 * scale, i % 2 == 0)


def _row(pdf: FPDF, line: Line, branding: Branding, scale: float, margin: float, y: float, striped: bool) -> None:
    """One competitor: a medal behind a prize winner's rank, the prizes under the name, a coloured move."""
    table, row = pdf.w - 2 * margin, 9 * scale
    if striped:
        pdf.set_fill_color(*stripe(branding))
        pdf.rect(margin, y, table, row, "F")
    medal = MEDALS.get(line.rank) if line.prizes else None
    if medal:
        side = 7 * scale
        pdf.set_fill_color(*rgb(medal))
        pdf.ellipse(margin + table * COLUMNS[0][1] / 2 - side / 2, y + (row - side) / 2, side, side, "F")
    arrow = move_text(line.move)
    colours = [("#ffffff" if medal else branding.text), branding.text, branding.text, branding.text,
               UP if arrow.startswith("▲") else DOWN if arrow.startswith("▼") else SAME]
    cells = [line.rank or "–", line.name, line.score, line.tiebreak, arrow]
    x = margin
    for (_, share, align), text, bold, colour in zip(COLUMNS, cells, (True, False, True, False, True), colours):
        pdf.set_text_color(*rgb(colour))
        pdf.set_font(FONT, "B" if bold else "", 12 * scale)
        shown = _fit(pdf, text, table * share - 2 * scale)
        if line.prizes and text is line.name:
            pdf.set_xy(x, y + 0.5 * scale)
            pdf.cell(table * share, 5 * scale, shown, align=align)
            pdf.set_font(FONT, "", 7.5 * scale)
            pdf.set_text_color(*rgb(branding.primary))
            pdf.set_xy(x, y + 5 * scale)
            prizes = "★ " + " · ".join(line.prizes)
            pdf.cell(table * share, 3.5 * scale, _fit(pdf, prizes, table * share - 2 * scale), align=align)
        else:
            pdf.set_xy(x, y)
            pdf.cell(table * share, row, shown, align=align)
        x += table * share

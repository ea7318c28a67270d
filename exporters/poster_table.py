"""The poster's table: its columns and their shares of the width, the headings (smaller, then on two lines, when
long), and one row per competitor (a medal behind the rank, the name with its mark and its prizes, a coloured move).

Its own module so the table's rows and cells read apart from the page around them (`poster.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from exporters.board import move_text
from exporters.branding import MEDALS, inks, rgb, stripe
from exporters.fonts import drawable
from exporters.image_text import broken
from exporters.poster_text import FONT, _cell, _fit, _steps, _Width, _width

if TYPE_CHECKING:
    from fpdf import FPDF

    from exporters.board import Board, Line
    from exporters.branding import Branding

HEADING_PT = (10.0, 6.5)
"""A column heading's type, largest and smallest: a long heading ("Total Scenario Points") gets smaller, then
takes a second line, before it is cut."""
ROW, PRIZE_ROW = 9.0, 12.0
"""A line's height in millimetres on A4: a line holding prizes is taller, for the prizes' own line of type."""
PRIZE_PT = 9.0
"""The prizes under a name, on A4: read from a few steps away on a wall."""
TABLE_TOP = 56.0
"""Where the first line starts."""


def columns(board: Board) -> list[tuple[str, float, str]]:
    """Heading, share of the table's width and alignment of each column the board has: the count column (the
    record, the losses) when the format keeps one, `Move` once a move exists."""
    cols = [
        ("#", 0.08, "C"),
        ("Name", 0.0, "L"),
        *([(board.count_label, 0.12, "R")] if board.count_label else []),
        (board.score_label, 0.14, "R"),
        (board.tiebreak_label, 0.16, "R"),
        *([("Move", 0.10, "R")] if board.has_moves and board.moved else []),
    ]
    name = 1 - sum(share for _, share, _ in cols)
    return [(head, name if head == "Name" and i == 1 else share, align) for i, (head, share, align) in enumerate(cols)]


NAME_PT, NAME_LINE = 12.0, 5.0
"""A name's type on A4, and the height of each further line a long name takes, in millimetres."""


def _height(pdf: FPDF, line: Line, scale: float, room: float) -> float:
    """A line's height on A4: taller for its prizes' line, and for each further line its name takes in `room`."""
    return (PRIZE_ROW if line.detail else ROW) + NAME_LINE * (len(_name_lines(pdf, line, scale, room)) - 1)


def name_room(pdf: FPDF, board: Board, scale: float, margin: float) -> float:
    """The width a name has in its column, worked out once a page (the columns look at every line)."""
    share = next(share for head, share, _ in columns(board) if head == "Name")
    return (pdf.w - 2 * margin) * share - 2 * scale


def _name_lines(pdf: FPDF, line: Line, scale: float, room: float) -> list[str]:
    """The name with its mark on as many lines as hold it whole, never cut (the poster shows every name as typed):
    broken between words, and inside a word only when the word alone is wider than the column."""
    pdf.set_font(FONT, "", NAME_PT * scale)
    face = _Width(pdf)
    text = drawable(line.name + (f" {line.mark}" if line.mark else ""))
    if face.getlength(text) <= room:  # the usual name: one measure
        return [text]
    out: list[str] = []
    for part in broken(text, face, room):
        while face.getlength(part) > room and len(part) > 1:  # a word wider than the column: cut where it fits
            cut = next(k for k in range(len(part) - 1, 0, -1) if face.getlength(part[:k]) <= room or k == 1)
            out.append(part[:cut])
            part = part[cut:]
        out.append(part)
    return out


def _table(pdf: FPDF, board: Board, lines: tuple[Line, ...], branding: Branding, scale: float, margin: float) -> None:
    table, cols = pdf.w - 2 * margin, columns(board)
    y = 48 * scale
    pdf.set_text_color(*rgb(inks(branding).heading))
    x = margin
    for head, share, align in cols:
        _heading(pdf, head, x, y, table * share, align, scale)
        x += table * share
    top, room = TABLE_TOP * scale, name_room(pdf, board, scale, margin)
    for i, line in enumerate(lines):
        _row(pdf, board, line, branding, scale, margin, top, i % 2 == 0, room)
        if i and line.cut and lines[i - 1].cut and line.cut != lines[i - 1].cut:  # the cut line
            pdf.set_fill_color(*rgb(branding.accent))
            pdf.rect(margin, top - 0.6 * scale, table, 1.2 * scale, "F")
        top += _height(pdf, line, scale, room) * scale


def _heading(pdf: FPDF, head: str, x: float, y: float, room: float, align: str, scale: float) -> None:
    """A column's heading, whole: in smaller type when it is long, on two lines when even that is too wide."""
    room -= 1 * scale
    large, small = HEADING_PT
    size = next((pt for pt in _steps(large, small) if _width(pdf, head, pt * scale) <= room), small)
    words = head.split()
    if _width(pdf, head, size * scale) > room and len(words) > 1:
        split = min(
            range(1, len(words)),
            key=lambda k: max(
                _width(pdf, " ".join(words[:k]), small * scale), _width(pdf, " ".join(words[k:]), small * scale)
            ),
        )
        for n, part in enumerate((" ".join(words[:split]), " ".join(words[split:]))):
            pdf.set_xy(x, y + n * 3.4 * scale)
            _cell(pdf, room, 3.6 * scale, _fit(pdf, part, room), align)
        return
    pdf.set_xy(x, y)
    _cell(pdf, room, 7 * scale, _fit(pdf, head, room), align)


def _row(
    pdf: FPDF,
    board: Board,
    line: Line,
    branding: Branding,
    scale: float,
    margin: float,
    y: float,
    striped: bool,
    names_room: float,
) -> None:
    """One competitor: a medal behind a prize winner's rank (`=3` when shared), the mark after the name and every
    prize under it, a coloured move."""
    table, row, cols = pdf.w - 2 * margin, _height(pdf, line, scale, names_room) * scale, columns(board)
    if striped:
        pdf.set_fill_color(*stripe(branding))
        pdf.rect(margin, y, table, row, "F")
    medal = MEDALS.get(line.rank) if line.held else None
    if medal:
        side = 7 * scale
        pdf.set_fill_color(*rgb(medal))
        pdf.ellipse(margin + table * cols[0][1] / 2 - side / 2, y + (row - side) / 2, side, side, "F")
    arrow = move_text(line.move)
    drawn = inks(branding)
    cells = [
        (line.shown_rank, True, drawn.medals[line.rank] if medal else drawn.text),
        (line.name, False, drawn.text),
        *([(line.count, False, drawn.text)] if board.count_label else []),
        (line.score, True, drawn.text),
        (line.tiebreak, False, drawn.text),
        *(
            [(arrow, True, drawn.up if arrow.startswith("▲") else drawn.down if arrow.startswith("▼") else drawn.same)]
            if board.has_moves and board.moved
            else []
        ),
    ]
    x = margin
    for i, ((_, share, align), (text, bold, colour)) in enumerate(zip(cols, cells)):
        room = table * share - 2 * scale
        pdf.set_text_color(*rgb(colour))
        pdf.set_font(
            FONT, "B" if bold else "", (10 if i == 0 and medal and len(text) > 1 else 12) * scale
        )  # in the disc
        names = _name_lines(pdf, line, scale, names_room) if i == 1 else []
        shown = names[0] if i == 1 else _fit(pdf, text, room)
        if i == 1 and (line.detail or len(names) > 1):  # the name's lines from the top, then its prizes
            for k, part in enumerate(names):
                pdf.set_xy(x, y + (0.8 + NAME_LINE * k) * scale)
                _cell(pdf, table * share, 5.6 * scale, part, align)
            if line.detail:
                pdf.set_font(FONT, "", PRIZE_PT * scale)
                pdf.set_text_color(*rgb(drawn.heading))
                pdf.set_xy(x, y + (6.4 + NAME_LINE * (len(names) - 1)) * scale)
                _cell(pdf, table * share, 4.4 * scale, _fit(pdf, line.detail, room), align)
        else:
            pdf.set_xy(x, y)
            _cell(pdf, table * share, row, shown, align)
        x += table * share

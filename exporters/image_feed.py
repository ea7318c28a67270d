"""The feed pages (1080x1350): the table cut into pages, each with its band, the panels of rows, the figure
columns laid out right to left from the right margin (each as wide as its widest figure or its heading, the name
taking the rest) and the footer of notes, the update time and the arrows' legend.

Its own module so the page's layout reads apart from how text is drawn (`image_text`) and from the card."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from exporters.board import SHORT_LEGEND, move_text
from exporters.branding import MEDALS, inks, local_time, stripe
from exporters.image_band import _band_line, _logo, _png, _standing, _title
from exporters.image_sizes import MARGIN, MAX_PAGES
from exporters.image_text import LEAST, Typeface, _Canvas, marked

if TYPE_CHECKING:
    from exporters.board import Board, Line
    from exporters.branding import Branding
    from exporters.image_sizes import Layout
    from exporters.image_text import Measure

COLUMNS = {"rank": 0.07, "name": 0.14}
"""Anchors as fractions of a panel's width: rank centred, name left; the figures are laid out by `_columns`."""
GAP = 0.03
"""The space between two figure columns, and between the name and the first of them, as a fraction of the width."""


def pages(board: Board, layout: Layout, most: int = MAX_PAGES) -> list[list[Line]]:
    """The table cut into pages of the rows that fit, at most `most`; an empty table is one page saying so."""
    lines, n = list(board.lines), layout.per_page
    if len(lines) > n * most:
        return [lines[i:i + n] for i in range(0, n * most, n)]
    count = max(-(-len(lines) // n), 1)  # as few pages as fit, their rows spread evenly: none ends with a few rows
    size, extra = divmod(len(lines), count)
    starts = [k * size + min(k, extra) for k in range(count + 1)]
    return [lines[starts[k]:starts[k + 1]] for k in range(count)]


def _pages(board: Board, layout: Layout, branding: Branding, league: str, most: int) -> list[bytes]:
    cut = pages(board, layout, most)
    left = len(board.lines) - sum(map(len, cut))
    return [_page(board, layout, branding, league, lines, i, len(cut), left if i == len(cut) else 0)
            for i, lines in enumerate(cut, 1)]


def _page(board: Board, layout: Layout, branding: Branding, league: str, lines: list[Line], page: int,
          total: int, more: int) -> bytes:
    from PIL import Image

    w, h = layout.width, layout.height
    canvas = _Canvas(Image.new("RGB", (w, h), branding.background), branding)
    draw = canvas.draw
    draw.rectangle((0, 0, w, layout.band), fill=branding.primary)
    draw.rectangle((0, layout.band, w, layout.band + 6), fill=branding.accent)
    left = MARGIN * w + _logo(canvas.image, branding, layout)
    room = w - left - MARGIN * w
    sub = (board.title, f"  ·  page {page}/{total}" if total > 1 else "")
    second = layout.title * 3 // 5
    if board.standing:  # three lines: the league, the table, where it stands, each as large as the table's name
        _title(canvas, left, layout.band * 0.25, league, layout.title * 9 // 10, room)
        _band_line(canvas, left, layout.band * 0.56, sub, second, room)
        _band_line(canvas, left, layout.band * 0.82, _standing(board), second, room, True)
    else:
        _title(canvas, left, layout.band * 0.36, league, layout.title, room)
        _band_line(canvas, left, layout.band * 0.74, sub, second, room)
    per_panel = max(-(-len(lines) // layout.panels), 1)  # a short page's rows shared evenly between the panels
    for panel in range(layout.panels):
        chunk = lines[panel * per_panel:(panel + 1) * per_panel]
        if chunk or panel == 0:
            _panel(canvas, board, layout, chunk, panel * w // layout.panels, w // layout.panels)
    if not lines:
        canvas.text(w / 2, layout.band + layout.row * 2.5, "No standings yet", layout.name, align="m")
    _footer(canvas, board, layout, more, any(move_text(line.move) for line in lines))
    return _png(canvas.image, branding)


def _footer(canvas: _Canvas, board: Board, layout: Layout, more: int, moves: bool) -> None:
    """The footnotes over the time of the update on the left; the arrows' legend, whenever the page shows a move,
    over how many more lines the full table has on the right. One line each side is drawn at the footer's middle."""
    w, small = layout.width, layout.small
    left = [*(["   ".join(board.footnotes)] if board.footnotes else []),
            f"Updated {local_time(board.updated, canvas.branding)}"]
    right = [*([SHORT_LEGEND] if moves else []), *([f"and {more:,} more in the full table"] if more else [])]
    rows = [layout.height - layout.footer * 0.5] if max(len(left), len(right)) == 1 else \
        [layout.height - layout.footer * 0.72, layout.height - layout.footer * 0.3]
    taken: dict[float, float] = {}  # how much of each row the right side takes
    for y, text in zip(rows[len(rows) - len(right):], right):
        legend = text == SHORT_LEGEND
        canvas.text((1 - MARGIN) * w, y, text, small, not legend, inks(canvas.branding).same if legend else "", "r")
        taken[y] = Typeface(small, not legend).getlength(text) + GAP * w
    for y, text in zip(rows[len(rows) - len(left):], left):
        canvas.text(MARGIN * w, y, text, small, room=(1 - 2 * MARGIN) * w - taken.get(y, 0))


@dataclass(frozen=True)
class _Figures:
    """One column of figures: its heading, what each line shows in it, in which type."""

    heading: str
    cell: Callable[[Line], str]
    px: int
    bold: bool = False
    arrows: bool = False
    """Moves, drawn in the colour of their direction."""


@dataclass(frozen=True)
class _Placed:
    """A column of figures laid out: the right edge its heading and figures align to, its width, the heading's lines
    and their size."""

    figures: _Figures
    right: float
    wide: float
    heading: tuple[str, ...]
    px: int


def _figures(board: Board, layout: Layout) -> list[_Figures]:
    """The table's figure columns, left to right: the count, the score, the tiebreaker and, once a move exists, Move."""
    figure = max(layout.small, layout.name * 17 // 20)
    out = [_Figures(board.count_label, lambda line: line.count, figure)] if board.count_label else []
    out += [_Figures(board.score_label, lambda line: line.score, layout.name, True),
            _Figures(board.tiebreak_label, lambda line: line.tiebreak, figure)]
    if board.has_moves and board.moved:
        out.append(_Figures("Move", lambda line: move_text(line.move), figure, True, arrows=True))
    return out


def _split(heading: str, face: Measure) -> tuple[str, ...]:
    """The heading on two lines broken at the space that makes the longer line shortest; one line without a space."""
    words = heading.split()
    if len(words) < 2:
        return (heading,)
    cuts = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    return min(cuts, key=lambda cut: max(map(face.getlength, cut)))


DIGITS = str.maketrans("123456789", "000000000")


def _widest(texts: Iterable[str], face: Measure) -> float:
    """The width of the widest text, each shape measured once: DejaVu Sans draws every digit one width, so a
    column of 2,000 figures is a few measures ("0.0000", "00"), not 2,000 a page."""
    return max((face.getlength(shape) for shape in {text.translate(DIGITS) for text in texts}), default=0.0)


def _columns(board: Board, layout: Layout, lines: list[Line], x0: int, width: int) -> tuple[list[_Placed], float]:
    """The figure columns laid out right to left from the right margin, each as wide as its widest figure (over the
    whole table, so every page puts them in the same place) or its heading; and the room left for the names.

    Headings keep the type of the page while the names fit; else they get smaller, down to `LEAST`, then take two
    lines, then the columns close up a little, until the names fit; past that a name gives way to an ellipsis, and
    a heading wider than a fifth of the panel too."""
    columns = _figures(board, layout)
    needs = [_widest(map(c.cell, board.lines), Typeface(c.px, c.bold)) for c in columns]
    name_x, right = x0 + COLUMNS["name"] * width, x0 + width - MARGIN * width
    names = max((max(Typeface(layout.name).getlength(marked(line, Typeface(layout.name), float("inf"))),
                     Typeface(layout.small).getlength(line.detail) if line.detail else 0.0)
                 for line in lines), default=0.0)
    sizes = range(layout.small, min(layout.small, LEAST) - 1, -1)
    choices = [(px, count, GAP) for count in (1, 2) for px in sizes] + [(sizes[-1], 2, GAP * 2 / 3)]
    best: tuple[list[_Placed], float] = ([], 0.0)
    for px, count, gap in choices:
        face = Typeface(px, True)
        placed, edge = [], right
        for column, need in zip(reversed(columns), reversed(needs)):
            heading = (column.heading,) if count == 1 else _split(column.heading, face)
            wide = max(need, min(max(map(face.getlength, heading)), width / 5))
            placed.append(_Placed(column, edge, wide, heading, px))
            edge -= wide + gap * width
        room = edge - name_x
        if room > best[1] or not best[0]:
            best = (placed[::-1], room)
        if room >= names:
            return placed[::-1], room
    return best


def _panel(canvas: _Canvas, board: Board, layout: Layout, lines: list[Line], x0: int, width: int) -> None:
    """The column headings and rows of one panel, `width` pixels wide from `x0`."""
    drawn = inks(canvas.branding)
    colour = drawn.heading
    small = layout.small
    rank_x, name_x = x0 + COLUMNS["rank"] * width, x0 + COLUMNS["name"] * width
    columns, name_room = _columns(board, layout, lines, x0, width)
    head = layout.band + layout.row * 0.6
    px = columns[0].px if columns else small
    canvas.text(rank_x, head, "#", px, True, colour, "m")
    canvas.text(name_x, head, "Name", px, True, colour)
    for placed in columns:
        spread = px * 0.55 * (len(placed.heading) - 1)  # two lines: one over the other about the heading's middle
        for k, part in enumerate(placed.heading):
            canvas.text(placed.right, head - spread + 2 * spread * k, part, px, True, colour, "r", room=placed.wide)
    for i, line in enumerate(lines):
        top = layout.band + layout.row * (i + 1)
        mid = top + layout.row / 2
        if i % 2 == 0:
            canvas.draw.rectangle((x0, top, x0 + width, top + layout.row), fill=stripe(canvas.branding))
        if i and line.cut and lines[i - 1].cut and line.cut != lines[i - 1].cut:  # the cut line
            canvas.draw.rectangle((x0 + MARGIN * width, top - 2, x0 + width - MARGIN * width, top + 2),
                                  fill=canvas.branding.accent)
        medal = MEDALS.get(line.rank) if line.held else None
        if medal:
            r = layout.row * 0.38 if layout.row < 60 else layout.name * 0.8
            canvas.draw.ellipse((rank_x - r, mid - r, rank_x + r, mid + r), fill=medal)
        rank_px = layout.name if len(line.shown_rank) < (2 if medal else 3) else layout.name * 3 // 4  # in the disc
        canvas.text(rank_x, mid, line.shown_rank, rank_px, True, drawn.medals[line.rank] if medal else "", "m")
        lift = layout.row * 0.17 if line.detail else 0
        canvas.text(name_x, mid - lift, marked(line, Typeface(layout.name), name_room), layout.name)
        if line.detail:
            canvas.text(name_x, mid + layout.row * 0.27, line.detail, small, color=colour, room=name_room)
        for placed in columns:
            figures = placed.figures
            shown = figures.cell(line)
            shade = "" if not figures.arrows or not shown else \
                drawn.up if shown[0] == "▲" else drawn.down if shown[0] == "▼" else drawn.same
            canvas.text(placed.right, mid, shown, figures.px, figures.bold, shade, "r")

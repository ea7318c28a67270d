"""The feed pages (1080x1350): the table cut into pages, each with its band, the panels of rows, the figure
columns laid out right to left from the right margin (each as wide as its widest figure or its heading, the name
taking the rest) and the footer of notes, the update time and the arrows' legend.

Its own module so the page's layout reads apart from how text is drawn (`image_text`) and from the card."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from exporters.board import SHORT_LEGEND, move_direction, move_text
from exporters.branding import MEDALS, inks, stripe
from exporters.image_band import _logo, _png, _standing, band_lines
from exporters.image_rows import ACCENT, LEADING, Geometry, detail_size, geometry, strip_label
from exporters.image_sizes import MARGIN, MAX_PAGES
from exporters.image_text import LEAST, Typeface, _Canvas, broken, fit, marked, whole, wrap

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
        return [lines[i : i + n] for i in range(0, n * most, n)]
    count = max(-(-len(lines) // n), 1)  # as few pages as fit, their rows spread evenly: none ends with a few rows
    size, extra = divmod(len(lines), count)
    starts = [k * size + min(k, extra) for k in range(count + 1)]
    return [lines[starts[k] : starts[k + 1]] for k in range(count)]


def _pages(board: Board, layout: Layout, branding: Branding, league: str, most: int) -> list[bytes]:
    cut = pages(board, layout, most)
    left = len(board.lines) - sum(map(len, cut))
    return [
        _page(board, layout, branding, league, lines, i, len(cut), left if i == len(cut) else 0)
        for i, lines in enumerate(cut, 1)
    ]


def _page(
    board: Board, layout: Layout, branding: Branding, league: str, lines: list[Line], page: int, total: int, more: int
) -> bytes:
    from PIL import Image

    w, h = layout.width, layout.height
    canvas = _Canvas(Image.new("RGB", (w, h), branding.background), branding)
    draw = canvas.draw
    draw.rectangle((0, 0, w, layout.band), fill=branding.primary)
    draw.rectangle((0, layout.band, w, layout.band + ACCENT), fill=branding.accent)
    left = MARGIN * w + _logo(canvas.image, branding, layout)
    room = w - left - MARGIN * w
    sub = (board.title, f"  ·  page {page}/{total}" if total > 1 else "")
    second = layout.title * 3 // 5
    under = [(sub, second, False), *([(_standing(board), second, True)] if board.standing else [])]
    title = layout.title * 9 // 10 if board.standing else layout.title
    band_lines(canvas, left, layout.band, league, title, under, room)
    where = geometry(board, layout, branding, lines, more)
    per_panel = max(-(-len(lines) // layout.panels), 1)  # a short page's rows shared evenly between the panels
    for panel in range(layout.panels):
        span = range(panel * per_panel, min((panel + 1) * per_panel, len(lines)))
        if span or panel == 0:
            _panel(
                canvas,
                board,
                layout,
                where,
                [(lines[i], where.tops[i]) for i in span],
                panel * w // layout.panels,
                w // layout.panels,
            )
    for top, i in where.strips:
        _strip(canvas, layout, top, where.strip, strip_label(lines[i - 1], lines[i]))
    if not lines:
        canvas.text(w / 2, where.head + where.row * 2.5, "No standings yet", layout.name, align="m")
    _footer(canvas, layout, where)
    return _png(canvas.image, branding, canvas.coloured)


def _strip(canvas: _Canvas, layout: Layout, top: float, height: float, label: str) -> None:
    """The playoff cut between two rows: a rule across the page, labelled in its middle with the zone above and the
    zone below, so the line reads without the footnote."""
    w, mid = layout.width, top + height / 2
    canvas.draw.rectangle((MARGIN * w, mid - 2, w - MARGIN * w, mid + 2), fill=canvas.branding.accent)
    wide = Typeface(layout.small, True).getlength(label) + 24
    canvas.draw.rectangle(
        (w / 2 - wide / 2, top + 1, w / 2 + wide / 2, top + height - 1), fill=canvas.branding.background
    )
    canvas.text(w / 2, mid, label, layout.small, True, inks(canvas.branding).heading, "m", room=w * (1 - 2 * MARGIN))


def _footer(canvas: _Canvas, layout: Layout, where: Geometry) -> None:
    """The footer's lines (`footer_lines`), each at its line's middle: left and right, the right text first so the
    left one never runs into it."""
    w, small = layout.width, layout.small
    step = small * LEADING
    first = where.footer_top + (layout.height - where.footer_top - step * len(where.footer)) / 2 + step / 2
    for k, (left, right) in enumerate(where.footer):
        y = first + k * step
        taken = 0.0
        if right:
            legend = right == SHORT_LEGEND
            shade = inks(canvas.branding).same if legend else ""
            canvas.text((1 - MARGIN) * w, y, right, small, not legend, shade, "r")
            taken = Typeface(small, not legend).getlength(right) + GAP * w
        if left:
            canvas.text(MARGIN * w, y, left, small, room=(1 - 2 * MARGIN) * w - taken)


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
    out += [
        _Figures(board.score_label, lambda line: line.score, layout.name, True),
        _Figures(board.tiebreak_label, lambda line: line.tiebreak, figure),
    ]
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


def _columns(
    board: Board, layout: Layout, lines: list[Line], x0: int, width: int, name_px: int | None = None
) -> tuple[list[_Placed], float]:
    """The figure columns laid out right to left from the right margin, each as wide as its widest figure (over the
    whole table, so every page puts them in the same place) or its heading; and the room left for the names.

    Headings keep the type of the page while the names fit; else they get smaller, down to `LEAST`, then take two
    lines, then the columns close up a little, until the names fit; past that a name gives way to an ellipsis, and
    a heading wider than a fifth of the panel too."""
    columns = _figures(board, layout)
    needs = [_widest(map(c.cell, board.lines), Typeface(c.px, c.bold)) for c in columns]
    name_x, right = x0 + COLUMNS["name"] * width, x0 + width - MARGIN * width
    name = Typeface(name_px or layout.name)
    names = max(
        (
            max(
                name.getlength(marked(line, name, float("inf"))),
                Typeface(layout.small).getlength(line.detail) if line.detail else 0.0,
            )
            for line in lines
        ),
        default=0.0,
    )
    sizes = range(layout.small, min(layout.small, LEAST) - 1, -1)
    choices = [(px, count, GAP) for count in (1, 2) for px in sizes] + [(sizes[-1], 2, GAP * 2 / 3)]
    best: tuple[list[_Placed], float] = ([], 0.0)
    for px, count, gap in choices:
        face = Typeface(px, True)
        placed, edge, whole = [], right, True
        for column, need in zip(reversed(columns), reversed(needs)):
            heading = (column.heading,) if count == 1 else _split(column.heading, face)
            longest = max(map(face.getlength, heading))
            whole = whole and longest <= max(need, width / 5)
            wide = max(need, min(longest, width / 5))
            placed.append(_Placed(column, edge, wide, heading, px))
            edge -= wide + gap * width
        room = edge - name_x
        if room > best[1] or not best[0]:
            best = (placed[::-1], room)
        if room >= names and whole:
            return placed[::-1], room
    return best


def _panel(
    canvas: _Canvas, board: Board, layout: Layout, where: Geometry, rows: list[tuple[Line, float]], x0: int, width: int
) -> None:
    """The column headings and rows of one panel, `width` pixels wide from `x0`, each line at its row's top."""
    drawn = inks(canvas.branding)
    colour = drawn.heading
    row = where.row
    rank_x, name_x = x0 + COLUMNS["rank"] * width, x0 + COLUMNS["name"] * width
    columns, name_room = _columns(board, layout, [line for line, _ in rows], x0, width, where.name)
    head = where.head + row * 0.5
    px = columns[0].px if columns else layout.small
    canvas.text(rank_x, head, "#", px, True, colour, "m")
    canvas.text(name_x, head, "Name", px, True, colour)
    for placed in columns:
        spread = px * 0.55 * (len(placed.heading) - 1)  # two lines: one over the other about the heading's middle
        for k, part in enumerate(placed.heading):
            canvas.text(placed.right, head - spread + 2 * spread * k, part, px, True, colour, "r", room=placed.wide)
    small = detail_size(layout, row)
    for i, (line, top) in enumerate(rows):
        mid = top + row / 2
        if i % 2 == 0:
            canvas.draw.rectangle((x0, top, x0 + width, top + row), fill=stripe(canvas.branding))
        medal = MEDALS.get(line.rank) if line.held else None
        if medal:
            r = min(row * 0.42, where.name * 0.8)
            canvas.draw.ellipse((rank_x - r, mid - r, rank_x + r, mid + r), fill=medal)
        rank_px = where.name if len(line.shown_rank) < (2 if medal else 3) else where.name * 3 // 4  # in the disc
        canvas.text(rank_x, mid, line.shown_rank, rank_px, True, drawn.medals[line.rank] if medal else "", "m")
        _name(canvas, line, layout, where, name_x, mid, name_room, small)
        for placed in columns:
            figures = placed.figures
            shown = figures.cell(line)
            shade = ""
            if figures.arrows and shown:
                shade = {"up": drawn.up, "down": drawn.down, "same": drawn.same}[move_direction(line.move)]
            canvas.text(placed.right, mid, shown, min(figures.px, where.name), figures.bold, shade, "r")


def _name(
    canvas: _Canvas, line: Line, layout: Layout, where: Geometry, x: float, mid: float, room: float, small: int
) -> None:
    """A line's name with its mark, over its prize line when it has one. A name too long for its room takes a
    second line (in smaller type, never under `LEAST`) before it is shortened; beside a prize line it keeps one."""
    face = Typeface(where.name)
    tail = f" {line.mark}" if line.mark else ""
    if line.detail:
        gap = 2
        total = where.name + small + gap
        canvas.text(x, mid - total / 2 + where.name / 2, marked(line, face, room), where.name)
        canvas.text(x, mid + total / 2 - small / 2, line.detail, small, color=inks(canvas.branding).heading, room=room)
        return
    if face.getlength(line.name + tail) <= room:
        canvas.text(x, mid, line.name + tail, where.name)
        return
    px = max(LEAST, min(where.name, int(where.row / (2 * LEADING))))
    two = Typeface(px)
    parts = broken(line.name + tail, two, room)
    if not whole(parts, two, room, 2):  # shortened anyway: the rest of the name gives way, never the mark
        parts = wrap(line.name, two, room, 2)
        parts = [*parts[:-1], _fit_marked(line, parts, two, room)] if len(parts) == 2 else [marked(line, face, room)]
    if len(parts) == 1:
        canvas.text(x, mid, parts[0], where.name)
        return
    for k, part in enumerate(parts):
        canvas.text(x, mid + (k - 0.5) * px * 1.1, part, px)


def _fit_marked(line: Line, parts: list[str], face: Typeface, room: float) -> str:
    """The second line of a two-line name that still does not fit: the rest of the name shortened, the mark whole."""
    tail = f" {line.mark}" if line.mark else ""
    rest = line.name[len(parts[0]) :].lstrip()
    return fit(rest, face, room - face.getlength(tail)) + tail

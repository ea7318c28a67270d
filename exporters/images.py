"""PNG images of a standings table sized for Facebook: a feed post (1080x1350) and a link share (1200x630).

Drawn with Pillow in the chain of fonts of `fonts.py` (DejaVu Sans first, then Noto for the other scripts),
each run of text shaped by libraqm where Pillow has it (Arabic joined and right to left, Indic marks placed):
matplotlib's text layout measured about 0.4 s a page here against under 25 ms for Pillow's. The link size is one
card of the top lines; a table longer than a feed page goes on further feed pages. The figure columns take what
their figures and headings need from the right margin and the name the rest; a text too long for its room first
gets smaller, then is shortened with an ellipsis measured with the font itself, so it is never cut mid-glyph or
drawn over the next column."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Protocol

from exporters.board import SHORT_LEGEND, Board, Line, move_text
from exporters.branding import MEDALS, Branding, inks, local_time, rgb, stripe
from exporters.fonts import Face, chain, drawable, font_file, runs

if TYPE_CHECKING:
    from pathlib import Path

    from PIL.Image import Image
    from PIL.ImageFont import FreeTypeFont

MARGIN = 0.04
COLUMNS = {"rank": 0.07, "name": 0.14}
"""Anchors as fractions of a panel's width: rank centred, name left; the figures are laid out by `_columns`."""
GAP = 0.03
"""The space between two figure columns, and between the name and the first of them, as a fraction of the width."""
LEAST = 21
"""The smallest type any text but a name gets, however long: DejaVu Sans at 21 px draws "lg" 20 px high, the least
a phone reads. A heading takes two lines before an ellipsis, a band's line keeps its end whole."""


@dataclass(frozen=True)
class Layout:
    """Where things go on one image size, in pixels."""

    width: int
    height: int
    band: int
    """Height of the title band."""
    title: int
    """Title font size."""
    row: int
    """Height of one competitor's row."""
    name: int
    """Name font size; headings and the prize line are smaller."""
    footer: int
    small: int
    """Every other text: headings, the prize line, tiebreakers, the footer."""
    panels: int = 1
    """Side-by-side columns of rows on a page."""

    @property
    def per_page(self) -> int:
        """How many rows fit on a page."""
        return self.panels * ((self.height - self.band - self.row - self.footer) // self.row)

    @property
    def label(self) -> str:
        return f"{self.width}x{self.height}"


FEED = Layout(1080, 1350, band=220, title=56, row=80, name=34, footer=110, small=24)
"""A Facebook feed post (4:5 portrait), read on a phone 390 points wide: names drawn at 34 px come out near 12 pt,
everything else at 24 px (never under 20 px) near 9 pt."""
LINK = Layout(1200, 630, band=205, title=44, row=56, name=40, footer=44, small=24)
"""A link or cover share (1.91:1 landscape): one image, the card (`card`), of the top lines in type of at least
36 px; the feed pages list everyone. The card uses its size and band; the rest says what the card draws at."""
SAFE = (60, 87, 1140, 543)
"""The card's safe band (left, top, right, bottom): what a link preview, a 1.91:1 crop and a cover's 820x312
(2.63:1, the middle 456 rows of 630) all keep. Everything that matters is drawn inside it; outside is the
background and the colour bands only."""
CARD_ROWS = 5
"""The top lines the card shows (fewer when the table is shorter), in type of at least 36 px."""
CARD_TYPE = 40
"""The size of the card's ranks, names and scores."""
CARD_HEAD = 24
"""The size of the card's column headings, in the row between the band and the lines."""

LAYOUTS = (FEED, LINK)
MAX_PAGES = 10
"""A post shows ten images at most, and nobody scrolls further: past 200 or so lines the last page says how
many more there are, and the web page lists them all (a 2,000-player league would otherwise draw 200 pages)."""


def pages(board: Board, layout: Layout, most: int = MAX_PAGES) -> list[list[Line]]:
    """The table cut into pages of the rows that fit, at most `most`; an empty table is one page saying so."""
    lines, n = list(board.lines), layout.per_page
    if len(lines) > n * most:
        return [lines[i:i + n] for i in range(0, n * most, n)]
    count = max(-(-len(lines) // n), 1)  # as few pages as fit, their rows spread evenly: none ends with a few rows
    size, extra = divmod(len(lines), count)
    starts = [k * size + min(k, extra) for k in range(count + 1)]
    return [lines[starts[k]:starts[k + 1]] for k in range(count)]


def render(board: Board, layout: Layout, branding: Branding, league: str, most: int = MAX_PAGES) -> list[bytes]:
    """The pages of the table at one size (at most `most`), as PNG bytes; at the link size only the card, which
    is all a link preview or a cover shows (the feed pages and the page list everyone)."""
    if layout == LINK:
        return [card(board, branding, league)]
    return _pages(board, layout, branding, league, most)


def _pages(board: Board, layout: Layout, branding: Branding, league: str, most: int) -> list[bytes]:
    cut = pages(board, layout, most)
    left = len(board.lines) - sum(map(len, cut))
    return [_page(board, layout, branding, league, lines, i, len(cut), left if i == len(cut) else 0)
            for i, lines in enumerate(cut, 1)]


LOGO_SHARE = 0.22
"""The most of the width a logo takes, however wide it is: the league's name keeps the rest of the band."""
WEIGHTS = {False: 400, True: 700}
"""The weight a variable fallback font is set to for regular and bold text."""


class Measure(Protocol):
    """Anything that measures a text's width in pixels: a Pillow font, or a `Typeface` of the whole chain."""

    def getlength(self, text: str) -> float: ...


@cache
def font(px: int, bold: bool = False) -> FreeTypeFont:
    """The bundled font (DejaVu Sans) at a size in pixels."""
    from PIL import ImageFont

    return ImageFont.truetype(str(font_file(bold)), px)


@cache
def face_font(face: Face, px: int, bold: bool = False) -> FreeTypeFont:
    """A face of the font chain at a size in pixels; a variable face set to the weight."""
    from PIL import ImageFont

    if face == chain(bold)[0]:
        return font(px, bold)
    loaded = ImageFont.truetype(str(face.path), px, index=face.index)
    if face.variable:
        axes = loaded.get_variation_axes()
        loaded.set_variation_by_axes([float(WEIGHTS[bold]) if axis.get("name") in (b"Weight", "Weight")
                                      else float(axis.get("default") or 0) for axis in axes])
    return loaded


@dataclass(frozen=True)
class Typeface:
    """The whole chain at one size and weight: measures and draws text run by run, each in the face that holds it."""

    px: int
    bold: bool = False

    def runs(self, text: str) -> list[tuple[str, FreeTypeFont]]:
        """The runs of `text` in the order they are drawn left to right, each with its font.

        A face whose space is wider than DejaVu Sans's (Noto Emoji's is 1.27 em) leaves its spaces to DejaVu Sans:
        an emoji then advances as far as it draws, with no blank after it."""
        primary = font(self.px, self.bold)
        if _in_dejavu(text, self.bold):
            return [(text, primary)]
        pieces: list[tuple[str, FreeTypeFont]] = []
        for piece, face in runs(drawable(text, self.bold), self.bold):
            drawn = face_font(face or chain(self.bold)[0], self.px, self.bold)
            if drawn is primary or drawn.getlength(" ") <= primary.getlength(" "):
                pieces.append((piece, drawn))
                continue
            pieces += [(part, primary if part.isspace() else drawn) for part in re.split(r"(\s+)", piece) if part]
        return pieces[::-1] if _right_to_left(text) else pieces

    def getlength(self, text: str) -> float:
        return sum(face.getlength(piece) for piece, face in self.runs(text))


@cache
def _dejavu(bold: bool) -> frozenset[int]:
    from exporters.fonts import coverage

    return coverage(chain(bold)[0])


def _in_dejavu(text: str, bold: bool) -> bool:
    """The common case, checked before anything else: DejaVu Sans draws the whole text in one run."""
    held = _dejavu(bold)
    return all(ord(c) in held for c in text)  # one run: raqm orders it, right to left or not


def _right_to_left(text: str) -> bool:
    """Whether the text's first strong character is Hebrew or Arabic: its runs then read from the right."""
    import unicodedata

    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in ("L", "R", "AL"):
            return kind != "L"
    return False


def fit(text: str, face: Measure, room: float) -> str:
    """`text`, or as much of it as fits in `room` pixels followed by an ellipsis, never cut inside a character
    and its marks."""
    if face.getlength(text) <= room:
        return text
    from exporters.fonts import _attaches

    cuts = [i for i in range(len(text) + 1) if i == len(text) or not _attaches(text[i])]
    low, high = 0, len(cuts) - 1
    while low < high:  # the longest prefix that fits with its ellipsis
        mid = (low + high + 1) // 2
        if face.getlength(text[:cuts[mid]].rstrip() + "…") <= room:
            low = mid
        else:
            high = mid - 1
    return text[:cuts[low]].rstrip() + "…"


def shrunk(head: str, tail: str, px: int, least: int, room: float, bold: bool = False) -> tuple[str, int]:
    """`head + tail` and the largest size from `px` down to `least` it fits `room` at; past that, at `least`, the
    head gives way to an ellipsis and the tail stays whole (a page number, where the event stands)."""
    for size in range(px, least - 1, -1):
        if Typeface(size, bold).getlength(head + tail) <= room:
            return head + tail, size
    face = Typeface(least, bold)
    return fit(head, face, room - face.getlength(tail)) + tail, least


def _title(canvas: _Canvas, x: float, y: float, text: str, px: int, room: float) -> None:
    """The league's name in the band: smaller, down to half its size, before a long name needs an ellipsis."""
    shown, size = shrunk(text, "", px, max(px // 2, LEAST), room, True)
    canvas.text(x, y, shown, size, True, inks(canvas.branding).title)


def _standing(board: Board) -> tuple[str, str]:
    """The band's standing line cut where a long champion's name gives way: before where the event stands."""
    head = board.standing.removesuffix(board.stands).rstrip(" ·") if board.champion else board.standing
    return head, board.standing[len(head):]


def _band_line(canvas: _Canvas, x: float, y: float, parts: tuple[str, str], px: int, room: float,
               bold: bool = False) -> None:
    """A line under the title, down to three quarters of its size (never under `LEAST`) before its head gives way."""
    shown, size = shrunk(*parts, px, min(px, max(px * 3 // 4, LEAST)), room, bold)
    canvas.text(x, y, shown, size, bold, inks(canvas.branding).title)


class _Canvas:
    """One page being drawn: text anchored left ("l"), centred ("m") or right ("r") at a row's middle."""

    def __init__(self, image: Image, branding: Branding) -> None:
        from PIL import ImageDraw

        self.image, self.branding = image, branding
        self.draw = ImageDraw.Draw(image)

    def text(self, x: float, y: float, s: str, px: int, bold: bool = False, color: str = "", align: str = "l",
             room: float | None = None) -> None:
        face = Typeface(px, bold)
        shown = fit(s, face, room) if room is not None else s
        fill = color or inks(self.branding).text
        pieces = face.runs(shown)
        if len(pieces) == 1 and pieces[0][1] is font(px, bold):  # the common case: one run in DejaVu Sans
            self.draw.text((x, y), pieces[0][0], font=pieces[0][1], fill=fill, anchor=align + "m")
            return
        widths = [f.getlength(piece) for piece, f in pieces]
        left = x - {"l": 0.0, "m": sum(widths) / 2, "r": sum(widths)}[align]
        ascent, descent = font(px, bold).getmetrics()
        baseline = y + (ascent - descent) / 2  # where DejaVu's middle anchor puts it, shared by every run
        for (piece, f), width in zip(pieces, widths):
            self.draw.text((left, baseline), piece, font=f, fill=fill, anchor="ls")
            left += width


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


def _png(image: Image, branding: Branding) -> bytes:
    """The page as a 256-colour PNG: it encodes in half the time of full colour (Pillow spends it filtering
    rows, whatever the level) at a third of the size. The page holds only the branding's colours and the
    antialiased edges between them, so their blends make an exact palette; a logo brings colours of its
    own, and then the palette is the image's."""
    from PIL import Image as PILImage

    if branding.logo is None:
        paged = image.quantize(palette=_palette(branding), dither=PILImage.Dither.NONE)
    else:
        paged = image.quantize(256, PILImage.Quantize.FASTOCTREE, dither=PILImage.Dither.NONE)
    out = io.BytesIO()
    paged.save(out, "PNG", compress_level=1)
    return out.getvalue()


STEPS = 10
"""Blends between two colours in the palette: antialiased text shows no banding at this many."""


@cache
def _palette(branding: Branding) -> Image:
    """Every colour the page draws and the blends along the edges where one meets another."""
    from PIL import Image as PILImage

    bg, row, primary = rgb(branding.background), stripe(branding), rgb(branding.primary)
    drawn = inks(branding)
    ink, accent, title, heading = rgb(drawn.text), rgb(branding.accent), rgb(drawn.title), rgb(drawn.heading)
    under = (bg, row)
    pairs = [(ink, bg), (ink, row), (title, primary), (heading, bg), (heading, row), (primary, bg), (accent, primary),
             (accent, bg)]
    for rank, medal in ((rank, rgb(disc)) for rank, disc in MEDALS.items()):
        pairs += [(rgb(drawn.medals[rank]), medal), (medal, bg), (medal, row)]
    pairs += [(rgb(mark), back) for mark in (drawn.up, drawn.down, drawn.same) for back in under]
    colours = dict.fromkeys([*(a for pair in pairs for a in pair)])
    for a, b in pairs:
        for k in range(1, STEPS):
            colours.setdefault(tuple(round(x + (y - x) * k / STEPS) for x, y in zip(a, b)), None)  # type: ignore[arg-type]
    flat = [c for colour in list(colours)[:256] for c in colour]
    palette = PILImage.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(flat) // 3))
    return palette


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


def marked(line: Line, face: Measure, room: float) -> str:
    """The name with its mark (`*`, `†`, `DQ`) after it; a long name gives way, never the mark."""
    tail = f" {line.mark}" if line.mark else ""
    return fit(line.name, face, room - face.getlength(tail)) + tail


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
        held = (" ★" if line.held else "") + (f" · {line.finish}" if line.finish else "")
        room_name = edge - name_x - Typeface(CARD_TYPE).getlength(held)
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


def _logo(image: Image, branding: Branding, layout: Layout) -> int:
    """Paste the logo at the left of the band, scaled to its height but never wider than `LOGO_SHARE` of the page;
    returns the width it takes."""
    if branding.logo is None:
        return 0
    scaled = _scaled_logo(branding.logo, int(layout.band * 0.72), int(layout.width * LOGO_SHARE))
    image.paste(scaled, (int(MARGIN * layout.width), (layout.band - scaled.height) // 2), scaled)
    return scaled.width + int(0.02 * layout.width)


@cache
def _scaled_logo(path: Path, side: int, widest: int) -> Image:
    """The logo decoded and scaled once per size, not again for every page of every table: `side` pixels high, or
    less when that would make it wider than `widest`."""
    from PIL import Image as PILImage

    with PILImage.open(path) as logo:
        scale = min(side / max(logo.height, 1), widest / max(logo.width, 1))
        return logo.convert("RGBA").resize((max(1, round(logo.width * scale)), max(1, round(logo.height * scale))))

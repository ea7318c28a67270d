"""A printable PDF poster of the leaderboard for the stores, A4 or A3, with real (selectable, searchable) text.

fpdf2 embeds the bundled DejaVu Sans (a subset of the glyphs used) and, for the characters it lacks,
the faces of the font chain that hold them (`fonts.py`), each cut to the characters the poster uses
and set to regular or bold; text is shaped with HarfBuzz when a name needs it (Arabic joined and right
to left, Devanagari and Thai marks placed), so names print as typed and a search in the PDF finds
them. fpdf2's own warnings (missing glyphs) are kept off the terminal: the sync reports a name no font
holds in `Problems`. A long table continues on further pages with its column headings repeated, its lines spread
evenly over the pages."""

from __future__ import annotations

import contextlib
import logging
import tempfile
import unicodedata
import warnings
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from exporters.board import LEGEND, Board, Line, move_text
from exporters.branding import MEDALS, Branding, inks, local_time, rgb, stripe
from exporters.fonts import Face, chain, coverage, drawable, face_for, font_file

if TYPE_CHECKING:
    from fpdf import FPDF

SIZES = {"a4": (210.0, 297.0), "a3": (297.0, 420.0)}
"""Portrait page sizes in millimetres."""
FONT = "DejaVu"
LOGO_SHARE = 0.22
"""The most of the page's width a logo takes: the league's name keeps the rest of the band."""
MAX_PAGES = 4
"""A wall holds a few sheets: past about 95 lines (A4) the last page says how many more the web page lists."""
HEADING_PT = (10.0, 6.5)
"""A column heading's type, largest and smallest: a long heading ("Total Scenario Points") gets smaller, then
takes a second line, before it is cut."""
SHRINK = 0.7
"""The smallest share of its type a line of the title band or of the footer takes before it is cut."""
ROW, PRIZE_ROW = 9.0, 12.0
"""A line's height in millimetres on A4: a line holding prizes is taller, for the prizes' own line of type."""
PRIZE_PT = 9.0
"""The prizes under a name, on A4: read from a few steps away on a wall."""
TABLE_TOP, FOOT = 56.0, 6.0
"""Where the first line starts, and the height of each footer line (the update time, the legend, the footnotes)."""


def columns(board: Board) -> list[tuple[str, float, str]]:
    """Heading, share of the table's width and alignment of each column the board has: the count column (the
    record, the losses) when the format keeps one, `Move` once a move exists."""
    cols = [("#", 0.08, "C"), ("Name", 0.0, "L"), *([(board.count_label, 0.12, "R")] if board.count_label else []),
            (board.score_label, 0.14, "R"), (board.tiebreak_label, 0.16, "R"),
            *([("Move", 0.10, "R")] if board.has_moves and board.moved else [])]
    name = 1 - sum(share for _, share, _ in cols)
    return [(head, name if head == "Name" and i == 1 else share, align) for i, (head, share, align) in enumerate(cols)]


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
    with _quiet(), tempfile.TemporaryDirectory(prefix="league-fonts-") as folder:
        _fallbacks(pdf, _texts(board, league), Path(folder))
        return _draw(pdf, board, league, branding, width, height, scale)


def _draw(pdf: FPDF, board: Board, league: str, branding: Branding, width: float, height: float,
          scale: float) -> bytes:
    margin = 12 * scale
    del width
    room = height - (TABLE_TOP + 13 + FOOT * len(_notes(board, board.lines))) * scale  # above the footer's lines
    chunks = pages([_height(line) * scale for line in board.lines], room)
    starts = [sum(chunks[:i]) for i in range(len(chunks))]
    shown = sum(chunks)
    for number, (start, count) in enumerate(zip(starts, chunks), 1):
        chunk = board.lines[start:start + count]
        pdf.add_page()
        _header(pdf, board, league, branding, scale, margin, f"page {number}/{len(chunks)}" if len(chunks) > 1 else "")
        _table(pdf, board, chunk, branding, scale, margin)
        _footer(pdf, board, _notes(board, chunk), branding, scale, margin)
    if shown < len(board.lines):
        pdf.set_font(FONT, "B", 9 * scale)
        pdf.set_xy(margin, pdf.h - 12 * scale)
        _cell(pdf, pdf.w - 2 * margin, FOOT * scale, f"and {len(board.lines) - shown:,} more in the full table", "R")
    return bytes(pdf.output())


def _notes(board: Board, lines: tuple[Line, ...]) -> list[str]:
    """The footer's lines above the update time: the `Move` legend once a move exists, and what the marks mean
    when `lines` show one."""
    return [*([LEGEND] if board.has_moves and board.moved else []),
            *(["   ".join(board.footnotes)] if board.footnotes and any(line.mark for line in lines) else [])]


def _height(line: Line) -> float:
    return PRIZE_ROW if line.detail else ROW


def pages(heights: list[float], room: float) -> list[int]:
    """How many lines each page shows: as many lines as `MAX_PAGES` pages of `room` millimetres hold, spread as
    evenly as their heights allow, so no last page ends with a few lines; `[0]` for an empty table."""
    full = _filled(heights, room)[:MAX_PAGES]
    shown = heights[:sum(full)]
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


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """fpdf2 and fontTools log warnings (a glyph missing from a font) and may warn: kept off the terminal while a
    poster is drawn, since `Problems` already names any name no font holds."""
    loggers = [logging.getLogger(name) for name in ("fpdf", "fontTools")]
    levels = [logger.level for logger in loggers]
    try:
        for logger in loggers:
            logger.setLevel(logging.ERROR)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def _texts(board: Board, league: str) -> list[str]:
    """Every text the poster may draw, to find the fonts it needs before drawing."""
    return [league, board.title, board.standing, board.score_label, board.tiebreak_label, board.count_label,
            "#Name Move–=…·★▲▼*†DQ page 0123456789,", LEGEND, *board.footnotes,
            *(t for line in board.lines for t in (line.name, line.rank, line.score, line.tiebreak, line.count, line.detail)),
            "Updated 2026-01-01 00:00 ", "and more in the full table"]


def _needs_shaping(text: str) -> bool:
    """Right-to-left letters and combining marks: HarfBuzz must join, order and place them."""
    return any(unicodedata.bidirectional(c) in ("R", "AL") or unicodedata.category(c) in ("Mn", "Mc") for c in text)


def _fallbacks(pdf: FPDF, texts: Iterable[str], folder: Path) -> None:
    """Add the faces of the chain that hold what DejaVu Sans lacks, each cut to those characters, as fallbacks; turn
    text shaping on when a text needs it. Nothing is added for a poster DejaVu Sans draws alone (the fast path)."""
    text = "".join(texts)
    primary = {bold: coverage(chain(bold)[0]) for bold in (False, True)}
    lacking = {c for c in text if not c.isspace() and (ord(c) not in primary[False] or ord(c) not in primary[True])}
    faces: dict[Face, set[str]] = {}
    for char in sorted(lacking):
        face = face_for(char)
        if face is not None and face != chain()[0]:
            faces.setdefault(face, set()).add(char)
    names = []
    for i, (face, chars) in enumerate(faces.items()):
        family = f"Fallback{i}"  # one regular cut serves bold text too: cutting Noto Sans CJK takes a second a weight
        path = folder / f"{family}.ttf"
        path.write_bytes(static_subset(face, "".join(sorted(chars)), 400))
        pdf.add_font(family, "", str(path))
        names.append(family)
    if names:
        pdf.set_fallback_fonts(names, exact_match=False)
    if names or _needs_shaping(text):
        pdf.set_text_shaping(True)


@cache
def static_subset(face: Face, chars: str, weight: int) -> bytes:
    """A face cut to `chars` (and the space), set to `weight` when variable, with TrueType outlines: PDF readers
    draw no CFF2 (Noto Sans CJK's variable outlines), and a small static font embeds fast whatever its source."""
    import io

    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    collection = face.path.suffix.lower() in (".ttc", ".otc")
    font = TTFont(str(face.path), fontNumber=face.index if collection else -1, lazy=True)
    options = subset.Options()
    shaped = _needs_shaping(chars)
    options.layout_features = ["*"] if shaped else []
    options.notdef_outline, options.name_IDs = True, ["*"]
    options.drop_tables += ["BASE", "VORG", "VVAR", "DSIG", "MVAR", "STAT", "FFTM", *([] if shaped else ["GSUB", "GPOS", "GDEF"])]
    cutter = subset.Subsetter(options)
    cutter.populate(text=chars + " ")
    cutter.subset(font)
    if "fvar" in font:
        from fontTools.varLib import instancer  # type: ignore[import-untyped]

        axes = {axis.axisTag: min(max(weight, axis.minValue), axis.maxValue) if axis.axisTag == "wght" else axis.defaultValue
                for axis in font["fvar"].axes}
        font = instancer.instantiateVariableFont(font, axes, static=True)
    if "CFF2" in font or "CFF " in font:
        _to_truetype(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _to_truetype(font: object) -> None:
    """Replace a font's CFF or CFF2 outlines with TrueType quadratic ones (fontTools' otf2ttf recipe)."""
    from fontTools.pens.cu2quPen import Cu2QuPen  # type: ignore[import-untyped]
    from fontTools.pens.ttGlyphPen import TTGlyphPen  # type: ignore[import-untyped]
    from fontTools.ttLib import newTable

    tt: Any = font
    order = tt.getGlyphOrder()
    glyphs = tt.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, {}
    for name in order:
        pen = TTGlyphPen(None)
        glyphs[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    tt["glyf"], tt["loca"] = glyf, newTable("loca")
    for tag in ("CFF2", "CFF ", "VORG"):
        if tag in tt:
            del tt[tag]
    maxp = tt["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements", "maxPoints", "maxContours",
                  "maxCompositePoints", "maxCompositeContours", "maxComponentDepth"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    tt["head"].indexToLocFormat, tt["head"].glyphDataFormat = 0, 0
    post = tt["post"]
    post.formatType, post.extraNames, post.mapping = 2.0, [], {}
    tt.sfntVersion = "\x00\x01\x00\x00"


def _fit(pdf: FPDF, text: str, room: float) -> str:
    """`text` (a character no font holds shown as U+FFFD), or as much of it as fits in `room` millimetres followed by
    an ellipsis."""
    text = drawable(text)
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
    _cell(pdf, room, 9 * scale, _fitted(pdf, board.title, f" · {page}" if page else "", room, "",
                                        (13 if board.standing else 15) * scale))
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
    split = min(range(1, len(words)), key=lambda k: max(_width(pdf, " ".join(words[:k]), size * SHRINK),
                                                        _width(pdf, " ".join(words[k:]), size * SHRINK)))
    return [_fit(pdf, " ".join(part), room) for part in (words[:split], words[split:])]


def _fitted(pdf: FPDF, head: str, tail: str, room: float, style: str, size: float) -> str:
    """`head + tail` in the largest type from `size` down to `SHRINK` of it that fits in `room`, the font left so;
    when even the smallest is too wide, `head` gives way to an ellipsis, never `tail` (a long champion's name
    never pushes out "Final standings")."""
    for pt in _steps(size, size * SHRINK):
        if _width(pdf, drawable(head + tail), pt, style) <= room:
            return drawable(head + tail)
    return _fit(pdf, head, room - float(pdf.get_string_width(drawable(tail)))) + drawable(tail)


def _cell(pdf: FPDF, width: float, height: float, text: str, align: str = "L") -> None:
    """One line of text. fpdf2 (2.8.9) sets the page's font for a text that starts in a fallback font inside that
    text's own saved state, yet takes it as set: the next text in the same font would be drawn with whatever font
    the page had before (its figures as other glyphs). Marking the font unset makes the next text set it again."""
    pdf.cell(width, height, text, align=align)
    pdf.current_font_is_set_on_page = False


def _logo_height(path: Path, widest: float) -> float:
    """The height at which the logo is `widest` wide: a wide logo is drawn lower so the title keeps its room."""
    from PIL import Image

    with Image.open(path) as logo:
        return widest * logo.height / max(logo.width, 1)


def _table(pdf: FPDF, board: Board, lines: tuple[Line, ...], branding: Branding, scale: float, margin: float) -> None:
    table, cols = pdf.w - 2 * margin, columns(board)
    y = 48 * scale
    pdf.set_text_color(*rgb(inks(branding).heading))
    x = margin
    for head, share, align in cols:
        _heading(pdf, head, x, y, table * share, align, scale)
        x += table * share
    top = TABLE_TOP * scale
    for i, line in enumerate(lines):
        _row(pdf, board, line, branding, scale, margin, top, i % 2 == 0)
        if i and line.cut and lines[i - 1].cut and line.cut != lines[i - 1].cut:  # the cut line
            pdf.set_fill_color(*rgb(branding.accent))
            pdf.rect(margin, top - 0.6 * scale, table, 1.2 * scale, "F")
        top += _height(line) * scale


def _heading(pdf: FPDF, head: str, x: float, y: float, room: float, align: str, scale: float) -> None:
    """A column's heading, whole: in smaller type when it is long, on two lines when even that is too wide."""
    room -= 1 * scale
    large, small = HEADING_PT
    size = next((pt for pt in _steps(large, small) if _width(pdf, head, pt * scale) <= room), small)
    words = head.split()
    if _width(pdf, head, size * scale) > room and len(words) > 1:
        split = min(range(1, len(words)), key=lambda k: max(_width(pdf, " ".join(words[:k]), small * scale),
                                                            _width(pdf, " ".join(words[k:]), small * scale)))
        for n, part in enumerate((" ".join(words[:split]), " ".join(words[split:]))):
            pdf.set_xy(x, y + n * 3.4 * scale)
            _cell(pdf, room, 3.6 * scale, _fit(pdf, part, room), align)
        return
    pdf.set_xy(x, y)
    _cell(pdf, room, 7 * scale, _fit(pdf, head, room), align)


def _steps(large: float, small: float) -> list[float]:
    """Type sizes from `large` down to `small` by half points, `small` last."""
    return [*(large - 0.5 * k for k in range(int((large - small) / 0.5) + 1) if large - 0.5 * k > small), small]


def _width(pdf: FPDF, text: str, size: float, style: str = "B") -> float:
    """`text`'s width in type of `size` points (bold unless `style` says otherwise); the font is left so."""
    pdf.set_font(FONT, style, size)
    return float(pdf.get_string_width(text))


def _row(pdf: FPDF, board: Board, line: Line, branding: Branding, scale: float, margin: float, y: float,
         striped: bool) -> None:
    """One competitor: a medal behind a prize winner's rank (`=3` when shared), the mark after the name and every
    prize under it, a coloured move."""
    table, row, cols = pdf.w - 2 * margin, _height(line) * scale, columns(board)
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
    cells = [(line.shown_rank, True, drawn.medals[line.rank] if medal else drawn.text), (line.name, False, drawn.text),
             *([(line.count, False, drawn.text)] if board.count_label else []), (line.score, True, drawn.text),
             (line.tiebreak, False, drawn.text),
             *([(arrow, True, drawn.up if arrow.startswith("▲") else drawn.down if arrow.startswith("▼") else drawn.same)]
               if board.has_moves and board.moved else [])]
    x = margin
    for i, ((_, share, align), (text, bold, colour)) in enumerate(zip(cols, cells)):
        room = table * share - 2 * scale
        pdf.set_text_color(*rgb(colour))
        pdf.set_font(FONT, "B" if bold else "", (10 if i == 0 and medal and len(text) > 1 else 12) * scale)  # in the disc
        shown = _marked(pdf, line, room) if i == 1 else _fit(pdf, text, room)
        if line.detail and i == 1:
            pdf.set_xy(x, y + 0.8 * scale)
            _cell(pdf, table * share, 5.6 * scale, shown, align)
            pdf.set_font(FONT, "", PRIZE_PT * scale)
            pdf.set_text_color(*rgb(drawn.heading))
            pdf.set_xy(x, y + 6.4 * scale)
            _cell(pdf, table * share, 4.4 * scale, _fit(pdf, line.detail, room), align)
        else:
            pdf.set_xy(x, y)
            _cell(pdf, table * share, row, shown, align)
        x += table * share


def _marked(pdf: FPDF, line: Line, room: float) -> str:
    """The name with its mark (`*`, `†`, `DQ`) after it; a long name gives way, never the mark."""
    tail = f" {line.mark}" if line.mark else ""
    return _fit(pdf, line.name, room - float(pdf.get_string_width(tail))) + tail

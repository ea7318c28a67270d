"""The fonts a poster embeds beyond DejaVu Sans: the faces of the chain that hold what it lacks, each cut to the
characters the poster uses and made a static TrueType font, and fpdf2's and fontTools' warnings kept off the
terminal while a poster is drawn.

Its own module so the fonts a poster needs read apart from how its page is laid out."""

from __future__ import annotations

import contextlib
import logging
import unicodedata
import warnings
from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from exporters.board import LEGEND
from exporters.fonts import Face, chain, coverage, face_for
from league.plain_text import one_line

if TYPE_CHECKING:
    from pathlib import Path

    from fpdf import FPDF

    from exporters.board import Board


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
    return [
        league,
        board.title,
        board.standing,
        board.score_label,
        board.tiebreak_label,
        board.count_label,
        "#Name Move–=…·★▲▼*†DQ page 0123456789,",
        LEGEND,
        *board.footnotes,
        *(
            t
            for line in board.lines
            for t in (line.name, line.rank, line.score, line.tiebreak, line.count, line.detail)
        ),
        "Updated 2026-01-01 00:00 ",
        "and more in the full table",
    ]


def _needs_shaping(text: str) -> bool:
    """Right-to-left letters and combining marks: HarfBuzz must join, order and place them."""
    return any(
        unicodedata.bidirectional(c) in ("R", "AL") or unicodedata.category(c) in ("Mn", "Mc") for c in set(text)
    )


def _fallbacks(pdf: FPDF, texts: Iterable[str], folder: Path) -> None:
    """Add the faces of the chain that hold what DejaVu Sans lacks, each cut to those characters, as fallbacks; turn
    text shaping on when a text needs it. Nothing is added for a poster DejaVu Sans draws alone (the fast path)."""
    text = one_line("".join(texts))  # drawn on one line (`drawable`): no font is looked for a control character
    primary = {bold: coverage(chain(bold)[0]) for bold in (False, True)}
    lacking = {
        c for c in set(text) if not c.isspace() and (ord(c) not in primary[False] or ord(c) not in primary[True])
    }  # each character once: a 2,000-line poster's text is 100,000 of them
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
    options.drop_tables += [
        "BASE",
        "VORG",
        "VVAR",
        "DSIG",
        "MVAR",
        "STAT",
        "FFTM",
        *([] if shaped else ["GSUB", "GPOS", "GDEF"]),
    ]
    cutter = subset.Subsetter(options)
    cutter.populate(text=chars + " ")
    cutter.subset(font)
    if "fvar" in font:
        from fontTools.varLib import instancer  # type: ignore[import-untyped]

        axes = {
            axis.axisTag: min(max(weight, axis.minValue), axis.maxValue)
            if axis.axisTag == "wght"
            else axis.defaultValue
            for axis in font["fvar"].axes
        }
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
    for field in (
        "maxZones",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
        "maxPoints",
        "maxContours",
        "maxCompositePoints",
        "maxCompositeContours",
        "maxComponentDepth",
    ):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    tt["head"].indexToLocFormat, tt["head"].glyphDataFormat = 0, 0
    post = tt["post"]
    post.formatType, post.extraNames, post.mapping = 2.0, [], {}
    tt.sfntVersion = "\x00\x01\x00\x00"

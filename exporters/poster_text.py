"""One line of text on a poster page with fpdf2: its width in a type, the sizes it steps down through, shrunk and
then cut with an ellipsis to fit its room, and drawn as a cell.

Its own module so the band, the table and the footer fit and draw text one way."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from exporters.fonts import drawable
from exporters.image_text import fit

if TYPE_CHECKING:
    from fpdf import FPDF

FONT = "DejaVu"
SHRINK = 0.7
"""The smallest share of its type a line of the title band or of the footer takes before it is cut."""


@dataclass(frozen=True)
class _Width:
    """Widths as fpdf2 measures them in the page's font, for `fit`."""

    pdf: FPDF

    def getlength(self, text: str) -> float:
        return float(self.pdf.get_string_width(text))


def _fit(pdf: FPDF, text: str, room: float) -> str:
    """`text` on one line (a character no font holds shown as U+FFFD), or as much of it as fits in `room` millimetres
    followed by an ellipsis: the images' `fit`, a few measures however long the text (one character at a time, a
    32,767-character name took seconds)."""
    return fit(drawable(text), _Width(pdf), room)


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


def _steps(large: float, small: float) -> list[float]:
    """Type sizes from `large` down to `small` by half points, `small` last."""
    return [*(large - 0.5 * k for k in range(int((large - small) / 0.5) + 1) if large - 0.5 * k > small), small]


def _width(pdf: FPDF, text: str, size: float, style: str = "B") -> float:
    """`text`'s width in type of `size` points (bold unless `style` says otherwise); the font is left so."""
    pdf.set_font(FONT, style, size)
    return float(pdf.get_string_width(text))

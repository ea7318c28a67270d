"""Where a feed page's rows go: how tall they are, so that up to `Layout.per_page` rows fit and a short page's rows
stay large; the strips that label the playoff cut between them; and the footer's lines, wrapped, never cut short.

Its own module so the page's vertical layout is worked out once, before anything is drawn, and the tests measure a
page where it draws (`geometry`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from exporters.board import SHORT_LEGEND, cut_note, move_text
from exporters.branding import local_time
from exporters.image_sizes import MARGIN
from exporters.image_text import LEAST, Typeface, wrap

if TYPE_CHECKING:
    from exporters.board import Board, Line
    from exporters.branding import Branding
    from exporters.image_sizes import Layout

ACCENT = 6
"""The accent rule under the band."""
LEADING = 1.3
"""A footer line's height as a share of its type."""
LEAST_NAME = 30
"""The least type of a name in a full page's rows: 11 px tall on a phone."""


@dataclass(frozen=True)
class Geometry:
    """One feed page's vertical layout, in pixels: the heading row, each line's row, the cut strips, the footer."""

    head: float
    """The top of the row of column headings."""
    row: float
    """The height of every row (the headings' too)."""
    tops: tuple[float, ...]
    """The top of each line's row."""
    strips: tuple[tuple[float, int], ...]
    """Each cut strip's top and the index of the line under it."""
    strip: float
    """A cut strip's height."""
    name: int
    """The names' type."""
    footer: tuple[tuple[str, str], ...]
    """The footer's lines, top to bottom: the left text and the right text of each."""
    footer_top: float


def cut_at(lines: list[Line]) -> list[int]:
    """The indices of the lines a cut line is drawn above: where a playoff zone starts under another."""
    return [i for i in range(1, len(lines)) if lines[i].cut and lines[i - 1].cut and lines[i].cut != lines[i - 1].cut]


def strip_label(above: Line, below: Line) -> str:
    """What a cut strip says: which side of the cut each zone is (`▲ in   ▼ tiebreaker match`)."""
    return f"▲ {above.cut}   ▼ {below.cut}"


def footer_lines(
    board: Board, layout: Layout, branding: Branding, lines: list[Line], more: int
) -> list[tuple[str, str]]:
    """The footnotes, each wrapped to the width (never cut short), over the time of the update on the left; the
    arrows' legend whenever the page shows a move and how many more lines the full table has on the right, on the
    last lines. The cut's footnote only on a page that draws a cut line."""
    face = Typeface(layout.small)
    right = [
        *([SHORT_LEGEND] if any(move_text(line.move) for line in lines) else []),
        *([f"and {more:,} more in the full table"] if more else []),
    ]
    width = layout.width * (1 - 2 * MARGIN)
    beside = max((Typeface(layout.small, text != SHORT_LEGEND).getlength(text) for text in right), default=0.0)
    room = width - (beside + 0.03 * layout.width if beside else 0)
    cut = set(cut_note(tuple(board.lines)))
    notes = [note for note in board.footnotes if note not in cut or cut_at(lines)]
    left = [part for note in notes for part in wrap(note, face, room, 3)]
    left.append(f"Updated {local_time(board.updated, branding)}")
    rows = max(len(left), len(right))
    left, right = [""] * (rows - len(left)) + left, [""] * (rows - len(right)) + right
    return list(zip(left, right))


def geometry(board: Board, layout: Layout, branding: Branding, lines: list[Line], more: int = 0) -> Geometry:
    """Where everything of a page of `lines` goes: rows as tall as `layout.row` while they fit, shorter (down to
    about `layout.least_row`) so a full page holds `layout.per_page`; names in type to match."""
    footer = footer_lines(board, layout, branding, lines, more)
    line = layout.small * LEADING
    footer_height = max(float(layout.footer), len(footer) * line + (layout.footer - 2 * line))
    cuts = cut_at(lines) if layout.panels == 1 else []
    strip = layout.small * 1.5
    top = layout.band + ACCENT
    room = layout.height - footer_height - top - strip * len(cuts)
    per_panel = max(-(-len(lines) // layout.panels), 1)
    row = min(float(layout.row), room / (per_panel + 1))
    name = min(layout.name, max(LEAST_NAME, round(layout.name * row / layout.row)))
    tops, strips, y = [], [], top + row
    for i in range(len(lines)):
        if i % per_panel == 0:  # each panel's rows start under its headings
            y = top + row
        if i in cuts:
            strips.append((y, i))
            y += strip
        tops.append(y)
        y += row
    return Geometry(top, row, tuple(tops), tuple(strips), strip, name, tuple(footer), layout.height - footer_height)


def detail_size(layout: Layout, row: float) -> int:
    """The prize line's type under a name in a row `row` high: the page's small type, never under `LEAST`."""
    return max(LEAST, min(layout.small, round(row * 0.45)))

"""What the feed pages and the card share around their table: the title band (the league's name, the table, where
it stands, the logo beside them) and the finished page encoded as a 256-colour PNG.

Its own module so both layouts draw the band and encode the page one way."""

from __future__ import annotations

import io
from functools import cache
from typing import TYPE_CHECKING

from exporters.branding import MEDALS, inks, rgb, stripe
from exporters.image_sizes import MARGIN
from exporters.image_text import LEAST, Typeface, broken, shrunk, whole, wrap

if TYPE_CHECKING:
    from pathlib import Path

    from PIL.Image import Image

    from exporters.board import Board
    from exporters.branding import Branding
    from exporters.image_sizes import Layout
    from exporters.image_text import _Canvas

LEADING = 1.22
"""A band line's height as a share of its type."""
LOGO_SHARE = 0.22
"""The most of the width a logo takes, however wide it is: the league's name keeps the rest of the band."""


def _title(canvas: _Canvas, x: float, y: float, text: str, px: int, room: float, least: int = LEAST) -> None:
    """The league's name in the band: smaller, down to `least` (the size of the line under it), before a long name
    needs an ellipsis."""
    shown, size = shrunk(text, "", px, max(least, LEAST), room, True)
    canvas.text(x, y, shown, size, True, inks(canvas.branding).title)


def band_lines(
    canvas: _Canvas,
    x: float,
    height: float,
    league: str,
    px: int,
    under: list[tuple[tuple[str, str], int, bool]],
    room: float,
) -> None:
    """The band's lines stacked and centred in its `height`: the league's name, then the lines `under` it (each its
    head and tail, size and weight). A long name gets smaller down to the size of the line under it, then takes two
    lines (as large as the band holds) before it is shortened."""
    least = max(LEAST, under[0][1] if under else LEAST)
    rest = [
        (*shrunk(*parts, size, min(size, max(size * 3 // 4, LEAST)), room, bold), bold) for parts, size, bold in under
    ]
    below = sum(size * LEADING for _, size, _ in rest)
    title: list[str] = []
    size = least
    for size in range(px, least - 1, -1):  # one line, as large as fits
        if Typeface(size, True).getlength(league) <= room:
            title = [league]
            break
    else:
        for size in range(px, least - 1, -1):  # two lines, as large as the band holds them
            if 2 * size * LEADING + below <= height - 12 and whole(
                broken(league, Typeface(size, True), room), Typeface(size, True), room, 2
            ):
                break
        title = wrap(league, Typeface(size, True), room, 2)
    stack = [(line, size, True) for line in title] + rest
    y = (height - sum(px_ * LEADING for _, px_, _ in stack)) / 2
    for text, px_, bold in stack:
        canvas.text(x, y + px_ * LEADING / 2, text, px_, bold, inks(canvas.branding).title)
        y += px_ * LEADING


def _standing(board: Board) -> tuple[str, str]:
    """The band's standing line cut where a long champion's name gives way: before where the event stands."""
    head = board.standing.removesuffix(board.stands).rstrip(" ·") if board.champion else board.standing
    return head, board.standing[len(head) :]


def _band_line(
    canvas: _Canvas, x: float, y: float, parts: tuple[str, str], px: int, room: float, bold: bool = False
) -> None:
    """A line under the title, down to three quarters of its size (never under `LEAST`) before its head gives way."""
    shown, size = shrunk(*parts, px, min(px, max(px * 3 // 4, LEAST)), room, bold)
    canvas.text(x, y, shown, size, bold, inks(canvas.branding).title)


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


RUN_LENGTHS = 3
"""zlib's Z_RLE strategy: a page of flat colours is runs of one palette index, which it finds 15 % faster than the
default strategy at level 1, for files 5 % larger."""


def _png(image: Image, branding: Branding, coloured: bool = False) -> bytes:
    """The page as a 256-colour PNG: it encodes in half the time of full colour (Pillow spends it filtering
    rows, whatever the level) at a third of the size. The page holds only the branding's colours and the
    antialiased edges between them, so their blends make an exact palette; a logo brings colours of its
    own, and so do colour emoji (`coloured`): then the palette is the image's."""
    from PIL import Image as PILImage

    if branding.logo is None and not coloured:
        paged = image.quantize(palette=_palette(branding), dither=PILImage.Dither.NONE)
    else:
        paged = image.quantize(256, PILImage.Quantize.FASTOCTREE, dither=PILImage.Dither.NONE)
    out = io.BytesIO()
    paged.save(out, "PNG", compress_level=1, compress_type=RUN_LENGTHS)
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
    pairs = [
        (ink, bg),
        (ink, row),
        (title, primary),
        (heading, bg),
        (heading, row),
        (primary, bg),
        (accent, primary),
        (accent, bg),
    ]
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

"""Text on a Pillow image in the chain of fonts of `fonts.py`: each face at a size, a text measured over the whole
chain, fitted to its room with an ellipsis (never cut mid-glyph), and drawn run by run on a page (`_Canvas`).

Its own module so the feed pages and the card measure and draw text one way, and the shaping and fallback details
(libraqm, right-to-left runs, a wide emoji space) stay out of their layouts. `fit` also cuts the posters' text
(`poster_text.py`), measured by fpdf2."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Protocol

from exporters.branding import inks
from exporters.fonts import Face, chain, drawable, font_file, runs
from exporters.image_emoji import Emoji, colour_file, is_emoji_face
from league.plain_text import one_line

if TYPE_CHECKING:
    from PIL.Image import Image
    from PIL.ImageFont import FreeTypeFont

    from exporters.board import Line
    from exporters.branding import Branding

PHONE = 390
"""How wide a phone shows an image in a Facebook feed, in screen pixels."""
SEEN = 9.0
"""The least height a text's ink ("lg", ascender to descender) may have on that phone: under it a reader squints."""
LEAST = 26
"""The smallest type any text of a feed page (1080 wide) gets, however long: DejaVu Sans at 26 px draws "lg" 25 px
high, 9 px on a phone (`least_px`). A heading takes two lines before an ellipsis, a band's line keeps its end whole."""
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
        loaded.set_variation_by_axes(
            [
                float(WEIGHTS[bold]) if axis.get("name") in (b"Weight", "Weight") else float(axis.get("default") or 0)
                for axis in axes
            ]
        )
    return loaded


@dataclass(frozen=True)
class Typeface:
    """The whole chain at one size and weight: measures and draws text run by run, each in the face that holds it."""

    px: int
    bold: bool = False

    def runs(self, text: str) -> list[tuple[str, FreeTypeFont | Emoji]]:
        """The runs of `text` in the order they are drawn left to right, each with its font.

        A face whose space is wider than DejaVu Sans's (Noto Emoji's is 1.27 em) leaves its spaces to DejaVu Sans:
        an emoji then advances as far as it draws, with no blank after it. Emoji go in colour (`Emoji`) where the
        machine has Noto Color Emoji. A control character (a line break, a tab, an escape) is a space: libraqm fails
        on it, and a name is one line."""
        text = one_line(text)
        primary = font(self.px, self.bold)
        if _in_dejavu(text, self.bold):
            return [(text, primary)]
        pieces: list[tuple[str, FreeTypeFont | Emoji]] = []
        for piece, face in runs(drawable(text, self.bold), self.bold):
            if face is not None and is_emoji_face(face.path) and colour_file() is not None:
                pieces += [
                    (part, primary if part.isspace() else Emoji(self.px)) for part in re.split(r"(\s+)", piece) if part
                ]
                continue
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


@cache
def least_px(width: int) -> int:
    """The smallest type whose "lg" is `SEEN` pixels tall when an image `width` pixels wide is shown `PHONE` wide."""
    return next(px for px in range(8, 200) if seen_height(ink_height(px), width) >= SEEN)


def ink_height(px: int, text: str = "lg", bold: bool = False) -> int:
    """How many pixels tall `text` draws in DejaVu Sans at `px`."""
    box = font(px, bold).getbbox(text)
    return int(box[3] - box[1])


def seen_height(pixels: float, width: int) -> float:
    """How tall `pixels` of an image `width` wide look on a phone that shows it `PHONE` wide."""
    return pixels * PHONE / width


def broken(text: str, face: Measure, room: float) -> list[str]:
    """`text` broken at spaces into as few lines as the greedy way gives, each fitting `room` but a word wider than
    `room`, which takes a line of its own."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and face.getlength(f"{lines[-1]} {word}") <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def whole(lines: list[str], face: Measure, room: float, most: int) -> bool:
    """Whether `lines` (from `broken`) are at most `most` and each fits `room`: the text needs no ellipsis."""
    return len(lines) <= most and all(face.getlength(line) <= room for line in lines)


def wrap(text: str, face: Measure, room: float, most: int = 2) -> list[str]:
    """`text` broken at spaces into at most `most` lines each fitting `room`; the last line ends with an ellipsis
    when the text still does not fit (a word wider than `room` too), so nothing is cut mid-glyph or lost silently.
    A text that fits stays one line."""
    lines = broken(text, face, room)
    if whole(lines, face, room, most):
        return lines
    head = [line for line in lines[: most - 1] if face.getlength(line) <= room]
    rest = text[len(" ".join(head)) :].lstrip(" ") if head else text
    return [*head, fit(rest, face, room)]


def fit(text: str, face: Measure, room: float) -> str:
    """`text`, or as much of it as fits in `room` pixels followed by an ellipsis, never cut inside a character
    and its marks. A bisection on the length: a few measures however long the text (a 32,767-character name too)."""
    if face.getlength(text) <= room:
        return text
    from exporters.fonts import _attaches

    low, high = 0, len(text) - 1
    while low < high:  # the longest prefix that fits with its ellipsis
        mid = (low + high + 1) // 2
        if face.getlength(text[:mid].rstrip() + "…") <= room:
            low = mid
        else:
            high = mid - 1
    while low and _attaches(text[low]):  # back to the character the marks belong to
        low -= 1
    return text[:low].rstrip() + "…"


def shrunk(head: str, tail: str, px: int, least: int, room: float, bold: bool = False) -> tuple[str, int]:
    """`head + tail` and the largest size from `px` down to `least` it fits `room` at; past that, at `least`, the
    head gives way to an ellipsis and the tail stays whole (a page number, where the event stands)."""
    for size in range(px, least - 1, -1):
        if Typeface(size, bold).getlength(head + tail) <= room:
            return head + tail, size
    face = Typeface(least, bold)
    return fit(head, face, room - face.getlength(tail)) + tail, least


def marked(line: Line, face: Measure, room: float) -> str:
    """The name with its mark (`*`, `†`, `DQ`) after it; a long name gives way, never the mark."""
    tail = f" {line.mark}" if line.mark else ""
    return fit(line.name, face, room - face.getlength(tail)) + tail


class _Canvas:
    """One page being drawn: text anchored left ("l"), centred ("m") or right ("r") at a row's middle."""

    def __init__(self, image: Image, branding: Branding) -> None:
        from PIL import ImageDraw

        self.image, self.branding = image, branding
        self.draw = ImageDraw.Draw(image)
        self.coloured = False
        """Colour emoji are drawn: the page keeps their colours (`image_band._png`)."""

    def text(
        self,
        x: float,
        y: float,
        s: str,
        px: int,
        bold: bool = False,
        color: str = "",
        align: str = "l",
        room: float | None = None,
    ) -> None:
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
            if isinstance(f, Emoji):
                picture = f.picture(piece)
                self.image.paste(picture, (round(left), round(y - picture.height / 2)), picture)
                self.coloured = True
            else:
                self.draw.text((left, baseline), piece, font=f, fill=fill, anchor="ls")
            left += width

"""Emoji in colour on the images, where the machine has Noto Color Emoji (Debian's `fonts-noto-color-emoji`): a flag is
one flag, a family one glyph, a skin tone kept. Its glyphs are bitmaps drawn at one size (109 px), so a run of emoji
is drawn there and scaled to the text's size. Without the font, Noto Emoji draws them in the text's colour.

Its own module so the fonts of text (`image_text`) stay apart from the one font that is pictures."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL.Image import Image
    from PIL.ImageFont import FreeTypeFont

FAMILY = "Noto Color Emoji"
BITMAP = 109
"""The one size Noto Color Emoji's bitmaps are drawn at."""
KNOWN = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
"""Where Debian's package puts it, tried when fontconfig is not there to ask."""


@cache
def colour_file() -> Path | None:
    """Noto Color Emoji's file, when the system has it."""
    found = shutil.which("fc-match")
    if found is not None:
        try:
            out = subprocess.run(
                [found, "-f", "%{file}|%{family}", FAMILY], capture_output=True, text=True, timeout=10, check=False
            ).stdout
        except (OSError, subprocess.SubprocessError):
            out = ""
        path, _, family = out.partition("|")
        if FAMILY in family and Path(path).is_file():
            return Path(path)
    return KNOWN if KNOWN.is_file() else None


@cache
def _bitmaps() -> FreeTypeFont:
    from PIL import ImageFont

    path = colour_file()
    assert path is not None, "asked for colour emoji where there is no colour font"
    return ImageFont.truetype(str(path), BITMAP)


def is_emoji_face(path: Path) -> bool:
    """Whether a font of the chain is the one drawing emoji (Noto Emoji), whose runs go in colour when they can."""
    return path.name.startswith("NotoEmoji") or path.name.startswith("NotoColorEmoji")


@dataclass(frozen=True)
class Emoji:
    """Colour emoji at a size in pixels: measured and drawn as Noto Color Emoji's bitmaps scaled to it."""

    px: int

    def getlength(self, text: str) -> float:
        return float(_bitmaps().getlength(text)) * self.px / BITMAP

    def picture(self, text: str) -> Image:
        """The run drawn in colour, `px` high as the text's own line, on a transparent ground."""
        return _picture(text, self.px)


@cache
def _picture(text: str, px: int) -> Image:
    from PIL import Image as PILImage
    from PIL import ImageDraw

    bitmaps = _bitmaps()
    left, top, right, bottom = bitmaps.getbbox(text)
    drawn = PILImage.new("RGBA", (max(1, int(right)), max(1, int(bottom))), (0, 0, 0, 0))
    ImageDraw.Draw(drawn).text((0, 0), text, font=bitmaps, embedded_color=True)
    scale = px / BITMAP
    return drawn.resize(
        (max(1, round(drawn.width * scale)), max(1, round(drawn.height * scale))), PILImage.Resampling.LANCZOS
    )

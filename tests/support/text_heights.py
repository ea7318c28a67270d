"""Every text an image draws, recorded as it is drawn, then measured on the finished image: how tall its ink is in
pixels when the image is shown 390 px wide, as a phone shows a Facebook post."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from exporters.image_text import Typeface, _Canvas, fit

PHONE = 390
"""The width a phone shows a post's image at, in CSS pixels."""


@dataclass(frozen=True)
class Drawn:
    """One text as drawn: what, where (its anchor at the line's middle), at which size."""

    text: str
    x: float
    y: float
    px: int
    bold: bool
    align: str


@contextmanager
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text the images drawn inside the block draw, in order."""
    drawn: list[Drawn] = []
    original = _Canvas.text

    def text(
        self: _Canvas,
        x: float,
        y: float,
        s: str,
        px: int,
        bold: bool = False,
        color: str = "",
        align: str = "l",
        room: float | None = None,
    ) -> None:
        shown = fit(s, Typeface(px, bold), room) if room is not None else s
        drawn.append(Drawn(shown, x, y, px, bold, align))
        original(self, x, y, s, px, bold, color, align, room)

    monkeypatch.setattr(_Canvas, "text", text)
    yield drawn


def ink_height(png: bytes, text: Drawn) -> float:
    """How tall the text's ink is on the image shown `PHONE` pixels wide: the rows of its box holding anything but
    the colour most of the box is."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    wide = Typeface(text.px, text.bold).getlength(text.text)
    left = text.x - {"l": 0.0, "m": wide / 2, "r": wide}[text.align]
    box = (
        max(int(left), 0),
        max(int(text.y - 0.45 * text.px), 0),
        min(int(left + wide) + 1, image.width),
        min(int(text.y + 0.62 * text.px), image.height),
    )
    crop = image.crop(box)
    pixels: Any = crop.load()
    back: Any = max(crop.getcolors(crop.width * crop.height) or [(0, (255, 255, 255))])[1]
    rows = [
        y
        for y in range(crop.height)
        if any(max(abs(a - b) for a, b in zip(pixels[x, y], back)) > 60 for x in range(crop.width))
    ]
    return (rows[-1] - rows[0] + 1) * PHONE / image.width if rows else 0.0


def tall(text: str) -> bool:
    """A text whose ink is as tall as a capital: it holds a capital letter or a digit."""
    return any(c.isupper() or c.isdigit() for c in text)

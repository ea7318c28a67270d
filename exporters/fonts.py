"""The fonts every export draws with: DejaVu Sans, which ships with matplotlib.

It covers Latin with every accent, Polish and Hungarian letters, Greek and Cyrillic, so a name
never shows as boxes; the PDF poster embeds the same file, so its text stays real text."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.ft2font import FT2Font


@cache
def font_file(bold: bool = False) -> Path:
    """The bundled TTF, found without importing matplotlib (the poster and the font test need only the file)."""
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or spec.origin is None:
        raise RuntimeError("matplotlib is not installed; reinstall league")
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return Path(spec.origin).parent / "mpl-data" / "fonts" / "ttf" / name


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    """Characters of `text` the font has no glyph for (they would show as boxes)."""
    font = _ft2(font_file(bold))
    return {c for c in set(text) if not c.isspace() and font.get_char_index(ord(c)) == 0}


@cache
def _ft2(path: Path) -> FT2Font:
    from matplotlib.ft2font import FT2Font

    return FT2Font(str(path))

"""How a league's exports look and where they are posted: the optional `[branding]` table of league.toml."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_GRAPH_API = "https://graph.facebook.com/v19.0"
MEDALS = {"1": "#d4af37", "2": "#9ea0a5", "3": "#b87333"}
"""Gold, silver and bronze discs behind the rank of a prize winner, in the images and on the poster."""
UP, DOWN, SAME = "#1a7f37", "#c62828", "#757575"
"""Places gained, lost, kept."""


@dataclass(frozen=True)
class Branding:
    """Colours, logo, hashtags and the Facebook Page; every field has a default, so the table is optional."""

    primary: str = "#1f3b73"
    """Header band and headings."""
    accent: str = "#f2a900"
    """Highlights: the rule under the header, the prize marks."""
    background: str = "#ffffff"
    text: str = "#1b1b1b"
    logo: Path | None = None
    """A PNG drawn in the header band of the images and the poster."""
    hashtags: tuple[str, ...] = ()
    """Added to the caption, each with its `#`."""
    title: str = ""
    """The league's name on every export; the ruleset's title when empty."""
    facebook_page_id: str = ""
    facebook_api: str = DEFAULT_GRAPH_API
    """The Graph API root (with its version): point it at a proxy or a test server."""


def rgb(colour: str) -> tuple[int, int, int]:
    """A colour as typed in league.toml (`#1f3b73`, `navy`) as red, green, blue."""
    from PIL import ImageColor

    r, g, b = ImageColor.getrgb(colour)[:3]
    return r, g, b


def stripe(branding: Branding, amount: float = 0.08) -> tuple[int, int, int]:
    """A faint tint of the primary colour over the background, for every other row."""
    fore, back = rgb(branding.primary), rgb(branding.background)
    r, g, b = (round(bk + (fg - bk) * amount) for fg, bk in zip(fore, back))
    return r, g, b

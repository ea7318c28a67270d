"""How a league's exports look and where they are posted: the optional `[branding]` table of league.toml."""

from __future__ import annotations

import datetime as dt
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
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
    url: str = ""
    """Where the league's page (`league.html`) is published: the caption's link and the page's Open Graph address."""
    facebook_page_id: str = ""
    facebook_api: str = DEFAULT_GRAPH_API
    """The Graph API root (with its version): point it at a proxy or a test server."""
    zone: dt.tzinfo = dt.UTC
    """The time zone of every time shown (`timezone` at the top of league.toml; the machine's when unset). Times
    are stored in UTC; only what a reader sees is converted."""


MAX_LOGO_PIXELS = 25_000_000
"""The most pixels a logo may have (5000x5000): it is drawn at most a band high, and every export decodes it whole."""


def logo_problem(path: Path) -> str:
    """Why the file cannot be the logo (not an image, damaged, too large), or "" when it can; checked when
    league.toml is read, so `league check` says it and no export meets it half-drawn."""
    from PIL import Image, UnidentifiedImageError

    too_large = f"more than a logo needs (at most {MAX_LOGO_PIXELS:,} pixels, such as 5000x5000); save a smaller copy"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # said below, as the error it is here
            with Image.open(path) as image:
                width, height = image.size
                if width * height > MAX_LOGO_PIXELS:
                    return f"is {width}x{height} pixels, {too_large}"
                image.load()
    except Image.DecompressionBombError:
        return f"is an image of over {2 * (Image.MAX_IMAGE_PIXELS or 0):,} pixels, {too_large}"
    except UnidentifiedImageError:
        return "is not an image (PNG, JPEG, GIF, ...); point it at the logo's image file"
    except (OSError, SyntaxError, ValueError) as exc:
        return f"cannot be read as an image ({exc}); save it again as a PNG"
    return ""


def local_time(when: dt.datetime, branding: Branding, pattern: str = "%Y-%m-%d %H:%M %Z") -> str:
    """A stored (UTC) time as the league's readers see it: in the branding's zone, named (`2026-03-14 19:00 CET`)."""
    moment = when if when.tzinfo is not None else when.replace(tzinfo=dt.UTC)
    return moment.astimezone(branding.zone).strftime(pattern)


def rgb(colour: str) -> tuple[int, int, int]:
    """A colour as typed in league.toml (`#1f3b73`, `navy`) as red, green, blue."""
    from PIL import ImageColor

    r, g, b = ImageColor.getrgb(colour)[:3]
    return r, g, b


def hex_colour(channels: Iterable[int]) -> str:
    """Red, green and blue (an alpha after them left out) as `#rrggbb`: the form every output writes a colour in."""
    return "#" + "".join(f"{c:02x}" for c in list(channels)[:3])


def stripe(branding: Branding, amount: float = 0.08) -> tuple[int, int, int]:
    """A faint tint of the primary colour over the background, for every other row."""
    fore, back = rgb(branding.primary), rgb(branding.background)
    r, g, b = (round(bk + (fg - bk) * amount) for fg, bk in zip(fore, back))
    return r, g, b


TEXT_CONTRAST = 4.5
"""The least contrast of text with what is behind it (WCAG 2 AA for normal text)."""
NUMERAL_CONTRAST = 3.0
"""The least contrast of a medal's numeral with its disc (WCAG 2 AA for large bold text and graphics)."""
BLACK, WHITE = "#000000", "#ffffff"


def luminance(colour: str) -> float:
    """The WCAG 2 relative luminance of a colour, 0 (black) to 1 (white)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = map(linear, rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, two: str) -> float:
    """The WCAG 2 contrast ratio of two colours, 1 to 21."""
    a, b = sorted((luminance(one), luminance(two)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def readable(colour: str, behind: tuple[str, ...], least: float = TEXT_CONTRAST) -> str:
    """`colour` when it keeps `least` contrast with everything `behind` it, else the same colour taken towards black
    or white (whichever contrasts more) by tenths until it does: the hue of the branding stays where it can."""

    def enough(choice: str) -> bool:
        return all(contrast(choice, back) >= least for back in behind)

    if enough(colour):
        return colour
    target = max((WHITE, BLACK), key=lambda ink: min(contrast(ink, back) for back in behind))
    for tenth in range(1, 10):
        mixed = hex_colour(round(c + (t - c) * tenth / 10) for c, t in zip(rgb(colour), rgb(target)))
        if enough(mixed):
            return mixed
    return target


def black_or_white(behind: str, least: float = TEXT_CONTRAST) -> str:
    """White on a colour where white keeps `least` contrast, else whichever of black and white contrasts more."""
    return WHITE if contrast(WHITE, behind) >= least else max((WHITE, BLACK), key=lambda ink: contrast(ink, behind))


@dataclass(frozen=True)
class Inks:
    """The colour each kind of text is drawn in, chosen once per branding so that it reads on what is behind it."""

    title: str
    """The league's name and the subtitle, on the primary colour's band."""
    text: str
    """Names, figures and the footer, on the background and the striped rows."""
    heading: str
    """Column headings and prize lines: the primary colour, darkened or lightened until it reads on the background."""
    medals: dict[str, str]
    """Rank -> the numeral's colour on its disc."""
    up: str
    down: str
    same: str


@cache
def inks(branding: Branding) -> Inks:
    """The text colours of the images and the poster for a branding."""
    under = (branding.background, hex_colour(stripe(branding)))
    text = readable(branding.text, under)
    return Inks(
        title=black_or_white(branding.primary),
        text=text,
        heading=readable(branding.primary, under),
        medals={rank: black_or_white(disc, NUMERAL_CONTRAST) for rank, disc in MEDALS.items()},
        up=readable(UP, under),
        down=readable(DOWN, under),
        same=readable(SAME, under),
    )


def contrast_warnings(branding: Branding, where: str = "") -> tuple[str, ...]:
    """A warning for each `[branding]` colour that text cannot be drawn in with enough contrast, saying what is
    drawn instead; empty when every colour reads as set."""
    out = []
    back = branding.background
    ratio = contrast(branding.primary, back)
    if ratio < TEXT_CONTRAST:
        out.append(
            f"{where}`branding.primary` {branding.primary} on the background {back} is {ratio:.1f}:1, below "
            f"{TEXT_CONTRAST}:1: headings and prize lines are drawn in "
            f"{inks(branding).heading} instead; pick a colour further from the background"
        )
    ratio = contrast(branding.text, back)
    if ratio < TEXT_CONTRAST:
        out.append(
            f"{where}`branding.text` {branding.text} on the background {back} is {ratio:.1f}:1, below "
            f"{TEXT_CONTRAST}:1: text is drawn in {inks(branding).text} instead"
        )
    return tuple(out)


LOGO_CONTRAST = NUMERAL_CONTRAST
"""The contrast a logo's pixels need with the band behind it to be seen (graphics: 3:1)."""
LOGO_SEEN = 0.1
"""The least share of a logo's visible pixels that must keep `LOGO_CONTRAST` with its band: less, and it melts in."""


def logo_warning(branding: Branding, where: str = "") -> str:
    """A warning when the logo hardly stands out against the band it is drawn on (the primary colour): fewer than
    `LOGO_SEEN` of its visible pixels keep `LOGO_CONTRAST` with it; "" when it reads, or there is no logo."""
    if branding.logo is None:
        return ""
    from PIL import Image

    with Image.open(branding.logo) as image:
        small = image.convert("RGBA").resize((48, 48))
    band = rgb(branding.primary)
    data = small.tobytes()
    seen = [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 4) if data[i + 3] >= 128]
    if not seen:
        return ""
    behind = luminance(hex_colour(band))
    standing = sum(
        1
        for pixel in seen
        if (max(luminance(hex_colour(pixel)), behind) + 0.05) / (min(luminance(hex_colour(pixel)), behind) + 0.05)
        >= LOGO_CONTRAST
    )
    if standing >= LOGO_SEEN * len(seen):
        return ""
    return (
        f"{where}the logo hardly stands out against the band it is drawn on (`branding.primary` "
        f"{branding.primary}): {standing / len(seen):.0%} of it keeps {LOGO_CONTRAST:g}:1; use a logo with a "
        "light or dark outline, or a primary colour further from the logo's"
    )

"""The playoff bracket drawn as PNG images for Facebook: its rounds side by side, each match's seeds, names and games,
the winners carried into the next round and the champion after the final; a bracket not yet played shows its seeds.

A feed image (1080x1350) shows at most three rounds (`bracket_layout.SPAN`): a bigger bracket takes several, each of
up to eight competitors, then its last rounds. The link card (1200x630) shows the last three rounds. Every text is
drawn at least `FEED_LEAST` (`LINK_LEAST`) pixels: 9 px tall or more when the image is shown 390 px wide."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from exporters.bracket_layout import SPAN, Part, final_rounds, heading, parts, seed_of
from exporters.branding import MEDALS, black_or_white, inks, local_time, stripe
from exporters.image_band import _png, _scaled_logo
from exporters.image_sizes import MARGIN
from exporters.image_text import Typeface, _Canvas, fit, shrunk
from league.pairing.bracket_model import BYE, BracketMatch, Playoff

if TYPE_CHECKING:
    from exporters.branding import Branding


@dataclass(frozen=True)
class Size:
    """One image size of the bracket, in pixels."""

    width: int
    height: int
    band: int
    title: int
    sub: int
    name: int
    """The names' type, before a long name gets smaller (down to `least`)."""
    least: int
    """The smallest type on the image."""
    footer: int
    lines: int
    """Lines a name may take before it is shortened."""

    @property
    def label(self) -> str:
        return f"{self.width}x{self.height}"


FEED_LEAST = 35
"""DejaVu Sans at 35 px draws a digit 25 px high: 9 px when 1080 pixels are shown 390 wide."""
LINK_LEAST = 39
"""The same on the link card, 1200 pixels shown 390 wide."""
FEED = Size(1080, 1350, band=210, title=54, sub=40, name=38, least=FEED_LEAST, footer=100, lines=2)
LINK = Size(1200, 630, band=124, title=46, sub=LINK_LEAST, name=LINK_LEAST, least=LINK_LEAST, footer=0, lines=2)
SIZES = (FEED, LINK)


@dataclass(frozen=True)
class Shown:
    """What a bracket image shows: the league, the event's title (name and date), its bracket, when it changed, and
    the event's champion as its state decides it (empty until the event is final: a bracket whose final is won while
    a row is still to fix names nobody yet, as every other output)."""

    league: str
    event: str
    playoff: Playoff
    updated: dt.datetime
    champion: str


def standing(shown: Shown) -> str:
    """Where the bracket stands: `Champion: Dan Wu`, `Semi-finals under way`, `Seeded: 8 competitors`."""
    playoff = shown.playoff
    if shown.champion:
        return f"Champion: {shown.champion}"
    if not any(m.winner and not m.bye for m in playoff.matches):
        return f"Seeded: {len(playoff.seeds)} competitors"
    return f"{heading(playoff.under_way, playoff.rounds)} under way"


def render_bracket(shown: Shown, size: Size, branding: Branding) -> list[bytes]:
    """The bracket's images at one size, as PNG bytes: the feed's every part of it, the link card its last rounds."""
    drawn = parts(shown.playoff) if size is FEED else [final_rounds(shown.playoff)]
    return [_image(shown, size, branding, part, n, len(drawn)) for n, part in enumerate(drawn, 1)]


def _image(shown: Shown, size: Size, branding: Branding, part: Part, n: int, total: int) -> bytes:
    from PIL import Image

    canvas = _Canvas(Image.new("RGB", (size.width, size.height), branding.background), branding)
    _band(canvas, shown, size, part, f"  ·  {n}/{total}" if total > 1 else "")
    _tree(canvas, shown.playoff, shown.champion, size, part)
    if size.footer:
        _footer(canvas, size, local_time(shown.updated, branding))
    return _png(canvas.image, branding)


def _footer(canvas: _Canvas, size: Size, updated: str) -> None:
    """The time of the update and the league's address: side by side where both fit, else one over the other."""
    w, url = size.width, canvas.branding.url
    room = (1 - 2 * MARGIN) * w
    left, right = f"Updated {updated}", url
    both = Typeface(size.least).getlength(left) + Typeface(size.least, True).getlength(right) + 0.03 * w <= room
    rows = (
        [size.height - size.footer / 2] * 2
        if both or not url
        else [size.height - size.footer * 0.75, size.height - size.footer * 0.25]
    )
    canvas.text(MARGIN * w, rows[0], left, size.least, room=room)
    if url:
        canvas.text((1 - MARGIN) * w, rows[1], right, size.least, True, align="r", room=room)


def band_lines(canvas: _Canvas, height: int, lines: list[tuple[str, str, int, bool]], least: int) -> None:
    """A title band `height` pixels high in the primary colour over the accent's rule, the logo at its left and the
    lines beside it (each a head and a tail kept whole), each down to `least` before its head is shortened: the
    bracket's images and the champion card alike."""
    w, branding = canvas.image.width, canvas.branding
    canvas.draw.rectangle((0, 0, w, height), fill=branding.primary)
    canvas.draw.rectangle((0, height, w, height + 6), fill=branding.accent)
    left = MARGIN * w
    if branding.logo is not None:
        logo = _scaled_logo(branding.logo, int(height * 0.72), int(w * 0.22))
        canvas.image.paste(logo, (int(left), (height - logo.height) // 2), logo)
        left += logo.width + 0.02 * w
    room, ink = (1 - MARGIN) * w - left, inks(branding).title
    step = height / (len(lines) + 0.4)
    for k, (head, tail, px, bold) in enumerate(lines):
        fitted, at = shrunk(head, tail, px, least, room, bold)
        canvas.text(left, step * (k + 0.7), fitted, at, bold, ink)


def _band(canvas: _Canvas, shown: Shown, size: Size, part: Part, page: str) -> None:
    """The title band: the league, the event's playoffs (and which part), where the bracket stands."""
    what = " · Playoffs" + (f" · {part.label}" if part.label else "") + page  # kept whole: a long event name gives way
    texts = [(shown.league, "", size.title, True), (shown.event, what, size.sub, False)]
    if size is FEED:
        texts.append((standing(shown), "", size.sub, True))
    band_lines(canvas, size.band, texts, size.least)


def _tree(canvas: _Canvas, playoff: Playoff, champion: str, size: Size, part: Part) -> None:
    """The rounds side by side under their headings, joined by the lines winners follow; the champion after the
    final."""
    w = size.width
    top = size.band + 6 + size.least * 1.6
    bottom = size.height - size.footer - size.least * 0.6
    columns = part.columns
    beside = part.ends and len(columns) < SPAN  # room for the champion in a column of its own
    gap = 0.03 * w
    count = len(columns) + beside
    wide = ((1 - 2 * MARGIN) * w - gap * (count - 1)) / count
    first = max(len(columns[0].matches), 1)
    units = 2 * first + 0.6 * (first - 1)  # a match is two slots; a gap between matches
    slot = min((bottom - top) / units, 2.8 * size.least)  # a short tree is not stretched: it stands in the middle
    top += ((bottom - top) - slot * units) / 2
    head = inks(canvas.branding).heading
    centres: list[float] = []
    for c, column in enumerate(columns):
        x = MARGIN * w + c * (wide + gap)
        canvas.text(x + wide / 2, top - size.least * 0.75, column.heading, size.least, True, head, "m", room=wide)
        now = (
            [top + slot * (i * 2.6 + 1) for i in range(len(column.matches))]
            if c == 0
            else [
                (centres[2 * i] + centres[2 * i + 1]) / 2 if 2 * i + 1 < len(centres) else centres[-1]
                for i in range(len(column.matches))
            ]
        )
        for i, (match, y) in enumerate(zip(column.matches, now)):
            _match(canvas, playoff, size, match, x, y, wide, slot)
            if c:
                _join(canvas, x - gap, x, centres[2 * i], centres[min(2 * i + 1, len(centres) - 1)], y)
        centres = now
    if part.ends and centres and beside:
        x = MARGIN * w + len(columns) * (wide + gap)
        canvas.draw.line((x - gap, centres[0], x, centres[0]), fill=head, width=3)
        _champion(canvas, champion, size, x, centres[0] - slot, wide, slot)
    elif part.ends and centres:
        _champion(
            canvas, champion, size, MARGIN * w + (len(columns) - 1) * (wide + gap), centres[0] + slot * 1.6, wide, slot
        )


def _join(canvas: _Canvas, x0: float, x1: float, a: float, b: float, y: float) -> None:
    """The lines from two matches to the one their winners meet in."""
    ink, mid, line = inks(canvas.branding).heading, (x0 + x1) / 2, 3
    for start in (a, b):
        canvas.draw.line((x0, start, mid, start), fill=ink, width=line)
    canvas.draw.line((mid, a, mid, b), fill=ink, width=line)
    canvas.draw.line((mid, y, x1, y), fill=ink, width=line)


def _match(
    canvas: _Canvas, playoff: Playoff, size: Size, match: BracketMatch, x: float, y: float, wide: float, slot: float
) -> None:
    """One match: a box of two slots, each a seed, a name and the games won; the winner's games in bold, the loser
    faded (a bold name would take a second line sooner)."""
    branding, drawn = canvas.branding, inks(canvas.branding)
    canvas.draw.rectangle((x, y - slot, x + wide, y + slot), fill=stripe(branding), outline=drawn.heading, width=2)
    canvas.draw.line((x, y, x + wide, y), fill=drawn.heading, width=1)
    faded = drawn.same  # readable on the background and the stripe alike
    widest = "0" * len(str(len(playoff.seeds)))  # the room of the longest seed number: `8`, `16`
    seed_room = Typeface(size.least, True).getlength(widest) + 0.45 * size.least
    for k, name in enumerate((match.a, match.b)):
        mid = y + slot * (k - 0.5)
        won = bool(match.winner) and match.winner == name and not match.bye
        lost = bool(match.winner) and not won and name != BYE and not match.bye
        ink = faded if lost or name == BYE else drawn.text
        seed = seed_of(playoff, name)
        if seed is not None:
            canvas.text(x + seed_room - 0.25 * size.least, mid, str(seed), size.least, True, drawn.heading, "r")
        games = str(match.games[k]) if match.games else ""
        games_room = Typeface(size.name, True).getlength(games) + 0.3 * size.least if games else 0.2 * size.least
        if games:
            canvas.text(x + wide - 0.2 * size.least, mid, games, size.name, won, ink, "r")
        room = wide - seed_room - games_room - 0.1 * size.least
        _name(
            canvas, size, name or "", x + seed_room, mid, room, slot, False, ink
        )  # the loser faded, not the winner bold


def _name(
    canvas: _Canvas, size: Size, name: str, x: float, mid: float, room: float, slot: float, bold: bool, ink: str
) -> None:
    """A name in its slot: smaller (down to the least type) before it takes a second line, then an ellipsis."""
    for px in range(size.name, size.least - 1, -1):
        if Typeface(px, bold).getlength(name) <= room:
            canvas.text(x, mid, name, px, bold, ink)
            return
    lines = wrapped(name, Typeface(size.least, bold), room, size.lines if slot >= 2.1 * size.least else 1)
    step = size.least * 1.05
    for k, line in enumerate(lines):
        canvas.text(x, mid + step * (k - (len(lines) - 1) / 2), line, size.least, bold, ink, room=room)


def wrapped(text: str, face: Typeface, room: float, most: int) -> list[str]:
    """The text on at most `most` lines broken between words, the last shortened with an ellipsis if it must be."""
    words, lines = text.split(), list[str]()
    while words and len(lines) < most - 1:
        take = max((k for k in range(1, len(words) + 1) if face.getlength(" ".join(words[:k])) <= room), default=0)
        if not take:
            break
        lines.append(" ".join(words[:take]))
        words = words[take:]
    if words:
        lines.append(fit(" ".join(words), face, room))
    return lines


def _champion(canvas: _Canvas, champion: str, size: Size, x: float, y: float, wide: float, slot: float) -> None:
    """The champion after the final, in the gold of first place: `to be decided` until the event is final."""
    gold = MEDALS["1"]
    ink = black_or_white(gold)
    canvas.draw.rounded_rectangle((x, y, x + wide, y + slot * 2), radius=int(slot / 3), fill=gold)
    canvas.text(x + wide / 2, y + slot * 0.55, "Champion", size.least, True, ink, "m", room=wide)
    who = champion or "to be decided"
    fitted, px = shrunk(who, "", size.name + 4, size.least, wide - 0.4 * size.least, bool(champion))
    canvas.text(x + wide / 2, y + slot * 1.4, fitted, px, bool(champion), ink, "m")

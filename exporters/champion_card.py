"""The champion card (1080x1350) a store posts when an event is final: the champion's name as the largest text,
the event and its date, the record and the final's score, then the rest of the final four (or the podium), in the
branding and with the logo of the other images."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from exporters.bracket_image import FEED_LEAST, band_lines, wrapped
from exporters.branding import MEDALS, NUMERAL_CONTRAST, black_or_white, inks, readable, stripe
from exporters.caption import hashtag
from exporters.image_band import _png
from exporters.image_sizes import MARGIN
from exporters.image_text import Typeface, _Canvas, shrunk
from league.plain_text import one_line

if TYPE_CHECKING:
    from exporters.branding import Branding

WIDTH, HEIGHT, BAND = 1080, 1350, 230
NAME = 120
"""The champion's name: the largest text, down to `NAME_SMALLEST` on up to four lines, never cut."""
NAME_LEAST = 72
NAME_SMALLEST = 58
"""Past four lines at `NAME_LEAST`, a long name gets smaller, down to just over the largest other text."""
TITLE, SUB, TEXT = 54, 42, 40
DISC, ROW, FOOTER = 170, 84, 90
"""The gold disc over the name, a finisher's line, the footer with the league's address."""


@dataclass(frozen=True)
class Podium:
    """One more finisher on the card: how they finished (`Runner-up`, `3rd`) and their name."""

    label: str
    name: str
    place: int
    """The medal it gets: 2 silver, 3 bronze (both semi-finalists); none past that."""


@dataclass(frozen=True)
class Champion:
    """What a champion card shows."""

    league: str
    event: str
    date: str
    """The event's date as the exports show it (YYYY-MM-DD), or empty."""
    name: str
    record: str
    """The champion's figures: `Record 4-1-0 · Points 12`."""
    final: str
    """How the final was won: `Won the final 2-1 v Li Wei`; empty without a bracket."""
    others: tuple[Podium, ...]


def champion_caption(shown: Champion, hashtags: tuple[str, ...], url: str = "") -> str:
    """The champion card's caption: who won what, how, the rest of the final four, the link and the hashtags."""
    when = f" ({shown.date})" if shown.date else ""
    parts = [
        f"🏆 {one_line(shown.name)} wins {one_line(shown.event)}{when}!",
        "\n".join(one_line(p) for p in (shown.final, shown.record) if p),
    ]
    labels = {p.label: [one_line(o.name) for o in shown.others if o.label == p.label] for p in shown.others}
    parts += [
        "\n".join(f"{label}{'s' if len(names) > 1 else ''}: {', '.join(names)}" for label, names in labels.items())
    ]
    parts += [f"Full standings: {one_line(url).strip()}"] if url.strip() else []
    tags = " ".join(t for t in map(hashtag, hashtags) if t)
    return "\n\n".join([p for p in parts if p] + ([tags] if tags else [])) + "\n"


def champion_card(shown: Champion, branding: Branding) -> bytes:
    """The card as PNG bytes."""
    from PIL import Image

    canvas = _Canvas(Image.new("RGB", (WIDTH, HEIGHT), branding.background), branding)
    when = " · ".join(p for p in (shown.event, shown.date) if p)
    band_lines(canvas, BAND, [(shown.league, "", TITLE, True), (when, "", SUB, False)], FEED_LEAST)
    drawn, w = inks(branding), WIDTH
    room = (1 - 2 * MARGIN) * w
    accent = readable(branding.accent, (branding.background,))
    lines, px = _name(shown.name, room)
    figures = [text for text in (shown.record, shown.final) if text]
    tall = DISC + 40 + 70 + px * 1.15 * len(lines) + 20 + TEXT * 1.4 * len(figures) + 30 + ROW * len(shown.others)
    y = BAND + 8 + max((HEIGHT - BAND - 8 - FOOTER - tall) / 2, 20)
    gold = MEDALS["1"]
    canvas.draw.ellipse((w / 2 - DISC / 2, y, w / 2 + DISC / 2, y + DISC), fill=gold)
    canvas.draw.polygon(_star(w / 2, y + DISC / 2, DISC * 0.32), fill=black_or_white(gold, NUMERAL_CONTRAST))
    y += DISC + 40 + 28
    canvas.text(w / 2, y, "CHAMPION", 56, True, accent, "m", room=room)
    y += 42 + px * 0.6
    for line in lines:
        canvas.text(w / 2, y, line, px, True, align="m")
        y += px * 1.15
    y += 20 - px * 0.6 + TEXT * 0.7
    for text in figures:
        fitted, size = shrunk(text, "", TEXT, FEED_LEAST, room)
        canvas.text(w / 2, y, fitted, size, color=drawn.heading, align="m")
        y += TEXT * 1.4
    _others(canvas, shown.others, y - TEXT * 0.7 + 30)
    if branding.url:
        canvas.text(w / 2, HEIGHT - FOOTER / 2, branding.url, FEED_LEAST, True, align="m", room=room)
    return _png(canvas.image, branding)


def _name(name: str, room: float) -> tuple[list[str], int]:
    """The champion's name in the largest type it fits at on one line, else on up to four lines (a word too long for
    a line broken after a hyphen, else where it must), never smaller than the largest other text: so never cut."""
    for px in range(NAME, NAME_LEAST - 1, -4):
        if Typeface(px, True).getlength(name) <= room:
            return [name], px
    sizes = range(NAME_LEAST + 24, NAME_SMALLEST - 1, -2)
    for px in sizes:
        lines = _broken(name, Typeface(px, True), room, False)
        if len(lines) <= 4 and all(Typeface(px, True).getlength(line) <= room for line in lines):
            return lines, px
    fewest = len(_broken(name, Typeface(NAME_SMALLEST, True), room, True))  # a word broken: in as few pieces as can be
    for px in sizes:
        lines = _broken(name, Typeface(px, True), room, True)
        if len(lines) <= min(fewest, 4):
            return lines, px
    return wrapped(name, Typeface(NAME_SMALLEST, True), room, 4), NAME_SMALLEST


def _broken(text: str, face: Typeface, room: float, hard: bool) -> list[str]:
    """The text on as many lines as it takes, broken between words and after hyphens; with `hard`, a piece still
    longer than a line after its last character that fits."""
    lines: list[str] = []
    line = ""
    for piece in re.findall(r"\S+?-(?=\S)|\S+\s*", text):
        joined = line + piece
        if face.getlength(joined.rstrip()) <= room or not line:
            line = joined
        else:
            lines.append(line.rstrip())
            line = piece
        while hard and face.getlength(line.rstrip()) > room:
            cut = max([k for k in range(1, len(line)) if face.getlength(line[:k]) <= room] or [1])
            lines.append(line[:cut])
            line = line[cut:]
    return [*lines, line.rstrip()] if line.strip() else lines


def _star(x: float, y: float, r: float) -> list[tuple[float, float]]:
    """A five-pointed star about (x, y), points `r` from it: a shape, so the champion's name stays the largest text."""
    return [
        (
            x + (r if k % 2 == 0 else r * 0.42) * math.sin(k * math.pi / 5),
            y - (r if k % 2 == 0 else r * 0.42) * math.cos(k * math.pi / 5),
        )
        for k in range(10)
    ]


def _others(canvas: _Canvas, others: tuple[Podium, ...], top: float) -> None:
    """The rest of the final four or of the podium, one line each under the champion, with their medals."""
    branding, w = canvas.branding, WIDTH
    drawn = inks(branding)
    row = ROW
    left, right = MARGIN * w + 20, (1 - MARGIN) * w - 20
    label_room = max((Typeface(FEED_LEAST, True).getlength(p.label) for p in others), default=0.0) + 70
    for k, podium in enumerate(others):
        mid = top + row * (k + 0.5)
        if k % 2 == 0:
            canvas.draw.rectangle((left - 20, mid - row / 2, right + 20, mid + row / 2), fill=stripe(branding))
        medal = MEDALS.get(str(podium.place))
        if medal:
            canvas.draw.ellipse((left, mid - 18, left + 36, mid + 18), fill=medal)
        canvas.text(left + 50, mid, podium.label, FEED_LEAST, True, drawn.heading, room=label_room)
        fitted, px = shrunk(podium.name, "", 44, FEED_LEAST, right - left - label_room - 60)
        canvas.text(left + 50 + label_room, mid, fitted, px)

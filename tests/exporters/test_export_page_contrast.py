"""Whatever the branding's colours, every text colour in the web page's style sheet reads on what is behind it."""

from __future__ import annotations

import random
import re

import pytest

from exporters.branding import MEDALS, NUMERAL_CONTRAST, TEXT_CONTRAST, Branding, contrast, hex_colour, inks, stripe
from exporters.html import RULE_CONTRAST, style

SEEDED = random.Random(1919)
BRANDINGS = [
    Branding(),
    Branding(primary="#f5d76e", accent="#ffffff"),
    Branding(primary="#ffffff", accent="#ffffff"),
    Branding(primary="#777777", background="#777777"),
    Branding(background="#101010", text="#202020"),
    *(
        Branding(**{k: f"#{SEEDED.randrange(1 << 24):06x}" for k in ("primary", "accent", "background", "text")})
        for _ in range(40)
    ),
]

BEHIND = {
    "body": "page",
    "header": "band",
    "nav a": "page",
    "nav summary": "page",
    "h2": "page",
    "th": "page",
    ".prize": "page",
    ".mark": "page",
    ".zone": "page",
    "p.legend": "page",
    ".up": "page",
    ".down": "page",
    ".same": "page",
    "footer": "page",
    ".m1": "m1",
    ".m2": "m2",
    ".m3": "m3",
    ".bracket h3": "page",
    ".bracket .round h4": "page",
    ".bracket .seed": "page",
    ".bracket .lost,.bracket .bye": "page",
    ".bracket .empty .who::after": "page",
    ".bracket .champion": "m1",
}
"""Each rule that sets a text colour, and what is behind its text: the page (the background and the striped rows),
the header's band, or a medal's disc (the bracket's champion on first place's gold)."""


def _colours(sheet: str, prop: str) -> dict[str, str]:
    """Selector -> the value of a colour property, over every rule of the sheet (media blocks included)."""
    out = {}
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", sheet):
        for value in re.findall(rf"(?:^|;){prop}:(#[0-9a-f]{{6}})", body):
            out[selector.strip()] = value
    return out


def _behind(branding: Branding, where: str) -> tuple[str, ...]:
    if where == "band":
        return (branding.primary,)
    if where in ("m1", "m2", "m3"):
        return (MEDALS[where[1]],)
    return branding.background, hex_colour(stripe(branding))


@pytest.mark.parametrize("branding", BRANDINGS, ids=lambda b: f"{b.primary}-{b.accent}-{b.background}-{b.text}")
def test_every_text_colour_of_the_page_reads_on_what_is_behind_it(branding: Branding) -> None:
    sheet = style(branding)
    texts = _colours(sheet, "color")
    assert set(texts) == set(BEHIND), "a rule sets a text colour this test does not know the background of"
    for selector, ink in texts.items():
        least = NUMERAL_CONTRAST if selector in (".m1", ".m2", ".m3") else TEXT_CONTRAST  # the champion's: 4.5
        for back in _behind(branding, BEHIND[selector]):
            assert contrast(ink, back) >= least, (selector, ink, back)
    assert "opacity" not in sheet, "a faded text would lose the contrast measured here"


@pytest.mark.parametrize("branding", BRANDINGS[:2], ids=["default", "light"])
def test_the_page_uses_the_images_inks_and_stripe(branding: Branding) -> None:
    sheet, drawn = style(branding), inks(branding)
    assert f"header{{background:{branding.primary};color:{drawn.title};" in sheet
    assert f"h2{{font-size:1.15rem;color:{drawn.heading};" in sheet
    assert f"tr:nth-child(even) td{{background:{hex_colour(stripe(branding))}}}" in sheet
    assert all(f"color:{drawn.medals[rank]}" in sheet for rank in MEDALS)


@pytest.mark.parametrize("branding", BRANDINGS, ids=lambda b: f"{b.accent}-on-{b.background}")
def test_the_accent_rules_show_on_the_background(branding: Branding) -> None:
    rules = re.findall(r"border-(?:top|bottom):\d+px solid (#[0-9a-f]{6})", style(branding))
    assert len(rules) == 3, "under the header, under the column headings, the cut line"
    assert all(contrast(rule, branding.background) >= RULE_CONTRAST for rule in rules), rules

"""The playoff bracket as HTML, for the web page, the live pages and the store's screen: the same parts as the images
(`bracket_layout`), each a row of rounds whose matches line up with the two they come from, the champion after the
final. Every text is escaped; the colours come from the page's own style sheet (`STYLE`, filled in by the page)."""

from __future__ import annotations

from html import escape

from exporters.bracket_layout import Part, parts, seed_of
from league.pairing.bracket_model import BYE, BracketMatch, Playoff

STYLE = """
.bracket{margin:8px 8px 16px}
.bracket h3{font-size:.95rem;margin:12px 0 4px;color:%(heading)s}
.bracket .rounds{display:flex;gap:8px;overflow-x:auto}
.bracket .round{flex:1 1 0;min-width:6.5em;display:flex;flex-direction:column}
.bracket .round h4{margin:0 0 4px;font-size:.75rem;text-transform:uppercase;color:%(heading)s;text-align:center}
.bracket .matches{flex:1;display:flex;flex-direction:column;justify-content:space-around;gap:6px}
.bracket .match{border:2px solid %(heading)s;border-radius:4px;background:%(stripe)s}
.bracket .slot{display:flex;gap:4px;padding:3px 5px;font-size:.85rem;align-items:baseline}
.bracket .slot+.slot{box-shadow:inset 0 1px 0 %(heading)s}
.bracket .seed{min-width:1.4em;text-align:right;font-weight:bold;color:%(heading)s}
.bracket .who{flex:1;min-width:0;overflow-wrap:break-word;word-break:normal}
.bracket .g{font-variant-numeric:tabular-nums}
.bracket .won{font-weight:bold}.bracket .lost,.bracket .bye{color:%(same)s}
.bracket .empty .who::after{content:"\\2014";color:%(same)s}
.bracket .champion{margin-top:8px;padding:6px 10px;border-radius:6px;background:%(gold)s;color:%(on_gold)s;
 font-weight:bold;display:inline-block}
"""
"""The bracket's styles, with the page's colours (`heading`, `stripe`, `same`, `gold`, `on_gold`) filled in."""


def bracket_html(playoff: Playoff, champion: str, title: str = "Playoffs") -> str:
    """The bracket under a heading: each part of it (the whole tree when it is small) and the event's champion once
    its state names one (final)."""
    drawn = parts(playoff)
    body = "".join(_part(playoff, part, len(drawn) > 1) for part in drawn)
    who = escape(champion) if champion else "to be decided"
    heading = f"<h3>{escape(title)}</h3>" if title else ""
    return f'<div class="bracket">{heading}{body}<div class="champion">Champion: {who}</div></div>'


def _part(playoff: Playoff, part: Part, labelled: bool) -> str:
    label = f"<h3>{escape(part.label)}</h3>" if labelled and part.label else ""
    rounds = "".join(
        f'<div class="round"><h4>{escape(c.heading)}</h4><div class="matches">'
        f"{''.join(_match(playoff, m) for m in c.matches)}</div></div>"
        for c in part.columns
    )
    return f'{label}<div class="rounds">{rounds}</div>'


def _match(playoff: Playoff, match: BracketMatch) -> str:
    slots = []
    for k, name in enumerate((match.a, match.b)):
        won = bool(match.winner) and match.winner == name and not match.bye
        kind = "bye" if name == BYE else "empty" if not name else "won" if won else "lost" if match.winner else ""
        seed = seed_of(playoff, name)
        games = str(match.games[k]) if match.games else ""
        slots.append(
            f'<div class="slot {kind}"><span class="seed">{seed or ""}</span>'
            f'<span class="who">{escape(name)}</span><span class="g">{games}</span></div>'
        )
    return f'<div class="match">{"".join(slots)}</div>'

"""The three live pages drawn from a `LiveView`: `/` the standings as the web page export draws them, `/pairings`
with a name search for phones, `/screen` for the store's TV. Every text from the workbook is escaped.

Each page carries its version and a small script that listens to `/events`: when a newer view is published it
fetches the page again and swaps its content in place (a search typed on `/pairings` is kept); with scripts off a
plain refresh every `REFRESH_SECONDS` does it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from html import escape

from exporters.board import Board, Line, board
from exporters.bracket_html import STYLE as BRACKET_STYLE
from exporters.bracket_html import bracket_html
from exporters.branding import MEDALS, inks, local_time, readable
from exporters.html import RULE_CONTRAST, banner, page, style
from league.table import Role, Table
from serve.scripts import CYCLE, FIND, LIVE
from serve.server import Pages
from serve.view import LiveEvent, LiveView, Seating

REFRESH_SECONDS = 30
"""The refresh of a page whose scripts are off."""
SCREEN_ROWS = 10
"""Standings lines on one slide of `/screen`, in type read across a room."""
SCREEN_PAIRINGS = 16
"""Tables on one slide of `/screen` (two columns of eight)."""
SCREEN_BACKGROUND = "#10131a"
"""`/screen`'s own dark background: a TV across a room, lit or not."""
LONG_PAIRED, LONG_RANKED = 18, 30
"""Names longer than these many characters are set smaller on `/screen` (a table's two names share half the width)."""
BYE_NAME = '<span class="n">bye</span>'
SCREEN_SECONDS = {"pairings": 20, "standings": 12, "bracket": 20}
"""How long `/screen` shows each kind of slide."""

PAIRINGS_STYLE = """
.pages{display:flex;gap:16px;padding:8px 16px;font-size:.95rem}.pages a{color:%(primary)s}
.find{max-width:900px;margin:0 auto;padding:8px}
.find label{display:block;font-weight:bold;margin-bottom:4px}
.find input{width:100%%;font-size:1.1rem;padding:10px;border:2px solid %(primary)s;border-radius:8px}
#found p{margin:8px 0 0;font-size:1.15rem;font-weight:bold;overflow-wrap:break-word}
table.pairings th{text-align:left}
table.pairings td.t{width:3.5em;font-weight:bold}
tr.done td{opacity:.6}
td.bye{font-style:italic}
[hidden]{display:none!important}
"""

SCREEN_STYLE = """
*{box-sizing:border-box}
html,body{margin:0;height:100%%;overflow:hidden;background:%(screen)s;color:#f4f4f4;
 font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
header{display:flex;justify-content:space-between;align-items:baseline;padding:1.2vh 2vw;background:%(band)s;
 color:%(title)s;border-bottom:.6vh solid %(rule)s;font-size:3vh}
header h1{font-size:3.4vh;margin:0}
main{padding:1vh 2vw}
.slide h2{font-size:5.4vh;margin:1vh 0 0;color:%(accent)s;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.slide .sub{font-size:3.2vh;margin:0 0 1.5vh;opacity:.85}
.grid{display:grid;grid-template-columns:1fr 1fr;grid-auto-flow:column;grid-template-rows:repeat(8,auto);gap:0 3vw}
.grid.one{grid-template-columns:1fr;max-width:70vw}
.pair{display:flex;gap:1.2vw;align-items:baseline;font-size:4vh;line-height:1.25;padding:.7vh 0;
border-bottom:1px solid #333}
.pair .t{min-width:3.2em;font-weight:bold;color:%(accent)s}
.pair .n{flex:1;min-width:0;overflow-wrap:anywhere}
.n.long{font-size:.72em}
.pair .v{opacity:.6}
.pair.done{opacity:.5}
.line{display:flex;gap:2vw;font-size:5vh;line-height:1.3;padding:.5vh 0;border-bottom:1px solid #333}
.line .r{min-width:2.6em;text-align:right;font-weight:bold;color:%(accent)s}
.line .n{flex:1;min-width:0;overflow-wrap:anywhere}
.line .s{min-width:4em;text-align:right;font-variant-numeric:tabular-nums}
.line .f{font-size:.55em;align-self:center;opacity:.85;white-space:nowrap}
.empty{font-size:5vh;margin-top:20vh;text-align:center}
html.js .slide{display:none}html.js .slide.on{display:block}
"""


SCREEN_BRACKET = """
.slide .bracket{margin:0}.slide .bracket .slot{font-size:2.8vh}.slide .bracket .round h4{font-size:2.2vh}
.slide .bracket .champion{font-size:3.4vh}
"""


def draw(view: LiveView | None) -> Pages:
    """Every page of a view; before the first sync, pages that wait for it (and update when it comes)."""
    if view is None:
        waiting = _waiting()
        return Pages(0, waiting, waiting, waiting)
    return Pages(view.version, index(view).encode(), pairings(view).encode(), screen(view).encode())


def live_head(version: int) -> str:
    """What each page adds to its head: its version, the refresh with scripts off, the listener with scripts on."""
    return (
        f'<meta name="live-version" content="{version}">'
        f'<noscript><meta http-equiv="refresh" content="{REFRESH_SECONDS}"></noscript>'
        f"<script>{LIVE}</script>"
    )


def boards(view: LiveView) -> list[Board]:
    """The events' standings (under way first), then the leaderboard, as the exports show them."""
    return [*(event_board(e, view) for e in view.events), league_board(view)]


def event_board(event: LiveEvent, view: LiveView) -> Board:
    """An event's standings as the exports show them, with where it stands and its champion once final."""
    return replace(
        board(event.standings, event.title, view.synced, event.placings),
        stands=event.stands,
        champion=event.champion,
        final=event.final,
        event=event.id,
        bracket=event.bracket,
    )


def league_board(view: LiveView) -> Board:
    """The leaderboard as the exports show it: where the season stands, its champion once it is final."""
    final = view.season.final
    return replace(
        board(view.leaderboard, "Leaderboard", view.synced, view.board),
        stands=view.league_stands,
        final=final,
        champion=view.season.champion if final else "",
    )


LINKS = '<div class="pages"><a href="/">Standings</a><a href="/pairings">Pairings</a></div>'


def index(view: LiveView) -> str:
    """`/`: the web page export of the events under way and the leaderboard, updating itself."""
    return page(
        boards(view),
        view.league,
        view.branding,
        view.logo,
        f"{live_head(view.version)}<style>{_style(PAIRINGS_STYLE, view)}</style>",
        LINKS,
    )


def pairings(view: LiveView) -> str:
    """`/pairings`: the current round of every running event, with a search for one's own table."""
    sections = "\n".join(_pairing_section(e) for e in view.events if e.pairings)
    over = "\n".join(
        f'<p class="stands over">{escape(e.title)} is over'
        + (f": champion {escape(e.champion)}." if e.champion else ".")
        + "</p>"
        for e in view.events
        if e.final and not e.pairings
    )
    body = "\n".join(p for p in (sections, over) if p) or '<p class="stands">No round is paired yet.</p>'
    return _document(
        view,
        "Pairings",
        style(view.branding) + _style(PAIRINGS_STYLE, view),
        f'{LINKS}<div class="find"><label for="q">Find your table</label>'
        '<input id="q" type="search" placeholder="Your name" autocomplete="off" autocapitalize="none" '
        'spellcheck="false" enterkeyhint="search"><div id="found" aria-live="polite"></div></div>'
        f"\n<main>\n{body}\n</main>\n<script>{FIND}</script>",
    )


def screen(view: LiveView) -> str:
    """`/screen`: one slide at a time for a TV: each event's pairings, its standings, then the leaderboard's top."""
    slides = [s for e in view.events for s in _event_slides(e, view)]
    top = league_board(view)
    slides.append(_standings_slide(top, top.lines[:SCREEN_ROWS], ""))
    body = "\n".join(slides)
    head = f"<script>{CYCLE}</script>"
    synced = escape(local_time(view.synced, view.branding, "%H:%M"))
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{escape(view.league)}</title><style>{_style(SCREEN_STYLE, view)}{_screen_bracket(view)}</style>"
        f"{live_head(view.version)}{head}</head>\n"
        f"<body><header><h1>{escape(view.league)}</h1><span>{synced}</span></header>\n"
        f"<main>\n{body}\n</main></body></html>\n"
    )


def _screen_bracket(view: LiveView) -> str:
    """The bracket's styles on `/screen`'s dark background, in type read across a room."""
    accent = readable(view.branding.accent, (SCREEN_BACKGROUND,))
    return (
        BRACKET_STYLE
        % {"heading": accent, "stripe": "#1b2130", "same": "#a9b1c2", "gold": MEDALS["1"], "on_gold": "#000000"}
        + SCREEN_BRACKET
    )


def _style(sheet: str, view: LiveView) -> str:
    """A page's style sheet in the league's colours as the exports ink them: every text reads on what is behind it
    (`/pairings` on the branding's background, `/screen` on its dark one) whatever the branding."""
    b, drawn = view.branding, inks(view.branding)
    return sheet % {
        "primary": drawn.heading,
        "band": b.primary,
        "title": drawn.title,
        "screen": SCREEN_BACKGROUND,
        "accent": readable(b.accent, (SCREEN_BACKGROUND,)),
        "rule": readable(b.accent, (SCREEN_BACKGROUND, b.primary), RULE_CONTRAST),
    }


def _document(view: LiveView, what: str, sheet: str, body: str) -> str:
    stamp = f"Synced {local_time(view.synced, view.branding)}"
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{escape(what)} · {escape(view.league)}</title><style>{sheet}</style>{live_head(view.version)}</head>\n"
        f"<body>{banner(view.league, view.branding, view.logo, stamp)}\n{body}\n"
        f"<footer>{escape(view.league)}</footer></body></html>\n"
    )


def _competitor(table: Table) -> str:
    """What the standings call a competitor: `Player`, `Pair`, `Team`."""
    at = table.find(Role.COMPETITOR)
    return table.columns[at].label if at is not None else "Player"


def _pairing_section(event: LiveEvent) -> str:
    label = "Match" if event.playoff else "Table"
    who = _competitor(event.standings)
    rows = "\n".join(_pairing_row(p, label) for p in event.pairings)
    under = " · ".join(escape(p) for p in (event.round, event.progress) if p)
    tree = bracket_html(event.bracket, event.champion, "The bracket") if event.bracket else ""
    return (
        f'<section data-event="{escape(event.title)}"><h2>{escape(event.title)}</h2><p class="stands">{under}</p>'
        f'<div class="wrap"><table class="pairings"><thead><tr><th>{label}</th><th>{escape(who)}</th>'
        f"<th>Opponent</th></tr></thead><tbody>\n{rows}\n</tbody></table></div>{tree}</section>"
    )


def _pairing_row(p: Seating, label: str) -> str:
    names = "".join(f'<td class="name">{escape(n)}</td>' for n in p.sides)
    other = '<td class="bye">bye</td>' if len(p.sides) == 1 else ""
    done = ' class="done"' if p.done else ""
    return (
        f'<tr{done} data-table="{escape(p.table)}" data-label="{label}"><td class="n t">{escape(p.table)}</td>'
        f"{names}{other}</tr>"
    )


def _event_slides(event: LiveEvent, view: LiveView) -> list[str]:
    out = []
    label = "Match" if event.playoff else "Table"
    chunks = [event.pairings[i : i + SCREEN_PAIRINGS] for i in range(0, len(event.pairings), SCREEN_PAIRINGS)]
    for n, chunk in enumerate(chunks, 1):
        page_of = f" ({n}/{len(chunks)})" if len(chunks) > 1 else ""
        pairs = "".join(
            f'<div class="pair{" done" if p.done else ""}"><span class="t">{label} {escape(p.table)}</span>'
            f'{_name(p.sides[0], LONG_PAIRED)}<span class="v">v</span>'
            f"{_name(p.sides[1], LONG_PAIRED) if len(p.sides) > 1 else BYE_NAME}</div>"
            for p in chunk
        )
        sub = " · ".join(escape(p) for p in ("Pairings", event.round, event.progress) if p)
        grid = "grid" if len(chunk) > SCREEN_PAIRINGS // 2 else "grid one"
        out.append(
            f'<section class="slide" data-seconds="{SCREEN_SECONDS["pairings"]}"><h2>{escape(event.title)}'
            f'{page_of}</h2><p class="sub">{sub}</p><div class="{grid}">{pairs}</div></section>'
        )
    if event.bracket:
        out.append(
            f'<section class="slide" data-seconds="{SCREEN_SECONDS["bracket"]}"><h2>{escape(event.title)}</h2>'
            f'<p class="sub">{escape(event.round or "Playoffs")}</p>'
            f"{bracket_html(event.bracket, event.champion, '')}</section>"
        )
    shown = event_board(event, view)
    pages = [shown.lines[i : i + SCREEN_ROWS] for i in range(0, len(shown.lines), SCREEN_ROWS)] or [()]
    for n, lines in enumerate(pages, 1):
        out.append(_standings_slide(shown, lines, f" ({n}/{len(pages)})" if len(pages) > 1 else ""))
    return out


def _standings_slide(shown: Board, lines: Sequence[Line], page_of: str) -> str:
    rows = "".join(
        f'<div class="line"><span class="r">{escape(line.shown_rank)}</span>'
        f'{_name(line.name, LONG_RANKED)}{_finish(line)}<span class="s">{escape(line.score)}</span></div>'
        for line in lines
    )
    body = rows or '<p class="empty">No standings yet</p>'
    return (
        f'<section class="slide" data-seconds="{SCREEN_SECONDS["standings"]}"><h2>{escape(shown.title)}{page_of}</h2>'
        f'<p class="sub">{escape(shown.standing)} · {escape(shown.score_label)}</p>{body}</section>'
    )


def _finish(line: Line) -> str:
    """How far a bracket competitor went, beside the name on `/screen`."""
    return f'<span class="f">{escape(line.finish)}</span>' if line.finish else ""


def _name(name: str, long: int) -> str:
    """A name on `/screen`, escaped; a long one in smaller type (and wrapped if still too long), never cut off."""
    return f'<span class="n{" long" if len(name) > long else ""}">{escape(name)}</span>'


def _waiting() -> bytes:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Waiting for the first sync</title>'
        f"{live_head(0)}</head>\n<body><header></header><main><p>Waiting for the first sync of the league…</p>"
        "</main></body></html>\n"
    ).encode()

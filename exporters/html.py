"""One self-contained web page of the league: every table, every competitor, readable on a phone.

No scripts, no web fonts, no external address: the styles are inline and the logo is embedded as a
data URI, so the file opens offline and shows the same everywhere. Every text is escaped. Open Graph and
Twitter card tags make a shared link preview with the 1200x630 leaderboard image; at 390 px the page fits
the screen (the table links fold into one line, low-priority columns are hidden, a wide logo is capped); printed,
each table gets its own page, never ending on a row alone, and the navigation is left out. Text is drawn in the
images' inks (`branding.inks`), so it reads on what is behind it whatever the `[branding]` colours."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from urllib.parse import urljoin, urlsplit

from exporters.board import LEGEND, Board, Line, move_direction, move_text
from exporters.bracket_html import STYLE as BRACKET_STYLE
from exporters.bracket_html import bracket_html
from exporters.branding import (
    MEDALS,
    NUMERAL_CONTRAST,
    Branding,
    black_or_white,
    hex_colour,
    inks,
    local_time,
    readable,
    stripe,
)
from league.plain_text import one_line

STYLE = """
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
 background:%(background)s;color:%(text)s;line-height:1.4}
header{background:%(primary)s;color:%(title)s;padding:16px;border-bottom:5px solid %(rule)s;
 display:flex;gap:12px;align-items:center}
header img{flex:none;height:56px;width:auto;max-width:22%%;object-fit:contain;object-position:left center}
header div{min-width:0;flex:1}
h1{font-size:1.4rem;margin:0}
header p{margin:2px 0 0;font-size:.9rem}
h1,h2,header p{overflow-wrap:break-word}
nav{padding:8px 16px;font-size:.9rem}
nav .links{display:flex;flex-wrap:wrap;gap:6px 12px}
nav a{color:%(heading)s}
nav details{display:none}
nav summary{cursor:pointer;color:%(heading)s;font-weight:bold}
nav details a{display:block;padding:4px 0}
main{max-width:900px;margin:0 auto;padding:0 8px 24px}
h2{font-size:1.15rem;color:%(heading)s;margin:20px 8px 8px}
p.stands{margin:-4px 8px 8px;font-weight:bold}
.wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%%;font-size:.95rem}
th,td{padding:6px 8px;text-align:left;vertical-align:bottom}
td{vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;color:%(heading)s;border-bottom:2px solid %(rule)s}
tr:nth-child(even) td{background:%(stripe)s}
th:nth-child(n+3),td.n{text-align:right}
td.n{font-variant-numeric:tabular-nums;white-space:nowrap}
td.name{overflow-wrap:break-word;word-break:normal;hyphens:manual;min-width:7em}
.prize{display:block;font-size:.8rem;color:%(heading)s}
.mark{font-weight:bold;color:%(heading)s;white-space:nowrap}
tr.cut td{border-top:3px solid %(rule)s}
.zone{display:block;font-size:.75rem;font-weight:bold;text-transform:uppercase;color:%(heading)s}
.vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);
 white-space:nowrap;border:0}
p.notes,p.legend{margin:6px 8px;font-size:.85rem}
p.legend{color:%(same)s}
.up{color:%(up)s}.down{color:%(down)s}.same{color:%(same)s}
.medal{display:inline-block;min-width:1.8em;text-align:center;border-radius:1em;font-weight:bold}
.m1{background:%(m1)s;color:%(n1)s}.m2{background:%(m2)s;color:%(n2)s}.m3{background:%(m3)s;color:%(n3)s}
footer{font-size:.8rem;color:%(same)s;text-align:center;padding:16px}
@media (max-width:600px){
 nav .links{display:none}
 nav details{display:block}
 header{padding:12px}
 header img{height:40px}
 main{padding:0 0 24px}
 th,td{padding:5px 4px}
 table{font-size:.9rem}
}
.tb{display:none}
@media (max-width:420px){.low{display:none}.tb{display:block;font-size:.8rem;font-weight:normal}}
@media print{
 *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
 nav,footer{display:none}
 header{padding:8px}
 main{max-width:none;padding:0}
 .wrap{overflow:visible}
 section{break-after:page;page-break-after:always}
 section:last-of-type{break-after:auto;page-break-after:auto}
 h2,p.stands{break-after:avoid;page-break-after:avoid}
 th,td{padding:3px 8px}
 thead{display:table-header-group}
 tr{break-inside:avoid;page-break-inside:avoid}
 tr:nth-last-child(2){break-after:avoid;page-break-after:avoid}
 p.notes,p.legend{break-before:avoid;page-break-before:avoid}
 .low{display:table-cell}
 .tb{display:none}
}
"""
RULE_CONTRAST = NUMERAL_CONTRAST
"""The least contrast of the accent's rules (under the header, under the headings, the cut line) with the
background: the 3:1 of graphics a reader needs to see."""
IMAGE = "leaderboard-1200x630.png"
"""The link image a shared address previews with (the leaderboard's 1200x630 card, beside the page)."""


def escape(text: str) -> str:
    """A text as the page holds it: on one line (no control character reaches a page, a NUL or a backspace
    included) and escaped."""
    return html.escape(one_line(text))


def page(
    boards: list[Board], league: str, branding: Branding, logo: bytes | None = None, head: str = "", top: str = ""
) -> str:
    """The whole page: the boards in the order given (the leaderboard first in the export). `head` is more markup
    for the page's head and `top` for under its header (the live pages' refresh and links), trusted as they are."""
    updated = max((b.updated for b in boards), default=None)
    stamp = f"Updated {local_time(updated, branding)}" if updated else ""
    links = "".join(f'<a href="#t{i}">{escape(b.title)}</a>' for i, b in enumerate(boards))
    nav = (
        (
            f'<nav><div class="links">{links}</div>'
            f"<details><summary>Tables ({len(boards)})</summary>{links}</details></nav>\n"
        )
        if len(boards) > 1
        else ""
    )
    sections = "\n".join(section(b, i) for i, b in enumerate(boards))
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{escape(league)}</title>{_previews(boards, league, branding)}"
        f"<style>{style(branding)}</style>{head}</head>\n"
        f"<body>{banner(league, branding, logo, stamp)}{top}\n"
        f"{nav}<main>\n{sections}\n</main>\n"
        f"<footer>{escape(league)}</footer></body></html>\n"
    )


def style(branding: Branding) -> str:
    """The page's style sheet in the league's colours, with the inks the images use: every text reads on what is
    behind it whatever the branding."""
    drawn = inks(branding)
    colours = {
        "background": branding.background,
        "text": drawn.text,
        "primary": branding.primary,
        "title": drawn.title,
        "heading": drawn.heading,
        "stripe": hex_colour(stripe(branding)),
        "rule": readable(branding.accent, (branding.background,), RULE_CONTRAST),
        "up": drawn.up,
        "down": drawn.down,
        "same": drawn.same,
        **{f"m{k}": v for k, v in MEDALS.items()},
        **{f"n{k}": v for k, v in drawn.medals.items()},
    }
    gold = MEDALS["1"]
    return STYLE % colours + BRACKET_STYLE % {**colours, "gold": gold, "on_gold": black_or_white(gold)}


def banner(league: str, branding: Branding, logo: bytes | None, stamp: str) -> str:
    """The header band: the logo, the league's name and a line under it (`Updated …`), escaped."""
    image = f'<img alt="" src="data:image/png;base64,{base64.b64encode(logo).decode()}">' if logo else ""
    line = f"<p>{escape(stamp)}</p>" if stamp else ""
    return f"<header>{image}<div><h1>{escape(league)}</h1>{line}</div></header>"


def description(boards: list[Board]) -> str:
    """What a link preview says under the title: who leads (or won) and where the standings stand."""
    if not boards:
        return "No standings yet"
    first = boards[0]
    leader = next((line.name for line in first.lines if line.rank == "1"), "")
    who = f"Champion: {first.champion}" if first.champion else f"{leader} leads" if leader else ""
    what = first.title if first.title != "Leaderboard" else ""
    return " · ".join(p for p in (who, what, first.stands) if p) or "No standings yet"


def relative_preview(branding: Branding, formats: Sequence[str]) -> str:
    """A warning for a sync that writes the page without `[branding] url`: its link image is then a relative address,
    which Facebook and other link previews cannot fetch; "" otherwise."""
    if "html" not in formats or branding.url.strip():
        return ""
    return (
        f"[branding] url is not set, so league.html's og:image is the relative address {IMAGE!r}: a shared link "
        "shows no image. Set `url` under [branding] in league.toml to where the page is published"
    )


def image_address(url: str) -> str:
    """The link image's address: beside the page at `url` (a folder or the page itself), or relative without one."""
    url = url.strip()
    if not url:
        return IMAGE
    last = urlsplit(url).path.rsplit("/", 1)[-1]
    return urljoin(url if "." in last or url.endswith("/") else url + "/", IMAGE)


def _previews(boards: list[Board], league: str, branding: Branding) -> str:
    """Open Graph and Twitter card tags, so a shared link shows the title, the standing and the card image."""
    text, image, url = escape(description(boards)), escape(image_address(branding.url)), branding.url.strip()
    tags = [
        ("property", "og:type", "website"),
        ("property", "og:title", escape(league)),
        ("property", "og:description", text),
        ("property", "og:image", image),
        ("property", "og:image:width", "1200"),
        ("property", "og:image:height", "630"),
        *([("property", "og:url", escape(url))] if url else []),
        ("name", "twitter:card", "summary_large_image"),
        ("name", "twitter:title", escape(league)),
        ("name", "twitter:description", text),
        ("name", "twitter:image", image),
        ("name", "description", text),
    ]
    return "".join(f'<meta {kind}="{key}" content="{value}">' for kind, key, value in tags)


def section(board: Board, index: int) -> str:
    """One table as a section of the page, every text escaped."""
    # Every column from the third holds figures, so its heading is right-aligned by the style, over its figures.
    moves = board.has_moves and board.moved
    heads = [
        ("#", ""),
        ("Name", ""),
        *([(board.count_label, "")] if board.count_label else []),
        (board.score_label, ""),
        (board.tiebreak_label, "low"),
        *([("Move", "")] if moves else []),
    ]
    head = "".join(
        f'<th class="{kind}">{escape(h)}</th>' if kind else f"<th>{escape(h)}{_under(board, h)}</th>"
        for h, kind in heads
    )
    rows = []
    for i, line in enumerate(board.lines):
        above = board.lines[i - 1] if i else None
        rank = escape(line.shown_rank)
        if line.held and line.rank in ("1", "2", "3"):
            rank = f'<span class="medal m{line.rank}">{rank}</span>'
        prize = f'<span class="prize">{escape(line.detail)}</span>' if line.detail else ""
        mark = f' <span class="mark">{escape(line.mark)}</span>' if line.mark else ""
        cells = [
            f"<td>{rank}</td>",
            f'<td class="name">{_zone(line, above)}{escape(line.name)}{mark}{prize}</td>',
            *([f'<td class="n">{escape(line.count)}</td>'] if board.count_label else []),
            f'<td class="n">{escape(line.score)}{_tie(board, line)}</td>',
            f'<td class="n low">{escape(line.tiebreak)}</td>',
        ]
        if moves:
            arrow = move_text(line.move)
            cells.append(f'<td class="n {move_direction(line.move)}">{escape(arrow)}</td>')
        rows.append(f"<tr{_cut(line, above)}>{''.join(cells)}</tr>")
    body = "\n".join(rows) or f'<tr><td colspan="{len(heads)}">No standings yet</td></tr>'
    stands = f'<p class="stands">{escape(board.standing)}</p>' if board.standing else ""
    legend = f'<p class="legend">{LEGEND}</p>' if moves else ""
    notes = f'<p class="notes">{"<br>".join(escape(n) for n in board.footnotes)}</p>' if board.footnotes else ""
    tree = bracket_html(board.bracket, board.champion) if board.bracket and board.bracket.seeds else ""
    return (
        f'<section id="t{index}"><h2>{escape(board.title)}</h2>{stands}{tree}<div class="wrap"><table>'
        f"<thead><tr>{head}</tr></thead><tbody>\n{body}\n</tbody></table></div>{legend}{notes}</section>"
    )


def _under(board: Board, heading: str) -> str:
    """Under the score's heading on a phone, where the tiebreaker's column is hidden: the tiebreaker's name."""
    return (
        f'<span class="tb">{escape(board.tiebreak_label)}</span>'
        if heading == board.score_label and board.tiebreak_label
        else ""
    )


def _tie(board: Board, line: Line) -> str:
    """Under the score on a phone: the line's first tiebreaker, so lines tied on the score read as decided."""
    return f'<span class="tb">{escape(line.tiebreak)}</span>' if board.tiebreak_label and line.tiebreak else ""


def _cut(line: Line, above: Line | None) -> str:
    """A row's attributes for the playoff cut: `cut` (the line drawn above it) where a new zone starts under another,
    and a title naming the row's zone, shown on hover."""
    line_above = ' class="cut"' if above and above.cut and line.cut and line.cut != above.cut else ""
    return f'{line_above} title="Playoffs: {escape(line.cut)}"' if line.cut else ""


def _zone(line: Line, above: Line | None) -> str:
    """The zone's name in small type over the first name of each zone (`in`, `tiebreaker match`, `out`), so the cut
    line says what it divides; a screen reader hears it as "Playoffs: in"."""
    if not line.cut or (above is not None and above.cut == line.cut):
        return ""
    return f'<span class="zone"><span class="vh">Playoffs: </span>{escape(line.cut)}</span>'

"""One self-contained web page of the league: every table, every competitor, readable on a phone.

No scripts, no web fonts, no external address: the styles are inline and the logo is embedded as a
data URI, so the file opens offline and shows the same everywhere. Every text is escaped."""

from __future__ import annotations

import base64
from html import escape

from exporters.board import Board, move_text
from exporters.branding import DOWN, MEDALS, SAME, UP, Branding, local_time

STYLE = """
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
 background:%(background)s;color:%(text)s;line-height:1.4}
header{background:%(primary)s;color:#fff;padding:16px;border-bottom:5px solid %(accent)s;display:flex;gap:12px;align-items:center}
header img{height:56px;width:auto}
h1{font-size:1.4rem;margin:0}
header p{margin:2px 0 0;opacity:.85;font-size:.9rem}
nav{padding:8px 16px;display:flex;flex-wrap:wrap;gap:6px 12px;font-size:.9rem}
nav a{color:%(primary)s}
main{max-width:900px;margin:0 auto;padding:0 8px 24px}
h2{font-size:1.15rem;color:%(primary)s;margin:20px 8px 8px}
p.stands{margin:-4px 8px 8px;font-weight:bold}
.wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%%;font-size:.95rem}
th,td{padding:6px 8px;text-align:left;vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;color:%(primary)s;border-bottom:2px solid %(accent)s}
tr:nth-child(even) td{background:rgba(0,0,0,.04)}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.name{overflow-wrap:anywhere;min-width:8em}
.prize{display:block;font-size:.8rem;color:%(primary)s}
.up{color:%(up)s}.down{color:%(down)s}.same{color:%(same)s}
.medal{display:inline-block;min-width:1.8em;text-align:center;border-radius:1em;color:#fff;font-weight:bold}
.m1{background:%(m1)s}.m2{background:%(m2)s}.m3{background:%(m3)s}
footer{font-size:.8rem;color:#666;text-align:center;padding:16px}
"""


def page(boards: list[Board], league: str, branding: Branding, logo: bytes | None = None) -> str:
    """The whole page: the leaderboard first, then each event's standings."""
    colours = {"background": branding.background, "text": branding.text, "primary": branding.primary,
               "accent": branding.accent, "up": UP, "down": DOWN, "same": SAME, **{f"m{k}": v for k, v in MEDALS.items()}}
    image = f'<img alt="" src="data:image/png;base64,{base64.b64encode(logo).decode()}">' if logo else ""
    updated = max((b.updated for b in boards), default=None)
    stamp = f"<p>Updated {escape(local_time(updated, branding))}</p>" if updated else ""
    nav = "".join(f'<a href="#t{i}">{escape(b.title)}</a>' for i, b in enumerate(boards))
    sections = "\n".join(_section(b, i) for i, b in enumerate(boards))
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{escape(league)}</title><style>{STYLE % colours}</style></head>\n"
            f"<body><header>{image}<div><h1>{escape(league)}</h1>{stamp}</div></header>\n"
            f"<nav>{nav}</nav>\n<main>\n{sections}\n</main>\n"
            f"<footer>{escape(league)}</footer></body></html>\n")


def _section(board: Board, index: int) -> str:
    heads = ["#", "Name", board.score_label, board.tiebreak_label, *(["Move"] if board.has_moves else [])]
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    rows = []
    for line in board.lines:
        rank = escape(line.rank) or "–"
        if line.prizes and line.rank in ("1", "2", "3"):
            rank = f'<span class="medal m{line.rank}">{rank}</span>'
        prize = f'<span class="prize">★ {escape(" · ".join(line.prizes))}</span>' if line.prizes else ""
        cells = [f"<td>{rank}</td>", f'<td class="name">{escape(line.name)}{prize}</td>',
                 f'<td class="n">{escape(line.score)}</td>', f'<td class="n">{escape(line.tiebreak)}</td>']
        if board.has_moves:
            arrow = move_text(line.move)
            kind = "up" if arrow.startswith("▲") else "down" if arrow.startswith("▼") else "same"
            cells.append(f'<td class="n {kind}">{escape(arrow)}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    body = "\n".join(rows) or f'<tr><td colspan="{len(heads)}">No standings yet</td></tr>'
    stands = f'<p class="stands">{escape(board.standing)}</p>' if board.standing else ""
    return (f'<section id="t{index}"><h2>{escape(board.title)}</h2>{stands}<div class="wrap"><table>'
            f"<thead><tr>{head}</tr></thead><tbody>\n{body}\n</tbody></table></div></section>")

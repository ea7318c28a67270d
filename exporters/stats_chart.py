"""The win-rate chart (1080x1350, a Facebook feed post) and its caption: which fighters, decks or armies win.

Horizontal bars drawn with matplotlib, each with its 95 % Wilson interval and its games, in the exports' fonts
(`fonts.py`: DejaVu Sans first, then Noto for the other scripts) and colours (`branding.py`). Read on a phone 390
points wide, no text is under 20 px: the names 30 px, the figures 25 px, the footer 21 px."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from exporters.branding import Branding, inks, local_time, stripe
from exporters.caption import hashtag
from exporters.fonts import chain

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.text import Text
from league.stats import OTHER, Rate

WIDTH, HEIGHT, DPI = 1080, 1350, 100
MOST = 14
"""Entries on the chart (the best by win rate, then `other`): more would need smaller type than a phone reads."""
PX = 72 / DPI
"""Points per pixel: matplotlib sizes type in points."""
NAME, FIGURE, FOOT, TITLE, SUB = 30 * PX, 25 * PX, 21 * PX, 50 * PX, 30 * PX
STATS_IMAGE = f"stats-{WIDTH}x{HEIGHT}.png"
STATS_CAPTION = "stats.txt"


@cache
def families() -> tuple[str, ...]:
    """The font chain as matplotlib families, DejaVu Sans first: a name in another script falls back along it."""
    from matplotlib import font_manager

    names = []
    for face in chain():
        if face.path.suffix.lower() == ".ttf":  # matplotlib reads no single face out of a collection
            font_manager.fontManager.addfont(str(face.path))
            names.append(font_manager.FontProperties(fname=str(face.path)).get_name())
    return tuple(dict.fromkeys(names))


def chart(rates: Sequence[Rate], field: str, league: str, branding: Branding, updated: dt.datetime, games: int,
          min_games: int) -> bytes:
    """The chart as PNG bytes: the entries best first (at most `MOST`, then `other`), each a bar to its win rate with
    its interval drawn across it, its win rate and games written beside it."""
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    ink = inks(branding)
    bar = "#%02x%02x%02x" % stripe(branding, 0.4)  # a tint of the primary colour: the interval drawn across it reads
    shown = [r for r in rates if r.entry != OTHER][:MOST] + [r for r in rates if r.entry == OTHER]
    fig = Figure(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI, facecolor=branding.background)
    font = {"family": list(families())}
    fig.patches.append(Rectangle((0, 0.85), 1, 0.15, transform=fig.transFigure, color=branding.primary, zorder=0))
    fig.patches.append(Rectangle((0, 0.845), 1, 0.005, transform=fig.transFigure, color=branding.accent, zorder=0))
    _fit(fig, fig.text(0.05, 0.945, league, fontsize=TITLE, color=ink.title, va="center", fontdict=font), 0.9 * WIDTH)
    fig.text(0.05, 0.885, f"Win rates by {field} · {games} games", fontsize=SUB, color=ink.title, va="center", fontdict=font)
    ax = fig.add_axes((0.34, 0.12, 0.60, 0.70), facecolor=branding.background)
    rows = list(range(len(shown)))[::-1]
    ax.barh(rows, [r.win_rate for r in shown], height=0.62, zorder=2,
            color=[bar if r.entry != OTHER else "#c8c8c8" for r in shown])
    ax.errorbar([r.win_rate for r in shown], rows, xerr=[[r.win_rate - r.low for r in shown], [r.high - r.win_rate for r in shown]],
                fmt="none", ecolor=ink.text, elinewidth=3, capsize=8, capthick=3, zorder=3)
    ax.axvline(0.5, color=branding.accent, linewidth=3, linestyle="--", zorder=1)
    for row, r in zip(rows, shown):
        ax.text(min(r.high, 1.0) + 0.02, row, f"{r.win_rate:.0%} · {r.games}", va="center", fontsize=FIGURE, color=ink.text,
                fontdict=font)
    ax.set_yticks(rows, [_short(r.entry) for r in shown], fontsize=NAME, color=ink.text, fontdict=font)
    ax.set_xlim(0, 1.25)
    ax.set_ylim(-0.7, max(len(shown), 1) - 0.3)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0], ["0%", "25%", "50%", "75%", "100%"], fontsize=FIGURE, color=ink.text, fontdict=font)
    ax.tick_params(length=0)
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.spines["bottom"].set_color(ink.text)
    ax.grid(axis="x", color=ink.text, alpha=0.15, zorder=0)
    if not shown:
        ax.text(0.5, 0, "No games played yet", ha="center", fontsize=NAME, color=ink.text, fontdict=font)
    fig.text(0.05, 0.065, f"Bars: win rate (a draw is half a win) and games · lines: 95% interval\n"
             f"Mirror matches left out · under {min_games} games: {OTHER} · Updated {local_time(updated, branding)}",
             fontsize=FOOT, color=ink.text, va="center", linespacing=1.5, fontdict=font)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=DPI, facecolor=branding.background)
    return out.getvalue()


def _fit(fig: Figure, text: Text, width: float) -> None:
    """Shrink a title until it fits `width` pixels, down to the names' size; past that it is cut with an ellipsis."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    while text.get_window_extent(renderer).width > width and float(text.get_fontsize()) > NAME:
        text.set_fontsize(max(NAME, float(text.get_fontsize()) * 0.92))
    while text.get_window_extent(renderer).width > width and len(text.get_text()) > 2:
        text.set_text(text.get_text()[:-2].rstrip() + "…")


def _short(name: str, most: int = 18) -> str:
    """A name that fits the label column: cut with an ellipsis past `most` characters."""
    return name if len(name) <= most else name[:most - 1].rstrip() + "…"


def stats_caption(rates: Sequence[Rate], field: str, league: str, branding: Branding, updated: dt.datetime, games: int,
                  min_games: int, top: int = 5) -> str:
    """The post's text: the best `top` entries with their record and games, the lowest, and how it is counted."""
    best = [r for r in rates if r.entry != OTHER]
    lines = [f"📊 {league}: win rates by {field}, {games} games (updated {local_time(updated, branding)})", ""]
    lines += [f"{i}. {r.entry}: {r.win_rate:.0%} ({_record(r)}, {r.games} games)" for i, r in enumerate(best[:top], 1)]
    if len(best) > top:
        low = best[-1]
        lines += ["", f"Lowest: {low.entry}: {low.win_rate:.0%} ({_record(low)}, {low.games} games)"]
    if not best:
        lines.append(f"No {field} has {min_games} games yet.")
    lines += ["", f"A draw counts half a win; mirror matches are left out; with under {min_games} games: {OTHER}. "
              "The chart shows each rate's 95% interval."]
    tags = [hashtag(t) for t in branding.hashtags if hashtag(t)]
    return "\n".join([*lines, *([""] + [" ".join(tags)] if tags else []), ""])


def _record(r: Rate) -> str:
    return f"{r.wins}-{r.losses}-{r.draws}" if r.draws else f"{r.wins}-{r.losses}"

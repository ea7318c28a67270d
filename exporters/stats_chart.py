"""The win-rate chart (1080x1350, a Facebook feed post) and its caption: which fighters, decks or armies win.

Horizontal bars drawn with matplotlib, each with its 95 % Wilson interval and its games, in the exports' fonts
(`fonts.py`: DejaVu Sans first, then Noto for the other scripts) and colours (`branding.py`). Read on a phone 390
points wide, no text is under 9 px tall there: the names 30 px, the figures and the footer 27 px (`LEAST`)."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import tempfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from exporters.branding import NUMERAL_CONTRAST, Branding, hex_colour, inks, local_time, readable, rgb, stripe
from exporters.caption import hashtag
from exporters.fonts import Face, chain, coverage, face_for
from league.stats import OTHER, Rate, fold

if TYPE_CHECKING:
    from matplotlib.backends.backend_agg import RendererAgg
    from matplotlib.figure import Figure
    from matplotlib.text import Text

WIDTH, HEIGHT, DPI = 1080, 1350, 100
MOST = 14
"""Entries on the chart (the best by win rate, then `other`): more would need smaller type than a phone reads."""
PX = 72 / DPI
"""Points per pixel: matplotlib sizes type in points."""
NAME, FIGURE, FOOT, TITLE, SUB = 30 * PX, 27 * PX, 27 * PX, 50 * PX, 33 * PX
"""The type of the names, the figures, the footer, the title (bold, as the standings images' title) and the line
under it."""
AXES_LEFT = 0.34
LABEL_ROOM = (AXES_LEFT - 0.05) * WIDTH - 12
"""Pixels a name has left of the bars (the margin and the tick labels' pad taken off): a longer one is cut."""
GRAPHICS = NUMERAL_CONTRAST
"""The least contrast of a bar or a line with the background (WCAG 2 AA for graphics: 3:1)."""
STATS_IMAGE = f"stats-{WIDTH}x{HEIGHT}.png"
STATS_CAPTION = "stats.txt"


def families(text: str) -> tuple[str, ...]:
    """The font chain as matplotlib families for `text`, DejaVu Sans first: each other face of the chain (or of the
    system) that holds a character DejaVu Sans lacks, cut to those characters as a static TTF as the poster cuts it
    (`static_subset`: a face of a collection such as Noto Sans CJK included), under a family name of its own."""
    primary = chain()[0]
    lacking: dict[Face, set[str]] = {}
    for char in sorted({c for c in text if not c.isspace() and ord(c) not in coverage(primary)}):
        face = face_for(char)
        if face is not None and face != primary:
            lacking.setdefault(face, set()).add(char)
    names = [_added(primary.path)] + [_cut_face(face, "".join(sorted(chars))) for face, chars in lacking.items()]
    return tuple(dict.fromkeys(names))


@cache
def _added(path: Path) -> str:
    """Make a font file known to matplotlib; its family name."""
    from matplotlib import font_manager

    font_manager.fontManager.addfont(str(path))
    return str(font_manager.FontProperties(fname=str(path)).get_name())


@cache
def _cut_face(face: Face, chars: str) -> str:
    """A face cut to `chars`, saved as a TTF in this process's font folder and made known to matplotlib under a family
    name no other cut shares (two cuts of one face would otherwise be one family to matplotlib)."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    from exporters.poster import static_subset

    family = (
        f"League Cut {hashlib.sha1(f'{face.path}:{face.index}:{chars}'.encode()).hexdigest()[:16]}"  # fontconfig-safe
    )
    font = TTFont(io.BytesIO(static_subset(face, chars, 400)))
    names = font["name"]
    for number in (1, 2, 4, 6, 16, 17, 21, 22):
        names.removeNames(nameID=number)
    for number, value in ((1, family), (2, "Regular"), (4, family), (6, family.replace(" ", "-"))):
        names.setName(value, number, 3, 1, 0x409)
    path = _font_folder() / f"{family.replace(' ', '-')}.ttf"
    font.save(str(path))
    return _added(path)


@cache
def _font_folder() -> Path:
    """Where this process keeps the cut faces: removed when it ends."""
    folder = tempfile.TemporaryDirectory(prefix="league-chart-fonts-")
    _FOLDERS.append(folder)
    return Path(folder.name)


_FOLDERS: list[tempfile.TemporaryDirectory[str]] = []
"""The font folders, kept alive until the process ends (then each is removed)."""


@cache
def colours(branding: Branding) -> tuple[str, str, str, str]:
    """The bars (a tint of the primary colour), the `other` bar, the interval lines and the 50 % line, each taken
    towards black or white until it keeps the graphics' contrast with the background (and the lines with the bars)."""
    back = branding.background
    text = inks(branding).text
    bar = readable(hex_colour(stripe(branding, 0.4)), (back,), GRAPHICS)
    grey = hex_colour(round(b + (t - b) * 0.4) for b, t in zip(rgb(back), rgb(text)))  # between the two
    other = readable(grey, (back,), GRAPHICS)
    return bar, other, readable(text, (back, bar, other), GRAPHICS), readable(branding.accent, (back,), GRAPHICS)


def counted(rates: Sequence[Rate]) -> int:
    """What the chart's bars add up to, the count its header gives: each game once for each side's entry (a mirror
    match, left out of the rates, not at all)."""
    return sum(r.games for r in fold(rates, MOST))


def chart(
    rates: Sequence[Rate],
    field: str,
    league: str,
    branding: Branding,
    updated: dt.datetime,
    games: int,
    min_games: int,
    unit: str = "games",
) -> bytes:
    """The chart as PNG bytes: the entries best first (at most `MOST`, the rest grouped with `other`), each a bar to
    its win rate with its interval drawn across it, its win rate and games written beside it. `unit` is what a
    results row is to the ruleset: `matches` where it holds a match of several games, else `games`."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    ink = inks(branding)
    back = branding.background
    bar, other, lines, half = colours(branding)
    shown = fold(rates, MOST)
    subtitle = f"Win rates by {field} · {counted(rates)} {unit}"
    foot = (
        f"Bars: win rate (a draw is half a win) and {unit} · lines: 95% interval\n"
        f"Mirror matches left out · {_grouped(min_games, len(shown) < len(rates), unit)}\n"
        f"{games} {unit}, each counted for both sides · updated {local_time(updated, branding)}"
    )
    font = {"family": list(families("".join([league, subtitle, foot, *(r.entry for r in shown)])))}
    fig = Figure(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI, facecolor=back)
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    fig.patches.append(Rectangle((0, 0.85), 1, 0.15, transform=fig.transFigure, color=branding.primary, zorder=0))
    fig.patches.append(Rectangle((0, 0.845), 1, 0.005, transform=fig.transFigure, color=branding.accent, zorder=0))
    left = 0.05 + _logo(fig, branding) / WIDTH
    _fit(
        renderer,
        fig.text(left, 0.945, league, fontsize=TITLE, color=ink.title, va="center", fontweight="bold", fontdict=font),
        (0.95 - left) * WIDTH,
    )
    _fit(
        renderer,
        fig.text(left, 0.885, subtitle, fontsize=SUB, color=ink.title, va="center", fontdict=font),
        (0.95 - left) * WIDTH,
        shrink=False,
    )
    ax = fig.add_axes((AXES_LEFT, 0.12, 0.60, 0.70), facecolor=back)
    rows = list(range(len(shown)))[::-1]
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.set_xlim(0, 1.25)
    ax.set_ylim(-0.7, max(len(shown), 1) - 0.3)
    ax.tick_params(length=0)
    if shown:
        ax.barh(
            rows,
            [r.win_rate for r in shown],
            height=0.62,
            zorder=2,
            color=[other if r.entry == OTHER else bar for r in shown],
        )
        ax.errorbar(
            [r.win_rate for r in shown],
            rows,
            xerr=[[r.win_rate - r.low for r in shown], [r.high - r.win_rate for r in shown]],
            fmt="none",
            ecolor=lines,
            elinewidth=3,
            capsize=8,
            capthick=3,
            zorder=3,
        )
        ax.axvline(0.5, color=half, linewidth=3, linestyle="--", zorder=1)
        for row, r in zip(rows, shown):
            ax.text(
                min(r.high, 1.0) + 0.02,
                row,
                f"{r.win_rate:.0%} · {r.games}",
                va="center",
                fontsize=FIGURE,
                color=ink.text,
                fontdict=font,
            )
        ax.set_yticks(
            rows, [_short(fig, renderer, r.entry, font) for r in shown], fontsize=NAME, color=ink.text, fontdict=font
        )
        ax.set_xticks(
            [0, 0.25, 0.5, 0.75, 1.0],
            ["0%", "25%", "50%", "75%", "100%"],
            fontsize=FIGURE,
            color=ink.text,
            fontdict=font,
        )
        ax.spines["bottom"].set_color(ink.text)
        ax.grid(axis="x", color=ink.text, alpha=0.15, zorder=0)
    else:
        ax.set_xticks([])
        ax.set_yticks([])
        ax.spines["bottom"].set_visible(False)
        fig.text(
            0.5, 0.47, "No games played yet", ha="center", va="center", fontsize=NAME, color=ink.text, fontdict=font
        )
    fig.text(0.05, 0.05, foot, fontsize=FOOT, color=ink.text, va="center", linespacing=1.5, fontdict=font)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=DPI, facecolor=back)
    return out.getvalue()


def _short(fig: Figure, renderer: RendererAgg, name: str, font: dict[str, list[str]]) -> str:
    """A name that fits the label column as drawn (`LABEL_ROOM` pixels), cut with an ellipsis when it does not: wide
    letters and CJK characters take more room than the count of characters says."""
    probe = fig.text(0, 0, name, fontsize=NAME, fontdict=font)
    _fit(renderer, probe, LABEL_ROOM, shrink=False)
    cut = probe.get_text()
    probe.remove()
    return cut


def _grouped(min_games: int, folded: bool, unit: str = "games") -> str:
    """What the `other` bar holds, said in the footer and the caption."""
    parts = [f"under {min_games} {unit}"] if min_games else []
    parts += [f"past the {MOST}th"] if folded else []
    return f"{' or '.join(parts)}: {OTHER}" if parts else f"{OTHER}: none"


def _logo(fig: Figure, branding: Branding) -> int:
    """Draw the logo at the left of the band as the images do (scaled to its height, never wider than their share of
    the width); the pixels it takes, with its gap."""
    if branding.logo is None:
        return 0
    import numpy as np

    from exporters.images import LOGO_SHARE, _scaled_logo

    band = int(HEIGHT * 0.15)
    scaled = _scaled_logo(branding.logo, int(band * 0.72), int(WIDTH * LOGO_SHARE))
    fig.figimage(np.asarray(scaled), xo=int(0.05 * WIDTH), yo=HEIGHT - band + (band - scaled.height) // 2, zorder=1)
    return scaled.width + int(0.02 * WIDTH)


def _fit(renderer: RendererAgg, text: Text, width: float, shrink: bool = True) -> None:
    """Make a text fit `width` pixels as drawn: a title shrinks down to the names' size first; past that it is cut
    with an ellipsis."""
    if shrink:
        while text.get_window_extent(renderer).width > width and float(text.get_fontsize()) > NAME:
            text.set_fontsize(max(NAME, float(text.get_fontsize()) * 0.92))
    while text.get_window_extent(renderer).width > width and len(text.get_text()) > 2:
        text.set_text(text.get_text()[:-2].rstrip() + "…")


def stats_caption(
    rates: Sequence[Rate],
    field: str,
    league: str,
    branding: Branding,
    updated: dt.datetime,
    games: int,
    min_games: int,
    top: int = 5,
    unit: str = "games",
) -> str:
    """The post's text: the best `top` entries with their record and games, the lowest the chart shows, and how it is
    counted."""
    shown = fold(rates, MOST)
    best = [r for r in shown if r.entry != OTHER]
    lines = [f"📊 {league}: win rates by {field}, {games} {unit} (updated {local_time(updated, branding)})", ""]
    lines += [f"{i}. {r.entry}: {r.win_rate:.0%} ({_record(r)}, {r.games} {unit})" for i, r in enumerate(best[:top], 1)]
    if len(best) > top:
        low = best[-1]
        lines += ["", f"Lowest: {low.entry}: {low.win_rate:.0%} ({_record(low)}, {low.games} {unit})"]
    if not best:
        lines.append(f"No {field} has {min_games} {unit} yet." if games else f"No {unit} played yet.")
    lines += [
        "",
        f"A draw counts half a win; mirror matches are left out; {_grouped(min_games, len(shown) < len(rates), unit)}. "
        "The chart shows each rate's 95% interval.",
    ]
    tags = [hashtag(t) for t in branding.hashtags if hashtag(t)]
    return "\n".join([*lines, *([""] + [" ".join(tags)] if tags else []), ""])


def _record(r: Rate) -> str:
    return f"{r.wins}-{r.losses}-{r.draws}" if r.draws else f"{r.wins}-{r.losses}"

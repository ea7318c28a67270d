"""The ratings image (one 1080x1350 feed page of the top ratings) and its caption, ready to post.

The image is the standings images' own page (`images.render`), drawn from the `Ratings` table: the rating as the
score, its uncertainty in the tiebreaker's role (headed `±`), the games as the count."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from exporters.board import board, plain
from exporters.branding import Branding, local_time
from exporters.caption import hashtag
from exporters.images import FEED, render
from league.plain_text import one_line
from league.table import Role, Table

RATINGS_IMAGE = "ratings-1080x1350.png"
RATINGS_CAPTION = "ratings.txt"
TOP = 10
UNCERTAINTY = "±"


def _shown(table: Table, latest: str) -> Table:
    """The top of the table as the image draws it, titled by the latest event rated; its uncertainty (the column in
    the tiebreaker's role) headed `±`."""
    columns = tuple(replace(c, label=UNCERTAINTY) if c.role is Role.TIEBREAKER else c for c in table.columns)
    return Table.of(f"Ratings after {latest}" if latest else "Ratings", columns, table.rows[:TOP])


def ratings_image(table: Table, latest: str, league: str, branding: Branding, updated: dt.datetime) -> bytes:
    """The top ratings as one feed page."""
    shown = _shown(table, latest)
    return render(board(shown, shown.name, updated), FEED, branding, league, most=1)[0]


def ratings_caption(
    table: Table, latest: str, league: str, branding: Branding, updated: dt.datetime, provisional: int
) -> str:
    """The caption: the top ratings with their uncertainty, what the rating is, when, and the hashtags."""
    lines = plain(board(_shown(table, latest), "", updated)).lines
    top = [f"{line.rank}. {line.name} {line.score} (±{line.tiebreak}, {line.count} games)" for line in lines]
    parts = [
        f"{one_line(league)}: ratings after {one_line(latest)}" if latest else f"{one_line(league)}: ratings",
        "\n".join(top) if top else "No rated games yet.",
        f"Rating: skill minus three times its uncertainty (OpenSkill), across seasons; players with fewer than "
        f"{provisional} games are provisional and not ranked. Updated {local_time(updated, branding)}.",
    ]
    tags = [hashtag(t) for t in branding.hashtags if hashtag(t)]
    if tags:
        parts.append(" ".join(tags))
    return "\n\n".join(parts) + "\n"

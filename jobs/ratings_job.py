"""`league ratings`: every competitor's skill rating across seasons, as a table, and its image and caption.

This season is read and checked as `league check` does; the earlier seasons `[ratings] seasons` names are read from
their own workbooks (`ratings_seasons.py`). Nothing is written to the workbook."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from jobs.config import Config
from jobs.errors import ConfigError, ExportError
from jobs.exports import write_files
from jobs.ratings_seasons import league_ratings
from league.ratings import rated_label
from league.report import ratings_tables
from league.table import Table
from sync.workbook import Workbook


@dataclass(frozen=True)
class RatingsResult:
    """The tables `league ratings` prints (the ranked, then the provisional), the notes under them, and the files
    `--export` wrote."""

    tables: list[Table]
    notes: list[str]
    exported: list[Path]


def run_ratings(
    config: Config,
    workbook: Callable[[], Workbook],
    event: str | None = None,
    since: dt.date | None = None,
    top: int | None = None,
    export: bool = False,
    now: dt.datetime | None = None,
) -> RatingsResult:
    """The ratings after every kept game (up to `event`; of events since a day), the best `top` of the ranked; with
    `export`, the image of the top ten and its caption in the exports folder."""
    from jobs.sync_job import run_check

    ev = run_check(config, workbook())
    ratings = league_ratings(config, ev, event=event, since=since)
    rules = config.ruleset.ratings
    tables = ratings_tables(ratings, rated_label(config.ruleset), top)
    seasons = len(config.ratings.seasons) + 1
    notes = [
        f"{ratings.games} game(s) of {seasons} season(s) rated, up to {ratings.latest or 'none'}; byes, forfeits, "
        "disqualifications and intentional draws are not games",
        "Rating: skill (mu) minus three times its uncertainty (sigma), OpenSkill's Plackett-Luce model; Change: "
        "since the end of the previous event",
    ]
    if ratings.provisional:
        notes.append(
            f"{len(ratings.provisional)} provisional (fewer than {rules.provisional} games): listed apart, not ranked"
        )
    exported = _export(config, tables[0], ratings.latest, now or dt.datetime.now(dt.UTC)) if export else []
    return RatingsResult(tables, notes, exported)


def _export(config: Config, table: Table, latest: str, now: dt.datetime) -> list[Path]:
    """The ratings image and caption, written into the exports folder."""
    from exporters.ratings_post import RATINGS_CAPTION, RATINGS_IMAGE, ratings_caption, ratings_image

    league = config.branding.title or config.ruleset.title
    image = ratings_image(table, latest, league, config.branding, now)
    text = ratings_caption(table, latest, league, config.branding, now, config.ruleset.ratings.provisional)
    try:
        return write_files(config.exports, [(RATINGS_IMAGE, image), (RATINGS_CAPTION, text.encode())], sweep=False)
    except ExportError as exc:
        raise ConfigError(str(exc)) from None

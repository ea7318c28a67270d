"""The seasons a rating reads: the earlier seasons that league.toml's `[ratings] seasons` names, each read from its own
workbook and checked, then this season's evaluation; and the `Ratings` tab a sync writes from them.

The ratings read the workbooks, not the history: every season's results are in its workbook, corrections and all,
while the history keeps only the latest sync's counted games (without the pairs' players); reading them again is
what makes a corrected result change the ratings from that game on."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from jobs.config import Config, load_config
from jobs.errors import ConfigError, ExportError, JobError
from jobs.playoffs import decided, kept_brackets, resolve_brackets
from league.evaluate import Evaluation, evaluate
from league.ratings import Ratings, SeasonGames, rate_until, rated_label, season_games
from league.report import ratings_sheet
from league.sheet import Sheet, is_output_tab
from league.stats import StatsError
from sync.open import open_workbook
from sync.workbook import BackendError


def season_label(config: Config) -> str:
    """A season's name in the ratings' history: the folder of its league.toml (`2025`)."""
    return config.path.parent.name


def earlier_seasons(config: Config) -> list[SeasonGames]:
    """The games of each earlier season `[ratings] seasons` names, oldest first; one that can't be read is a
    configuration error naming it (the ratings would silently start over without it)."""
    out = []
    for path in config.ratings.seasons:
        try:
            earlier = load_config(path)
            out.append(season_games(_evaluated(earlier), season_label(earlier), earlier.ruleset.ratings.members))
        except (JobError, BackendError) as exc:
            raise ConfigError(
                f"{config.path}: [ratings] seasons names {_shown(path, config)}, which can't be read: {exc}"
            ) from None
    return out


def _shown(path: Path, config: Config) -> str:
    """A season's file as league.toml names it: relative to its folder."""
    return os.path.relpath(path, config.path.parent)


def _evaluated(config: Config) -> Evaluation:
    """An earlier season as `league check` sees it: its brackets drawn from their tabs and its history's seeds."""
    book = open_workbook(config)
    tabs = book.read(book.tab_names())
    outputs = {name: grid for name, grid in tabs.items() if is_output_tab(name)}
    try:
        kept = kept_brackets(config)
    except ExportError:  # a history that can't be read: the brackets as their tabs hold them, as `league check` does
        kept = {}
    brackets = decided(resolve_brackets(outputs, config.ruleset, kept))
    return evaluate({n: g for n, g in tabs.items() if not is_output_tab(n)}, config.ruleset, config.catalog, brackets)


def league_ratings(config: Config, ev: Evaluation, event: str | None = None, since: dt.date | None = None) -> Ratings:
    """The ratings after the earlier seasons and this one (up to and including `event`; only the games of events dated
    `since` or later); an event with no games is a usage error naming those with some."""
    seasons = [*earlier_seasons(config), season_games(ev, season_label(config), config.ruleset.ratings.members)]
    try:
        return rate_until(seasons, config.ruleset.ratings, event, since)
    except StatsError as exc:
        raise ConfigError(str(exc)) from None


def ratings_tab(config: Config, ev: Evaluation) -> Sheet:
    """The `Ratings` tab of a sync."""
    return ratings_sheet(league_ratings(config, ev), rated_label(config.ruleset), config.ruleset.ratings.provisional)

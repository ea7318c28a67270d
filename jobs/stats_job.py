"""`league stats`: win rates by what the ruleset records per game, the matchups, and each competitor's record.

Reads the workbook as `league check` does; nothing is written."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from jobs.config import Config
from jobs.errors import ConfigError
from jobs.sync_job import run_check
from league import stats
from league.table import Table
from sync.workbook import Workbook


@dataclass(frozen=True)
class StatsResult:
    """The tables `league stats` prints, and the notes under them."""

    tables: list[Table]
    notes: list[str]


def run_stats(config: Config, workbook: Workbook, by: str | None = None, event: str | None = None,
              since: dt.date | None = None, min_games: int = stats.MIN_GAMES) -> StatsResult:
    """The stats of the counted games (of one event, or since a date); a field or an event the league does not have is
    a usage error naming those it has."""
    ev = run_check(config, workbook)
    try:
        g = stats.games(ev, event, since)
        field = stats.stats_field(ev.league, by) if by is not None or config.ruleset.stats else None
    except stats.StatsError as exc:
        raise ConfigError(str(exc)) from None
    notes = [f"{ev.errors} row(s) with errors are left out: `league check` lists them"] if ev.errors else []
    played = int(g.played.sum())
    notes.append(f"{played // 2} game(s) played; byes, forfeits and disqualifications are not games")
    tables = []
    if field:
        e = stats.entries(g, field, ev.league)
        rates = stats.win_rates(g, e, min_games)
        tables += [stats.rates_table(rates, field.name), stats.matchups_table(stats.matchups(g, e), field.name)]
        mirrors = sum(r.mirrors for r in rates) // 2
        notes.append(f"win rate: wins and half the draws over games, with its 95% Wilson interval (Low-High); "
                     f"{mirrors} mirror match(es) left out; under {min_games} games: {stats.OTHER}")
        if e.unknown:
            notes.append(f"not in the catalog, counted as typed: {', '.join(e.unknown)}")
    tables.append(stats.records_table(stats.records(g, ev.names), config.ruleset.competitor))
    return StatsResult(tables, notes)

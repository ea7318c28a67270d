"""`league stats`: win rates by what the ruleset records per game, the matchups, and each competitor's record.

Counted from the games the latest sync kept in the history, so it answers without reading the workbook again (a
2,000-player league's check alone takes longer than the answer should); before any sync, or with `--fresh`, the
workbook is read and checked as `league check` does. Nothing is written."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import history
from exporters.branding import local_time
from exporters.render import File
from history.snapshot import digest
from jobs.config import Config
from jobs.errors import ConfigError, ExportError
from jobs.export_job import history_errors, history_file
from jobs.exports import write_files
from league import stats
from league.table import Table
from sync.workbook import Workbook


@dataclass(frozen=True)
class StatsResult:
    """The tables `league stats` prints, and the notes under them."""

    tables: list[Table]
    notes: list[str]


def run_stats(
    config: Config,
    workbook: Callable[[], Workbook],
    by: str | None = None,
    event: str | None = None,
    since: dt.date | None = None,
    min_games: int = stats.MIN_GAMES,
    fresh: bool = False,
) -> StatsResult:
    """The stats of the counted games (of one event, or since a date); a field or an event the league does not have is
    a usage error naming those it has."""
    with history_errors():
        kept = None if fresh else history.kept_games(history_file(config))
    sides, notes = None, []
    if kept is not None:
        try:
            sides = stats.Sides.from_json(kept.data)
        except stats.KeptGamesError as exc:
            notes.append(f"{exc}: the workbook was read instead (the next sync keeps them again)")
    if kept is not None and sides is not None:
        notes.append(
            f"the games of the latest sync ({local_time(kept.time, config.branding)}); --fresh reads the workbook now"
        )
    else:
        from jobs.sync_job import run_check

        sides = stats.sides(run_check(config, workbook()))
    try:
        chosen = sides.only(event, since)
        tables = stats.stats_tables(chosen, by, min_games, numbered=True)
        name, e = chosen.field(by) if chosen.fields or by is not None else ("", None)
    except stats.StatsError as exc:
        raise ConfigError(str(exc)) from None
    if left := int(chosen.left_out.sum()):
        notes.append(f"{left} result row(s) with errors are left out: `league check` lists them")
    notes.append(
        f"{int(chosen.played.sum()) // 2} game(s) played, playoffs included; byes, forfeits, disqualifications "
        "and intentional draws are not games"
    )
    if e is not None:
        mirrors = sum(r.mirrors for r in stats.win_rates(chosen, e, min_games)) // 2
        notes.append(
            f"win rate: wins and half the draws over games, with its 95% Wilson interval (Low-High); "
            f"{mirrors} mirror match(es) left out" + (f"; under {min_games} games: {stats.OTHER}" if min_games else "")
        )
        if e.unknown:
            notes.append(f"{name}s not in the catalog, counted as typed: {', '.join(e.unknown)}")
    return StatsResult(tables, notes)


@dataclass(frozen=True)
class StatsPost:
    """The chart and caption of the latest sync's win rates, and the digest of the table they show (posted once)."""

    image: bytes
    caption: str
    digest: str
    time: dt.datetime
    games: int
    """Games played: a chart of none is not posted."""


def stats_post(config: Config) -> StatsPost:
    """The win-rate chart and caption of the games the latest sync kept, by the ruleset's own field."""
    from exporters.stats_chart import chart, stats_caption  # matplotlib: only for the chart

    with history_errors("nothing was exported"):
        kept = history.kept_games(history_file(config))
    try:
        sides = stats.Sides.from_json(kept.data) if kept is not None else None
    except stats.KeptGamesError as exc:
        raise ConfigError(f"{exc}; run `league sync` to keep them again: nothing was exported") from None
    if kept is None or sides is None:
        raise ConfigError("no games kept yet: run `league sync` first (it keeps the counted games for the stats)")
    try:
        name, e = sides.field(None)
    except stats.StatsError as exc:
        raise ConfigError(str(exc)) from None
    rates = stats.win_rates(sides, e)
    games, league = int(sides.played.sum()) // 2, config.branding.title or config.ruleset.title
    shown = digest((stats.rates_table(rates, name),))
    unit = "matches" if config.ruleset.results.games else "games"  # a results row of games won is a match of them
    return StatsPost(
        chart(rates, name, league, config.branding, kept.time, games, stats.MIN_GAMES, unit),
        stats_caption(rates, name, league, config.branding, kept.time, games, stats.MIN_GAMES, unit=unit),
        shown,
        kept.time,
        games,
    )


def run_stats_export(config: Config, event: str | None = None) -> list[Path]:
    """`league export --format stats`: the chart (`stats-1080x1350.png`) and its caption (`stats.txt`), of the whole
    league (what is posted); `--event` is refused rather than ignored."""
    from exporters.stats_chart import STATS_CAPTION, STATS_IMAGE

    if event is not None:
        raise ConfigError(
            "the win-rate chart counts the whole league's games, so --event does not apply to "
            f"--format stats; `league stats --event {event}` shows that event's figures"
        )

    post = stats_post(config)
    files: list[File] = [(STATS_IMAGE, post.image), (STATS_CAPTION, post.caption.encode())]
    try:
        return write_files(config.exports, files, sweep=False)
    except ExportError as exc:
        raise ConfigError(str(exc)) from None

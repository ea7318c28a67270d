"""A sync's counted games kept in the history, for `league stats` to count again without reading the workbook.

Its own module so that the sync (which keeps them) and `league stats` (which reads them and may run a check)
import it without importing each other."""

from __future__ import annotations

import datetime as dt

import history
from jobs.config import Config
from jobs.errors import ExportError
from jobs.export_job import history_file
from league import stats
from league.evaluate import Evaluation


def keep_stats(
    config: Config, ev: Evaluation, fingerprint: str, now: dt.datetime, counted: stats.Sides | None = None
) -> None:
    """Keep a sync's counted games in the history, for `league stats` (`counted` when the sync worked them out already,
    for its Stats tab); a history that can't be written is an export failure (the workbook is synced)."""
    kept = counted if counted is not None else stats.sides(ev)
    try:
        history.keep_games(history_file(config), history.KeptGames(now, fingerprint, kept.to_json()))
    except history.HistoryError as exc:
        raise ExportError(str(exc)) from None

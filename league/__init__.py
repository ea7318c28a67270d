"""The league domain: records, rulesets, validation, standings and output tables.

Pure Python and numpy only: no spreadsheet client, no CLI, no file or network I/O. The one door to I/O is `open`,
for notebooks: it hands the reading to the workbook backends (`sync`) and the configuration (`jobs.config`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from league.errors import HistoryUnreadable, LeagueError

__all__ = ["HistoryUnreadable", "LeagueError", "open"]

if TYPE_CHECKING:
    from league.api import LeagueFrames


class PathLike(Protocol):
    def __fspath__(self) -> str: ...


def open(config: str | PathLike = "league.toml") -> LeagueFrames:  # noqa: A001 (league.open, as the notebooks say it)
    """The league of a `league.toml` (or the folder holding it), read and checked as `league check` does, with its
    recorded history, answering in pandas DataFrames: `.matches()`, `.standings(event)`, `.leaderboard()`,
    `.history()`, `.stats(by=...)`, `.matchups(by=...)`, `.records()`, `.ratings()` (documented in `league.api`).

    The domain's one door to I/O: the reading is handed to `jobs.config`, `sync` and the history's reader, imported
    here when called, so the sync (which never calls this) imports neither them through the domain nor pandas.

    Every failure to read the league is a `league.LeagueError`, whatever read it: `jobs.errors.ConfigError` (league.toml
    or its ruleset), `jobs.errors.WorkbookError` (the workbook, the spreadsheet or its key file; the backend's own
    error is its `__cause__`), `league.HistoryUnreadable` (the history file). The frames' own questions raise
    `league.stats.StatsError`, a `LeagueError` too, for a field or an event the league does not have."""
    from pathlib import Path

    import history
    from jobs.config import load_config
    from jobs.errors import ExportError, WorkbookError
    from jobs.export_job import history_file
    from jobs.playoffs import decided, kept_brackets, resolve_brackets
    from jobs.ratings_seasons import earlier_seasons, season_label
    from league.api import LeagueFrames, RecordedBoard
    from league.evaluate import evaluate
    from league.sheet import is_output_tab
    from sync.open import open_workbook
    from sync.workbook import BackendError

    cfg = load_config(Path(config))
    try:
        book = open_workbook(cfg)
        tabs = book.read(book.tab_names())
    except BackendError as exc:
        raise WorkbookError(str(exc)) from exc
    inputs = {name: grid for name, grid in tabs.items() if not is_output_tab(name)}
    outputs = {name: grid for name, grid in tabs.items() if is_output_tab(name)}
    path = history_file(cfg)
    try:
        snapshots = [
            RecordedBoard(s.id, s.time, s.leaderboard) for e in history.entries(path) if (s := history.at(path, e.id))
        ]
        kept = kept_brackets(cfg)
    except (history.HistoryError, ExportError) as exc:  # kept_brackets: an ExportError for a history it can't read
        raise HistoryUnreadable(str(exc)) from exc
    brackets = decided(resolve_brackets(outputs, cfg.ruleset, kept))  # as a sync draws them, games and all
    return LeagueFrames(
        evaluate(inputs, cfg.ruleset, cfg.catalog, brackets), snapshots, lambda: earlier_seasons(cfg), season_label(cfg)
    )

"""The one family of errors a notebook catches: `league.open` and the frames it returns raise nothing else for a
league they cannot read or a question they cannot answer."""

from __future__ import annotations


class LeagueError(Exception):
    """The base of every error `league.open` and its frames raise about the league; the message says what and how
    to fix it. Its kinds: `jobs.errors.ConfigError` (league.toml, a ruleset), `jobs.errors.WorkbookError` (the
    workbook or spreadsheet could not be read, the key file included), `HistoryUnreadable` (the history file),
    `league.stats.StatsError` (a field or an event the league does not have)."""


class HistoryUnreadable(LeagueError):
    """The league's history file could not be read (damaged, or held by another process)."""

"""The small tree of errors a job can end with, mapped to exit codes in one place."""

from __future__ import annotations

from enum import IntEnum

from league.errors import LeagueError


class ExitCode(IntEnum):
    """What `league` returns to the shell (and to cron)."""

    CLEAN = 0
    """Synced; no errors in the input."""
    INPUT_ERRORS = 1
    """Synced, but some rows have errors and were left out of the standings."""
    USAGE = 2
    """Bad command line or configuration (league.toml, a ruleset file)."""
    BACKEND = 3
    """The workbook could not be read or written; nothing was changed."""
    BUG = 4
    """Something the tool did not expect: a bug to report (with LEAGUE_DEBUG=1 for the traceback)."""
    EXPORTS_FAILED = 5
    """The workbook was synced, but the export files could not be written: not "nothing was changed"."""


class JobError(LeagueError):
    """A job could not run; the message says why and what to do. A `LeagueError`: `league.open` raises these too."""

    code = ExitCode.USAGE


class ConfigError(JobError):
    """league.toml or a ruleset is missing or wrong."""


class WorkbookError(JobError):
    """The workbook backend failed, or another sync holds the lock."""

    code = ExitCode.BACKEND


class ExportError(Exception):
    """The export files could not be written; by then the workbook is synced, so the sync reports it, not raises."""

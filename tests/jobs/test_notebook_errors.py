"""`league.open` fails with one family, `league.LeagueError`,
whatever could not be read: a notebook catches one class."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import league
from jobs.cli import app
from jobs.errors import ConfigError, WorkbookError
from league.stats import StatsError
from sync.workbook import BackendError

BASE = 'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n'


def test_a_bad_config_is_a_league_error(tmp_path: Path) -> None:
    (tmp_path / "league.toml").write_text(BASE.replace("gl-unmatched", "gl-unmatchd"), encoding="utf-8")
    with pytest.raises(league.LeagueError, match="did you mean 'gl-unmatched'") as caught:
        league.open(tmp_path)
    assert isinstance(caught.value, ConfigError)


def test_a_workbook_that_cannot_be_read_is_a_league_error(tmp_path: Path) -> None:
    (tmp_path / "league.toml").write_text(BASE, encoding="utf-8")
    (tmp_path / "league.xlsx").write_text("not a workbook", encoding="utf-8")
    with pytest.raises(league.LeagueError, match="league.xlsx") as caught:
        league.open(tmp_path / "league.toml")
    assert isinstance(caught.value, WorkbookError) and isinstance(caught.value.__cause__, BackendError)


def test_a_damaged_history_and_a_missing_event_are_league_errors(in_tmp: Path) -> None:
    assert CliRunner().invoke(app, ["init"]).exit_code == 0
    lg = league.open(in_tmp)
    with pytest.raises(league.LeagueError, match="no event 'W9'") as caught:
        lg.standings("W9")
    assert isinstance(caught.value, StatsError)
    (in_tmp / "league-history.sqlite").write_bytes(b"this is not a database" * 100)
    with pytest.raises(league.HistoryUnreadable, match="league-history.sqlite"):
        league.open(in_tmp)

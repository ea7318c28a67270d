"""Every number in league.toml is finite and in range: a nightly job must never wait forever."""

from __future__ import annotations

from pathlib import Path

import pytest

from jobs.config import load_config
from jobs.errors import ConfigError

BASE = 'ruleset = "gl-unmatched"\nspreadsheet_id = "1Abc"\ncredentials = "key.json"\n'


@pytest.mark.parametrize(
    "value", ["nan", "-nan", "inf", "+inf", "-inf", "-5", "0", "0.0", "1e300", "86401", "true", '"60"']
)
def test_a_retry_budget_out_of_range_is_refused(tmp_path: Path, value: str) -> None:
    (tmp_path / "league.toml").write_text(f"{BASE}sheets_retry_seconds = {value}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"league\.toml: `sheets_retry_seconds` must be a number of seconds above 0"):
        load_config(tmp_path)


def test_an_offline_league_checks_it_too(tmp_path: Path) -> None:
    (tmp_path / "league.toml").write_text(
        'ruleset = "gl-unmatched"\nworkbook = "x.xlsx"\nsheets_retry_seconds = nan\n', encoding="utf-8"
    )
    with pytest.raises(ConfigError, match="sheets_retry_seconds"):
        load_config(tmp_path)


@pytest.mark.parametrize(("value", "seconds"), [("0.5", 0.5), ("120", 120.0), ("86400", 86_400.0)])
def test_a_budget_in_range_is_kept(tmp_path: Path, value: str, seconds: float) -> None:
    (tmp_path / "league.toml").write_text(f"{BASE}sheets_retry_seconds = {value}\n", encoding="utf-8")
    config = load_config(tmp_path)
    assert config.sheets is not None and config.sheets.retry_seconds == seconds

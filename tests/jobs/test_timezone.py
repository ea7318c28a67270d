"""`timezone` in league.toml: every time shown is in it, stored times stay UTC, a bad zone is exit 2 naming the key."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from exporters.board import board
from exporters.branding import Branding, local_time
from exporters.caption import caption
from exporters.html import page
from jobs.config import load_config
from jobs.errors import ConfigError
from tests.exporters.tables import UPDATED, leaderboard

WARSAW = Branding(zone=ZoneInfo("Europe/Warsaw"))


def _config(tmp_path: Path, line: str) -> Path:
    (tmp_path / "league.toml").write_text(f'{line}\nruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n')
    return tmp_path / "league.toml"


def test_the_zone_is_read_and_named(tmp_path: Path) -> None:
    assert load_config(_config(tmp_path, 'timezone = "Europe/Warsaw"')).branding.zone == ZoneInfo("Europe/Warsaw")


@pytest.mark.parametrize("value", ['"Europe/Warsw"', '"nowhere"', "3", '""'])
def test_a_bad_zone_names_the_key(tmp_path: Path, value: str) -> None:
    with pytest.raises(ConfigError, match="`timezone`"):
        load_config(_config(tmp_path, f"timezone = {value}"))


def test_without_the_key_the_machine_zone_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Asia/Manila")
    assert load_config(_config(tmp_path, "")).branding.zone == ZoneInfo("Asia/Manila")


def test_times_are_shown_in_the_zone() -> None:
    when = dt.datetime(2026, 3, 14, 18, 0, tzinfo=dt.UTC)
    assert local_time(when, WARSAW) == "2026-03-14 19:00 CET"
    assert local_time(dt.datetime(2026, 7, 1, 23, 30, tzinfo=dt.UTC), WARSAW) == "2026-07-02 01:30 CEST"
    assert local_time(when, Branding()) == "2026-03-14 18:00 UTC"


def test_caption_and_page_show_the_zone() -> None:
    late = board(leaderboard(), "Leaderboard", dt.datetime(2024, 9, 7, 23, 30, tzinfo=dt.UTC))
    assert "(updated 2024-09-08)" in caption(late, "L", (), (), WARSAW.zone)
    assert "(updated 2024-09-07)" in caption(late, "L", (), ())
    assert "Updated 2024-09-08 01:30 CEST" in page([late], "L", WARSAW)


def test_the_image_footer_is_drawn_in_the_zone() -> None:
    from exporters.images import FEED, render

    shown = board(leaderboard(), "Leaderboard", UPDATED)
    assert render(shown, FEED, WARSAW, "L") != render(shown, FEED, Branding(), "L")

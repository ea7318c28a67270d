"""The published Magic weeklies typed into a workbook and synced for real:
the Standings tab shows the platforms' figures."""

from __future__ import annotations

from pathlib import Path

import pytest

from jobs.config import load_config
from jobs.sync_job import run_sync
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook
from tests.support.grids import sheets
from tests.support.tournaments import load, workbook

CONVENTIONS = {
    "melee_204886_weekly_legacy_2024-12-05.json": '[percentages]\nfloor = "1/3"\nfloor_own_game_wins = false\n',
    "topdeck_legacy_thursday_2025-01-09.json": "",
}


@pytest.mark.parametrize("name", sorted(CONVENTIONS))
def test_a_real_sync_shows_the_published_standings(tmp_path: Path, name: str) -> None:
    event = load(name)
    tabs = workbook(event)
    XlsxWorkbook(tmp_path / "league.xlsx").create(sheets(tabs))
    (tmp_path / "platform.toml").write_text('extends = "ogaming-mtg"\n' + CONVENTIONS[name], encoding="utf-8")
    (tmp_path / "league.toml").write_text('ruleset = "platform.toml"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    config = load_config(tmp_path)
    assert run_sync(config, open_workbook(config)).code == 0
    standings = XlsxWorkbook(tmp_path / "league.xlsx").read(["Standings W1"])["Standings W1"]
    assert standings[0][:7] == ["Rank", "Player", "Points", "Record", "OMW%", "GW%", "OGW%"]
    shown = {row[1]: row for row in standings[1:]}
    for published in event["Standings"]:
        row = shown[published["Player"]]
        assert abs(row[4] - published["OMWP"]) < 5e-6, published["Player"]
        assert row[3] == f"{published['Wins']}-{published['Losses']}-{published['Draws']}"
        if name.startswith("melee"):  # topdeck.gg's game figures came from games its cache does not hold
            assert row[2] == published["Points"] and row[0] == published["Rank"]
            assert abs(row[5] - published["GWP"]) < 5e-6 and abs(row[6] - published["OGWP"]) < 5e-6

"""A name no installed font draws whole is a warning at its cell in `Problems`, never a box in the images."""

from __future__ import annotations

from pathlib import Path

from jobs.config import load_config
from jobs.init_job import run_init
from jobs.sync_job import run_sync
from sync.open import open_workbook

UNDRAWABLE = "Ana \ue000 Reyes"
"""A private-use character: no font has a glyph for it."""


def test_a_name_no_font_draws_is_a_warning_at_its_cell(tmp_path: Path) -> None:
    run_init(tmp_path, "ogaming-mtg", tmp_path / "league.xlsx", ["W1"])
    config = load_config(tmp_path)
    open_workbook(config).add_rows(
        "Players",
        [{"Player": name, "Event": "W1", "Account Standing": "Good"} for name in ("Ben Cruz", "王小明", UNDRAWABLE)],
    )
    result = run_sync(config, open_workbook(config))
    found = [p for p in result.evaluation.problems if p.code == "name-glyphs"]
    assert [(p.tab, p.cell, p.severity.value) for p in found] == [("Players", "A4", "warning")]
    assert "U+E000" in found[0].problem and result.code == 0, "a warning: the sync still exits 0"


def test_no_font_is_looked_at_when_nothing_is_drawn(tmp_path: Path) -> None:
    run_init(tmp_path, "ogaming-mtg", tmp_path / "league.xlsx", ["W1"])
    with open(tmp_path / "league.toml", "a", encoding="utf-8") as toml:
        toml.write('export_formats = ["csv", "txt"]\n')
    config = load_config(tmp_path)
    open_workbook(config).add_rows("Players", [{"Player": UNDRAWABLE, "Event": "W1", "Account Standing": "Good"}])
    assert not [p for p in run_sync(config, open_workbook(config)).evaluation.problems if p.code == "name-glyphs"]

"""The GL league's output tabs and CSV exports stay identical, cell by cell, across engine changes.

The expected files were made once from a sync of the same inputs and reviewed by hand (the demo);
the 2,000-player league is too large to read, so its outputs are kept as one digest per file.
Set LEAGUE_REGEN_GOLDEN=1 to rewrite them after a deliberate change, then review the diff."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks.generate import generate_league
from jobs.config import load_config, load_ruleset
from jobs.init_job import write_config
from jobs.sync_job import run_sync
from league.demos.base import DemoLeague
from league.demos.gl import build_demo
from league.rules.catalog import Catalog
from league.rules.ruleset import Ruleset
from league.sheet import SYNC_LOG_TAB, is_output_tab
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook

GOLDEN = Path(__file__).parent / "golden" / "gl"
NOW = dt.datetime(2024, 9, 8, 21, 0, tzinfo=dt.UTC)
REGEN = bool(os.environ.get("LEAGUE_REGEN_GOLDEN"))


def _synced(folder: Path, build: Callable[[Ruleset, Catalog], DemoLeague]) -> dict[str, str]:
    """Every output tab (typed cells, as JSON lines) and every CSV export after two syncs at a fixed time."""
    ruleset, catalog = load_ruleset("gl-unmatched", folder)
    league = build(ruleset, catalog)
    workbook = folder / "league.xlsx"
    XlsxWorkbook(workbook).create(league.sheets(ruleset, catalog))
    write_config(folder, "gl-unmatched", workbook)
    with (folder / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write('export_formats = ["csv"]\n')  # the golden files are the CSV exports; images are tested apart
    config = load_config(folder)
    for _ in range(2):
        run_sync(config, open_workbook(config), now=NOW)
    book = XlsxWorkbook(workbook)
    out: dict[str, str] = {}
    for name, grid in book.read(book.tab_names()).items():
        if is_output_tab(name) and name != SYNC_LOG_TAB:
            out[f"tab {name}.jsonl"] = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in grid)
    for path in sorted((folder / "exports").iterdir()):
        out[f"export {path.name}"] = path.read_text(encoding="utf-8-sig")
    return out


def _compare(actual: dict[str, str], folder: Path, digest_only: bool) -> None:
    if REGEN:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():
            old.unlink()
        if digest_only:
            digests = {k: hashlib.sha256(v.encode()).hexdigest() for k, v in sorted(actual.items())}
            (folder / "digests.json").write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")
        else:
            for key, text in actual.items():
                (folder / key.replace(" ", "_", 1)).write_text(text, encoding="utf-8")
        pytest.skip("golden files rewritten: review the diff")
    if digest_only:
        expected = json.loads((folder / "digests.json").read_text(encoding="utf-8"))
        assert {k: hashlib.sha256(v.encode()).hexdigest() for k, v in actual.items()} == expected
        return
    expected = {p.name.replace("_", " ", 1): p.read_text(encoding="utf-8") for p in folder.iterdir()}
    assert sorted(actual) == sorted(expected)
    for key in expected:
        assert actual[key].splitlines() == expected[key].splitlines(), key


def test_demo_league_outputs_are_unchanged(tmp_path: Path) -> None:
    _compare(_synced(tmp_path, build_demo), GOLDEN / "demo", digest_only=False)


def test_2000_player_league_outputs_are_unchanged(tmp_path: Path) -> None:
    _compare(_synced(tmp_path, lambda r, c: generate_league(r, c, 2000)), GOLDEN / "2000-players", digest_only=True)

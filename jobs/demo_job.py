"""`league demo`: a complete example league on disk, synced, to see everything at work."""

from __future__ import annotations

from pathlib import Path

from jobs.config import load_config, load_ruleset
from jobs.init_job import write_config
from jobs.sync_job import SyncResult, open_workbook, run_sync
from league.demo import build_demo
from league.template import input_sheets
from sync.xlsx import create_workbook

DEMO_RULESET = "gl-unmatched"
DEMO_WORKBOOK = "gl-unmatched-league.xlsx"


def run_demo(folder: Path) -> SyncResult:
    """Write the demo workbook and config into `folder` (replacing an earlier demo), then sync it."""
    folder.mkdir(parents=True, exist_ok=True)
    ruleset, catalog = load_ruleset(DEMO_RULESET, folder)
    demo = build_demo(ruleset, catalog)
    workbook = folder / DEMO_WORKBOOK
    workbook.unlink(missing_ok=True)
    create_workbook(workbook, input_sheets(ruleset, catalog, demo.events, demo.players, demo.results, demo.penalties))
    write_config(folder, DEMO_RULESET, workbook)
    config = load_config(folder)
    return run_sync(config, open_workbook(config))

"""`league demo`: a complete example league on disk, synced, to see everything at work."""

from __future__ import annotations

from pathlib import Path

from jobs.config import CONFIG_NAME, load_config, load_ruleset
from jobs.errors import ConfigError
from jobs.init_job import config_text, write_config
from jobs.sync_job import Progress, SyncResult, no_progress, run_sync
from league.demo import build_demo
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook

DEMO_RULESET = "gl-unmatched"
DEMO_WORKBOOK = "gl-unmatched-league.xlsx"


def demo_config(folder: Path) -> str:
    """The league.toml the demo writes, to recognise an earlier demo it may replace."""
    return config_text(folder, DEMO_RULESET, folder / DEMO_WORKBOOK)


def run_demo(folder: Path, progress: Progress = no_progress) -> SyncResult:
    """Write the demo workbook and config into `folder` (replacing an earlier demo, never a league), then sync it."""
    config_file, workbook = folder / CONFIG_NAME, folder / DEMO_WORKBOOK
    if config_file.exists() and config_file.read_text(encoding="utf-8", errors="replace") != demo_config(folder):
        raise ConfigError(f"{folder} already holds a league ({config_file}); give `league demo` an empty or new folder")
    if workbook.exists() and not config_file.exists():
        raise ConfigError(f"{workbook} exists and is not from an earlier demo; give `league demo` an empty or new folder")
    folder.mkdir(parents=True, exist_ok=True)
    ruleset, catalog = load_ruleset(DEMO_RULESET, folder)
    demo = build_demo(ruleset, catalog)
    workbook.unlink(missing_ok=True)
    XlsxWorkbook(workbook).create(demo.sheets(ruleset, catalog))
    write_config(folder, DEMO_RULESET, workbook)
    config = load_config(folder)
    return run_sync(config, open_workbook(config), progress=progress)

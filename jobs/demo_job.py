"""`league demo`: a complete example league on disk, synced, to see everything at work."""

from __future__ import annotations

from pathlib import Path

from jobs.config import CONFIG_NAME, load_config, load_ruleset
from jobs.errors import ConfigError
from jobs.export_job import HISTORY_NAME
from jobs.init_job import config_text, write_config
from jobs.sync_job import Progress, SyncResult, no_progress, run_sync
from league.demos import DEMOS
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook

DEMO_RULESET = "gl-unmatched"


def demo_workbook(ruleset: str = DEMO_RULESET) -> str:
    """The file name of a preset's demo workbook, e.g. `gl-unmatched-league.xlsx`."""
    return f"{ruleset}-league.xlsx"


DEMO_WORKBOOK = demo_workbook()


def demo_config(folder: Path, ruleset: str = DEMO_RULESET) -> str:
    """The league.toml the demo writes, to recognise an earlier demo it may replace."""
    return config_text(folder, ruleset, folder / demo_workbook(ruleset), _season(ruleset, folder))


def _season(ruleset: str, folder: Path) -> int | None:
    """A demo's season: its preset's plan, else every event the demo holds (the Magic and MESBG demos)."""
    planned, catalog = load_ruleset(ruleset, folder)
    return None if planned.season.events else len(DEMOS[ruleset](planned, catalog).events)


def run_demo(folder: Path, progress: Progress = no_progress, ruleset_name: str = DEMO_RULESET) -> SyncResult:
    """Write a preset's demo workbook and config into `folder`
    (replacing an earlier demo, never a league), then sync it."""
    if ruleset_name not in DEMOS:
        raise ConfigError(f"there is no demo league for {ruleset_name!r}; demos: {', '.join(sorted(DEMOS))}")
    config_file, workbook = folder / CONFIG_NAME, folder / demo_workbook(ruleset_name)
    earlier = config_file.read_text(encoding="utf-8", errors="replace") if config_file.exists() else None
    if earlier is not None and earlier not in (demo_config(folder, name) for name in DEMOS):
        raise ConfigError(f"{folder} already holds a league ({config_file}); give `league demo` an empty or new folder")
    if workbook.exists() and not config_file.exists():
        raise ConfigError(
            f"{workbook} exists and is not from an earlier demo; give `league demo` an empty or new folder"
        )
    folder.mkdir(parents=True, exist_ok=True)
    ruleset, catalog = load_ruleset(ruleset_name, folder)
    demo = DEMOS[ruleset_name](ruleset, catalog)
    for name in DEMOS:  # an earlier demo of another preset goes with its config
        (folder / demo_workbook(name)).unlink(missing_ok=True)
    (folder / HISTORY_NAME).unlink(missing_ok=True)  # and its history: the new demo's moves start afresh
    XlsxWorkbook(workbook).create(demo.sheets(ruleset, catalog))
    write_config(folder, ruleset_name, workbook, _season(ruleset_name, folder))
    config = load_config(folder)
    return run_sync(config, open_workbook(config), progress=progress)

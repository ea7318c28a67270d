"""`league init`: a blank workbook with every input tab of a ruleset, and its league.toml."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from jobs.config import CONFIG_NAME, load_ruleset
from jobs.errors import ConfigError
from league.cells import Cell
from league.template import input_sheets
from sync.xlsx import create_workbook


def write_config(folder: Path, ruleset: str, workbook: Path) -> Path:
    """A league.toml pointing at the workbook (relative to the folder when it lies inside it)."""
    path = folder / CONFIG_NAME
    try:
        shown = workbook.resolve().relative_to(folder.resolve())
    except ValueError:
        shown = workbook.resolve()
    path.write_text(f'ruleset = "{ruleset}"\nworkbook = "{shown.as_posix()}"\nexports = "exports"\n', encoding="utf-8")
    return path


def run_init(folder: Path, ruleset_name: str, workbook: Path, events: Sequence[str]) -> tuple[Path, Path | None]:
    """Create the workbook (never overwriting one) and league.toml if there is none yet."""
    ruleset, catalog = load_ruleset(ruleset_name, folder)
    for event in events:
        if len(event) > 20 or not event.strip():
            raise ConfigError(f"event id {event!r} must be 1 to 20 characters")
    rows: list[list[Cell]] = [[e, "", "", "", None, "", f"Results {e}"] for e in events]
    create_workbook(workbook, input_sheets(ruleset, catalog, rows))
    config = folder / CONFIG_NAME
    return workbook, None if config.exists() else write_config(folder, ruleset_name, workbook)

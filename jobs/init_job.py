"""`league init`: every input tab of a ruleset, in a new .xlsx file or an existing Google spreadsheet."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from jobs.config import CONFIG_NAME, load_config, load_ruleset
from jobs.errors import ConfigError
from jobs.sync_job import open_workbook
from league.cells import Cell
from league.template import input_sheets
from sync.google import GoogleWorkbook
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


def run_init(folder: Path, ruleset_name: str, workbook: Path, events: Sequence[str]) -> str:
    """Create the input tabs and say where. With a league.toml naming a spreadsheet, the tabs go there."""
    for event in events:
        if len(event) > 20 or not event.strip():
            raise ConfigError(f"event id {event!r} must be 1 to 20 characters")
    rows: list[list[Cell]] = [[e, "", "", "", None, "", f"Results {e}"] for e in events]
    if (folder / CONFIG_NAME).is_file():
        config = load_config(folder)
        if config.sheets:
            book = open_workbook(config)
            assert isinstance(book, GoogleWorkbook)
            book.create(input_sheets(config.ruleset, config.catalog, rows))
            return f"created the input tabs in spreadsheet {config.sheets.spreadsheet_id}"
    ruleset, catalog = load_ruleset(ruleset_name, folder)
    create_workbook(workbook, input_sheets(ruleset, catalog, rows))
    if (folder / CONFIG_NAME).exists():
        return f"created {workbook}"
    return f"created {workbook} and {write_config(folder, ruleset_name, workbook)}"

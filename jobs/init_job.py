"""`league init`: every input tab of a ruleset, in a new .xlsx file or an existing Google spreadsheet."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from jobs.config import CONFIG_NAME, load_config, load_ruleset
from jobs.errors import ConfigError
from league.cells import Cell
from league.read.events import FORBIDDEN_TAB_CHARS
from league.template import input_sheets
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook


def config_text(folder: Path, ruleset: str, workbook: Path) -> str:
    """A league.toml pointing at the workbook (relative to the folder when it lies inside it)."""
    try:
        shown = workbook.resolve().relative_to(folder.resolve())
    except ValueError:
        shown = workbook.resolve()
    return f"ruleset = {json.dumps(ruleset)}\nworkbook = {json.dumps(shown.as_posix())}\nexports = \"exports\"\n"


def write_config(folder: Path, ruleset: str, workbook: Path) -> Path:
    """Write league.toml into the folder."""
    path = folder / CONFIG_NAME
    path.write_text(config_text(folder, ruleset, workbook), encoding="utf-8")
    return path


def run_init(folder: Path, ruleset_name: str, workbook: Path, events: Sequence[str]) -> str:
    """Create the input tabs and say where: a new .xlsx and league.toml, or where an existing league.toml says."""
    for event in events:
        if len(event) > 20 or not event.strip() or FORBIDDEN_TAB_CHARS & set(event) or "'" in event:
            raise ConfigError(f"event id {event!r} must be 1 to 20 characters, none of []:*?/\\'")
    rows: list[list[Cell]] = [[e, "", "", "", None, "", f"Results {e}"] for e in events]
    if not (folder / CONFIG_NAME).is_file():
        ruleset, catalog = load_ruleset(ruleset_name, folder)
        XlsxWorkbook(workbook).create(input_sheets(ruleset, catalog, rows))
        return f"created {workbook} and {write_config(folder, ruleset_name, workbook)}"
    config = load_config(folder)  # an existing config decides the ruleset and where the tabs go
    open_workbook(config).create(input_sheets(config.ruleset, config.catalog, rows))
    where = f"spreadsheet {config.sheets.spreadsheet_id}" if config.sheets else str(config.workbook)
    return f"created the input tabs in {where} (from {config.path.name})"

"""Export files next to the league config: formula-safe CSV of the leaderboard and each event."""

from __future__ import annotations

import csv
import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path

from league.cells import Cell, as_text
from league.sheet import Sheet

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: Cell) -> str:
    """A CSV field no spreadsheet evaluates: text that looks like a formula gets a leading `'`."""
    text = as_text(value) if not isinstance(value, str) else value
    return "'" + text if isinstance(value, str) and text.startswith(_FORMULA_START) else text


def file_name(tab: str) -> str:
    """A portable file name for a tab: `Standings QR1-GB5` -> `standings-qr1-gb5.csv`."""
    return re.sub(r"[^a-z0-9]+", "-", tab.casefold()).strip("-") + ".csv"


def write_csv(folder: Path, sheets: Sequence[Sheet]) -> list[Path]:
    """One UTF-8 CSV (with BOM, so Excel reads accents) per sheet, each written atomically."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for sheet in sheets:
        target = folder / file_name(sheet.name)
        with tempfile.NamedTemporaryFile("w", dir=folder, suffix=".csv", delete=False, encoding="utf-8-sig", newline="") as tmp:
            out = csv.writer(tmp)
            out.writerow(sheet.header)
            out.writerows([safe_text(c) for c in row] for row in sheet.rows)
        os.replace(tmp.name, target)
        written.append(target)
    return written

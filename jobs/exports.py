"""Export files next to the league config: formula-safe CSV of the leaderboard and each event."""

from __future__ import annotations

import csv
import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path

from jobs.errors import WorkbookError
from league.cells import Cell, as_text
from league.sheet import Sheet

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: Cell) -> str:
    """A CSV field no spreadsheet evaluates: text that looks like a formula gets a leading `'`."""
    text = as_text(value) if not isinstance(value, str) else value
    return "'" + text if isinstance(value, str) and text.startswith(_FORMULA_START) else text


def file_name(tab: str) -> str:
    """A file name for a tab: `Standings QR1-GB5` -> `standings-qr1-gb5.csv` (letters of any script kept)."""
    return re.sub(r"[\W_]+", "-", tab.casefold()).strip("-") + ".csv"


def file_names(tabs: Sequence[str]) -> list[str]:
    """One distinct file name per tab: tabs whose names fold alike get `-2`, `-3`, ..."""
    taken: set[str] = set()
    out = []
    for tab in tabs:
        stem, n = file_name(tab)[:-4], 1
        name = f"{stem}.csv"
        while name in taken:
            n += 1
            name = f"{stem}-{n}.csv"
        taken.add(name)
        out.append(name)
    return out


def write_csv(folder: Path, sheets: Sequence[Sheet]) -> list[Path]:
    """One UTF-8 CSV (with BOM, so Excel reads accents) per sheet, each written atomically."""
    written = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for sheet, name in zip(sheets, file_names([s.name for s in sheets])):
            with tempfile.NamedTemporaryFile("w", dir=folder, suffix=".csv", delete=False, encoding="utf-8-sig",
                                             newline="") as tmp:
                out = csv.writer(tmp)
                out.writerow([safe_text(h) for h in sheet.header])
                out.writerows([safe_text(c) for c in row] for row in sheet.rows)
            os.replace(tmp.name, folder / name)
            written.append(folder / name)
    except OSError as exc:
        raise WorkbookError(f"could not write the exports to {folder} ({exc.strerror or exc}); the workbook itself was "
                            "synced. Fix `exports` in league.toml or the folder's permissions.") from None
    return written

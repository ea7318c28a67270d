"""Export files next to the league config: formula-safe CSV of the leaderboard and each event, and the
rendered images, captions, page and posters (`exporters/`), every file written atomically.

The folder may hold people's own files too, so the tool only ever deletes what its naming proves
its own: `standings-*.csv` files, images and captions of events that are gone, and temporary files
with its prefix. A file name that would leave the folder is refused, whatever made it.
"""

from __future__ import annotations

import csv
import os
import re
import tempfile
from collections.abc import Iterator, Sequence, Set
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from exporters.render import PAGE_NAMES, File, stems
from jobs.errors import ExportError
from league.cells import Cell, as_text
from league.sheet import Sheet

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
MOVE = "Move"
"""The leaderboard column of places gained or lost, shown as `+2`, `-1`, `=`."""
_MOVE_WORDS = re.compile(r"[+-]\d+|=|new|")
STANDINGS_FILES = "standings-*.csv"
"""What every event's export is called; one this sync does not write is an event's that left the Events tab."""
TEMP_PREFIX, TEMP_SUFFIX = ".league-export-", ".tmp"
_TEMP = re.compile(rf"{re.escape(TEMP_PREFIX)}[a-z0-9_]+{re.escape(TEMP_SUFFIX)}")


def safe_text(value: Cell) -> str:
    """A CSV field no spreadsheet evaluates: text that looks like a formula gets a leading `'`."""
    text = as_text(value) if not isinstance(value, str) else value
    return "'" + text if isinstance(value, str) and text.startswith(_FORMULA_START) else text


def move_text(value: Cell) -> str:
    """A `Move` as people read it: a number of places as `+2`, `-1` or `=`; `new` and blank as they are."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"+{value}" if value > 0 else str(value) if value < 0 else "="
    return as_text(value)


def percent_columns(sheet: Sheet) -> set[int]:
    """Columns the sheet shows as percentages (stored at full precision, between 0 and 1)."""
    return {column for column, pattern in sheet.number_formats if pattern.endswith("%")}


def _move_field(value: Cell) -> str:
    """A `Move` in a CSV: the tool's own figures unescaped, anything typed over them made formula-safe."""
    text = move_text(value)
    return text if _MOVE_WORDS.fullmatch(text) else safe_text(text)


def file_names(tabs: Sequence[str]) -> list[str]:
    """One distinct file name per tab: tabs whose names fold alike get `-2`, `-3`, ..."""
    return [name + ".csv" for name in stems(tabs)]


def write_csv(folder: Path, sheets: Sequence[Sheet], sweep: bool = True) -> list[Path]:
    """One UTF-8 CSV (with BOM, so Excel reads accents) per sheet, each written atomically.

    Call it holding the sync lock: it removes temporary files that a killed sync left behind and
    the standings an earlier sync exported for an event that is gone (an event id retyped), unless
    `sweep` is off (an export of one event's standings)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _remove_leftovers(folder)
        names = file_names([s.name for s in sheets])
        for sheet, name in zip(sheets, names):
            with _atomic(_inside(folder, name)) as out:
                _write_rows(out, sheet)
        for stale in set(folder.glob(STANDINGS_FILES)) - {folder / name for name in names} if sweep else ():
            if stale.is_file():
                stale.unlink()
    except OSError as exc:
        raise _failed(folder, exc) from None
    return [folder / name for name in names]


def write_files(folder: Path, files: Sequence[File], sweep: bool, keep: Set[str] = frozenset()) -> list[Path]:
    """Rendered files (images, captions, page, posters), each written atomically; with `sweep`, the
    pages, captions and posters of the same formats that an earlier export named and this one did
    not write again are removed (an event gone, a table grown shorter), except those named in `keep`."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _remove_leftovers(folder)
        for name, data in files:
            with _atomic(_inside(folder, name), binary=True) as out:
                out.write(data)
        written = {name for name, _ in files} | set(keep)
        kinds = {Path(name).suffix for name in written}
        for old in folder.iterdir() if sweep else ():
            if PAGE_NAMES.fullmatch(old.name) and old.suffix in kinds and old.name not in written and old.is_file():
                old.unlink()
    except OSError as exc:
        raise _failed(folder, exc) from None
    return [folder / name for name, _ in files]


def _inside(folder: Path, name: str) -> Path:
    """The path of an export file, refused unless it is directly inside the exports folder."""
    path = folder / name
    if path.parent != folder or name in ("", ".", "..") or Path(name).name != name:
        raise ExportError(f"refusing to write {name!r} outside {folder}")
    return path


def _remove_leftovers(folder: Path) -> None:
    for leftover in folder.iterdir():
        if _TEMP.fullmatch(leftover.name) and leftover.is_file():
            leftover.unlink()


def _failed(folder: Path, exc: OSError) -> ExportError:
    return ExportError(f"could not write the exports to {folder} ({exc.strerror or exc}); the workbook itself was "
                       "synced. Fix `exports` in league.toml or the folder's permissions.")


def _write_rows(out: IO[str], sheet: Sheet) -> None:
    moves = {i for i, head in enumerate(sheet.header) if head == MOVE}
    percents = percent_columns(sheet)
    writer = csv.writer(out)
    writer.writerow([safe_text(h) for h in sheet.header])
    writer.writerows([_move_field(c) if i in moves else f"{c:.4f}" if i in percents and isinstance(c, float) else safe_text(c)
                      for i, c in enumerate(row)] for row in sheet.rows)


@contextmanager
def _atomic(path: Path, binary: bool = False) -> Iterator[IO[Any]]:
    """Write a file under a temporary name of the tool's own pattern, then swap it in."""
    text = {} if binary else {"encoding": "utf-8-sig", "newline": ""}
    with tempfile.NamedTemporaryFile("wb" if binary else "w", dir=path.parent, prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX,
                                     delete=False, **text) as tmp:  # type: ignore[call-overload]
        try:
            yield tmp
        except BaseException:
            tmp.close()
            os.unlink(tmp.name)
            raise
    os.replace(tmp.name, path)

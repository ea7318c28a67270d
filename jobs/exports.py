"""Export files next to the league config: formula-safe CSV of the leaderboard and each event, and the
rendered images, captions, page and posters (`exporters/`), every file written atomically.

The folder may hold people's own files too, so the tool only ever deletes what its naming proves
its own: `standings-*.csv` files, images and captions of events that are gone, and temporary files
with its prefix. A file name that would leave the folder is refused, whatever made it. Beside the files,
`.league-exports.json` records what the drawn ones were drawn from, written after them. Every file gets
the permissions the umask gives a new file, as the workbook does.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
import tempfile
from collections.abc import Iterator, Sequence, Set
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from exporters.render import PAGE_NAMES, File, stems
from exporters.table_csv import csv_rows
from jobs.errors import ExportError
from league.table import Table

STANDINGS_FILES = "standings-*.csv"
"""What every event's export is called; one this sync does not write is an event's that left the Events tab."""
TEMP_PREFIX, TEMP_SUFFIX = ".league-export-", ".tmp"
_TEMP = re.compile(rf"{re.escape(TEMP_PREFIX)}[a-z0-9_]+{re.escape(TEMP_SUFFIX)}")
MANIFEST = ".league-exports.json"
"""What the images, captions, page and posters in the folder were drawn from, written after them."""
Drawn = dict[str, tuple[str, dict[str, str]]]
"""A group of files drawn together (`exporters.render.groups`) -> (the digest of what they show, each file's
name -> the SHA-256 of its bytes)."""


def file_names(tabs: Sequence[str]) -> list[str]:
    """One distinct file name per tab: tabs whose names fold alike get `-2`, `-3`, ..."""
    return [name + ".csv" for name in stems(tabs)]


def write_csv(folder: Path, tables: Sequence[Table], sweep: bool = True) -> list[Path]:
    """One UTF-8 CSV (with BOM, so Excel reads accents) per table, each written atomically.

    Call it holding the sync lock: it removes temporary files that a killed sync left behind and
    the standings an earlier sync exported for an event that is gone (an event id retyped), unless
    `sweep` is off (an export of one event's standings)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _remove_leftovers(folder)
        names = file_names([t.name for t in tables])
        mode = new_file_mode()
        for table, name in zip(tables, names):
            with _atomic(_inside(folder, name), mode) as out:
                _write_rows(out, table)
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
        mode = new_file_mode()
        for name, data in files:
            with _atomic(_inside(folder, name), mode, binary=True) as out:
                out.write(data)
        written = {name for name, _ in files} | set(keep)
        kinds = {Path(name).suffix for name in written}
        for old in folder.iterdir() if sweep else ():
            if PAGE_NAMES.fullmatch(old.name) and old.suffix in kinds and old.name not in written and old.is_file():
                old.unlink()
    except OSError as exc:
        raise _failed(folder, exc) from None
    return [folder / name for name, _ in files]


def drawn(folder: Path) -> Drawn:
    """What the folder's files were drawn from, as the last export that finished recorded it; nothing when the
    record is missing or unreadable, and then every group is drawn again."""
    try:
        data = json.loads((folder / MANIFEST).read_bytes())
        return {
            str(group): (str(entry["shows"]), {str(name): str(sha) for name, sha in entry["files"].items()})
            for group, entry in data["groups"].items()
        }
    except (OSError, ValueError, LookupError, TypeError, AttributeError):
        return {}


def on_disk(folder: Path, files: dict[str, str]) -> bool:
    """Whether each of the files is in the folder with the bytes recorded for it (not half-written, not drawn
    again by a sync that was killed before it recorded them, not deleted)."""
    return bool(files) and all(
        Path(name).name == name and name not in (".", "..") and _sha(folder / name) == sha
        for name, sha in files.items()
    )


def record_drawn(folder: Path, groups: Drawn) -> Path:
    """Record what the folder's files were drawn from, once they are all written: a sync killed or failed
    before this leaves the older record, which no longer matches the files, and the next sync draws again."""
    data = {"groups": {group: {"shows": shows, "files": files} for group, (shows, files) in groups.items()}}
    try:
        with _atomic(folder / MANIFEST, new_file_mode(), binary=True) as out:
            out.write(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True).encode())
    except OSError as exc:
        raise _failed(folder, exc) from None
    return folder / MANIFEST


def digest(data: bytes) -> str:
    """The SHA-256 of a file's bytes, as the record holds it."""
    return hashlib.sha256(data).hexdigest()


def _sha(path: Path) -> str:
    try:
        return digest(path.read_bytes())
    except OSError:
        return ""


def new_file_mode() -> int:
    """The permissions the umask gives a new file (0o644 under the usual 022), read once for a whole export.
    Linux tells the umask in /proc; elsewhere it is set and put straight back (the only way to read it)."""
    try:
        found = re.search(r"^Umask:\s*([0-7]+)", Path("/proc/self/status").read_text(encoding="ascii"), re.MULTILINE)
    except (OSError, UnicodeDecodeError):
        found = None
    if found:
        umask = int(found[1], 8)
    else:
        umask = os.umask(0o022)
        os.umask(umask)
    return 0o666 & ~umask


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
    return ExportError(
        f"could not write the exports to {folder} ({exc.strerror or exc}); the workbook itself was "
        "synced. Fix `exports` in league.toml or the folder's permissions."
    )


def _write_rows(out: IO[str], table: Table) -> None:
    csv.writer(out).writerows(csv_rows(table))


@contextmanager
def _atomic(path: Path, mode: int, binary: bool = False) -> Iterator[IO[Any]]:
    """Write a file under a temporary name of the tool's own pattern, then swap it in with `mode`: a temporary
    file is private (0600), which would keep a web server from serving the page and the images."""
    text = {} if binary else {"encoding": "utf-8-sig", "newline": ""}
    with tempfile.NamedTemporaryFile(
        "wb" if binary else "w", dir=path.parent, prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, delete=False, **text
    ) as tmp:  # type: ignore[call-overload]
        try:
            yield tmp
        except BaseException:
            tmp.close()
            os.unlink(tmp.name)
            raise
    os.chmod(tmp.name, mode)
    os.replace(tmp.name, path)

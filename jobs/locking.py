"""One lock per workbook, so that two jobs (sync, pair, bracket, init) never write it at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from jobs.config import Config
from jobs.errors import WorkbookError
from sync.xlsx import remove_leftovers

LOCK_WAIT_SECONDS = 10.0


def lock_file(config: Config) -> Path:
    """One lock per workbook, whichever config names it: beside the `.xlsx`, or beside league.toml for a spreadsheet."""
    if config.sheets:
        return config.path.parent / f".league-{re.sub(r'[^A-Za-z0-9_-]', '_', config.sheets.spreadsheet_id)}.lock"
    assert config.workbook is not None, "load_config guarantees a workbook or a spreadsheet"
    return config.workbook.with_name(f".{config.workbook.name}.lock")


@contextmanager
def workbook_lock(config: Config, tidy: bool = True) -> Iterator[None]:
    """Hold the workbook's lock for one job (sync, pair, bracket): a second one waits briefly, then refuses.

    Holding it, a job that may write (`tidy`) first removes the temporary copies a killed job of any kind left
    beside the `.xlsx`: only under the lock is such a file surely nobody's save in progress."""
    path = lock_file(config)
    lock = FileLock(str(path))
    try:
        lock.acquire(timeout=LOCK_WAIT_SECONDS)
    except Timeout:
        raise WorkbookError(
            f"another sync, pairing or bracket of this workbook is still running (lock {lock.lock_file}); "
            "try again when it has finished"
        ) from None
    except OSError as exc:  # the folder is read-only, or something that is not a file is in the lock's place
        raise WorkbookError(
            f"cannot make the lock file {path} ({exc.strerror or exc}): a job takes it so that two never "
            f"write the workbook at once; let the user running league write to {path.parent}, "
            "or remove what stands in its place"
        ) from None
    try:
        if tidy and config.workbook and not config.sheets:
            remove_leftovers(config.workbook)
        yield
    finally:
        lock.release()

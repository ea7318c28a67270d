"""How far a workbook's parts may inflate: an `.xlsx` is a zip, and a small file can hold parts that inflate to
gigabytes (an 872 KB file inflating to 800 MB took 1.7 GB of memory and 17 s to read whole).

The 2,000-player league inflates to 11 MiB, and 100,000 formatted empty rows add about 30 MiB: the default limit
is far above any real league, and `max_workbook_mib` in league.toml raises it."""

from __future__ import annotations

import zipfile
from copy import copy
from pathlib import Path

from sync.workbook import BackendError

MIB = 1 << 20
MAX_WORKBOOK_MIB = 256
"""The default limit, in MiB, on what a workbook's parts inflate to (`max_workbook_mib`)."""
CHUNK = MIB
"""How much of a part is inflated at a time while counting it."""


class WorkbookTooLarge(BackendError):
    """The workbook's parts inflate past the limit: refused before any of it is read."""


def check_inflated(path: Path, archive: zipfile.ZipFile, limit_mib: int) -> None:
    """Refuse a workbook whose parts inflate past `limit_mib`: their declared sizes first (nothing inflated), then
    each part inflated in chunks and counted, stopping at the limit, since a forged size can hide a part's real
    length (calamine inflates a part to its end, whatever its header says)."""
    limit = limit_mib * MIB
    declared = sum(info.file_size for info in archive.infolist())
    if declared > limit:
        raise _too_large(path, limit_mib, f"its parts say they inflate to {declared / MIB:,.0f} MiB")
    left = limit
    for info in archive.infolist():
        unbounded = copy(info)
        unbounded.file_size = 1 << 62  # zipfile cuts a part at the size it declares: here the count stops it
        with archive.open(unbounded) as part:
            while chunk := part.read(CHUNK):
                left -= len(chunk)
                if left < 0:
                    raise _too_large(
                        path, limit_mib, f"its part {info.filename} inflates far past the size it declares"
                    )


def _too_large(path: Path, limit_mib: int, why: str) -> WorkbookTooLarge:
    return WorkbookTooLarge(
        f"{path} inflates to more than {limit_mib:,} MiB ({why}), far more than a league workbook "
        "holds, so it was not read; check it is the league's workbook, or raise `max_workbook_mib` "
        f"in league.toml (now {limit_mib}) if it truly is."
    )

"""How `league watch` tells that the workbook changed: the sources it polls (a local `.xlsx` looked at only when its
stamp, then its bytes, change; Google Sheets read every poll under one read quota) and the tabs' digests.

Apart from the poll loop so that what counts as a change is read and tested on its own."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from jobs.config import Config
from jobs.watch_clock import Clock
from league.cells import Cell, Grid, as_text
from league.sheet import BRACKET_PREFIX, Sheet
from sync.workbook import Workbook
from sync.xlsx import XlsxWorkbook

READ_LIMIT = 50
"""Reads allowed in any minute whatever happens (retries included): below Google's 60, leaving room for a nightly
sync or a `league status` run by the same service account."""


class Source(Protocol):
    """Where the workbook is: opened afresh for each poll, and whether it may have changed since the last look."""

    def open(self) -> Workbook: ...

    def moved(self) -> bool:
        """Whether the tabs may differ from the last poll's (always, on Sheets: only a read tells)."""
        ...

    def settle(self) -> None:
        """The poll synced the workbook as `moved` last saw it (or found nothing to sync): the next one looks only if
        it changes again. Not called when the sync failed, so the next poll tries again whatever happens meanwhile."""
        ...


class XlsxSource:
    """A local `.xlsx`: looked at only when its modification time or size, and then its bytes, changed."""

    def __init__(self, path: Path, limit_mib: int) -> None:
        self.path = path
        self.limit_mib = limit_mib
        self.stamp: tuple[int, int] | None = None
        self.digest = ""
        self.seen: tuple[tuple[int, int] | None, str] = (None, "")

    def open(self) -> Workbook:
        return XlsxWorkbook(self.path, self.limit_mib)

    def moved(self) -> bool:
        try:
            info = self.path.stat()
        except OSError:
            return True  # let the read say what is wrong
        stamp = (info.st_mtime_ns, info.st_size)
        if stamp == self.stamp:
            return False
        try:
            digest = hashlib.sha256(self.path.read_bytes()).hexdigest()
        except OSError:
            return True
        if digest == self.digest:  # saved again unchanged
            self.stamp = stamp
            return False
        self.seen = (stamp, digest)
        return True

    def settle(self) -> None:
        self.stamp, self.digest = self.seen


class SheetsSource:
    """A Google spreadsheet: every poll a fresh workbook (its own retry budget) sharing one token and one read quota."""

    def __init__(self, config: Config, clock: Clock, rng: random.Random | None = None) -> None:
        from sync.google import load_credentials
        from sync.quota import ReadQuota
        from sync.retry import RetryPolicy

        assert config.sheets is not None
        self.place, self.clock, self.rng = config.sheets, clock, rng
        self.credentials = load_credentials(self.place.credentials)
        self.quota = ReadQuota(READ_LIMIT, clock.sleep, clock.monotonic)
        self.policy = RetryPolicy(budget=self.place.retry_seconds)

    def open(self) -> Workbook:
        from sync.quota import quota_workbook

        return quota_workbook(
            self.place.spreadsheet_id,
            self.credentials,
            self.quota,
            self.place.api_root,
            self.policy,
            self.clock.sleep,
            self.clock.monotonic,
            self.rng,
        )

    def moved(self) -> bool:
        return True

    def settle(self) -> None:
        """Nothing to remember: every poll reads."""


def source_of(config: Config, clock: Clock, rng: random.Random | None = None) -> Source:
    """The league's workbook as the watch polls it; `rng` draws the retries' jitter."""
    if config.sheets:
        return SheetsSource(config, clock, rng)
    assert config.workbook is not None, "load_config guarantees a workbook or a spreadsheet"
    return XlsxSource(config.workbook, config.max_workbook_mib)


def tab_digests(inputs: Mapping[str, Grid], outputs: Mapping[str, Grid]) -> dict[str, str]:
    """A digest of each input tab and each bracket tab (judges type games there) as people would read its cells."""
    tabs = {**inputs, **{name: grid for name, grid in outputs.items() if name.startswith(BRACKET_PREFIX)}}
    return {
        name: hashlib.sha256(json.dumps([_text(row) for row in grid], ensure_ascii=False).encode()).hexdigest()
        for name, grid in tabs.items()
    }


def grid_of(sheet: Sheet) -> Grid:
    """A sheet as the grid of cells a read of it gives: the header row, then its rows."""
    header: list[Cell] = list(sheet.header)
    return [header, *(list(r) for r in sheet.rows)]


def _text(row: list[Cell]) -> list[str]:
    cells = [as_text(c) for c in row]
    while cells and not cells[-1]:
        cells.pop()
    return cells


def changed_tabs(before: Mapping[str, str] | None, after: Mapping[str, str]) -> str:
    """What changed since the last sync, for its line: `first sync`, `Results W1 changed`, `Bracket W1 added`."""
    if before is None:
        return "first sync"
    said = [f"{name} changed" for name in after if name in before and before[name] != after[name]]
    said += [f"{name} added" for name in after if name not in before]
    said += [f"{name} removed" for name in before if name not in after]
    return ", ".join(said) or "no change"

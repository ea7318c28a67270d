"""Opening the workbook a league's configuration names, without importing the backends it doesn't use."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from sync.workbook import Workbook
from sync.xlsx import XlsxWorkbook


class SheetsPlace(Protocol):
    """Where a Google spreadsheet is and how to reach it (the configuration's `SheetsTarget` fits)."""

    @property
    def spreadsheet_id(self) -> str: ...
    @property
    def credentials(self) -> Path:
        """The service-account key file."""
        ...

    @property
    def api_root(self) -> str: ...
    @property
    def retry_seconds(self) -> float:
        """Total time all requests of one job may spend on retries."""
        ...


class Target(Protocol):
    """A league's workbook: a Google spreadsheet when `sheets` is set, else the `.xlsx` file (a `Config` fits)."""

    @property
    def workbook(self) -> Path | None: ...
    @property
    def sheets(self) -> SheetsPlace | None: ...
    @property
    def max_workbook_mib(self) -> int:
        """How far the `.xlsx` file's parts may inflate, in MiB, before it is refused unread."""
        ...


def open_workbook(target: Target) -> Workbook:
    """The backend the target names: Google Sheets when a spreadsheet is set, else the `.xlsx` file.

    The Google backend is imported only here, so an offline sync never loads gspread,
    google-auth or requests."""
    if target.sheets:
        from sync.google import GoogleWorkbook
        from sync.retry import RetryPolicy

        place = target.sheets
        return GoogleWorkbook.from_key_file(
            place.credentials, place.spreadsheet_id, place.api_root, RetryPolicy(budget=place.retry_seconds)
        )
    if target.workbook is None:
        raise ValueError("a workbook target names either an .xlsx file or a Google spreadsheet")
    return XlsxWorkbook(target.workbook, target.max_workbook_mib)

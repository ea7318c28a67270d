"""The one interface every workbook backend implements, and its errors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from league.cells import Cell, Grid
from league.sheet import Changes, Sheet

if TYPE_CHECKING:  # sync.growth imports this module for BackendError
    from sync.growth import Growth


class BackendError(Exception):
    """The workbook could not be reached, read or written; nothing was changed."""


class UnreadableWorkbook(BackendError):
    """The file is there but is no whole `.xlsx`: another format, damaged, or caught in the middle of a save."""


class CredentialsError(BackendError):
    """The service-account key file is missing or malformed (a set-up problem, not an outage).

    Defined here, beside its parent, so that catching it needs no import of the Google backend."""


class Workbook(Protocol):
    """A league workbook: read every needed tab in one pass, write all changes in one go.

    Every backend (`.xlsx`, Google Sheets, in memory) gives the same answers and the same
    errors for the same calls; `tests/sync/test_contract.py` holds them to it. Tabs are found
    by name ignoring case (neither Excel nor Sheets allows two names differing only in case).
    """

    def read(self, tabs: Sequence[str]) -> dict[str, Grid]:
        """Every named tab that exists, as rows of raw cells; missing tabs are left out.

        An empty cell is None; trailing empty cells and rows are dropped."""
        ...

    def tab_names(self) -> list[str]:
        """Names of all tabs, in workbook order."""
        ...

    def time_zone(self) -> str | None:
        """The IANA name of the zone the workbook's own times are in (a Google Form's `Timestamp`: the spreadsheet's
        time zone), or None when the workbook does not say (`.xlsx`)."""
        ...

    def write(self, changes: Changes) -> None:
        """Apply every change to the output tabs atomically; on any failure raise BackendError, changing nothing.

        Appending to an input tab is refused: that is `add_rows`' job."""
        ...

    def create(self, sheets: Sequence[Sheet]) -> None:
        """Add new input tabs (headers, rows, frozen bold header, widths, dropdowns) for `league init`.

        Refuses, changing nothing, if any of them exists already (on `.xlsx`: if the file exists)."""
        ...

    def add_rows(self, tab: str, rows: Sequence[Mapping[str, Cell]], log: Sequence[Sheet] = ()) -> None:
        """Append rows (header -> value) below the last row holding data of an existing input tab.

        Headers are matched as readers match them (ignoring case and spaces); nothing above the
        new rows changes, nor any dropdown, format or other tab. A missing tab or header raises
        BackendError naming the tab, changing nothing. Text is written as text, never a formula.
        `log` rows go below output tabs' rows (the `Sync Log`) in the same atomic write."""
        ...

    def add_tabs(self, sheets: Sequence[Sheet]) -> list[Growth]:
        """Make each tab hold at least its sheet, for `league init` on a league that exists; say what was added.

        A missing tab is added whole, as `create` makes it. An existing tab gets only the sheet's
        headers it lacks, at the end of row 1 (bold, with their dropdowns), and the sheet's rows
        below its last row holding data, under its own headers. No existing cell, format, dropdown
        or tab changes; output tabs are refused. One atomic write; nothing when nothing is missing."""
        ...

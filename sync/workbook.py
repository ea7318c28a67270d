"""The one interface every workbook backend implements, and its errors."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from league.cells import Grid
from league.sheet import Changes


class BackendError(Exception):
    """The workbook could not be reached, read or written; nothing was changed."""


class Workbook(Protocol):
    """A league workbook: read every needed tab in one pass, write all changes in one go."""

    def read(self, tabs: Sequence[str]) -> dict[str, Grid]:
        """Every named tab that exists, as rows of raw cells; missing tabs are left out."""
        ...

    def tab_names(self) -> list[str]:
        """Names of all tabs, in workbook order."""
        ...

    def write(self, changes: Changes) -> None:
        """Apply every change atomically; on any failure raise BackendError, changing nothing."""
        ...

"""An in-memory workbook for tests and dry runs, with the same contract as the real ones."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from league.cells import Cell, Grid
from league.sheet import Changes, Sheet


class MemoryWorkbook:
    """Tabs held as lists of rows."""

    def __init__(self, tabs: Mapping[str, Grid] | None = None) -> None:
        self.tabs: dict[str, Grid] = {name: [list(r) for r in rows] for name, rows in (tabs or {}).items()}

    def read(self, tabs: Sequence[str]) -> dict[str, Grid]:
        """Copies of the named tabs that exist."""
        return {name: [list(r) for r in self.tabs[name]] for name in tabs if name in self.tabs}

    def tab_names(self) -> list[str]:
        """Tab names in insertion order."""
        return list(self.tabs)

    def write(self, changes: Changes) -> None:
        """Replace and append tabs as the changes say."""
        for name in changes.remove:
            self.tabs.pop(name, None)
        for sheet in changes.replace:
            self.tabs[sheet.name] = _grid(sheet)
        for sheet in changes.append:
            existing = self.tabs.get(sheet.name)
            if not existing:
                self.tabs[sheet.name] = _grid(sheet)
            else:
                existing.extend(list(r) for r in sheet.rows)


def _grid(sheet: Sheet) -> Grid:
    header: list[Cell] = list(sheet.header)
    return [header, *(list(r) for r in sheet.rows)]

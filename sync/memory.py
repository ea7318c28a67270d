"""An in-memory workbook for tests and dry runs, with the same contract as the real ones."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from league.cells import Cell, Grid
from league.sheet import Changes, Sheet
from sync.growth import Growth, growth
from sync.layout import check_appends, dropdown_columns, find_tab, placed_fill, placed_rows, trimmed, typed_kept
from sync.workbook import BackendError


class MemoryWorkbook:
    """Tabs held as lists of rows; tab names are matched ignoring case, as the real backends do."""

    def __init__(self, tabs: Mapping[str, Grid] | None = None) -> None:
        self.tabs: dict[str, Grid] = {name: [list(r) for r in rows] for name, rows in (tabs or {}).items()}

    def read(self, tabs: Sequence[str]) -> dict[str, Grid]:
        """Copies of the named tabs that exist, trimmed as the real backends read them."""
        found = {name: find_tab(self.tabs, name) for name in tabs}
        return {name: trimmed(self.tabs[key]) for name, key in found.items() if key is not None}

    def tab_names(self) -> list[str]:
        """Tab names in insertion order."""
        return list(self.tabs)

    def time_zone(self) -> str | None:
        """An in-memory workbook keeps no zone: its times are in the league's `timezone`."""
        return None

    def write(self, changes: Changes) -> None:
        """Replace and append output tabs as the changes say, and fill in the empty cells of input tabs' rows."""
        check_appends(changes)
        fills = [
            (find_tab(self.tabs, f.tab), f.row, placed_fill(f, self.read([f.tab]).get(f.tab))) for f in changes.fill
        ]
        for key, row, cells in fills:
            grid = self.tabs[str(key)]
            grid.extend([] for _ in range(row - len(grid)))
            line = grid[row - 1]
            line.extend([None] * (len(cells) - len(line)))
            line[: len(cells)] = [new if new is not None else old for new, old in zip(cells, line)]
        for name in changes.remove:
            self.tabs.pop(find_tab(self.tabs, name) or name, None)
        for sheet in changes.replace:
            kept = typed_kept(sheet, self.read([sheet.name]).get(sheet.name)) if sheet.typed else sheet
            self._put(sheet.name, _grid(kept))
        for sheet in changes.append:
            existing = self.read([sheet.name]).get(sheet.name)
            self._put(sheet.name, [*existing, *(list(r) for r in sheet.rows)] if existing else _grid(sheet))

    def create(self, sheets: Sequence[Sheet]) -> None:
        """New input tabs with their rows; refuses tabs that already exist, changing nothing."""
        clash = [s.name for s in sheets if find_tab(self.tabs, s.name) is not None]
        if clash:
            raise BackendError(f"the workbook already has tabs named {', '.join(clash)}; nothing was changed")
        for sheet in sheets:
            dropdown_columns(sheet)  # a dropdown for a missing header is refused here too
        for sheet in sheets:
            self.tabs[sheet.name] = _grid(sheet)

    def add_rows(self, tab: str, rows: Sequence[Mapping[str, Cell]], log: Sequence[Sheet] = ()) -> None:
        """Rows below the tab's last row holding data, under its own headers; `log` appended to output tabs."""
        key = find_tab(self.tabs, tab)
        start, placed = placed_rows(tab, self.tabs[key] if key is not None else None, rows)
        check_appends(Changes(append=tuple(log)))
        if key is not None and placed:
            self.tabs[key] = [*self.tabs[key][:start], *placed]
        if log:
            self.write(Changes(append=tuple(log)))

    def add_tabs(self, sheets: Sequence[Sheet]) -> list[Growth]:
        """Missing tabs whole; existing ones their missing headers at the end of row 1 and the rows below."""
        grids = self.read([s.name for s in sheets])
        plans = growth(sheets, {s.name: grids.get(s.name) for s in sheets})
        for plan in plans:
            if plan.new:
                self.tabs[plan.new.name] = _grid(plan.new)
                continue
            grid = self.tabs[find_tab(self.tabs, plan.tab) or plan.tab]
            if plan.headers:
                if not grid:
                    grid.append([])
                grid[0][plan.column :] = plan.headers  # what lies past the header row as read is empty
            grid[plan.start :] = [list(r) for r in plan.rows]
        return plans

    def _put(self, name: str, grid: Grid) -> None:
        """A whole tab, renamed in place when only its case differs from an existing one."""
        old = find_tab(self.tabs, name)
        if old is not None and old != name:
            self.tabs = {(name if k == old else k): v for k, v in self.tabs.items()}
        self.tabs[name] = grid


def _grid(sheet: Sheet) -> Grid:
    header: list[Cell] = list(sheet.header)
    return [header, *(list(r) for r in sheet.rows)]

"""The offline backend: a league workbook kept as a local `.xlsx` file, through openpyxl."""

from __future__ import annotations

import datetime as dt
import glob
import os
import re
import stat
import tempfile
import zipfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from league.cells import Cell, Grid, as_text, column_letter
from league.sheet import Changes, Dropdown, Sheet
from sync.growth import Growth, growth
from sync.layout import (
    FROZEN_ROWS,
    LAST_ROW,
    check_appends,
    dropdown_columns,
    find_tab,
    look,
    placed_fill,
    placed_rows,
    trimmed,
    typed_kept,
)
from sync.workbook import BackendError
from sync.xlsx_dates import ILLEGAL_CHARACTERS
from sync.xlsx_limit import MAX_WORKBOOK_MIB, check_inflated
from sync.xlsx_parts import MAX_TEXT, write_parts
from sync.xlsx_read import CalamineBook, plain, reading
from sync.xlsx_rows import add_rows_parts, cells_filled_parts
from sync.xlsx_tabs import LISTS as LISTS  # where callers have always found it
from sync.xlsx_tabs import grow_parts, inline, listed_range

if TYPE_CHECKING:  # openpyxl is imported where a tab needs it: a sync that calamine reads never does (0.25 s)
    from openpyxl.cell.cell import Cell as XlCell
    from openpyxl.cell.cell import MergedCell
    from openpyxl.workbook.workbook import Workbook as Book
    from openpyxl.worksheet.worksheet import Worksheet

TEMP_INFIX = ".league-save-"
"""A save is written to `.<workbook name>.league-save-<random>.tmp` first, so its leftovers are recognisable."""


class XlsxWorkbook:
    """A league workbook in a local `.xlsx` file.

    Reads share one load of the file for the object's lifetime. A write reuses that load when the
    file has not changed since (same modification time and size), else loads it afresh so edits
    people saved since the read are kept; either way it swaps the result in atomically.
    """

    def __init__(self, path: Path, limit_mib: int = MAX_WORKBOOK_MIB) -> None:
        self.path = path
        self.limit_mib = limit_mib
        """How far the file's parts may inflate, in MiB (`max_workbook_mib`): a larger one is refused unread."""
        self._fast: CalamineBook | None = None
        self._book: Book | None = None
        self._computed: Book | None = None
        self._stamp: tuple[int, int] | None = None

    def read(self, tabs: Sequence[str]) -> dict[str, Grid]:
        """The named tabs that exist, as trimmed rows of raw values: calamine's, or openpyxl's where it can't tell."""
        book = self._calamine()
        grids: dict[str, Grid] = {}
        for name in tabs:
            stored = book.worksheet(name)
            if stored is not None:
                grid = book.grid(stored)
                grids[name] = grid if grid is not None else self.read_openpyxl([stored])[stored]
        return grids

    def read_openpyxl(self, tabs: Sequence[str]) -> dict[str, Grid]:
        """The named tabs read by openpyxl: slow (an object per cell, formatted empty ones too),
        but it reads whatever the file holds; the reference `read` must agree with."""
        grids: dict[str, Grid] = {}
        for name in tabs:
            ws = _worksheet(self._formulas(), name)
            if ws is not None:
                grids[name] = trimmed([self._value(name, cell) for cell in row] for row in ws.iter_rows())
        return grids

    def tab_names(self) -> list[str]:
        """All tabs in workbook order, hidden ones included."""
        return self._calamine().tab_names()

    def time_zone(self) -> str | None:
        """An `.xlsx` file keeps no time zone: its times are in the league's `timezone`."""
        return None

    def write(self, changes: Changes) -> None:
        """Rewrite output tabs whole, add rows below an output tab's last row, drop stale tabs; all or nothing.

        Every other tab keeps its exact bytes: formulas their computed values, rich text its runs."""
        check_appends(changes)
        self._writable()
        grown = [self._grown(sheet) for sheet in changes.append]
        # The cells people type are taken from the file as it is now, not as it was read (the caller holds the
        # workbook's lock): a game typed into a bracket since the sync read it stays, and a result a judge typed
        # meanwhile into a row the reports would fill stops the write rather than being overwritten.
        typed = [*{f.tab for f in changes.fill}, *(s.name for s in changes.replace if s.typed)]
        now = XlsxWorkbook(self.path, self.limit_mib).read(typed) if typed else {}
        fills = [(f.tab, f.row, placed_fill(f, now.get(f.tab))) for f in changes.fill]
        replaced = [typed_kept(s, now.get(s.name)) if s.typed else s for s in changes.replace]

        def save(tmp: str) -> None:
            write_parts(self.path, tmp, [*replaced, *grown], changes.remove)
            if fills:
                cells_filled_parts(Path(tmp), tmp, fills)

        with _failures(self.path):
            _save(self.path, save)
        self._fast = self._book = self._computed = self._stamp = None

    def create(self, sheets: Sequence[Sheet]) -> None:
        """A new workbook file with exactly these tabs, for `league init`; never overwrites a file."""
        if self.path.exists() or self.path.is_symlink():
            raise BackendError(
                f"{self.path} already exists; choose another file name or move it away first, "
                "so no league data is lost."
            )
        import openpyxl

        for sheet in sheets:
            dropdown_columns(sheet)  # a dropdown for a missing header is refused before anything is written
        book = openpyxl.Workbook()
        book.remove(book.worksheets[0])  # openpyxl's default "Sheet"
        with _failures(self.path):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tabs = [book.create_sheet(sheet.name) for sheet in sheets]  # all first, so `Lists` comes last
            for ws, sheet in zip(tabs, sheets):
                _fill(book, ws, sheet)
            _save(self.path, book.save)

    def add_tabs(self, sheets: Sequence[Sheet]) -> list[Growth]:
        """What is missing, added part by part (`xlsx_tabs.py`): every existing tab keeps its bytes but for the cells,
        dropdowns and rows added to it; a missing file is made as `create` makes it. Atomic like `write`."""
        if not (self.path.exists() or self.path.is_symlink()):
            plans = growth(sheets, {})
            self.create(sheets)
            return plans
        self._writable()
        grids = self.read([*(s.name for s in sheets), LISTS])
        plans = growth(sheets, {s.name: grids.get(s.name) for s in sheets})
        if plans:
            with _failures(self.path):
                _save(self.path, lambda tmp: grow_parts(self.path, tmp, plans, grids.get(LISTS)))
            self._fast = self._book = self._computed = self._stamp = None
        return plans

    def add_rows(self, tab: str, rows: Sequence[Mapping[str, Cell]], log: Sequence[Sheet] = ()) -> None:
        """New `<row>` elements below the tab's last row holding data; every other byte of the file is kept.

        Dropdowns, formats, formulas and widths stay as they are; `log` goes below its output tabs' rows in
        the same save; atomic like `write`."""
        check_appends(Changes(append=tuple(log)))
        self._writable()
        start, placed = placed_rows(tab, self.read([tab]).get(tab), rows)
        grown = [self._grown(sheet) for sheet in log]
        if not (placed or grown):
            return

        def save(tmp: str) -> None:
            if grown:
                write_parts(self.path, tmp, grown, [])
            if placed:
                add_rows_parts(Path(tmp) if grown else self.path, tmp, tab, start + 1, placed)

        with _failures(self.path):
            _save(self.path, save)
        self._fast = self._book = self._computed = self._stamp = None

    def _writable(self) -> None:
        """Refuse a missing or open file; forget a load that the file has changed since."""
        _must_exist(self.path)
        _refuse_if_open(self.path)
        if self._stamp is not None and _stamp(self.path) != self._stamp:
            self._fast = self._book = self._computed = None  # changed since it was read: tabs are read afresh

    def _grown(self, sheet: Sheet) -> Sheet:
        """A tab to append to, as a whole tab: its rows as read, then the new ones."""
        existing = self.read([sheet.name]).get(sheet.name)
        if not existing:
            return sheet
        header, *rows = existing
        return Sheet(
            sheet.name, tuple(as_text(h) for h in header), (*(tuple(r) for r in rows), *sheet.rows), widths=sheet.widths
        )

    def _calamine(self) -> CalamineBook:
        """The workbook opened by calamine on first use."""
        if self._fast is None:
            _must_exist(self.path)
            self._stamp = _stamp(self.path)
            self._fast = CalamineBook(self.path, self.limit_mib)
        return self._fast

    def _formulas(self) -> Book:
        """The workbook as stored, loaded by openpyxl on first use: formula cells hold their formula."""
        if self._book is None:
            self._stamp = self._stamp or _stamp(self.path)
            self._book = _load(self.path, data_only=False, limit_mib=self.limit_mib)
        return self._book

    def _value(self, tab: str, cell: XlCell | MergedCell) -> Cell:
        """A cell's value; a formula gives its last computed value, or its text if it has none.

        Only genuine formula cells (`data_type == "f"`) are looked up, so text such as
        `=IMPORTXML(...)` stored as a string comes back as typed. Files saved by scripts (openpyxl
        included) carry no computed values, and showing the formula beats an empty cell the judge
        can see is filled. The computed values need a second load, done once and only if some
        read tab has formulas.
        """
        from openpyxl.worksheet.formula import ArrayFormula

        if cell.data_type != "f":
            return plain(cell.value, cell.number_format)
        if self._computed is None:
            self._computed = _load(self.path, data_only=True, limit_mib=self.limit_mib)
        cached = self._computed[tab][cell.coordinate]
        if cached.value is not None:
            return plain(cached.value, cached.number_format)
        return cell.value.text if isinstance(cell.value, ArrayFormula) else str(cell.value)


def _stamp(path: Path) -> tuple[int, int] | None:
    """Modification time and size: if they still match at write time, the loaded book is reused."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size)


def _must_exist(path: Path) -> None:
    if not path.exists():
        raise BackendError(f"{path} not found; run `league init` to create it or fix `workbook` in league.toml.")


def _load(path: Path, data_only: bool, limit_mib: int) -> Book:
    """The whole workbook, or a BackendError saying what is wrong with the file and how to fix it (parts that
    inflate past the limit too: openpyxl reads them whole)."""
    import openpyxl

    _must_exist(path)
    with reading(path):
        with zipfile.ZipFile(path) as archive:
            check_inflated(path, archive, limit_mib)
        return openpyxl.load_workbook(path, data_only=data_only)


@contextmanager
def _failures(path: Path) -> Iterator[None]:
    """Turn whatever stops a write into one sentence naming the file and the fix."""
    try:
        yield
    except BackendError:
        raise
    except PermissionError as error:
        raise BackendError(
            f"Cannot write {path}: permission denied; make the file and its folder writable, then try again."
        ) from error
    except Exception as error:
        raise BackendError(
            f"Could not write {path} ({error}); nothing was changed, so fix that and try again."
        ) from error


def _refuse_if_open(path: Path) -> None:
    """Refuse to write a file open in Excel or LibreOffice: their next save would undo ours."""
    for lock in (path.with_name(f"~${path.name}"), path.with_name(f".~lock.{path.name}#")):
        if lock.exists():
            raise BackendError(
                f"{path} is open in Excel or LibreOffice ({lock.name} exists); close it in Excel/LibreOffice, "
                f"then sync again (delete {lock.name} if it is left over from a crash)."
            )


def _save(path: Path, save: Callable[[str], None]) -> None:
    """Save beside the target under a temporary name, then swap it in: a crash never leaves half a file."""
    target = Path(os.path.realpath(path))  # replace the file a symlink points at, not the link
    if target.exists() and not os.access(target, os.W_OK):
        raise PermissionError(target)  # os.replace would silently override a read-only file
    if target.exists():
        mode = stat.S_IMODE(target.stat().st_mode)
    else:
        umask = os.umask(0o022)
        os.umask(umask)
        mode = 0o666 & ~umask
    with tempfile.NamedTemporaryFile(
        dir=target.parent, prefix=f".{target.name}{TEMP_INFIX}", suffix=".tmp", delete=False
    ) as tmp:
        pass
    try:
        save(tmp.name)
        os.chmod(tmp.name, mode)  # temporary files are private; keep the workbook's own permissions
        os.replace(tmp.name, target)
    except BaseException:
        os.unlink(tmp.name)
        raise


def remove_leftovers(path: Path) -> None:
    """Delete the temporary copies a killed save left beside the workbook (full-size, hidden, never reused).

    Only names of `_save`'s own pattern go, and only a caller holding the workbook's lock may call
    this: without it, the file could be another sync's save in progress."""
    target = Path(os.path.realpath(path))
    own = re.compile(rf"\.{re.escape(target.name)}{re.escape(TEMP_INFIX)}[a-z0-9_]+\.tmp")
    for leftover in target.parent.glob(f".{glob.escape(target.name)}{TEMP_INFIX}*.tmp"):
        if own.fullmatch(leftover.name) and leftover.is_file():
            with suppress(OSError):  # one that can't go now is tried again next time; the sync itself matters more
                leftover.unlink()


def _worksheet(book: Book, name: str) -> Worksheet | None:
    """The named tab (ignoring case) if it exists and holds cells (a chart tab does not)."""
    from openpyxl.worksheet.worksheet import Worksheet

    found = find_tab(book.sheetnames, name)
    ws = book[found] if found is not None else None
    return ws if isinstance(ws, Worksheet) else None


def _put(ws: Worksheet, row: int, column: int, value: Cell) -> None:
    """Set one cell; text stays text even when it looks like a formula or an error code."""
    if isinstance(value, dt.datetime):
        value = value.replace(tzinfo=None)  # Excel has no time zones: keep the wall-clock time
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS.sub("", value)  # control characters are invalid in the file
        if len(value) > MAX_TEXT:
            value = value[: MAX_TEXT - 1] + "…"
    cell = ws.cell(row=row, column=column, value=value)
    if isinstance(value, str):
        cell.data_type = "s"


def _fill(book: Book, ws: Worksheet, sheet: Sheet) -> None:
    """Write a whole new input tab for `league init`: bold frozen header, rows, column widths and dropdowns."""
    from openpyxl.styles import Font

    for number, row in enumerate((sheet.header, *sheet.rows), start=1):
        for column, value in enumerate(row, start=1):
            _put(ws, number, column, value)
    for cell in ws[1]:
        cell.font = Font(bold=True)
    ws.freeze_panes = f"A{FROZEN_ROWS + 1}"
    for index, width in enumerate(look(sheet).widths):
        ws.column_dimensions[column_letter(index)].width = width
    for index, dropdown in dropdown_columns(sheet):
        _add_dropdown(book, ws, sheet, index, dropdown)


def _add_dropdown(book: Book, ws: Worksheet, sheet: Sheet, index: int, dropdown: Dropdown) -> None:
    """A list validation on rows 2..LAST_ROW of the dropdown's column; blanks stay allowed."""
    from openpyxl.worksheet.datavalidation import DataValidation

    letter = column_letter(index)
    formula = inline(dropdown) or _listed(book, f"{sheet.name}: {sheet.header[index]}", dropdown.values)
    validation = DataValidation(type="list", formula1=formula, allow_blank=True)
    validation.add(f"{letter}{FROZEN_ROWS + 1}:{letter}{LAST_ROW}")
    ws.add_data_validation(validation)


def _listed(book: Book, key: str, values: Sequence[str]) -> str:
    """Write choices to this dropdown's own column of the hidden `Lists` tab; return its range."""
    lists = _worksheet(book, LISTS) or book.create_sheet(LISTS)
    lists.sheet_state = "hidden"
    keys = [cell.value for cell in lists[1] if cell.value is not None]
    column = keys.index(key) + 1 if key in keys else len(keys) + 1
    for number in range(2, lists.max_row + 1):
        lists.cell(row=number, column=column).value = None
    for number, value in enumerate((key, *values), start=1):
        _put(lists, number, column, value)
    return listed_range(column - 1, len(values))

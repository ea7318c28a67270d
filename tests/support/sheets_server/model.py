"""The spreadsheets the server holds: a Book of Sheets, each a grid of stored cells with its properties, protections
and row and column sizes; how an A1 range or a GridRange finds its cells in them."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Iterable, Mapping
from typing import Any

from tests.support.sheets_server.a1 import WHOLE, Span, grid_limits_message, parse_cells, unquote_title
from tests.support.sheets_server.cells import Cell, mirror_colors, seeded_value
from tests.support.sheets_server.errors import ApiError, Invalid

_DEFAULT_FORMAT: dict[str, Any] = {
    "backgroundColor": {"red": 1, "green": 1, "blue": 1},
    "padding": {"top": 2, "right": 3, "bottom": 2, "left": 3},
    "verticalAlignment": "BOTTOM",
    "wrapStrategy": "OVERFLOW_CELL",
    "textFormat": {
        "foregroundColor": {},
        "fontFamily": "arial,sans,sans-serif",
        "fontSize": 10,
        "bold": False,
        "italic": False,
        "strikethrough": False,
        "underline": False,
        "foregroundColorStyle": {"rgbColor": {}},
    },
    "backgroundColorStyle": {"rgbColor": {"red": 1, "green": 1, "blue": 1}},
}
_THEME: dict[str, Any] = {
    "primaryFontFamily": "Arial",
    "themeColors": [
        {"colorType": "TEXT", "color": {"rgbColor": {}}},
        {"colorType": "BACKGROUND", "color": {"rgbColor": {"red": 1, "green": 1, "blue": 1}}},
        {"colorType": "ACCENT1", "color": {"rgbColor": {"red": 0.25882354, "green": 0.52156866, "blue": 0.95686275}}},
        {"colorType": "ACCENT2", "color": {"rgbColor": {"red": 0.91764706, "green": 0.2627451, "blue": 0.20784314}}},
        {"colorType": "ACCENT3", "color": {"rgbColor": {"red": 0.9843137, "green": 0.7372549, "blue": 0.015686275}}},
        {"colorType": "ACCENT4", "color": {"rgbColor": {"red": 0.20392157, "green": 0.65882355, "blue": 0.3254902}}},
        {"colorType": "ACCENT5", "color": {"rgbColor": {"red": 1, "green": 0.42745098, "blue": 0.003921569}}},
        {"colorType": "ACCENT6", "color": {"rgbColor": {"red": 0.27450982, "green": 0.7411765, "blue": 0.7764706}}},
        {"colorType": "LINK", "color": {"rgbColor": {"red": 0.06666667, "green": 0.33333334, "blue": 0.8}}},
    ],
}
DEFAULT_ROWS, DEFAULT_COLUMNS = 1000, 26
"""The grid of a new tab."""
Bounds = tuple[int, int, int, int]
"""Zero-based, half-open (r0, r1, c0, c1)."""


class Sheet:
    """One tab: its SheetProperties, its stored cells by (row, column), protections and row and column metadata."""

    def __init__(self, props: dict[str, Any]) -> None:
        self.props = props
        self.cells: dict[tuple[int, int], Cell] = {}
        self.protected: list[dict[str, Any]] = []
        self.row_meta: dict[int, dict[str, Any]] = {}
        self.col_meta: dict[int, dict[str, Any]] = {}

    @classmethod
    def seeded(cls, sheet_id: int, title: str, index: int, rows: list[list[Any]]) -> Sheet:
        """A tab holding `rows` as a test seeds it (every str a stringValue), its grid at least 1000 x 26."""
        sheet = cls(
            {
                "sheetId": sheet_id,
                "title": title,
                "index": index,
                "sheetType": "GRID",
                "gridProperties": {"rowCount": DEFAULT_ROWS, "columnCount": DEFAULT_COLUMNS},
            }
        )
        sheet.put(rows)
        return sheet

    def put(self, rows: list[list[Any]]) -> None:
        """Replace the values (formats and the rest go too), growing the grid to hold them."""
        self.cells = {
            (r, c): {"userEnteredValue": v}
            for r, row in enumerate(rows)
            for c, value in enumerate(row)
            if (v := seeded_value(value)) is not None
        }
        grid = self.props["gridProperties"]
        grid["rowCount"], grid["columnCount"] = (
            max(grid["rowCount"], len(rows)),
            max([grid["columnCount"], *map(len, rows)]),
        )

    @property
    def id(self) -> int:
        return int(self.props["sheetId"])

    @property
    def title(self) -> str:
        return str(self.props["title"])

    @property
    def rows(self) -> int:
        return int(self.props["gridProperties"]["rowCount"])

    @property
    def cols(self) -> int:
        return int(self.props["gridProperties"]["columnCount"])

    def clip(self, span: Span) -> Bounds:
        """An A1 span's bounds within the grid; Google's 400 when it starts outside it."""
        r0, c0 = span.r0 or 0, span.c0 or 0
        r1 = self.rows if span.r1 is None else min(span.r1, self.rows)
        c1 = self.cols if span.c1 is None else min(span.c1, self.cols)
        if r0 >= self.rows or c0 >= self.cols:
            raise ApiError(400, grid_limits_message(self.title, self.rows, self.cols, r0, r1, c0, c1))
        return r0, r1, c0, c1


class Book:
    """One spreadsheet: its properties, tabs, spreadsheet-level developer metadata and who it is shared with."""

    def __init__(self, spreadsheet_id: str, title: str, shared_with: Iterable[str]) -> None:
        self.id = spreadsheet_id
        self.props: dict[str, Any] = {
            "title": title,
            "locale": "en_US",
            "autoRecalc": "ON_CHANGE",
            "timeZone": "Etc/GMT",
            "defaultFormat": copy.deepcopy(_DEFAULT_FORMAT),
            "spreadsheetTheme": copy.deepcopy(_THEME),
        }
        self.sheets: list[Sheet] = []
        self.developer_metadata: list[dict[str, Any]] = []
        self.shared_with = set(shared_with)
        """E-mails of the accounts that may use it; "*" for anyone."""

    def by_id(self, sheet_id: int) -> Sheet:
        for sh in self.sheets:
            if sh.id == sheet_id:
                return sh
        raise Invalid(f"No grid with id: {sheet_id}")

    def by_title(self, title: str) -> Sheet | None:
        """The tab of that title, exactly or else ignoring case, as Google finds it."""
        for sh in self.sheets:
            if sh.title == title:
                return sh
        for sh in self.sheets:
            if sh.title.lower() == title.lower():
                return sh
        return None

    def reindex(self) -> None:
        for i, sh in enumerate(self.sheets):
            sh.props["index"] = i

    def new_sheet_id(self, rng: random.Random) -> int:
        """A random sheetId no tab has, as Google picks one."""
        taken = {sh.id for sh in self.sheets}
        while True:
            candidate = rng.randrange(1, 2**31 - 1)
            if candidate not in taken:
                return candidate

    def resolve(self, text: str) -> tuple[Sheet, Span]:
        """The tab and cells an A1 range names (`'Tab'!A1:B2`, `Tab`, `A1:B2` on the first tab); 400 if none."""
        fail = ApiError(400, f"Unable to parse range: {text}")
        text = text.strip()
        if "!" in text:
            title, cells = text.rsplit("!", 1)
            sh, span = self.by_title(unquote_title(title)), parse_cells(cells)
            if sh is None or span is None:
                raise fail
            return sh, span
        sh = self.by_title(unquote_title(text))
        if sh is not None:
            return sh, WHOLE
        if text.startswith("'"):
            raise fail
        span = parse_cells(text)
        if span is None or not self.sheets:
            raise fail
        return self.sheets[0], span

    def grid(self, rng: Mapping[str, Any], *, check: bool = True) -> tuple[Sheet, int, int, int, int]:
        """The tab and bounds a GridRange names (open ends run to the grid's edges); 400 past the grid."""
        sh = self.by_id(int(rng.get("sheetId", 0)))
        r0 = int(rng.get("startRowIndex", 0))
        c0 = int(rng.get("startColumnIndex", 0))
        r1 = int(rng.get("endRowIndex", sh.rows))
        c1 = int(rng.get("endColumnIndex", sh.cols))
        if r0 < 0 or c0 < 0 or r1 < r0 or c1 < c0:
            raise Invalid(f"Invalid range: start index must be less than or equal to end index ({json.dumps(rng)})")
        if check and (r1 > sh.rows or c1 > sh.cols):
            raise Invalid(grid_limits_message(sh.title, sh.rows, sh.cols, r0, r1, c0, c1))
        return sh, r0, r1, c0, c1


def clone(book: Book) -> Book:
    """A deep copy of a spreadsheet for an all-or-nothing batch; pickling is several times faster than deepcopy on
    the thousands of per-cell dropdowns a `league init` tab carries."""
    copied: Book = pickle.loads(pickle.dumps(book, pickle.HIGHEST_PROTOCOL))
    return copied


def tidy_props(props: dict[str, Any]) -> dict[str, Any]:
    """SheetProperties as Google prints them: false/zero defaults left out."""
    out = copy.deepcopy(props)
    grid = out.get("gridProperties", {})
    for key in ("frozenRowCount", "frozenColumnCount"):
        if not grid.get(key):
            grid.pop(key, None)
    for key in ("hideGridlines", "rowGroupControlAfter", "columnGroupControlAfter"):
        if grid.get(key) is False:
            grid.pop(key)
    for key in ("hidden", "rightToLeft"):
        if out.get(key) is False:
            out.pop(key)
    for key in ("tabColor", "tabColorStyle"):
        if out.get(key) == {}:
            out.pop(key)
    mirror_colors(out)
    order = [
        "sheetId",
        "title",
        "index",
        "sheetType",
        "gridProperties",
        "hidden",
        "tabColor",
        "rightToLeft",
        "tabColorStyle",
    ]
    return {k: out[k] for k in sorted(out, key=lambda k: order.index(k) if k in order else 99)}

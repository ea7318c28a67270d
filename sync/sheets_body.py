"""Pure builders of Google Sheets API request bodies and parsers of its answers.

Kept apart from the HTTP code so each piece is tested on literals.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from league.cells import SERIAL_EPOCH, Cell, Grid, quote_tab
from league.sheet import Changes, Dropdown, Sheet
from sync.layout import DATE_PATTERN, FROZEN_ROWS, LAST_ROW, Look, dropdown_columns, look, pixels, trimmed
from sync.sheets_marker import MARKER_FIELDS

METADATA_FIELDS = (
    "spreadsheetId,properties(title,timeZone),"
    "sheets(properties(sheetId,title,index,sheetType,gridProperties),protectedRanges(protectedRangeId,description)),"
    + MARKER_FIELDS
)
PROTECTION_NOTE = "Written by league sync: edits here are replaced on the next sync."
DATE_FORMAT = {"numberFormat": {"type": "DATE", "pattern": DATE_PATTERN}}
WRAP_FORMAT = {"wrapStrategy": "WRAP", "verticalAlignment": "TOP"}

Json = dict[str, Any]


MAX_TEXT = 50_000
"""Google's limit on one cell's text: a longer one would make the whole batch fail."""


def cell_data(value: Cell) -> Json:
    """One typed cell: text is always a stringValue, so nothing people typed becomes a formula."""
    if value is None:
        return {}
    if isinstance(value, bool):
        return {"userEnteredValue": {"boolValue": value}}
    if isinstance(value, (int, float)):
        return {"userEnteredValue": {"numberValue": value}}
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return {"userEnteredValue": {"numberValue": (value - SERIAL_EPOCH).days}, "userEnteredFormat": DATE_FORMAT}
    text = str(value)
    return {"userEnteredValue": {"stringValue": text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"}}


def row_data(values: Sequence[Cell], bold: bool = False) -> Json:
    cells = [cell_data(v) for v in values]
    if bold:
        for c in cells:
            c["userEnteredFormat"] = {**c.get("userEnteredFormat", {}), "textFormat": {"bold": True}}
    return {"values": cells}


def read_ranges(tabs: Sequence[str]) -> list[str]:
    """values:batchGet ranges for whole tabs."""
    return [quote_tab(t) for t in tabs]


def grids_from(value_ranges: Sequence[Json], tabs: Sequence[str]) -> dict[str, Grid]:
    """values:batchGet answers back to grids; Google omits `values` for an empty tab."""
    return {tab: trimmed(vr.get("values", [])) for tab, vr in zip(tabs, value_ranges)}


class Planner:
    """Builds one batchUpdate from the spreadsheet's metadata: ids for new tabs, known ids for old ones."""

    def __init__(self, metadata: Json) -> None:
        # Keyed by folded title: Sheets, like Excel, refuses two tabs whose names differ only in case.
        self.sheets: dict[str, Json] = {s["properties"]["title"].casefold(): s for s in metadata.get("sheets", [])}
        self.next_id = max([s["properties"]["sheetId"] for s in self.sheets.values()] + [0]) + 1
        self.ids: dict[str, int] = {t: s["properties"]["sheetId"] for t, s in self.sheets.items()}

    def sheet_id(self, name: str, requests: list[Json], rows: int = 1000) -> int:
        key = name.casefold()
        if key not in self.ids:
            self.ids[key] = self.next_id
            self.next_id += 1
            requests.append(
                {
                    "addSheet": {
                        "properties": {
                            "sheetId": self.ids[key],
                            "title": name,
                            "gridProperties": {"rowCount": rows, "frozenRowCount": FROZEN_ROWS},
                        }
                    }
                }
            )
        return self.ids[key]

    def replace(self, sheet: Sheet, protect: bool, requests: list[Json]) -> None:
        """Rewrite a tab whole: exact size (stale rows go), typed values, bold frozen header, links."""
        sid = self.sheet_id(sheet.name, requests)
        shape = look(sheet)
        rows = [
            row_data(sheet.header, bold=True),
            *(row_data(r, bold=i in sheet.headings) for i, r in enumerate(sheet.rows)),
        ]
        _format(rows[1:], shape, min(sheet.headings, default=len(sheet.rows)))
        for link in sheet.links:
            target = self.ids.get(link.tab.casefold())
            if target is not None:
                cell = rows[link.row + 1]["values"][link.column]
                cell["userEnteredFormat"] = {"textFormat": {"link": {"uri": f"#gid={target}&range={link.cell}"}}}
        columns = max([len(sheet.header), *(len(r) for r in sheet.rows)])
        requests.append(
            {
                "updateSheetProperties": {  # the title too: an event id retyped in another case
                    "properties": {
                        "sheetId": sid,
                        "title": sheet.name,
                        "gridProperties": {
                            "rowCount": len(rows) + 1,
                            "columnCount": columns,
                            "frozenRowCount": FROZEN_ROWS,
                        },
                    },
                    "fields": "title,gridProperties(rowCount,columnCount,frozenRowCount)",
                }
            }
        )
        requests.extend(_owned(sid, sheet, rows, columns))
        requests.extend(_widths(sid, shape))
        if protect and not any(
            p.get("description") == PROTECTION_NOTE
            for p in self.sheets.get(sheet.name.casefold(), {}).get("protectedRanges", [])
        ):
            requests.append(
                {
                    "addProtectedRange": {
                        "protectedRange": {
                            "range": {"sheetId": sid},
                            "description": PROTECTION_NOTE,
                            "warningOnly": True,
                        }
                    }
                }
            )

    def append(self, sheet: Sheet, requests: list[Json]) -> None:
        """Rows below the last row with data; a new tab gets its header first."""
        new = sheet.name.casefold() not in self.ids
        sid = self.sheet_id(sheet.name, requests)
        rows = ([row_data(sheet.header, bold=True)] if new else []) + [row_data(r) for r in sheet.rows]
        requests.append({"appendCells": {"sheetId": sid, "rows": rows, "fields": "userEnteredValue,userEnteredFormat"}})
        if new:
            requests.append(
                {
                    "addProtectedRange": {
                        "protectedRange": {
                            "range": {"sheetId": sid},
                            "description": PROTECTION_NOTE,
                            "warningOnly": True,
                        }
                    }
                }
            )

    def create(self, sheet: Sheet, requests: list[Json]) -> None:
        """A new input tab for `league init`: header, frozen row, dropdowns; refuses an existing tab."""
        if sheet.name.casefold() in self.ids:
            raise ValueError(sheet.name)
        dropdowns = dropdown_columns(sheet)
        sid = self.sheet_id(sheet.name, requests, rows=max(LAST_ROW, len(sheet.rows) + 1))
        requests.append(
            {
                "updateCells": {
                    "start": {"sheetId": sid, "rowIndex": 0, "columnIndex": 0},
                    "rows": [row_data(sheet.header, bold=True), *(row_data(r) for r in sheet.rows)],
                    "fields": "userEnteredValue,userEnteredFormat",
                }
            }
        )
        requests.extend(_widths(sid, look(sheet)))
        requests.extend(validation(sid, column, dropdown) for column, dropdown in dropdowns)


def _owned(sid: int, sheet: Sheet, rows: list[Json], columns: int) -> list[Json]:
    """The updateCells of a tab written whole: one over the whole grid; for a tab with `typed` columns, one per
    stretch of the other columns, and in the typed ones only the header and the cells set, so a cell people typed
    after the sync read the tab is never sent, let alone erased."""
    fields = "userEnteredValue,userEnteredFormat"
    typed = {i for i, h in enumerate(sheet.header) if h in sheet.typed}
    if not typed:
        return [{"updateCells": {"range": {"sheetId": sid}, "rows": rows, "fields": fields}}]
    stretches: list[tuple[int, int]] = []
    for i in (i for i in range(columns) if i not in typed):
        if stretches and stretches[-1][1] == i:
            stretches[-1] = (stretches[-1][0], i + 1)
        else:
            stretches.append((i, i + 1))
    out: list[Json] = [
        {
            "updateCells": {
                "range": {"sheetId": sid, "startColumnIndex": first, "endColumnIndex": last},
                "rows": [{"values": r["values"][first:last]} for r in rows],
                "fields": fields,
            }
        }
        for first, last in stretches
    ]
    lines: list[Sequence[Cell]] = [sheet.header, *sheet.rows]
    for i in sorted(typed):
        for at, (line, row) in enumerate(zip(lines, rows)):
            if i < len(line) and line[i] is not None:
                out.append(
                    {
                        "updateCells": {
                            "start": {"sheetId": sid, "rowIndex": at, "columnIndex": i},
                            "rows": [{"values": [{} if line[i] == "" else row["values"][i]]}],
                            "fields": fields,
                        }
                    }
                )
    return out


def _format(rows: list[Json], shape: Look, numbered: int) -> None:
    """Number formats (on the first `numbered` rows: those above a block's heading row) and wrapping on the data
    rows' cells that hold a value, as the `.xlsx` backend styles them."""
    for at, row in enumerate(rows):
        for column, cell in enumerate(row["values"]):
            if not cell:
                continue
            if column in shape.number_formats and at < numbered:
                cell["userEnteredFormat"] = {
                    "numberFormat": {"type": "NUMBER", "pattern": shape.number_formats[column]}
                }
            elif column in shape.wrapped and "userEnteredFormat" not in cell:
                cell["userEnteredFormat"] = dict(WRAP_FORMAT)


def _widths(sheet_id: int, shape: Look) -> list[Json]:
    """Each column's width from the layout, in Google's pixels."""
    return [
        {
            "updateDimensionProperties": {
                "range": {"sheetId": sheet_id, "dimension": "COLUMNS", "startIndex": i, "endIndex": i + 1},
                "properties": {"pixelSize": pixels(width)},
                "fields": "pixelSize",
            }
        }
        for i, width in enumerate(shape.widths)
    ]


def validation(sheet_id: int, column: int, dropdown: Dropdown) -> Json:
    if dropdown.source:
        condition = {"type": "ONE_OF_RANGE", "values": [{"userEnteredValue": "=" + dropdown.source}]}
    else:
        condition = {"type": "ONE_OF_LIST", "values": [{"userEnteredValue": v} for v in dropdown.values[:500]]}
    return {
        "setDataValidation": {
            "range": {
                "sheetId": sheet_id,
                "startRowIndex": FROZEN_ROWS,
                "endRowIndex": LAST_ROW,
                "startColumnIndex": column,
                "endColumnIndex": column + 1,
            },
            "rule": {"condition": condition, "showCustomUi": True, "strict": False},
        }
    }


def sync_requests(metadata: Json, changes: Changes) -> list[Json]:
    """The whole sync as one list of batchUpdate requests (new tabs first, so links can find them)."""
    planner = Planner(metadata)
    requests: list[Json] = [
        {"deleteSheet": {"sheetId": planner.ids.pop(name.casefold())}}
        for name in changes.remove
        if name.casefold() in planner.ids
    ]
    for sheet in changes.replace:
        planner.sheet_id(sheet.name, requests)
    for sheet in changes.replace:
        planner.replace(sheet, True, requests)
    for sheet in changes.append:
        planner.append(sheet, requests)
    return requests


def init_requests(metadata: Json, sheets: Sequence[Sheet]) -> list[Json]:
    """`league init` on Sheets as one list of batchUpdate requests."""
    planner = Planner(metadata)
    requests: list[Json] = []
    for sheet in sheets:
        planner.create(sheet, requests)
    return requests


def titles(metadata: Mapping[str, Any]) -> Iterator[str]:
    """Titles of the tabs that hold cells (not chart sheets), in spreadsheet order."""
    for s in sorted(metadata.get("sheets", []), key=lambda s: s["properties"].get("index", 0)):
        if s["properties"].get("sheetType", "GRID") == "GRID":
            yield s["properties"]["title"]

"""Pure builders of Google Sheets API request bodies and parsers of its answers.

Kept apart from the HTTP code so each piece is tested on literals.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from league.cells import SERIAL_EPOCH, Cell, Grid, quote_tab
from league.sheet import Changes, Dropdown, Sheet
from sync.growth import Growth
from sync.layout import DATE_PATTERN, FROZEN_ROWS, LAST_ROW, Look, dropdown_columns, look, pixels, trimmed

MARKER_FIELDS = "developerMetadata(metadataId,metadataKey,metadataValue)"
"""What the one read after a lost answer asks for: the spreadsheet's own developer metadata."""
METADATA_FIELDS = ("spreadsheetId,properties(title,timeZone),"
                   "sheets(properties(sheetId,title,index,sheetType,gridProperties),protectedRanges(protectedRangeId,description)),"
                   + MARKER_FIELDS)
MARKER_KEY = "league.write"
"""Key of the developer metadata that proves which batch was applied last."""
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
    return {"userEnteredValue": {"stringValue": text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"}}


def _row(values: Sequence[Cell], bold: bool = False) -> Json:
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
            requests.append({"addSheet": {"properties": {"sheetId": self.ids[key], "title": name,
                                                         "gridProperties": {"rowCount": rows, "frozenRowCount": FROZEN_ROWS}}}})
        return self.ids[key]

    def replace(self, sheet: Sheet, protect: bool, requests: list[Json]) -> None:
        """Rewrite a tab whole: exact size (stale rows go), typed values, bold frozen header, links."""
        sid = self.sheet_id(sheet.name, requests)
        shape = look(sheet)
        rows = [_row(sheet.header, bold=True), *(_row(r, bold=i in sheet.headings) for i, r in enumerate(sheet.rows))]
        _format(rows[1:], shape, min(sheet.headings, default=len(sheet.rows)))
        for link in sheet.links:
            target = self.ids.get(link.tab.casefold())
            if target is not None:
                cell = rows[link.row + 1]["values"][link.column]
                cell["userEnteredFormat"] = {"textFormat": {"link": {"uri": f"#gid={target}&range={link.cell}"}}}
        columns = max([len(sheet.header), *(len(r) for r in sheet.rows)])
        requests.append({"updateSheetProperties": {  # the title too: an event id retyped in another case
            "properties": {"sheetId": sid, "title": sheet.name,
                           "gridProperties": {"rowCount": len(rows) + 1, "columnCount": columns, "frozenRowCount": FROZEN_ROWS}},
            "fields": "title,gridProperties(rowCount,columnCount,frozenRowCount)"}})
        requests.extend(_owned(sid, sheet, rows, columns))
        requests.extend(_widths(sid, shape))
        if protect and not any(p.get("description") == PROTECTION_NOTE
                               for p in self.sheets.get(sheet.name.casefold(), {}).get("protectedRanges", [])):
            requests.append({"addProtectedRange": {"protectedRange": {"range": {"sheetId": sid}, "description": PROTECTION_NOTE, "warningOnly": True}}})

    def append(self, sheet: Sheet, requests: list[Json]) -> None:
        """Rows below the last row with data; a new tab gets its header first."""
        new = sheet.name.casefold() not in self.ids
        sid = self.sheet_id(sheet.name, requests)
        rows = ([_row(sheet.header, bold=True)] if new else []) + [_row(r) for r in sheet.rows]
        requests.append({"appendCells": {"sheetId": sid, "rows": rows, "fields": "userEnteredValue,userEnteredFormat"}})
        if new:
            requests.append({"addProtectedRange": {"protectedRange": {"range": {"sheetId": sid}, "description": PROTECTION_NOTE, "warningOnly": True}}})

    def create(self, sheet: Sheet, requests: list[Json]) -> None:
        """A new input tab for `league init`: header, frozen row, dropdowns; refuses an existing tab."""
        if sheet.name.casefold() in self.ids:
            raise ValueError(sheet.name)
        dropdowns = dropdown_columns(sheet)
        sid = self.sheet_id(sheet.name, requests, rows=max(LAST_ROW, len(sheet.rows) + 1))
        requests.append({"updateCells": {"start": {"sheetId": sid, "rowIndex": 0, "columnIndex": 0},
                                         "rows": [_row(sheet.header, bold=True), *(_row(r) for r in sheet.rows)],
                                         "fields": "userEnteredValue,userEnteredFormat"}})
        requests.extend(_widths(sid, look(sheet)))
        requests.extend(_validation(sid, column, dropdown) for column, dropdown in dropdowns)


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
    out: list[Json] = [{"updateCells": {"range": {"sheetId": sid, "startColumnIndex": first, "endColumnIndex": last},
                                        "rows": [{"values": r["values"][first:last]} for r in rows], "fields": fields}}
                       for first, last in stretches]
    lines: list[Sequence[Cell]] = [sheet.header, *sheet.rows]
    for i in sorted(typed):
        for at, (line, row) in enumerate(zip(lines, rows)):
            if i < len(line) and line[i] is not None:
                out.append({"updateCells": {"start": {"sheetId": sid, "rowIndex": at, "columnIndex": i},
                                            "rows": [{"values": [{} if line[i] == "" else row["values"][i]]}],
                                            "fields": fields}})
    return out


def _format(rows: list[Json], shape: Look, numbered: int) -> None:
    """Number formats (on the first `numbered` rows: those above a block's heading row) and wrapping on the data
    rows' cells that hold a value, as the `.xlsx` backend styles them."""
    for at, row in enumerate(rows):
        for column, cell in enumerate(row["values"]):
            if not cell:
                continue
            if column in shape.number_formats and at < numbered:
                cell["userEnteredFormat"] = {"numberFormat": {"type": "NUMBER", "pattern": shape.number_formats[column]}}
            elif column in shape.wrapped and "userEnteredFormat" not in cell:
                cell["userEnteredFormat"] = dict(WRAP_FORMAT)


def _widths(sheet_id: int, shape: Look) -> list[Json]:
    """Each column's width from the layout, in Google's pixels."""
    return [{"updateDimensionProperties": {
        "range": {"sheetId": sheet_id, "dimension": "COLUMNS", "startIndex": i, "endIndex": i + 1},
        "properties": {"pixelSize": pixels(width)}, "fields": "pixelSize"}} for i, width in enumerate(shape.widths)]


def _validation(sheet_id: int, column: int, dropdown: Dropdown) -> Json:
    if dropdown.source:
        condition = {"type": "ONE_OF_RANGE", "values": [{"userEnteredValue": "=" + dropdown.source}]}
    else:
        condition = {"type": "ONE_OF_LIST", "values": [{"userEnteredValue": v} for v in dropdown.values[:500]]}
    return {"setDataValidation": {
        "range": {"sheetId": sheet_id, "startRowIndex": FROZEN_ROWS, "endRowIndex": LAST_ROW,
                  "startColumnIndex": column, "endColumnIndex": column + 1},
        "rule": {"condition": condition, "showCustomUi": True, "strict": False}}}


def sync_requests(metadata: Json, changes: Changes) -> list[Json]:
    """The whole sync as one list of batchUpdate requests (new tabs first, so links can find them)."""
    planner = Planner(metadata)
    requests: list[Json] = [{"deleteSheet": {"sheetId": planner.ids.pop(name.casefold())}}
                            for name in changes.remove if name.casefold() in planner.ids]
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


def add_rows_requests(metadata: Json, tab: str, start: int, rows: Sequence[Sequence[Cell]]) -> list[Json]:
    """`add_rows` as batchUpdate requests: values only, from 0-based row `start`, so formats and dropdowns stay.

    The grid grows first when the rows would run past its end. One updateCells per stretch of
    set cells, all in the same batch."""
    sheet = Planner(metadata).sheets[tab.casefold()]
    sid = sheet["properties"]["sheetId"]
    return [*_grid_grown(sheet, start + len(rows), 0), *_values(sid, start, rows)]


def _grid_grown(sheet: Json, rows: int, columns: int) -> list[Json]:
    """An updateSheetProperties growing the tab's grid to at least this many rows and columns, if it is smaller."""
    grid = sheet["properties"].get("gridProperties", {})
    size = {"rowCount": max(rows, grid.get("rowCount", 0)), "columnCount": max(columns, grid.get("columnCount", 0))}
    grown = {key: value for key, value in size.items() if value > grid.get(key, 0)}
    if not grown:
        return []
    return [{"updateSheetProperties": {"properties": {"sheetId": sheet["properties"]["sheetId"], "gridProperties": grown},
                                       "fields": ",".join(f"gridProperties.{key}" for key in grown)}}]


def _values(sid: int, start: int, rows: Sequence[Sequence[Cell]]) -> list[Json]:
    """The rows' set cells from 0-based row `start`, values only."""
    requests: list[Json] = []
    for offset, row in enumerate(rows):
        for column, values in _runs(row):
            requests.append({"updateCells": {"start": {"sheetId": sid, "rowIndex": start + offset, "columnIndex": column},
                                             "rows": [_row(values)], "fields": "userEnteredValue"}})
    return requests


def _runs(row: Sequence[Cell]) -> Iterator[tuple[int, list[Cell]]]:
    """(first column, values) of each stretch of set cells: an unset cell is not sent, so whatever
    it holds (a formula filled down the column, say) stays."""
    run: list[Cell] = []
    for column, value in enumerate([*row, None]):
        if value is not None:
            run.append(value)
        elif run:
            yield column - len(run), run
            run = []


def grow_requests(metadata: Json, plans: Sequence[Growth]) -> list[Json]:
    """`add_tabs` as batchUpdate requests: new tabs as `league init` makes them; on existing ones only the
    added headers (bold, after the last one, the grid grown to hold them and the dropdowns' rows), their
    dropdowns and the added rows' values."""
    planner = Planner(metadata)
    requests: list[Json] = []
    for plan in plans:
        if plan.new:
            planner.create(plan.new, requests)
            continue
        sheet = planner.sheets[plan.tab.casefold()]
        sid = sheet["properties"]["sheetId"]
        rows = max(plan.start + len(plan.rows), LAST_ROW if plan.dropdowns else 0)
        requests.extend(_grid_grown(sheet, rows, max([plan.column + len(plan.headers), *map(len, plan.rows)])))
        if plan.headers:
            requests.append({"updateCells": {"start": {"sheetId": sid, "rowIndex": 0, "columnIndex": plan.column},
                                             "rows": [_row(plan.headers, bold=True)], "fields": "userEnteredValue,userEnteredFormat"}})
        requests.extend(_validation(sid, column, dropdown) for column, dropdown in plan.dropdowns)
        requests.extend(_values(sid, plan.start, plan.rows))
    return requests


class Marker(NamedTuple):
    """The proof a batch carries: spreadsheet-level developer metadata created in the same atomic batch.

    Its id is chosen by us and unique in the spreadsheet, so the same batch applied a second time
    fails whole (Google refuses a second metadata with one id) instead of appending twice."""

    metadata_id: int
    value: str


def marker_requests(metadata: Json, marker: Marker) -> list[Json]:
    """Create this batch's marker and delete the earlier ones, so the spreadsheet holds one whatever the season's length.

    The create comes first: repeating the batch fails on it, whatever happened to the older markers."""
    create: Json = {"createDeveloperMetadata": {"developerMetadata": {
        "metadataId": marker.metadata_id, "metadataKey": MARKER_KEY, "metadataValue": marker.value,
        "location": {"spreadsheet": True}, "visibility": "DOCUMENT"}}}
    return [create, *({"deleteDeveloperMetadata": {"dataFilter": {"developerMetadataLookup": {"metadataId": old}}}}
                      for old in marker_ids(metadata))]


def marker_ids(metadata: Mapping[str, Any]) -> list[int]:
    """Ids of the markers the spreadsheet holds now (developer metadata under MARKER_KEY)."""
    return [int(m["metadataId"]) for m in metadata.get("developerMetadata", []) if m.get("metadataKey") == MARKER_KEY]


def has_marker(metadata: Mapping[str, Any], marker: Marker) -> bool:
    """Whether the batch that carries `marker` was applied."""
    return any(m.get("metadataKey") == MARKER_KEY and m.get("metadataId") == marker.metadata_id
               and m.get("metadataValue") == marker.value for m in metadata.get("developerMetadata", []))


def titles(metadata: Mapping[str, Any]) -> Iterator[str]:
    """Titles of the tabs that hold cells (not chart sheets), in spreadsheet order."""
    for s in sorted(metadata.get("sheets", []), key=lambda s: s["properties"].get("index", 0)):
        if s["properties"].get("sheetType", "GRID") == "GRID":
            yield s["properties"]["title"]

"""Request bodies that add to tabs already there: rows, headers and dropdowns, never touching what people typed."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from league.cells import Cell
from sync.growth import Growth
from sync.layout import LAST_ROW
from sync.sheets_body import Json, Planner, row_data, validation


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
    return [
        {
            "updateSheetProperties": {
                "properties": {"sheetId": sheet["properties"]["sheetId"], "gridProperties": grown},
                "fields": ",".join(f"gridProperties.{key}" for key in grown),
            }
        }
    ]


def _values(sid: int, start: int, rows: Sequence[Sequence[Cell]]) -> list[Json]:
    """The rows' set cells from 0-based row `start`, values only."""
    requests: list[Json] = []
    for offset, row in enumerate(rows):
        for column, values in _runs(row):
            requests.append(
                {
                    "updateCells": {
                        "start": {"sheetId": sid, "rowIndex": start + offset, "columnIndex": column},
                        "rows": [row_data(values)],
                        "fields": "userEnteredValue",
                    }
                }
            )
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
            requests.append(
                {
                    "updateCells": {
                        "start": {"sheetId": sid, "rowIndex": 0, "columnIndex": plan.column},
                        "rows": [row_data(plan.headers, bold=True)],
                        "fields": "userEnteredValue,userEnteredFormat",
                    }
                }
            )
        requests.extend(validation(sid, column, dropdown) for column, dropdown in plan.dropdowns)
        requests.extend(_values(sid, plan.start, plan.rows))
    return requests

"""The values API: `get`, `batchGet`, `update` (PUT), `batchUpdate`, `append` and `clear`, with Google's quirks:
ranges echoed as `Sheet1!D4`, quoted tab titles, trailing blanks dropped, no `values` key for an empty range."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from league.cells import column_letter
from tests.support.sheets_server.a1 import Span, a1, grid_limits_message
from tests.support.sheets_server.call import Call
from tests.support.sheets_server.cells import check_cell_values, effective, parse_raw, parse_user_entered
from tests.support.sheets_server.errors import ApiError, NotEmulated
from tests.support.sheets_server.model import Book, Bounds, Sheet, clone

Written = set[tuple[int, int, int]]
"""(sheetId, row, column) of the cells a write gave a value."""


def read(sh: Sheet, r0: int, r1: int, c0: int, c1: int, render: str, major: str) -> list[list[Any]]:
    """The rendered values of a block, by rows or by columns, trailing empty rows and cells left out."""
    grid: dict[int, dict[int, Any]] = {}
    for (r, c), cell in sh.cells.items():
        if r0 <= r < r1 and c0 <= c < c1:
            value = effective(cell, render)
            if value is not None:
                if major == "COLUMNS":
                    grid.setdefault(c - c0, {})[r - r0] = value
                else:
                    grid.setdefault(r - r0, {})[c - c0] = value
    if not grid:
        return []
    out: list[list[Any]] = []
    for i in range(max(grid) + 1):
        line = grid.get(i, {})
        out.append([line.get(j, "") for j in range(max(line) + 1)] if line else [])
    return out


def _value_range(book: Book, text: str, query: Mapping[str, list[str]]) -> dict[str, Any]:
    sh, span = book.resolve(text)
    r0, r1, c0, c1 = sh.clip(span)
    render = query.get("valueRenderOption", ["FORMATTED_VALUE"])[0]
    major = query.get("majorDimension", ["ROWS"])[0]
    major = "ROWS" if major == "DIMENSION_UNSPECIFIED" else major
    out: dict[str, Any] = {"range": a1(sh.title, r0, r1, c0, c1), "majorDimension": major}
    rows = read(sh, r0, r1, c0, c1, render, major)
    if rows:
        out["values"] = rows
    return out


def get(call: Call) -> dict[str, Any]:
    return _value_range(call.book, call.params["range"], call.query)


def batch_get(call: Call) -> dict[str, Any]:
    out: dict[str, Any] = {"spreadsheetId": call.book.id}
    ranges = call.query.get("ranges", [])
    if ranges:
        out["valueRanges"] = [_value_range(call.book, r, call.query) for r in ranges]
    return out


def _write(
    book: Book,
    sh: Sheet,
    r0: int,
    c0: int,
    values: list[list[Any]],
    option: str,
    limit: tuple[int, int] | None,
    label: str,
) -> tuple[dict[str, Any], Written]:
    """Write a block of values from (r0, c0); the UpdateValuesResponse and the cells given a value."""
    parse = parse_raw if option == "RAW" else parse_user_entered
    check_cell_values(values)
    height = len(values)
    width = max((len(row) for row in values), default=0)
    if limit is not None:
        if r0 + height > limit[0]:
            raise ApiError(400, f"Requested writing within range [{label}], but tried writing to row [{limit[0] + 1}]")
        if c0 + width > limit[1]:
            raise ApiError(
                400,
                f"Requested writing within range [{label}], but tried writing to column [{column_letter(limit[1])}]",
            )
    if height and width and (r0 + height > sh.rows or c0 + width > sh.cols):
        raise ApiError(400, grid_limits_message(sh.title, sh.rows, sh.cols, r0, r0 + height, c0, c0 + width))
    written: set[tuple[int, int]] = set()
    for i, row in enumerate(values):
        for j, value in enumerate(row):
            parsed = parse(value)
            if parsed is None:
                continue
            written.add((i, j))
            cell = sh.cells.setdefault((r0 + i, c0 + j), {})
            if parsed:
                cell["userEnteredValue"] = parsed
            else:
                cell.pop("userEnteredValue", None)
            if not cell:
                del sh.cells[(r0 + i, c0 + j)]
    out: dict[str, Any] = {"spreadsheetId": book.id}
    if height and width:
        # the range spans the array; the counts are of the cells actually given (nulls skip)
        out["updatedRange"] = a1(sh.title, r0, r0 + height, c0, c0 + width)
        if written:
            out["updatedRows"] = len({i for i, _ in written})
            out["updatedColumns"] = len({j for _, j in written})
            out["updatedCells"] = len(written)
    return out, {(sh.id, r0 + i, c0 + j) for i, j in written}


def _is_cell(span: Span, r0: int, c0: int) -> bool:
    return span.c1 is not None and span.r1 is not None and span.c1 - c0 == 1 and span.r1 - r0 == 1


def _write_range(book: Book, text: str, values: list[list[Any]], option: str) -> tuple[dict[str, Any], Written]:
    """Write into an A1 range: a single cell is where the block starts, a larger range bounds it."""
    sh, span = book.resolve(text)
    r0, c0 = span.r0 or 0, span.c0 or 0
    limit = (
        None
        if _is_cell(span, r0, c0)
        else (span.r1 if span.r1 is not None else 10**9, span.c1 if span.c1 is not None else 10**9)
    )
    return _write(book, sh, r0, c0, values, option, limit, text)


def _rows(body: Mapping[str, Any]) -> list[list[Any]]:
    """The rows to write (a body `range` that disagrees with the URL's is not checked)."""
    if body.get("majorDimension") == "COLUMNS":
        raise NotEmulated("values written by columns")
    values: list[list[Any]] = list(body.get("values", []))
    return values


def _plain(echo: bool, insert: str = "OVERWRITE") -> None:
    """The options of a write that nothing here sends, answered 501 rather than ignored."""
    if echo:
        raise NotEmulated("includeValuesInResponse")
    if insert != "OVERWRITE":
        raise NotEmulated(f"insertDataOption {insert}")


def _echoes(query: Mapping[str, list[str]]) -> bool:
    return query.get("includeValuesInResponse", ["false"])[0].lower() == "true"


def _option(given: Any) -> str:
    option = given[0] if isinstance(given, list) else given
    if option not in ("RAW", "USER_ENTERED"):
        raise ApiError(400, f"Invalid valueInputOption: {option or 'INPUT_VALUE_OPTION_UNSPECIFIED'}")
    return str(option)


def update(call: Call) -> dict[str, Any]:
    _plain(_echoes(call.query))
    result, _ = _write_range(
        call.book, call.params["range"], _rows(call.body), _option(call.query.get("valueInputOption"))
    )
    return result


def batch_update(call: Call) -> dict[str, Any]:
    """Every range written, all or nothing."""
    _plain(bool(call.body.get("includeValuesInResponse")))
    option = _option(call.body.get("valueInputOption"))
    work = clone(call.book)
    responses = []
    cells: Written = set()
    for vr in call.body.get("data", []):
        res, written = _write_range(work, vr.get("range", ""), _rows(vr), option)
        cells |= written
        responses.append(res)
    call.book = work
    out: dict[str, Any] = {"spreadsheetId": work.id}
    if cells:
        out["totalUpdatedRows"] = len({(s, r) for s, r, _ in cells})
        out["totalUpdatedColumns"] = len({(s, c) for s, _, c in cells})
        out["totalUpdatedCells"] = len(cells)
        out["totalUpdatedSheets"] = len({s for s, _, _ in cells})
    out["responses"] = responses
    return out


def _table(sh: Sheet, bounds: Bounds, single_cell: bool) -> Bounds | None:
    """values.append's "table": the block of touching non-empty cells that holds the range's
    first cell (when the range is one cell) or else its last non-empty cell (row-major) -
    which is what Google was seen to pick. Returns half-open (top, bottom, left, right)."""
    r0, r1, c0, c1 = bounds
    filled = {
        k
        for k, cell in sh.cells.items()
        if r0 <= k[0] < r1 and c0 <= k[1] < c1 and effective(cell, "UNFORMATTED_VALUE") is not None
    }
    if not filled:
        return None
    seed = (r0, c0) if single_cell and (r0, c0) in filled else max(filled)
    block, todo = {seed}, [seed]
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in filled and nb not in block:
                block.add(nb)
                todo.append(nb)
    rows = [r for r, _ in block]
    cols = [c for _, c in block]
    return min(rows), max(rows) + 1, min(cols), max(cols) + 1


def append(call: Call) -> dict[str, Any]:
    """Rows below the table the range holds, over what is there (OVERWRITE)."""
    book, query = call.book, call.query
    _plain(_echoes(query), query.get("insertDataOption", ["OVERWRITE"])[0])
    option = _option(query.get("valueInputOption"))
    sh, span = book.resolve(call.params["range"])
    r0, r1, c0, c1 = sh.clip(span)
    single = _is_cell(span, r0, c0)
    if single:
        r1, c1 = sh.rows, sh.cols  # one cell names where the table starts, not its extent
    values = _rows(call.body)
    check_cell_values(values)
    out: dict[str, Any] = {"spreadsheetId": book.id}
    table = _table(sh, (r0, r1, c0, c1), single)
    if table is not None:
        top, bottom, left, right = table
        out["tableRange"] = a1(sh.title, top, bottom, left, right)
        start, c0 = bottom, left
    else:
        start = r0
    height = len(values)
    width = max((len(row) for row in values), default=0)
    grid = sh.props["gridProperties"]
    if start + height > sh.rows:
        grid["rowCount"] = start + height
    if c0 + width > sh.cols:
        grid["columnCount"] = c0 + width
    out["updates"], _ = _write(book, sh, start, c0, values, option, None, call.params["range"])
    return out


def clear(call: Call) -> dict[str, Any]:
    """The values of a range go; formats and the rest stay."""
    sh, span = call.book.resolve(call.params["range"])
    r0, r1, c0, c1 = sh.clip(span)
    for key in [k for k in sh.cells if r0 <= k[0] < r1 and c0 <= k[1] < c1]:
        sh.cells[key].pop("userEnteredValue", None)
        if not sh.cells[key]:
            del sh.cells[key]
    return {"spreadsheetId": call.book.id, "clearedRange": a1(sh.title, r0, r1, c0, c1)}

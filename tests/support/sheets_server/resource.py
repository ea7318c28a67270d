"""The Spreadsheet resource as `spreadsheets.get` answers it: properties, tabs, protections, developer metadata and,
when asked for, grid data, cut down by the `fields` mask."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from tests.support.sheets_server.call import Call
from tests.support.sheets_server.cells import effective, num
from tests.support.sheets_server.errors import ApiError
from tests.support.sheets_server.masks import MaskTree, filter_fields, parse_mask, unknown_path
from tests.support.sheets_server.model import Book, Bounds, Sheet, tidy_props

_DEFAULT_ROW_PX = 21
_DEFAULT_COL_PX = 100


def _dim_out(meta: Mapping[str, Any] | None, default_px: int) -> dict[str, Any]:
    out: dict[str, Any] = {"pixelSize": default_px}
    if meta:
        out.update(copy.deepcopy(dict(meta)))
        if out.get("hiddenByUser") is False:
            out.pop("hiddenByUser")
    return out


def _cell_out(cell: Mapping[str, Any] | None) -> dict[str, Any]:
    if not cell:
        return {}
    out: dict[str, Any] = {}
    uev = cell.get("userEnteredValue")
    if uev:
        out["userEnteredValue"] = {k: num(v) for k, v in uev.items()}
        if "formulaValue" not in uev:
            out["effectiveValue"] = copy.deepcopy(out["userEnteredValue"])
        formatted = effective(cell, "FORMATTED_VALUE")
        if formatted is not None:
            out["formattedValue"] = formatted
    for key in ("userEnteredFormat", "hyperlink", "note", "textFormatRuns", "dataValidation"):
        if key in cell:
            out[key] = copy.deepcopy(cell[key])
    return out


def _grid_data(sh: Sheet, r0: int, r1: int, c0: int, c1: int) -> dict[str, Any]:
    gd: dict[str, Any] = {}
    if r0:
        gd["startRow"] = r0
    if c0:
        gd["startColumn"] = c0
    by_row: dict[int, list[int]] = {}
    for r, c in sh.cells:
        if r0 <= r < r1 and c0 <= c < c1:
            by_row.setdefault(r, []).append(c)
    if by_row:
        row_data: list[dict[str, Any]] = []
        for r in range(r0, max(by_row) + 1):
            cols = by_row.get(r)
            row_data.append(
                {"values": [_cell_out(sh.cells.get((r, c))) for c in range(c0, max(cols) + 1)]} if cols else {}
            )
        gd["rowData"] = row_data
    gd["rowMetadata"] = [_dim_out(sh.row_meta.get(r), _DEFAULT_ROW_PX) for r in range(r0, r1)]
    gd["columnMetadata"] = [_dim_out(sh.col_meta.get(c), _DEFAULT_COL_PX) for c in range(c0, c1)]
    return gd


def sheet_resource(sh: Sheet, data: list[Bounds] | None) -> dict[str, Any]:
    """One tab's Sheet resource, with the grid data of `data` (None: no grid data)."""
    out: dict[str, Any] = {"properties": tidy_props(sh.props)}
    if data is not None:
        out["data"] = [_grid_data(sh, *b) for b in data]
    if sh.protected:
        out["protectedRanges"] = copy.deepcopy(sh.protected)
    return out


def trim_grid(resource: dict[str, Any]) -> dict[str, Any]:
    """Google leaves trailing empty cells and rows out of rowData (after applying field masks)."""
    for sheet in resource.get("sheets", []) if isinstance(resource.get("sheets"), list) else []:
        for gd in sheet.get("data", []) if isinstance(sheet, dict) else []:
            rows = gd.get("rowData")
            if not isinstance(rows, list):
                continue
            for row in rows:
                values = row.get("values")
                if isinstance(values, list):
                    while values and values[-1] == {}:
                        values.pop()
                    if not values:
                        row.pop("values")
            while rows and rows[-1] == {}:
                rows.pop()
            if not rows:
                gd.pop("rowData")
    return resource


def _selection(schemas: Mapping[str, Any], fields: str) -> MaskTree:
    try:
        tree = parse_mask(fields)
    except ValueError:
        raise ApiError(400, f"Invalid field selection {fields}") from None
    bad = unknown_path(schemas, "Spreadsheet", tree)
    if bad:
        raise ApiError(400, f"Invalid field selection {bad.split('.')[-1]}")
    return tree


def spreadsheet_resource(
    book: Book, schemas: Mapping[str, Any], ranges: Sequence[str] = (), grid: bool = False, fields: str | None = None
) -> dict[str, Any]:
    """The Spreadsheet resource; grid data of `ranges` (every tab when none)
    if `grid` or the `fields` mask asks for it."""
    tree = _selection(schemas, fields) if fields else None
    if tree is not None:
        sheets_sel = tree.get("sheets", {}) if "*" not in tree else None
        grid = sheets_sel is None or (isinstance(sheets_sel, dict) and ("data" in sheets_sel or "*" in sheets_sel))
    out: dict[str, Any] = {"spreadsheetId": book.id, "properties": copy.deepcopy(book.props)}
    if ranges:
        wanted: dict[int, list[Bounds]] = {}
        for text in ranges:
            sh, span = book.resolve(text)
            wanted.setdefault(sh.id, []).append(sh.clip(span))
        out["sheets"] = [sheet_resource(sh, wanted[sh.id] if grid else None) for sh in book.sheets if sh.id in wanted]
    else:
        out["sheets"] = [sheet_resource(sh, [(0, sh.rows, 0, sh.cols)] if grid else None) for sh in book.sheets]
    if book.developer_metadata:
        out["developerMetadata"] = copy.deepcopy(book.developer_metadata)
    out["spreadsheetUrl"] = f"https://docs.google.com/spreadsheets/d/{book.id}/edit"
    if tree is not None:
        out = filter_fields(out, tree)
    return trim_grid(out)


def get(call: Call) -> dict[str, Any]:
    """spreadsheets.get: `fields`, `includeGridData` and `ranges`."""
    grid = call.query.get("includeGridData", ["false"])[0].lower() == "true"
    return spreadsheet_resource(
        call.book, call.schemas, call.query.get("ranges", []), grid, call.query.get("fields", [None])[0]
    )

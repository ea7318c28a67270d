"""batchUpdate requests on tabs: addSheet, deleteSheet, updateSheetProperties, updateDimensionProperties."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from tests.support.sheets_server.call import Call, Request
from tests.support.sheets_server.errors import Invalid
from tests.support.sheets_server.masks import apply_mask, update_mask
from tests.support.sheets_server.model import DEFAULT_COLUMNS, DEFAULT_ROWS, Book, Sheet, tidy_props


def _no_hiding_all(book: Book, message: str) -> None:
    if all(sh.props.get("hidden") for sh in book.sheets):
        raise Invalid(message)


def add_sheet(book: Book, req: Mapping[str, Any], call: Call) -> dict[str, Any]:
    p = copy.deepcopy(dict(req.get("properties", {})))
    sid = p.get("sheetId")
    if sid is None:
        sid = book.new_sheet_id(call.rng)
    elif any(sh.id == sid for sh in book.sheets):
        raise Invalid(f"Sheet with id {sid} already exists.")
    title = p.get("title")
    if not title:
        n = len(book.sheets) + 1
        while book.by_title(f"Sheet{n}") is not None:
            n += 1
        title = f"Sheet{n}"
    if book.by_title(title) is not None:
        raise Invalid(f'A sheet with the name "{title}" already exists. Please enter another name.')
    index = min(max(int(p.get("index", len(book.sheets))), 0), len(book.sheets))
    grid = dict(p.get("gridProperties", {}))
    rows, columns = grid.pop("rowCount", DEFAULT_ROWS), grid.pop("columnCount", DEFAULT_COLUMNS)
    props: dict[str, Any] = {
        "sheetId": sid,
        "title": title,
        "index": index,
        "sheetType": p.get("sheetType", "GRID"),
        "gridProperties": {"rowCount": rows, "columnCount": columns, **grid},
    }
    for key in ("hidden", "tabColor", "tabColorStyle", "rightToLeft"):
        if key in p:
            props[key] = p[key]
    book.sheets.insert(index, Sheet(props))
    book.reindex()
    _no_hiding_all(book, "You can't hide all the sheets in a document.")
    return {"addSheet": {"properties": tidy_props(props)}}


def delete_sheet(book: Book, req: Mapping[str, Any], call: Call) -> None:
    sid = int(req.get("sheetId", 0))
    sh = next((s for s in book.sheets if s.id == sid), None)
    if sh is None:
        raise Invalid(f"No sheet with id: {sid}")
    if len(book.sheets) == 1:
        raise Invalid("You can't remove all the sheets in a document.")
    book.sheets.remove(sh)
    book.reindex()
    _no_hiding_all(book, "You can't remove all the visible sheets in a document.")


def _checked(book: Book, sh: Sheet, new: dict[str, Any]) -> None:
    """The properties an update would give a tab, refused as Google refuses them."""
    if new.get("sheetId") != sh.id:
        raise Invalid("You can't change a sheet's id.")
    grid = new.setdefault("gridProperties", {})
    grid.setdefault("rowCount", sh.rows)
    grid.setdefault("columnCount", sh.cols)
    if not new.get("title"):
        raise Invalid("The sheet name cannot be empty.")
    other = book.by_title(new["title"])
    if other is not None and other is not sh:
        raise Invalid(f'A sheet with the name "{new["title"]}" already exists. Please enter another name.')
    if grid["rowCount"] < 1 or grid["columnCount"] < 1:
        raise Invalid("The grid must have at least one row and one column.")
    if grid.get("frozenRowCount", 0) >= grid["rowCount"] and grid.get("frozenRowCount"):
        raise Invalid("You can't freeze all visible rows on the sheet.")
    if grid.get("frozenColumnCount", 0) >= grid["columnCount"] and grid.get("frozenColumnCount"):
        raise Invalid("You can't freeze all visible columns on the sheet.")


def update_sheet_properties(book: Book, req: Mapping[str, Any], call: Call) -> None:
    p = req.get("properties", {})
    tree = update_mask(call.schemas, req.get("fields"), "SheetProperties")
    sh = book.by_id(int(p.get("sheetId", 0)))
    new = copy.deepcopy(sh.props)
    if "*" in tree:
        keep = {k: new[k] for k in ("sheetId", "title", "index", "sheetType", "gridProperties")}
        new = {**keep, **copy.deepcopy(dict(p))}
    else:
        apply_mask(new, p, tree)
    _checked(book, sh, new)
    old_index = sh.props["index"]
    sh.props = new
    if "index" in tree or "*" in tree:
        target = int(new.get("index", old_index))
        book.sheets.remove(sh)
        if target > old_index:
            # Google: "movement is considered in 'before the move' indexes": to move S1 ahead
            # of S2 in (S1, S2, S3) the index must be 2; index == current + 1 does nothing.
            target -= 1
        book.sheets.insert(min(max(target, 0), len(book.sheets)), sh)
    book.reindex()
    rows, cols = sh.rows, sh.cols
    sh.cells = {k: v for k, v in sh.cells.items() if k[0] < rows and k[1] < cols}
    sh.row_meta = {k: v for k, v in sh.row_meta.items() if k < rows}
    sh.col_meta = {k: v for k, v in sh.col_meta.items() if k < cols}
    _no_hiding_all(book, "You can't hide all the sheets in a document.")


def update_dimension_properties(book: Book, req: Mapping[str, Any], call: Call) -> None:
    if "range" not in req:
        raise Invalid("range must be set.")
    tree = update_mask(call.schemas, req.get("fields"), "DimensionProperties")
    rng = req["range"]
    sh = book.by_id(int(rng.get("sheetId", 0)))
    dim = rng.get("dimension", "DIMENSION_UNSPECIFIED")
    if dim not in ("ROWS", "COLUMNS"):
        raise Invalid("dimension must be ROWS or COLUMNS.")
    size = sh.rows if dim == "ROWS" else sh.cols
    start, end = int(rng.get("startIndex", 0)), int(rng.get("endIndex", size))
    if start < 0 or end < start or end > size:
        raise Invalid(f"Invalid dimension range: [{start}, {end}) is outside the grid of {size} {dim.lower()}.")
    meta = sh.row_meta if dim == "ROWS" else sh.col_meta
    for i in range(start, end):
        entry = meta.get(i, {})
        apply_mask(entry, req.get("properties", {}), tree)
        if entry:
            meta[i] = entry
        else:
            meta.pop(i, None)


REQUESTS: dict[str, Request] = {
    "addSheet": add_sheet,
    "deleteSheet": delete_sheet,
    "updateSheetProperties": update_sheet_properties,
    "updateDimensionProperties": update_dimension_properties,
}

"""batchUpdate requests on cells: updateCells, appendCells, setDataValidation and addProtectedRange."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from tests.support.sheets_server.a1 import a1, grid_limits_message
from tests.support.sheets_server.call import Call, Request
from tests.support.sheets_server.cells import mirror_colors
from tests.support.sheets_server.errors import Invalid, NotEmulated
from tests.support.sheets_server.masks import MaskTree, apply_mask, update_mask
from tests.support.sheets_server.model import Book, Sheet

_CELL_FIELDS = ("userEnteredValue", "userEnteredFormat", "note", "dataValidation", "hyperlink", "textFormatRuns")
"""The fields of CellData a request can set."""


def _set_cell(sh: Sheet, r: int, c: int, source: Mapping[str, Any], tree: MaskTree) -> None:
    uev = source.get("userEnteredValue")
    if isinstance(uev, Mapping) and len(uev) > 1:
        raise Invalid("Only one of numberValue, stringValue, boolValue, formulaValue or errorValue may be set.")
    if isinstance(uev, Mapping) and len(str(uev.get("stringValue", ""))) > 50_000:
        raise Invalid("Your input contains more than the maximum of 50000 characters in a single cell.")
    given = {k: v for k, v in source.items() if k in _CELL_FIELDS}
    cell = sh.cells.get((r, c), {})
    if "*" in tree:
        cell = copy.deepcopy(given)
    else:
        apply_mask(cell, given, tree)
    for key in ("note", "hyperlink"):
        if cell.get(key) == "":
            del cell[key]
    if "userEnteredFormat" in cell:
        mirror_colors(cell["userEnteredFormat"])
    if cell:
        sh.cells[(r, c)] = cell
    else:
        sh.cells.pop((r, c), None)


def _width(rows: list[Mapping[str, Any]]) -> int:
    return max((len(row.get("values", [])) for row in rows), default=0)


def update_cells(book: Book, req: Mapping[str, Any], call: Call) -> None:
    """From a start cell the rows given; over a range, also clearing the range's cells the rows do not cover."""
    tree = update_mask(call.schemas, req.get("fields"), "CellData")
    rows = req.get("rows", [])
    if ("start" in req) == ("range" in req):
        raise Invalid("Exactly one of 'start' or 'range' must be set.")
    if "start" in req:
        start = req["start"]
        sh = book.by_id(int(start.get("sheetId", 0)))
        r0, c0 = int(start.get("rowIndex", 0)), int(start.get("columnIndex", 0))
        if r0 + len(rows) > sh.rows or c0 + _width(rows) > sh.cols:
            raise Invalid(grid_limits_message(sh.title, sh.rows, sh.cols, r0, r0 + len(rows), c0, c0 + _width(rows)))
        for i, row in enumerate(rows):
            for j, cell in enumerate(row.get("values", [])):
                _set_cell(sh, r0 + i, c0 + j, cell, tree)
        return
    sh, r0, r1, c0, c1 = book.grid(req["range"])
    if len(rows) > r1 - r0 or _width(rows) > c1 - c0:
        raise Invalid("The data supplied is larger than the range " + a1(sh.title, r0, r1, c0, c1) + ".")
    given: dict[tuple[int, int], Mapping[str, Any]] = {}
    for i, row in enumerate(rows):
        for j, cell in enumerate(row.get("values", [])):
            given[(r0 + i, c0 + j)] = cell
    targets = set(given) | {k for k in sh.cells if r0 <= k[0] < r1 and c0 <= k[1] < c1}
    for r, c in sorted(targets):
        _set_cell(sh, r, c, given.get((r, c), {}), tree)


def append_cells(book: Book, req: Mapping[str, Any], call: Call) -> None:
    """The rows below the last row holding a cell, the grid grown to hold them."""
    tree = update_mask(call.schemas, req.get("fields"), "CellData")
    sh = book.by_id(int(req.get("sheetId", 0)))
    rows = req.get("rows", [])
    start = max((r for r, _ in sh.cells), default=-1) + 1
    grid = sh.props["gridProperties"]
    grid["rowCount"] = max(sh.rows, start + len(rows))
    grid["columnCount"] = max(sh.cols, _width(rows))
    for i, row in enumerate(rows):
        for j, cell in enumerate(row.get("values", [])):
            _set_cell(sh, start + i, j, cell, tree)


def set_data_validation(book: Book, req: Mapping[str, Any], call: Call) -> None:
    """The rule on every cell of the range; no rule clears it. The cells share one copy of the rule (a stored value is
    never changed in place, see `apply_mask`): a `league init` tab carries thousands of dropdowns, and a copy each
    made every batch's all-or-nothing copy of the spreadsheet (`clone`) most of the server's time."""
    sh, r0, r1, c0, c1 = book.grid(req.get("range", {}))
    rule = copy.deepcopy(req.get("rule"))
    if rule is not None:
        if "condition" not in rule:
            raise Invalid("A data validation rule must have a condition.")
        for key in ("strict", "showCustomUi"):
            if rule.get(key) is False:
                rule.pop(key)
    for r in range(r0, r1):
        for c in range(c0, c1):
            if rule is not None:
                sh.cells.setdefault((r, c), {})["dataValidation"] = rule
            elif (r, c) in sh.cells:
                sh.cells[(r, c)].pop("dataValidation", None)
                if not sh.cells[(r, c)]:
                    del sh.cells[(r, c)]


def add_protected_range(book: Book, req: Mapping[str, Any], call: Call) -> dict[str, Any]:
    """A protected range (a GridRange; named ranges are not emulated); the caller becomes one of its editors."""
    pr = dict(req.get("protectedRange", {}))
    if "namedRangeId" in pr:
        raise NotEmulated("a protected named range")
    if "range" not in pr:
        raise Invalid("A protected range must have a range or a named range.")
    sh = book.grid(pr["range"])[0]
    taken = {p["protectedRangeId"] for s in book.sheets for p in s.protected}
    pid = pr.get("protectedRangeId")
    if pid is None:
        pid = call.rng.randrange(1, 2**31 - 1)
        while pid in taken:
            pid = call.rng.randrange(1, 2**31 - 1)
    elif pid in taken:
        raise Invalid(f"A protected range with id {pid} already exists.")
    users = list(pr.get("editors", {}).get("users", []))
    if pr.get("warningOnly") and (users or pr.get("editors", {}).get("groups")):
        raise Invalid("A warning-only protected range cannot have editors.")
    stored: dict[str, Any] = {"protectedRangeId": pid, "range": copy.deepcopy(pr["range"])}
    if pr.get("description"):
        stored["description"] = pr["description"]
    if pr.get("warningOnly"):
        stored["warningOnly"] = True
    if pr.get("unprotectedRanges"):
        stored["unprotectedRanges"] = copy.deepcopy(pr["unprotectedRanges"])
    stored["requestingUserCanEdit"] = True
    reply = copy.deepcopy(stored)
    reply["editors"] = {"users": users} if users else {}
    stored["editors"] = {"users": sorted(set(users) | {call.email})}
    sh.protected.append(stored)
    return {"addProtectedRange": {"protectedRange": reply}}


REQUESTS: dict[str, Request] = {
    "updateCells": update_cells,
    "appendCells": append_cells,
    "setDataValidation": set_data_validation,
    "addProtectedRange": add_protected_range,
}

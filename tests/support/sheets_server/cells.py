"""One cell's value as Google stores it (`userEnteredValue`) and shows it (the values API's rendered value)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from tests.support.sheets_server.errors import ApiError

Cell = dict[str, Any]
"""A stored CellData: userEnteredValue, userEnteredFormat, note, dataValidation..."""
_NUMBER_TEXT = re.compile(r"[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?")


def num(x: Any) -> Any:
    """A whole float as an int, as Google's JSON shows it."""
    if isinstance(x, float) and x.is_integer() and abs(x) < 2**53:
        return int(x)
    return x


def _format_number(x: float) -> str:
    x = num(x)
    if isinstance(x, int):
        return str(x)
    if math.isnan(x):
        return "#NUM!"
    text = f"{x:.10g}"
    return text.upper() if "e" in text else text


def effective(cell: Mapping[str, Any] | None, render: str) -> Any:
    """The value the values API reports for a cell under a valueRenderOption (None = empty)."""
    if not cell:
        return None
    v = cell.get("userEnteredValue")
    if not v:
        return None
    if "formulaValue" in v:
        return v["formulaValue"]
    if "stringValue" in v:
        return v["stringValue"] if v["stringValue"] != "" else None
    if "boolValue" in v:
        b = bool(v["boolValue"])
        return ("TRUE" if b else "FALSE") if render == "FORMATTED_VALUE" else b
    if "numberValue" in v:
        n = v["numberValue"]
        return _format_number(n) if render == "FORMATTED_VALUE" else num(n)
    if "errorValue" in v:
        return "#ERROR!"
    return None


def parse_user_entered(value: Any) -> dict[str, Any] | None:
    """USER_ENTERED input as Google's parser would store it (dates are left as strings)."""
    if not isinstance(value, str) or value == "":
        return parse_raw(value)
    text = value
    if text.startswith("'"):
        return {"stringValue": text[1:]}
    if text.startswith("=") and len(text) > 1:
        return {"formulaValue": text}
    s = text.strip()
    if s.upper() in ("TRUE", "FALSE"):
        return {"boolValue": s.upper() == "TRUE"}
    body, scale = s, 1.0
    body = body.removeprefix("$")
    if body.endswith("%"):
        body, scale = body[:-1], 0.01
    if body and any(ch.isdigit() for ch in body) and _NUMBER_TEXT.fullmatch(body):
        number = float(body.replace(",", "")) * scale
        return {"numberValue": num(number) if scale == 1.0 else number}
    return {"stringValue": text}


def parse_raw(value: Any) -> dict[str, Any] | None:
    """RAW input: stored as sent; None leaves the cell as it is, "" empties it."""
    if value is None:
        return None
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, (int, float)):
        return {"numberValue": value}
    if value == "":
        return {}
    return {"stringValue": str(value)}


def check_cell_values(values: list[list[Any]]) -> None:
    """Cells can be strings, numbers, bools or null; Google rejects nested lists and objects."""
    for i, row in enumerate(values):
        for j, value in enumerate(row):
            if isinstance(value, (dict, list)):
                kind = "struct_value" if isinstance(value, dict) else "list_value"
                raise ApiError(400, f"Invalid values[{i}][{j}]: {kind} {{\n}}\n")


def seeded_value(value: Any) -> dict[str, Any] | None:
    """A value a test seeds a tab with: every str is a stringValue (nothing is evaluated), "" and None are empty."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, (int, float)):
        return {"numberValue": value}
    return {"stringValue": str(value)}


def mirror_colors(obj: Any) -> None:
    """Google answers every `xColor` with a matching `xColorStyle` (and back)."""
    if isinstance(obj, list):
        for x in obj:
            mirror_colors(x)
        return
    if not isinstance(obj, dict):
        return
    for key in list(obj):
        value = obj[key]
        if key.endswith("Color") and isinstance(value, dict) and key + "Style" not in obj:
            obj[key + "Style"] = {"rgbColor": {k: v for k, v in value.items() if v}}
        elif key.endswith("ColorStyle") and isinstance(value, dict) and key[: -len("Style")] not in obj:
            rgb = value.get("rgbColor")
            if isinstance(rgb, dict):
                obj[key[: -len("Style")]] = {k: v for k, v in rgb.items() if v}
        else:
            mirror_colors(value)

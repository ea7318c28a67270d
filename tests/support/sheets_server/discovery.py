"""The Sheets API's discovery document (`sheets.v4.json`, shipped by google-api-python-client, a test dependency):
its methods give the routes and the query parameters each one takes, its schemas the bodies (`validation.py`)."""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tests.support.sheets_server.errors import bad_request

PROTO_PREFIX = "type.googleapis.com/google.apps.sheets.v4."
ENUM_TYPE_NAMES = {"majorDimension": "Dimension", "dimension": "Dimension"}
"""Enum fields whose proto type is not named after the field."""


def snake(name: str) -> str:
    """`majorDimension` -> `major_dimension`, as Google names fields in its error messages."""
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)


def camel(name: str) -> str:
    """`major_dimension` -> `majorDimension`: Google accepts both spellings in bodies and field masks."""
    return re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), name)


def enum_label(name: str) -> str:
    """The proto type of the enum field `name`, as error messages name it."""
    return PROTO_PREFIX + ENUM_TYPE_NAMES.get(name, name[:1].upper() + name[1:])


def discovery_path() -> Path:
    spec = importlib.util.find_spec("googleapiclient")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(
            "the local Sheets server needs the Sheets discovery document from google-api-python-client "
            "(a test dependency): pip install google-api-python-client"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "discovery_cache" / "documents" / "sheets.v4.json"


@lru_cache(maxsize=1)
def discovery_document() -> dict[str, Any]:
    """The parsed `sheets.v4.json` discovery document (cached)."""
    doc: dict[str, Any] = json.loads(discovery_path().read_text(encoding="utf-8"))
    return doc


@dataclass(frozen=True)
class Method:
    """One method of the API, as the discovery document describes it."""

    id: str
    """E.g. `sheets.spreadsheets.values.batchGet`."""
    verb: str
    pattern: re.Pattern[str]
    """Its path with a named group per path parameter, matched against the path as sent (still percent-encoded)."""
    spec: Mapping[str, Any]


def _pattern(flat_path: str) -> re.Pattern[str]:
    """`v4/spreadsheets/{spreadsheetId}/values/{range}:append` as a regular expression; only a range may hold a `:`."""
    parts = re.split(r"\{(\w+)\}", flat_path)
    regex = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>[^/]+)" if part == "range" else f"(?P<{part}>[^/:]+)"
        for i, part in enumerate(parts)
    )
    return re.compile("/" + regex)


def _methods(resource: Mapping[str, Any]) -> list[Method]:
    found = [Method(m["id"], m["httpMethod"], _pattern(m["flatPath"]), m) for m in resource.get("methods", {}).values()]
    for child in resource.get("resources", {}).values():
        found.extend(_methods(child))
    return found


@lru_cache(maxsize=1)
def methods() -> tuple[Method, ...]:
    """Every method of the spreadsheets resource (values, developer metadata and sheets included)."""
    return tuple(_methods(discovery_document()["resources"]["spreadsheets"]))


def route(verb: str, raw_path: str) -> tuple[Method, dict[str, str]] | None:
    """The method a request calls and its path parameters (as sent), or None for a path the API does not have."""
    for method in methods():
        m = method.pattern.fullmatch(raw_path)
        if m and method.verb == verb:
            return method, m.groupdict()
    return None


def check_query(method: Method, query: Mapping[str, list[str]]) -> None:
    """Google's 400 for a query parameter the method does not take, repeated when it may not be, or mistyped."""
    params = {**discovery_document()["parameters"], **method.spec.get("parameters", {})}
    violations: list[tuple[str, str]] = []
    for key, values in query.items():
        p = params.get(key)
        if p is None or p.get("location") == "path":
            violations.append(
                (
                    "",
                    f'Invalid JSON payload received. Unknown name "{key}": Cannot bind query parameter. '
                    f"Field '{key}' could not be found in request message.",
                )
            )
            continue
        if len(values) > 1 and not p.get("repeated"):
            violations.append(
                (
                    "",
                    f'Invalid JSON payload received. Unknown name "{key}": Cannot bind a list to a non-repeated field.',
                )
            )
            continue
        for v in values:
            label = None
            if p.get("type") == "boolean" and v.lower() not in ("true", "false"):
                label = "TYPE_BOOL"
            elif "enum" in p and v not in p["enum"]:
                label = enum_label(key)
            if label:
                violations.append((snake(key), f"Invalid value at '{snake(key)}' ({label}), \"{v}\""))
    if violations:
        raise bad_request(violations)

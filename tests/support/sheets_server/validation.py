"""Request bodies checked against the discovery document's schemas, as Google checks them: unknown names, wrong JSON
types and bad enum values get its 400 `Invalid JSON payload received...` answers."""

from __future__ import annotations

import json
import math
import re
import struct
from collections.abc import Mapping
from typing import Any

from tests.support.sheets_server.discovery import PROTO_PREFIX, camel, enum_label, snake
from tests.support.sheets_server.errors import bad_request

_INT_LABELS = {"int32": "TYPE_INT32", "int64": "TYPE_INT64", "uint32": "TYPE_UINT32", "uint64": "TYPE_UINT64"}
Violations = list[tuple[str, str]]


class Validator:
    """Checks JSON against the discovery schemas and returns a normalised (camelCase, nulls
    dropped, proto3 default values dropped where Google drops them) copy."""

    def __init__(self, schemas: Mapping[str, Any]) -> None:
        self.schemas = schemas

    def check(self, value: Any, ref: str, root: str) -> Any:
        errors: Violations = []
        out = self._message(value, ref, root, errors)
        if errors:
            raise bad_request(errors)
        return out

    def _label(self, schema: Mapping[str, Any], name: str) -> str:
        if "$ref" in schema:
            return PROTO_PREFIX + str(schema["$ref"])
        t = schema.get("type")
        if t == "array":
            items = schema.get("items", {})
            if items.get("type") == "array" or items.get("type") == "any":
                return "type.googleapis.com/google.protobuf.ListValue"
            return self._label(items, name)
        if t == "any":
            return "type.googleapis.com/google.protobuf.Value"
        if t == "integer":
            return _INT_LABELS.get(schema.get("format", "int32"), "TYPE_INT32")
        if t == "number":
            return "TYPE_FLOAT" if schema.get("format") == "float" else "TYPE_DOUBLE"
        if t == "boolean":
            return "TYPE_BOOL"
        if t == "string" and "enum" in schema:
            return enum_label(name)
        if t == "string" and schema.get("format") in ("int64", "uint64"):
            return _INT_LABELS[schema["format"]]
        if t == "object":
            return "type.googleapis.com/google.protobuf.Struct"
        return "TYPE_STRING"

    @staticmethod
    def _invalid(path: str, label: str, value: Any) -> tuple[str, str]:
        shown = (
            json.dumps(value, ensure_ascii=False)
            if not isinstance(value, (dict, list))
            else ("{" if isinstance(value, dict) else "[")
        )
        return (path, f"Invalid value at '{path}' ({label}), {shown}")

    def _message(self, value: Any, ref: str, path: str, errors: Violations) -> Any:
        schema = self.schemas[ref]
        if not isinstance(value, dict):
            errors.append(self._invalid(path, PROTO_PREFIX + ref, value))
            return None
        props = schema.get("properties", {})
        out: dict[str, Any] = {}
        for key, item in value.items():
            name = key if key in props else camel(key) if camel(key) in props else None
            if name is None:
                at = f" at '{path}'" if path else ""
                errors.append((path, f'Invalid JSON payload received. Unknown name "{key}"{at}: Cannot find field.'))
                continue
            if item is None:
                continue
            sub = f"{path}.{snake(name)}" if path else snake(name)
            got = self._value(item, props[name], sub, errors, name)
            if got is not None:
                out[name] = got
        return _normalise(ref, out)

    def _value(self, value: Any, schema: Mapping[str, Any], path: str, errors: Violations, name: str) -> Any:
        if "$ref" in schema:
            return self._message(value, schema["$ref"], path, errors)
        t = schema.get("type")
        if t == "any":
            return value
        if t == "array":
            return self._array(value, schema, path, errors, name)
        if t == "object":
            if not isinstance(value, dict):
                errors.append(self._invalid(path, self._label(schema, name), value))
                return None
            if "additionalProperties" in schema:
                return {
                    k: self._value(v, schema["additionalProperties"], f"{path}[{k}]", errors, name)
                    for k, v in value.items()
                }
            return value
        if t == "integer" or (t == "string" and schema.get("format") in ("int64", "uint64")):
            number = _as_int(value)
            if number is None:
                errors.append(self._invalid(path, self._label(schema, name), value))
                return None
            return str(number) if t == "string" else number
        if t == "number":
            return self._number(value, schema, path, errors, name)
        expected = {"boolean": bool, "string": str}.get(str(t))
        if expected is not None and (
            not isinstance(value, expected) or ("enum" in schema and value not in schema["enum"])
        ):
            errors.append(self._invalid(path, self._label(schema, name), value))
            return None
        return value

    def _array(self, value: Any, schema: Mapping[str, Any], path: str, errors: Violations, name: str) -> Any:
        if not isinstance(value, list):
            errors.append(self._invalid(path, self._label(schema, name), value))
            return None
        items = schema.get("items", {})
        out = []
        for i, item in enumerate(value):
            if item is None and items.get("type") != "any":
                errors.append(self._invalid(f"{path}[{i}]", self._label(items, name), item))
                continue
            out.append(self._value(item, items, f"{path}[{i}]", errors, name))
        return out

    def _number(self, value: Any, schema: Mapping[str, Any], path: str, errors: Violations, name: str) -> Any:
        if isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                pass
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            return value
        errors.append(self._invalid(path, self._label(schema, name), value))
        return None


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"[+-]?\d+", value.strip()):
        return int(value)
    return None


def _float32(x: float) -> float | int:
    """The shortest decimal that reads back as the same float32 (how Google prints floats)."""
    target = struct.unpack("<f", struct.pack("<f", x))[0]
    for digits in range(1, 10):
        candidate = float(f"{x:.{digits}g}")
        if struct.unpack("<f", struct.pack("<f", candidate))[0] == target:
            return int(candidate) if candidate.is_integer() else candidate
    return x


def _channel(value: float) -> float | int:
    """Google keeps 8 bits per colour channel: 0.5 is stored (and printed) as 127/255 = 0.49803922."""
    return _float32(math.floor(min(max(float(value), 0.0), 1.0) * 255 + 1e-6) / 255)


def _normalise(ref: str, obj: dict[str, Any]) -> dict[str, Any]:
    """Google's output drops proto3 defaults in some messages; mimic the ones tests can see."""
    if ref == "Color":
        out = {k: (_channel(v) if k != "alpha" else v) for k, v in obj.items()}
        return {k: v for k, v in out.items() if v != 0}
    if ref == "GridRange" and obj.get("sheetId") == 0:
        obj = dict(obj)
        del obj["sheetId"]
    return obj

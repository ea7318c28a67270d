"""Field masks (`a.b,c(d,e)`, `sheets/data/rowData`): the `fields` of a GET, which selects what the answer holds,
and the `fields` of an update request, which names what it changes."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from tests.support.sheets_server.discovery import camel
from tests.support.sheets_server.errors import Invalid

MaskTree = dict[str, "MaskTree | None"]
_NAME = re.compile(r"\s*([A-Za-z0-9_*]+(?:[./][A-Za-z0-9_*]+)*)\s*")


def _merge(into: MaskTree, path: list[str], sub: MaskTree | None) -> None:
    node = into
    for i, name in enumerate(path):
        if i == len(path) - 1:
            if sub is None or node.get(name, {}) is None:
                node[name] = None
            else:
                existing = node.get(name) or {}
                for k, v in sub.items():
                    _merge(existing, [k], v)
                node[name] = existing
        else:
            child = node.get(name, {})
            if child is None:
                return  # already whole
            node[name] = child
            node = child


def parse_mask(text: str) -> MaskTree:
    """Parse a FieldMask / partial-response selector into a tree (None = the whole field); ValueError if malformed."""
    pos = 0
    text = text.strip()

    def parse_list(end: str | None) -> MaskTree:
        nonlocal pos
        tree: MaskTree = {}
        while pos < len(text):
            m = _NAME.match(text, pos)
            if not m:
                raise ValueError(text)
            path = re.split(r"[./]", m.group(1))
            pos = m.end()
            sub: MaskTree | None = None
            if pos < len(text) and text[pos] == "(":
                pos += 1
                sub = parse_list(")")
                if pos >= len(text) or text[pos] != ")":
                    raise ValueError(text)
                pos += 1
            _merge(tree, [camel(p) for p in path], sub)
            while pos < len(text) and text[pos] == " ":
                pos += 1
            if pos < len(text) and text[pos] == ",":
                pos += 1
                continue
            if end is not None and pos < len(text) and text[pos] == end:
                return tree
            if pos < len(text):
                raise ValueError(text)
        return tree

    tree = parse_list(None)
    if pos != len(text):
        raise ValueError(text)
    return tree


def filter_fields(obj: Any, tree: MaskTree | None) -> Any:
    """Keep only the selected fields (lists are filtered element-wise, empty objects kept)."""
    if tree is None or "*" in tree or not isinstance(obj, (dict, list)):
        return copy.deepcopy(obj)
    if isinstance(obj, list):
        return [filter_fields(x, tree) for x in obj]
    return {key: filter_fields(value, tree[key]) for key, value in obj.items() if key in tree}


def apply_mask(target: dict[str, Any], source: Mapping[str, Any], tree: MaskTree) -> None:
    """FieldMask update semantics: named fields are copied from source, or cleared when absent. A nested value is
    copied before it changes, never changed in place: stored values may be shared (`set_data_validation`)."""
    for key, sub in tree.items():
        if key == "*":
            target.clear()
            target.update(copy.deepcopy(dict(source)))
            continue
        if sub is None:
            if source.get(key) is not None:
                target[key] = copy.deepcopy(source[key])
            else:
                target.pop(key, None)
            continue
        src = source.get(key)
        dst = target.get(key)
        dst = dict(dst) if isinstance(dst, dict) else {}
        apply_mask(dst, src if isinstance(src, Mapping) else {}, sub)
        if dst:
            target[key] = dst
        else:
            target.pop(key, None)


def unknown_path(schemas: Mapping[str, Any], ref: str, tree: MaskTree | None) -> str | None:
    """The first path in tree that names no field of schema `ref`, or None."""
    if tree is None:
        return None
    props = schemas[ref].get("properties", {})
    for key, sub in tree.items():
        if key == "*":
            continue
        if key not in props:
            return key
        target = props[key]
        while target.get("type") == "array":
            target = target.get("items", {})
        if sub is not None and "$ref" in target:
            bad = unknown_path(schemas, target["$ref"], sub)
            if bad:
                return f"{key}.{bad}"
        elif sub is not None and target.get("type") != "object":
            return f"{key}.{next(iter(sub))}"
    return None


def update_mask(schemas: Mapping[str, Any], fields: str | None, ref: str) -> MaskTree:
    """The `fields` of an update request on schema `ref`, which must name at least one of its fields."""
    if not fields:
        raise Invalid("At least one field must be specified in 'fields'.")
    try:
        tree = parse_mask(fields)
    except ValueError:
        raise Invalid(f"Invalid field mask: {fields}") from None
    bad = unknown_path(schemas, ref, tree)
    if bad:
        raise Invalid(f"Invalid field mask: {bad} is not a field of {ref}")
    return tree

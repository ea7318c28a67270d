"""What league.toml holds that the tool does not know, named with the closest key it does know."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any


def unknown_keys(table: dict[str, Any], known: set[str], path: Path, prefix: str = "") -> tuple[str, ...]:
    """A warning per key the tool does not know, naming the closest known key: a misspelt `exprts` is
    otherwise ignored without a word, and the exports go to the default folder."""
    out = []
    for key in sorted(set(table) - known):
        near = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.6)
        hint = f"; did you mean `{prefix}{near[0]}`?" if near else ""
        out.append(f"{path}: unknown key `{prefix}{key}` is ignored{hint}")
    return tuple(out)

"""league.toml's keys: what it holds that the tool does not know, named with the closest key it does know; and
paths typed with characters no file name holds."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from jobs.errors import ConfigError
from league.plain_text import CONTROL


def unknown_keys(table: dict[str, Any], known: set[str], path: Path, prefix: str = "") -> tuple[str, ...]:
    """A warning per key the tool does not know, naming the closest known key: a misspelt `exprts` is
    otherwise ignored without a word, and the exports go to the default folder."""
    out = []
    for key in sorted(set(table) - known):
        near = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.6)
        hint = f"; did you mean `{prefix}{near[0]}`?" if near else ""
        out.append(f"{path}: unknown key `{prefix}{key}` is ignored{hint}")
    return tuple(out)


def path_setting(value: str, key: str, path: Path) -> str:
    """A path as typed in league.toml, refused naming its key when it holds a control character: a NUL (`\\u0000`)
    stops the operating system from opening it at all, and a line break or a tab is a slip, never a file's name."""
    found = CONTROL.search(value)
    if found:
        raise ConfigError(
            f"{path}: `{key}` holds the control character {found.group()[0]!r} at character "
            f"{found.start() + 1} ({value!r}); type the path without it"
        )
    return value

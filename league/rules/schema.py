"""Reading TOML tables strictly: every key used is checked, every key left over is refused by name."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from league.errors import LeagueError


class RulesetError(LeagueError):
    """A ruleset file is wrong; the message names the file and the key."""


class Section:
    """One TOML table, remembering which keys were read so that the rest can be refused."""

    def __init__(self, data: Mapping[str, Any], where: str, source: str) -> None:
        if not isinstance(data, Mapping):
            raise RulesetError(f"{source}: `{where}` must be a table")
        self.data, self.where, self.source, self.used = data, where, source, set[str]()

    def path(self, key: str) -> str:
        """The dotted name of a key, as the file's author would look for it."""
        return f"{self.where}.{key}" if self.where else key

    def error(self, key: str, message: str) -> RulesetError:
        """An error about one key of this table."""
        return RulesetError(f"{self.source}: `{self.path(key)}` {message}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        """The value of `key`, checked to be of `kind`; missing without a default is an error."""
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise RulesetError(f"{self.source}: missing key `{self.path(key)}`")
            return default
        value = self.data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, float, (int, float))):
            expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.error(key, f"must be {expected}, found {value!r}")
        return value

    def key_of(self, key: str, names: Mapping[str, Any], where: str, default: Any = ...) -> str:
        """A string naming one of `names` (a column the ruleset declares elsewhere, e.g. a key of `results.figures`);
        the default (an empty name: not used) is taken as it is."""
        value: str = self.get(key, str, default)
        if value != default and value not in names:
            raise self.error(key, f"is {value!r}, which is not a key of {where}")
        return value

    def has(self, key: str) -> bool:
        """Whether the table sets `key`."""
        return key in self.data

    def section(self, key: str, default: Mapping[str, Any] | None = None) -> Section:
        """A sub-table (an empty one when optional and absent)."""
        value = self.get(key, dict, default if default is not None else ...)
        return Section(value, self.path(key), self.source)

    def tables(self, key: str) -> list[Section]:
        """An array of tables, e.g. `[[tiebreakers]]`; absent means none."""
        values = self.get(key, list, [])
        return [Section(v, f"{self.path(key)}[{i}]", self.source) for i, v in enumerate(values)]

    def strings(self, key: str, default: Any = ...) -> tuple[str, ...]:
        """A list of strings."""
        values = self.get(key, list, default)
        if not all(isinstance(v, str) for v in values):
            raise self.error(key, "must be a list of strings")
        return tuple(values)

    def choices(self, key: str, enum: type[StrEnum]) -> dict[str, Any]:
        """A table of words people type, each mapped to one value of `enum`."""
        table = self.section(key)
        out: dict[str, Any] = {}
        for word in table.data:
            meaning = table.get(word, str)
            try:
                out[word] = enum(meaning)
            except ValueError:
                known = ", ".join(e.value for e in enum)
                raise table.error(word, f"is {meaning!r}; use one of {known}") from None
        table.done()
        return out

    def done(self) -> None:
        """Refuse any key nobody read: a typo must not pass silently."""
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            near = difflib.get_close_matches(unknown[0], sorted(self.used), n=1, cutoff=0.6)
            hint = f": did you mean `{self.path(near[0])}`?" if near else "; check its spelling"
            raise RulesetError(f"{self.source}: unknown key `{self.path(unknown[0])}`{hint}")


def merged(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """A ruleset that `extends` another: tables merge key by key, anything else (values, lists) is replaced."""
    out = dict(base)
    for key, value in override.items():
        out[key] = (
            merged(out[key], value) if isinstance(value, Mapping) and isinstance(out.get(key), Mapping) else value
        )
    return out

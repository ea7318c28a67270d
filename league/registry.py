"""A registry of named rules (checks, scorings, tiebreakers, pairing systems, components) that refuses a second
entry under a name already taken: a dict would silently keep only the last one."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")


class Registry(Mapping[str, T]):
    """Entries by name, in the order they were registered; `what` names the kind of entry in messages."""

    def __init__(self, what: str, entries: Iterable[tuple[str, T]] = ()) -> None:
        self.what = what
        self._entries: dict[str, T] = {}
        for name, entry in entries:
            self.add(name, entry)

    def __getitem__(self, name: str) -> T:
        return self._entries[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"Registry({self.what!r}, {list(self._entries)!r})"

    def free(self, name: str) -> None:
        """Raise unless `name` can still be registered."""
        if name in self._entries:
            raise ValueError(
                f"{self.what} {name!r} is registered twice ({self._entries[name]!r} is already registered under "
                "that name): give the new one another name"
            )

    def add(self, name: str, entry: T) -> T:
        """Register `entry` under `name`; a name already taken raises ValueError, so a clash fails at import."""
        self.free(name)
        self._entries[name] = entry
        return entry

    def remove(self, name: str) -> None:
        """Take `name` out of the registry (a test's entry, once the test is done)."""
        del self._entries[name]

    @contextmanager
    def added(self, name: str, entry: T) -> Iterator[T]:
        """`entry` registered under `name` inside the `with` block only: for a test's own rule."""
        self.add(name, entry)
        try:
            yield entry
        finally:
            self.remove(name)

"""The catalog of official pieces (fighters, armies) and maps a ruleset checks names against."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from league.cells import name_key
from league.rules.schema import RulesetError


@dataclass(frozen=True)
class Piece:
    """One official fighter (or army), the set it ships in, and its starting health if known."""

    name: str
    set: str
    health: int | None = None


@dataclass(frozen=True)
class Catalog:
    """Official pieces and maps, found by name ignoring case and spacing."""

    pieces: Mapping[str, Piece]
    """Name key (and alias keys) to piece."""
    maps: Mapping[str, str]
    """Name key to the official map name."""

    def piece(self, name: str) -> Piece | None:
        """The piece called `name` (or one of its aliases), if official."""
        return self.pieces.get(name_key(name))

    def map(self, name: str) -> str | None:
        """The official spelling of a map, if it is one."""
        return self.maps.get(name_key(name))

    def closest_pieces(self, name: str) -> list[str]:
        """Up to three official names closest to a misspelt one."""
        return closest(name, {k: p.name for k, p in self.pieces.items()})

    def closest_maps(self, name: str) -> list[str]:
        """Up to three official map names closest to a misspelt one."""
        return closest(name, self.maps)

    def identity(self, name: str) -> str:
        """What identifies a piece: its official name when the catalog knows it (aliases included)."""
        found = self._identities.get(name)
        if found is None:
            official = self.piece(name)
            found = self._identities[name] = name_key(official.name if official else name)
        return found

    @cached_property
    def _identities(self) -> dict[str, str]:
        """Piece as typed -> its identity, filled as asked:
        rosters and results name a few dozen pieces thousands of times."""
        return {}

    def piece_names(self) -> list[str]:
        """Every official piece name once, sorted, for dropdowns."""
        return sorted({p.name for p in self.pieces.values()}, key=str.casefold)


EMPTY = Catalog({}, {})
"""For formats with no catalog: every name passes."""


def closest(name: str, known: Mapping[str, str]) -> list[str]:
    """Up to three display names whose keys are closest to `name` (difflib ratio >= 0.6)."""
    keys = difflib.get_close_matches(name_key(name), list(known), n=6, cutoff=0.6)
    return list(dict.fromkeys(known[k] for k in keys))[:3]


def parse_catalog(data: Mapping[str, Any], source: str) -> Catalog:
    """Check a catalog TOML (`[[sets]]` with `fighters` and `maps`) into a Catalog."""
    pieces: dict[str, Piece] = {}
    maps: dict[str, str] = {}
    for i, entry in enumerate(data.get("sets", [])):
        set_name = entry.get("name")
        if not isinstance(set_name, str):
            raise RulesetError(f"{source}: `sets[{i}].name` must be a string")
        for fighter in entry.get("fighters", []):
            health = fighter.get("health")
            if not isinstance(fighter.get("name"), str) or not (health is None or isinstance(health, int)):
                raise RulesetError(f"{source}: fighter {fighter!r} in set {set_name!r} needs a name and a whole health")
            piece = Piece(fighter["name"], set_name, health)
            for alias in [fighter["name"], *fighter.get("aliases", [])]:
                pieces.setdefault(name_key(alias), piece)
        for map_name in entry.get("maps", []):
            maps.setdefault(name_key(map_name), map_name)
    return Catalog(pieces, maps)

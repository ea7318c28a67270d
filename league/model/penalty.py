"""A judge's penalty, from the `Penalties` tab."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Penalty:
    """A judge's penalty; the ruleset says which kinds end a competitor's event."""

    event: str
    round: int | None
    competitor: str
    key: str
    """The competitor as names are matched (`name_key`), worked out once when the row is read."""
    kind: str
    row: int
    infraction: str = ""
    points: int | None = None
    """The `Points` cell, for penalties counted in points (a deduction); None when empty or unreadable."""
    fields: Mapping[str, str] = field(default_factory=dict)
    """Further columns the ruleset reads, by header (which game of the round a deduction is for)."""
    unreadable: frozenset[str] = frozenset()
    """Headers of cells already reported as unreadable, so no rule reports them again."""

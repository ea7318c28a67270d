"""A judge's penalty, from the `Penalties` tab."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Penalty:
    """A judge's penalty; the ruleset says which kinds end a competitor's event."""

    event: str
    round: int | None
    competitor: str
    kind: str
    row: int
    infraction: str = ""

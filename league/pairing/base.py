"""A proposed round: its pairings, each with the reason it was made."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pairing:
    """One table of the next round, or a bye (no second competitor)."""

    table: int
    first: str
    """Competitor key."""
    second: str | None
    why: str
    """In words, for `--dry-run` and the log: score group, float, rematch avoided, bye."""

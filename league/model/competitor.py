"""Competitors: a player, a pair or a team, registered for an event, and the members behind them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from league.model.words import Status


@dataclass(frozen=True)
class Entrant:
    """A competitor's registration for one event, from the registration tab."""

    name: str
    """As typed in the registration tab: the spelling every output uses."""
    key: str
    event: str
    status: Status
    row: int
    members: tuple[str, ...] = ()
    """Member players named on the registration row (a pair's two players); empty for a lone player."""
    fields: Mapping[str, str] = field(default_factory=dict)
    """Text of the further columns the ruleset's components read, by header."""


@dataclass(frozen=True)
class Member:
    """One row of a members tab: a player on a competitor's roster."""

    competitor: str
    """The competitor's name as typed."""
    competitor_key: str
    """The competitor as names are matched (`name_key`), worked out once when the row is read."""
    name: str
    row: int
    fields: Mapping[str, str] = field(default_factory=dict)

"""A league as read from its workbook: typed records and the lookups every rule and ranking uses."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from league.cells import name_key
from league.model.competitor import Entrant, Member
from league.model.event import Event
from league.model.match import Match
from league.model.penalty import Penalty

if TYPE_CHECKING:  # the ruleset and catalog are rules, which the records do not depend on
    from league.read.avoid import Avoid
    from league.rules.catalog import Catalog
    from league.rules.ruleset import Ruleset


@dataclass(frozen=True)
class League:
    """Everything read from a workbook, as typed records, ready to be checked and ranked."""

    ruleset: Ruleset
    catalog: Catalog
    events: list[Event]
    entrants: list[Entrant]
    matches: list[Match]
    penalties: list[Penalty] = field(default_factory=list)
    members: list[Member] = field(default_factory=list)
    avoid: list[Avoid] = field(default_factory=list)
    """Pairs the organiser asks never to pair (the optional `Avoid` tab)."""
    columns: dict[str, dict[str, int]] = field(default_factory=dict)
    """Tab -> header -> 0-based column where it was found, for A1 references."""
    unread: dict[str, str] = field(default_factory=dict)
    """Event id -> where to fix it, for events whose results tab can't be read at all."""

    @cached_property
    def event_by_id(self) -> dict[str, Event]:
        return {e.id: e for e in self.events}

    @cached_property
    def roster(self) -> dict[tuple[str, str], Entrant]:
        """(event id, name key) -> the first registration of that competitor in that event."""
        out: dict[tuple[str, str], Entrant] = {}
        for e in self.entrants:
            out.setdefault((e.event, e.key), e)
        return out

    @cached_property
    def registrations(self) -> list[Entrant]:
        """The first registration of each row of the registration tab, in row order: a row without an event column
        registers its competitor for every event, yet is one row to check."""
        out: dict[int, Entrant] = {}
        for e in sorted(self.entrants, key=lambda e: e.row):
            out.setdefault(e.row, e)
        return list(out.values())

    @property
    def registered(self) -> bool:
        """Whether the registration tab could be read; if not, nobody counts as unregistered."""
        return self.ruleset.registration.tab in self.columns

    def rounds_of(self, event: str) -> int:
        """The Swiss rounds of an event: its `Rounds` cell, else the ruleset's for its registered competitors."""
        typed = self.event_by_id[event].rounds if event in self.event_by_id else None
        return typed if typed is not None else self.ruleset.rounds_for(self.attendance[event])

    @cached_property
    def attendance(self) -> Counter[str]:
        """Event id -> competitors registered for it."""
        return Counter(event for event, _ in self.roster)

    def entrant(self, event: str, name: str) -> Entrant | None:
        """The registration of `name` in `event`, if any."""
        return self.roster.get((event, name_key(name)))

    def event_id(self, text: str) -> str | None:
        """The id of the event `text` names (ignoring case), if any."""
        return next((e.id for e in self.events if name_key(e.id) == name_key(text)), None)

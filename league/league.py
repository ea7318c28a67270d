"""A league as read from its workbook: typed records and the lookups every rule and ranking uses."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from league.catalog import Catalog
from league.cells import name_key
from league.records import Entrant, Event, MatchRow, Penalty
from league.ruleset import Ban, Ruleset


@dataclass(frozen=True)
class League:
    """Everything read from a workbook, as typed records, ready to be checked and ranked."""

    ruleset: Ruleset
    catalog: Catalog
    events: list[Event]
    entrants: list[Entrant]
    matches: list[MatchRow]
    penalties: list[Penalty] = field(default_factory=list)
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
    def banned(self) -> dict[str, dict[str, Ban]]:
        """Event id -> piece identity -> the ban forbidding it there (by name, or by its set)."""
        out: dict[str, dict[str, Ban]] = {}
        for event in [*self.events, None]:
            day = event.date if event else None
            bans: dict[str, Ban] = {}
            for ban in (b for b in self.ruleset.bans if b.applies(day)):
                if ban.what == "piece":
                    bans.setdefault(self.piece_identity(ban.name), ban)
                elif ban.what == "set":
                    for piece in self.catalog.pieces.values():
                        if name_key(piece.set) == name_key(ban.name):
                            bans.setdefault(name_key(piece.name), ban)
            out[event.id if event else ""] = bans
        return out

    @cached_property
    def declared(self) -> dict[tuple[str, str], frozenset[str]]:
        """(event id, name key) -> identities of the pieces that competitor declared.

        A misspelt roster entry (only a warning) also stands for its closest official name, so
        matches typed with the right spelling still count."""
        out = {}
        for k, e in self.roster.items():
            ids = {self.piece_identity(p) for p in e.roster}
            for p in e.roster:
                if p and self.catalog.pieces and self.catalog.piece(p) is None:
                    ids.update(name_key(n) for n in self.catalog.closest_pieces(p)[:1])
            out[k] = frozenset(ids)
        return out

    @property
    def registered(self) -> bool:
        """Whether the registration tab could be read; if not, nobody counts as unregistered."""
        return self.ruleset.registration.tab in self.columns

    def entrant(self, event: str, name: str) -> Entrant | None:
        """The registration of `name` in `event`, if any."""
        return self.roster.get((event, name_key(name)))

    def piece_identity(self, name: str) -> str:
        """What identifies a piece: its official name when the catalog knows it (aliases included)."""
        official = self.catalog.piece(name)
        return name_key(official.name if official else name)

    def bans_at(self, event: str, what: str) -> list[Ban]:
        """The bans of one kind (`set`, `piece`, `map`) in force at an event, by its date."""
        day = self.event_by_id[event].date if event in self.event_by_id else None
        return [b for b in self.ruleset.bans if b.what == what and b.applies(day)]

    def ban_on(self, event: str, piece: str) -> Ban | None:
        """The ban that forbids `piece` at `event`, by its own name or its set."""
        return self.banned.get(event, self.banned[""]).get(self.piece_identity(piece))

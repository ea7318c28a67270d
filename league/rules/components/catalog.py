"""The catalog component: official pieces and maps, bans with date windows, and the checks on them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from league.cells import name_key
from league.checks.base import at, check
from league.model.league import League
from league.problems import Problem, Severity
from league.model.words import Kind
from league.rules.ruleset import Ban, Results
from league.rules.schema import RulesetError, Section


@dataclass(frozen=True)
class CatalogRules:
    """Which catalog names are checked against, where pieces and maps are typed, and what is banned."""

    catalog: str
    """The catalog shipped with the package (e.g. `unmatched-catalog`)."""
    piece: str = ""
    """The per-side text of the results tab that holds the piece played (e.g. `fighter`), or empty."""
    map: str = ""
    """The row text of the results tab that holds the map, or empty."""
    label: str = "piece"
    """What one piece is called in messages."""
    bans: tuple[Ban, ...] = ()
    registration_fields: tuple[str, ...] = ()


def parse(s: Section, results: Results) -> CatalogRules:
    """The `[catalog]` section."""
    piece, map_ = s.key_of("piece", results.texts, "results.texts", ""), s.key_of("map", results.row_texts, "results.row_texts", "")
    bans = []
    for b in s.tables("bans"):
        what = [k for k in ("set", "piece", "map") if b.has(k)]
        if len(what) != 1:
            raise RulesetError(f"{s.source}: `{b.where}` needs exactly one of set, piece or map")
        bans.append(Ban(what[0], b.get(what[0], str), b.get("since", dt.date, None),
                        b.get("before", dt.date, None)))
        b.done()
    rules = CatalogRules(s.get("name", str), piece, map_, s.get("label", str, "piece"), tuple(bans))
    s.done()
    return rules


class Bans:
    """The bans of one league, looked up by event date and piece identity."""

    def __init__(self, lg: League, rules: CatalogRules) -> None:
        self.lg, self.rules = lg, rules
        self.allowed: set[tuple[str, str]] = set()
        """(event, piece as typed) found allowed and official: every roster and results row names a few
        dozen pieces thousands of times, and these are not looked up again."""

    @cached_property
    def banned(self) -> dict[str, dict[str, Ban]]:
        """Event id -> piece identity -> the ban forbidding it there (by name, or by its set)."""
        out: dict[str, dict[str, Ban]] = {}
        for event in [*self.lg.events, None]:
            day = event.date if event else None
            bans: dict[str, Ban] = {}
            for ban in (b for b in self.rules.bans if b.applies(day)):
                if ban.what == "piece":
                    bans.setdefault(self.lg.catalog.identity(ban.name), ban)
                elif ban.what == "set":
                    for piece in self.lg.catalog.pieces.values():
                        if name_key(piece.set) == name_key(ban.name):
                            bans.setdefault(name_key(piece.name), ban)
            out[event.id if event else ""] = bans
        return out

    def on_piece(self, event: str, piece: str) -> Ban | None:
        """The ban that forbids `piece` at `event`, by its own name or its set."""
        return self.banned.get(event, self.banned[""]).get(self.lg.catalog.identity(piece))

    def on_map(self, event: str, name: str) -> Ban | None:
        """The ban in force at `event` (by its date) on the map `name`."""
        found = self.lg.event_by_id.get(event)
        day = found.date if found else None
        return next((b for b in self.rules.bans if b.what == "map" and b.applies(day) and name_key(b.name) == name_key(name)), None)


def ban_text(ban: Ban) -> str:
    """How a ban reads in a problem: what is banned, and for which events."""
    window = f" for events before {ban.before.isoformat()}" if ban.before else ""
    window += f" from {ban.since.isoformat()}" if ban.since else ""
    return (f"is in the banned set {ban.name!r}" if ban.what == "set" else "is banned") + window


def piece_problems(lg: League, bans: Bans, event: str, tab: str, row: int, header: str, piece: str) -> Iterator[Problem]:
    """A piece that is banned at the event (an error) or not official (a warning with the closest names)."""
    if (event, piece) in bans.allowed:
        return
    label = bans.rules.label
    ban = bans.on_piece(event, piece)
    if ban:
        yield at(lg, tab, row, header, "banned-piece", f"{label} {piece!r} {ban_text(ban)}",
                 f"choose a {label} that is allowed at {event}")
    elif lg.catalog.pieces and lg.catalog.piece(piece) is None:
        near = lg.catalog.closest_pieces(piece)
        hint = f"did you mean {' or '.join(near)}?" if near else f"check the spelling against the official {label} list"
        yield at(lg, tab, row, header, "unknown-piece", f"{piece!r} is not an official {label}", hint, Severity.WARNING)
    else:
        bans.allowed.add((event, piece))


def rules_of(lg: League) -> CatalogRules:
    rules = lg.ruleset.component(CatalogRules)
    assert rules is not None, "the check runs only for rulesets with a catalog"
    return rules


@check(needs=CatalogRules)
def match_map(lg: League) -> Iterator[Problem]:
    """The map is not banned, and is an official one."""
    rules = rules_of(lg)
    if not rules.map:
        return
    header = lg.ruleset.results.row_texts[rules.map]
    bans = Bans(lg, rules)
    clean: set[tuple[str, str]] = set()
    """(event, map) found allowed and official: not looked up again."""
    for m in lg.matches:
        played = m.row_texts.get(rules.map, "")
        if not played:
            if m.kind is Kind.PLAYED:
                yield at(lg, m.tab, m.row, header, "missing-value", f"{header} is empty", f"type the {header.lower()} played")
            continue
        if (m.event, played) in clean:
            continue
        ban = bans.on_map(m.event, played)
        if ban:
            yield at(lg, m.tab, m.row, header, "banned-map", f"{header.lower()} {played!r} {ban_text(ban)}",
                     "replay on an allowed map, or correct the name")
        elif lg.catalog.maps and lg.catalog.map(played) is None:
            near = lg.catalog.closest_maps(played)
            hint = f"did you mean {' or '.join(near)}?" if near else "check the spelling against the official list"
            yield at(lg, m.tab, m.row, header, "unknown-map", f"{played!r} is not an official {header.lower()}", hint, Severity.WARNING)
        else:
            clean.add((m.event, played))

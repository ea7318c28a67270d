"""The catalog component: official pieces and maps, bans with date windows, and the checks on them: a map or a
piece played is official and allowed, and one its competitor declared where a component declares pieces (a roster)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from league.cells import name_key
from league.checks.base import at
from league.checks.matches import distinct_sides
from league.model.league import League
from league.model.words import Kind
from league.problems import Problem, Severity
from league.rules.catalog import Catalog
from league.rules.components.base import Component, Tab, overrides
from league.rules.ruleset import Ban, Results, Ruleset
from league.rules.schema import RulesetError, Section
from league.sheet import Dropdown


@dataclass(frozen=True)
class CatalogRules(Component, table="catalog"):
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

    @classmethod
    def parse(cls, s: Section, results: Results) -> CatalogRules:
        """The `[catalog]` section."""
        piece, map_ = (
            s.key_of("piece", results.texts, "results.texts", ""),
            s.key_of("map", results.row_texts, "results.row_texts", ""),
        )
        bans = []
        for b in s.tables("bans"):
            what = [k for k in ("set", "piece", "map") if b.has(k)]
            if len(what) != 1:
                raise RulesetError(f"{s.source}: `{b.where}` needs exactly one of set, piece or map")
            bans.append(
                Ban(what[0], b.get(what[0], str), b.get("since", dt.date, None), b.get("before", dt.date, None))
            )
            b.done()
        rules = CatalogRules(s.get("name", str), piece, map_, s.get("label", str, "piece"), tuple(bans))
        s.done()
        return rules

    @property
    def catalog_name(self) -> str:
        return self.catalog

    def dropdowns(self, tab: Tab, ruleset: Ruleset, catalog: Catalog) -> tuple[Dropdown, ...]:
        """The official pieces on each side's piece column, the official maps on the map column."""
        if tab is not Tab.RESULTS:
            return ()
        res, pieces = ruleset.results, tuple(catalog.piece_names())
        maps = tuple(sorted(set(catalog.maps.values()), key=str.casefold))
        return (
            *(
                Dropdown(res.side_header(res.texts[self.piece], side), pieces)
                for side in res.sides
                if self.piece and pieces
            ),
            *([Dropdown(res.row_texts[self.map], maps)] if self.map and maps else []),
        )


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
        return next(
            (b for b in self.rules.bans if b.what == "map" and b.applies(day) and name_key(b.name) == name_key(name)),
            None,
        )


def ban_text(ban: Ban) -> str:
    """How a ban reads in a problem: what is banned, and for which events."""
    window = f" for events before {ban.before.isoformat()}" if ban.before else ""
    window += f" from {ban.since.isoformat()}" if ban.since else ""
    return (f"is in the banned set {ban.name!r}" if ban.what == "set" else "is banned") + window


def piece_problems(
    lg: League, bans: Bans, event: str, tab: str, row: int, header: str, piece: str
) -> Iterator[Problem]:
    """A piece that is banned at the event (an error) or not official (a warning with the closest names)."""
    if (event, piece) in bans.allowed:
        return
    label = bans.rules.label
    ban = bans.on_piece(event, piece)
    if ban:
        yield at(
            lg,
            tab,
            row,
            header,
            "banned-piece",
            f"{label} {piece!r} {ban_text(ban)}",
            f"choose a {label} that is allowed at {event}",
        )
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


@CatalogRules.check
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
                yield at(
                    lg, m.tab, m.row, header, "missing-value", f"{header} is empty", f"type the {header.lower()} played"
                )
            continue
        if (m.event, played) in clean:
            continue
        ban = bans.on_map(m.event, played)
        if ban:
            yield at(
                lg,
                m.tab,
                m.row,
                header,
                "banned-map",
                f"{header.lower()} {played!r} {ban_text(ban)}",
                "replay on an allowed map, or correct the name",
            )
        elif lg.catalog.maps and lg.catalog.map(played) is None:
            near = lg.catalog.closest_maps(played)
            hint = f"did you mean {' or '.join(near)}?" if near else "check the spelling against the official list"
            yield at(
                lg,
                m.tab,
                m.row,
                header,
                "unknown-map",
                f"{played!r} is not an official {header.lower()}",
                hint,
                Severity.WARNING,
            )
        else:
            clean.add((m.event, played))


def declared_pieces(lg: League) -> dict[tuple[str, str], tuple[str, ...]] | None:
    """(event id, name key) -> the pieces that competitor declared, or None when no component of the ruleset declares
    pieces (no roster)."""
    declaring = [c for c in lg.ruleset.components if overrides(c, "declared")]
    if not declaring:
        return None
    return {k: next((d for c in declaring if (d := c.declared(e)) is not None), ()) for k, e in lg.roster.items()}


def identities(lg: League, entries: dict[tuple[str, str], tuple[str, ...]]) -> dict[tuple[str, str], frozenset[str]]:
    """(event id, name key) -> identities of the pieces that competitor declared.

    A misspelt roster entry (only a warning) also stands for its closest official name, so
    matches typed with the right spelling still count."""
    out = {}
    for k, typed in entries.items():
        ids = {lg.catalog.identity(p) for p in typed}
        for p in typed:
            if p and lg.catalog.pieces and lg.catalog.piece(p) is None:
                ids.update(name_key(n) for n in lg.catalog.closest_pieces(p)[:1])
        out[k] = frozenset(ids)
    return out


@CatalogRules.check
def match_pieces(lg: League) -> Iterator[Problem]:
    """A played piece is allowed, and one of that competitor's declared roster."""
    rules, res = rules_of(lg), lg.ruleset.results
    if not rules.piece:
        return
    entries = declared_pieces(lg)
    bans, known = Bans(lg, rules), identities(lg, entries) if entries is not None else {}
    headers = {side: res.side_header(res.texts[rules.piece], side) for side in res.sides}
    identity: dict[str, str] = {}
    for m in lg.matches:
        for side, s in distinct_sides(res.sides, m):
            header = headers[side]
            piece = s.texts.get(rules.piece, "")
            entrant = lg.entrant(m.event, s.name) if s.name else None
            if not piece:
                if m.kind is Kind.PLAYED:
                    yield at(
                        lg,
                        m.tab,
                        m.row,
                        header,
                        "missing-value",
                        f"{header} is empty",
                        f"type the {rules.label} {s.name or 'the player'} used",
                    )
                continue
            if piece not in identity:
                identity[piece] = lg.catalog.identity(piece)
            if (
                (m.event, piece) in bans.allowed and entrant and entries is not None
            ):  # most sides: an allowed piece, nothing to report
                if identity[piece] in known[(entrant.event, entrant.key)]:
                    continue
            if entrant and entries is not None and identity[piece] not in known[(entrant.event, entrant.key)]:
                shown = ", ".join(p for p in entries[(entrant.event, entrant.key)] if p)
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    header,
                    "piece-not-in-roster",
                    f"{piece!r} is not one of {entrant.name}'s declared {rules.label}s ({shown})",
                    f"fix the {rules.label}, or the roster in the {lg.ruleset.registration.tab} tab row {entrant.row}",
                )
            elif entrant and entries is not None:
                yield from (
                    p
                    for p in piece_problems(lg, bans, m.event, m.tab, m.row, header, piece)
                    if p.severity is Severity.ERROR
                )
            else:
                yield from piece_problems(lg, bans, m.event, m.tab, m.row, header, piece)

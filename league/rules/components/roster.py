"""The roster component: pieces each competitor declares on the registration tab, and the check on them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from league.cells import name_key
from league.checks.base import at, check
from league.model.competitor import Entrant
from league.model.league import League
from league.problems import Problem
from league.rules.components.catalog import Bans, CatalogRules, piece_problems
from league.rules.ruleset import Results
from league.rules.schema import Section


@dataclass(frozen=True)
class RosterRules:
    """A fixed number of pieces declared per competitor, in columns of the registration tab."""

    headers: tuple[str, ...]
    """Registration headers of the roster entries, e.g. `Fighter 1` ... `Fighter 5`."""
    label: str = "piece"
    """What one roster entry is called in messages."""
    distinct: bool = True
    """Roster entries must all differ."""

    @property
    def registration_fields(self) -> tuple[str, ...]:
        return self.headers

    def entries(self, entrant: Entrant) -> tuple[str, ...]:
        """The roster as the competitor typed it."""
        return tuple(entrant.fields.get(h, "") for h in self.headers)


def parse(s: Section, _: Results) -> RosterRules:
    """The `[roster]` section."""
    rules = RosterRules(s.strings("headers"), s.get("label", str, "piece"), s.get("distinct", bool, True))
    s.done()
    return rules


def declared(lg: League, roster: RosterRules) -> dict[tuple[str, str], frozenset[str]]:
    """(event id, name key) -> identities of the pieces that competitor declared.

    A misspelt roster entry (only a warning) also stands for its closest official name, so
    matches typed with the right spelling still count."""
    out = {}
    for k, e in lg.roster.items():
        entries = roster.entries(e)
        ids = {lg.catalog.identity(p) for p in entries}
        for p in entries:
            if p and lg.catalog.pieces and lg.catalog.piece(p) is None:
                ids.update(name_key(n) for n in lg.catalog.closest_pieces(p)[:1])
        out[k] = frozenset(ids)
    return out


@check(needs=RosterRules)
def roster(lg: League) -> Iterator[Problem]:
    """Each roster entry is filled, official, not banned, and (if required) all different."""
    rules, tab = lg.ruleset.component(RosterRules), lg.ruleset.registration.tab
    assert rules is not None, "the check runs only for rulesets with a roster"
    catalog = lg.ruleset.component(CatalogRules)
    bans = Bans(lg, catalog) if catalog else None
    size, label = len(rules.headers), rules.label
    for e in lg.entrants:
        seen: dict[str, str] = {}
        for header, piece in zip(rules.headers, rules.entries(e)):
            if not piece:
                yield at(lg, tab, e.row, header, "roster-size", f"{e.name} declared fewer than {size} {label}s: {header} is empty",
                         f"fill in all {size} {label}s")
                continue
            identity = lg.catalog.identity(piece)
            if rules.distinct and identity in seen:
                yield at(lg, tab, e.row, header, "roster-distinct", f"{piece} is declared twice (also in {seen[identity]})",
                         f"declare {size} different {label}s")
            seen.setdefault(identity, header)
            if bans and (e.event, piece) not in bans.allowed:  # most entries: found allowed before, nothing to report
                yield from piece_problems(lg, bans, e.event, tab, e.row, header, piece)

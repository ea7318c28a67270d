"""The roster component: pieces each competitor declares on the registration tab, and the check on them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from league.checks.base import at
from league.model.competitor import Entrant
from league.model.league import League
from league.problems import Problem
from league.rules.catalog import Catalog
from league.rules.components.base import Component, Tab
from league.rules.components.catalog import Bans, CatalogRules, piece_problems
from league.rules.ruleset import Results, Ruleset
from league.rules.schema import Section
from league.sheet import Dropdown


@dataclass(frozen=True)
class RosterRules(Component, table="roster"):
    """A fixed number of pieces declared per competitor, in columns of the registration tab."""

    headers: tuple[str, ...]
    """Registration headers of the roster entries, e.g. `Fighter 1` ... `Fighter 5`."""
    label: str = "piece"
    """What one roster entry is called in messages."""
    distinct: bool = True
    """Roster entries must all differ."""

    @classmethod
    def parse(cls, s: Section, _: Results) -> RosterRules:
        """The `[roster]` section."""
        rules = RosterRules(s.strings("headers"), s.get("label", str, "piece"), s.get("distinct", bool, True))
        s.done()
        return rules

    def fields(self, tab: Tab) -> tuple[str, ...]:
        return self.headers if tab is Tab.REGISTRATION else ()

    def dropdowns(self, tab: Tab, ruleset: Ruleset, catalog: Catalog) -> tuple[Dropdown, ...]:
        """The catalog's official pieces on every roster column, where the ruleset has a catalog."""
        pieces = tuple(catalog.piece_names()) if tab is Tab.REGISTRATION and ruleset.component(CatalogRules) else ()
        return tuple(Dropdown(h, pieces) for h in self.headers) if pieces else ()

    def entries(self, entrant: Entrant) -> tuple[str, ...]:
        """The roster as the competitor typed it."""
        return tuple(entrant.fields.get(h, "") for h in self.headers)

    def declared(self, entrant: Entrant) -> tuple[str, ...]:
        return self.entries(entrant)


@RosterRules.check
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
                yield at(
                    lg,
                    tab,
                    e.row,
                    header,
                    "roster-size",
                    f"{e.name} declared fewer than {size} {label}s: {header} is empty",
                    f"fill in all {size} {label}s",
                )
                continue
            identity = lg.catalog.identity(piece)
            if rules.distinct and identity in seen:
                yield at(
                    lg,
                    tab,
                    e.row,
                    header,
                    "roster-distinct",
                    f"{piece} is declared twice (also in {seen[identity]})",
                    f"declare {size} different {label}s",
                )
            seen.setdefault(identity, header)
            if bans and (e.event, piece) not in bans.allowed:  # most entries: found allowed before, nothing to report
                yield from piece_problems(lg, bans, e.event, tab, e.row, header, piece)

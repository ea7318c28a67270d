"""What every example league is: the rows of its input tabs and the mistakes planted in them."""

from __future__ import annotations

from dataclasses import dataclass, field

from league.cells import Cell, Grid, name_key
from league.rules.catalog import Catalog
from league.rules.ruleset import Ruleset
from league.sheet import Sheet
from league.template import input_sheets


@dataclass(frozen=True)
class Planted:
    """One deliberate mistake: where it is and which rule must find it."""

    tab: str
    cell: str
    code: str


@dataclass(frozen=True)
class DemoLeague:
    """The input tab rows of a generated league, in the GL templates' column order, and any planted mistakes."""

    events: list[list[Cell]]
    players: list[list[Cell]]
    results: dict[str, list[list[Cell]]]
    penalties: list[list[Cell]]
    planted: list[Planted]
    members: list[list[Cell]] = field(default_factory=list)
    """Rows of the ruleset's members tab (a team's roster), where it has one."""

    @property
    def result_rows(self) -> int:
        return sum(len(rows) for rows in self.results.values())

    @property
    def distinct_players(self) -> int:
        return len({name_key(row[0]) for row in self.players})

    def sheets(self, ruleset: Ruleset, catalog: Catalog) -> list[Sheet]:
        """The input tabs as `league init` lays them out (headers and dropdowns)."""
        return input_sheets(
            ruleset, catalog, self.events, self.players, dict(self.results), self.penalties, self.members
        )

    def tabs(self, ruleset: Ruleset, catalog: Catalog) -> dict[str, Grid]:
        """The input tabs as a backend reads them: header row then data rows."""
        return {s.name: [list(s.header), *(list(r) for r in s.rows)] for s in self.sheets(ruleset, catalog)}

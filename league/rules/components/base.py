"""What a component is: a rule concept a ruleset may use (a catalog with bans, rosters, hero health, a cut), declaring
everything it adds to the league. Every hook has a default that adds nothing, so a component overrides only its own.

The engine asks the ruleset's components through these hooks and never names one: a new component is a module in
this folder and one line in `registry.py`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Self

if TYPE_CHECKING:
    from league.adjust import Remarks
    from league.cells import Cell
    from league.checks.base import Check
    from league.model.competitor import Entrant
    from league.model.league import League
    from league.model.match import Match
    from league.model.standing import Standing
    from league.problems import Problem
    from league.rules.catalog import Catalog
    from league.rules.ruleset import Ban, Results, Ruleset
    from league.rules.schema import Section
    from league.sheet import Dropdown, Sheet
    from league.table import Column, CutZone


class Tab(StrEnum):
    """The input tabs a component can add headers and dropdowns to."""

    REGISTRATION = "registration"
    MEMBERS = "members"
    RESULTS = "results"
    PENALTIES = "penalties"


class Component:
    """A rule concept of a ruleset, configured by its own TOML table; subclasses are frozen dataclasses that name
    their table as they are declared (`class CutRules(Component, table="cut")`)."""

    table: ClassVar[str] = ""
    """The TOML table that configures it (`[cut]`), and its name in the registry: a ruleset uses the component by
    having the table."""
    _checks: ClassVar[tuple[Check, ...]] = ()

    def __init_subclass__(cls, table: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.table, cls._checks = table, ()

    @classmethod
    def parse(cls, s: Section, results: Results) -> Self:
        """The component from its table, every key checked (`s.done()` refuses the rest)."""
        raise NotImplementedError(f"component {cls.__name__} reads no table")

    @classmethod
    def check(cls, fn: Check) -> Check:
        """Declare a validation rule of this component (a decorator, before the component is registered)."""
        cls._checks = (*cls._checks, fn)
        return fn

    @classmethod
    def checks(cls) -> tuple[Check, ...]:
        """The validation rules it adds, run only for rulesets that have it; registered by function name with it."""
        return cls._checks

    # --- the input tabs ---

    def fields(self, tab: Tab) -> tuple[str, ...]:
        """Headers it reads on `tab`: required on the registration tab, listed in `[members] fields` for the members
        tab, read when there on the Penalties tab (which game of a round a penalty is for)."""
        return ()

    @property
    def optional_fields(self) -> tuple[str, ...]:
        """Registration headers it reads when the tab has them (officials' decisions), never required."""
        return ()

    def dropdowns(self, tab: Tab, ruleset: Ruleset, catalog: Catalog) -> tuple[Dropdown, ...]:
        """The dropdowns `league init` puts on the columns it reads in `tab`."""
        return ()

    def tabs(self, ruleset: Ruleset, catalog: Catalog) -> tuple[Sheet, ...]:
        """Further input tabs of its own that `league init` makes."""
        return ()

    # --- what it reads and changes before scoring ---

    @property
    def catalog_name(self) -> str:
        """The catalog shipped with the package that names are checked against, or "" for none."""
        return ""

    @property
    def bans(self) -> tuple[Ban, ...]:
        """Sets, pieces or maps it bans, with their date windows."""
        return ()

    def declared(self, entrant: Entrant) -> tuple[str, ...] | None:
        """The pieces a competitor declared for the event (a roster), or None when it declares none."""
        return None

    def counts(self, m: Match) -> bool:
        """Whether a results row counts toward the standings (a playoff row does not); checked rows only."""
        return True

    def forfeit_games(self, results: Results, m: Match) -> tuple[int, ...] | None:
        """Games a forfeit records when its games cells are left empty, side A's first; None: the result word's own."""
        return None

    def best_of(self, m: Match) -> int | None:
        """The games the row's match lasts at most, when the component sets it row by row and checks the score
        against it itself (a `Best Of` column); None: it does not."""
        return None

    def adjust(self, matches: list[Match], lg: League, remarks: Remarks) -> list[Match]:
        """The counted matches with its changes applied before scoring (figures or points taken off), each change
        explained in `remarks`."""
        return matches

    # --- pairing and playoffs ---

    def ratings(self, lg: League) -> Mapping[str, Fraction]:
        """Competitor key -> the rating first seeds come from (a team's average MMR)."""
        return {}

    def pair_rows(self, results: Results) -> tuple[Mapping[str, Cell], ...]:
        """The cells of each results row `league pair` writes for one pairing, beyond round, table and competitors:
        one mapping per row (one row per game); () leaves the pairing one row."""
        return ()

    def bracket_eligible(
        self, lg: League, event: str, standings: Sequence[Standing]
    ) -> tuple[frozenset[str] | None, str]:
        """The competitor keys it lets into the event's playoffs (None: it does not narrow them), and why the playoffs
        cannot be seeded yet ("" when they can)."""
        return None, ""

    def ranked_problems(self, lg: League, event: str, lines: Sequence[Standing]) -> tuple[Problem, ...]:
        """Problems only the event's standings show (more officials' decisions than places left): checked once the
        event is ranked."""
        return ()

    # --- the output tabs ---

    def standings_columns(self) -> tuple[Column, ...]:
        """Columns it adds to each event's standings, after the tiebreakers."""
        return ()

    def standings_cells(self, lg: League, event: str, lines: Sequence[Standing]) -> Mapping[str, tuple[Cell, ...]]:
        """Competitor key -> its cells under `standings_columns` in one event's standings."""
        return {}

    def cut_zones(self, lg: League, event: str, lines: Sequence[Standing]) -> Mapping[str, CutZone]:
        """Competitor key -> the side of a playoff cut they are on, for a component that draws one."""
        return {}


def overrides(component: Component, hook: str) -> bool:
    """Whether a component has its own `hook` rather than the default that adds nothing."""
    return getattr(type(component), hook) is not getattr(Component, hook)


def standings_columns(ruleset: Ruleset) -> tuple[Column, ...]:
    """The columns the ruleset's components add to each event's standings, in the ruleset's order."""
    return tuple(column for c in ruleset.components for column in c.standings_columns())


def standings_cells(lg: League, event: str, lines: Sequence[Standing]) -> dict[str, tuple[Cell, ...]]:
    """Competitor key -> its cells under `standings_columns` in one event's standings (empty where a component
    says nothing of a competitor)."""
    out: dict[str, tuple[Cell, ...]] = {line.key: () for line in lines}
    for c in lg.ruleset.components:
        width = len(c.standings_columns())
        if width:
            cells = c.standings_cells(lg, event, lines)
            for key in out:
                out[key] += cells.get(key, ("",) * width)
    return out


def cut_zones(lg: League, event: str, lines: Sequence[Standing]) -> dict[str, CutZone]:
    """Competitor key -> the side of the playoff cut they are on in one event, where the ruleset draws a cut."""
    return {
        key: zone
        for c in lg.ruleset.components
        if overrides(c, "cut_zones")
        for key, zone in c.cut_zones(lg, event, lines).items()
    }


def ranked_problems(lg: League, standings: Mapping[str, Sequence[Standing]]) -> list[Problem]:
    """What the ruleset's components find in each event's standings once ranked."""
    return [
        p
        for c in lg.ruleset.components
        if overrides(c, "ranked_problems")
        for event, lines in standings.items()
        for p in c.ranked_problems(lg, event, lines)
    ]

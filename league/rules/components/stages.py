"""The stages component: a results column saying which stage a row belongs to (`Swiss` or `Playoff`); rows of the
stages that count make the standings, the others are checked like any row but never counted."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from league.cells import name_key
from league.checks.base import at
from league.model.league import League
from league.model.match import Match
from league.problems import Problem
from league.rules.catalog import Catalog
from league.rules.components.base import Component, Tab
from league.rules.ruleset import Results, Ruleset
from league.rules.schema import Section
from league.sheet import Dropdown


@dataclass(frozen=True)
class StageRules(Component, table="stages"):
    """Which stage words count toward the standings, and which other words judges may type."""

    column: str
    """A `results.row_texts` key, e.g. `stage` for a `Stage` column."""
    counted: tuple[str, ...]
    """Stages whose rows count (`Swiss`); an empty cell counts as the first."""
    others: tuple[str, ...] = ()
    """Stages whose rows are checked but not counted (`Playoff`: the bracket has its own tab)."""

    @classmethod
    def parse(cls, s: Section, results: Results) -> StageRules:
        """The `[stages]` section."""
        rules = StageRules(
            s.key_of("column", results.row_texts, "results.row_texts"), s.strings("counted"), s.strings("others", [])
        )
        if not rules.counted:
            raise s.error("counted", "must name at least one stage")
        s.done()
        return rules

    def dropdowns(self, tab: Tab, ruleset: Ruleset, catalog: Catalog) -> tuple[Dropdown, ...]:
        """The stage words on the stage column."""
        return (
            (Dropdown(ruleset.results.row_texts[self.column], (*self.counted, *self.others)),)
            if tab is Tab.RESULTS
            else ()
        )

    def counts(self, m: Match) -> bool:
        """Whether the row counts toward the standings: its stage is empty or one of `counted`."""
        typed = name_key(m.row_texts.get(self.column, ""))
        return not typed or typed in self._counted

    @cached_property
    def _counted(self) -> frozenset[str]:
        return frozenset(name_key(w) for w in self.counted)


@StageRules.check
def stage_words(lg: League) -> Iterator[Problem]:
    """A stage is empty or one the ruleset knows."""
    rules = lg.ruleset.component(StageRules)
    assert rules is not None, "the check runs only for rulesets with stages"
    header = lg.ruleset.results.row_texts[rules.column]
    known = {name_key(w) for w in (*rules.counted, *rules.others)}
    for m in lg.matches:
        typed = m.row_texts.get(rules.column, "")
        if typed and name_key(typed) not in known:
            yield at(
                lg,
                m.tab,
                m.row,
                header,
                "unknown-stage",
                f"{header} {typed!r} is not known",
                "use one of " + ", ".join((*rules.counted, *rules.others)),
            )

"""The eligibility component: a registration column (an account standing) whose values say who may play."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from league.cells import name_key
from league.checks.base import at
from league.model.league import League
from league.problems import Problem
from league.rules.catalog import Catalog
from league.rules.components.base import Component, Tab
from league.rules.ruleset import Results, Ruleset
from league.rules.schema import Section
from league.sheet import Dropdown


@dataclass(frozen=True)
class EligibilityRules(Component, table="eligibility"):
    """Which values of a registration column allow a competitor to play, and which refuse them."""

    header: str
    """Registration header, e.g. `Account Standing`."""
    allowed: tuple[str, ...]
    refused: tuple[str, ...]
    default: str = ""
    """What an empty cell means (`Good`): most competitors are in good standing and judges leave it empty."""

    @classmethod
    def parse(cls, s: Section, _: Results) -> EligibilityRules:
        """The `[eligibility]` section."""
        rules = EligibilityRules(
            s.get("header", str), s.strings("allowed", []), s.strings("refused"), s.get("default", str, "")
        )
        words = (*rules.allowed, *rules.refused)
        if rules.default and name_key(rules.default) not in {name_key(w) for w in words}:
            raise s.error("default", f"is {rules.default!r}; use one of {', '.join(repr(w) for w in words)}")
        s.done()
        return rules

    def fields(self, tab: Tab) -> tuple[str, ...]:
        return (self.header,) if tab is Tab.REGISTRATION else ()

    def dropdowns(self, tab: Tab, ruleset: Ruleset, catalog: Catalog) -> tuple[Dropdown, ...]:
        """The standings that allow and that refuse, on the standing column."""
        return (Dropdown(self.header, (*self.allowed, *self.refused)),) if tab is Tab.REGISTRATION else ()


@EligibilityRules.check
def eligibility(lg: League) -> Iterator[Problem]:
    """A competitor whose standing refuses them may not register; an unknown standing is a typo."""
    rules, tab = lg.ruleset.component(EligibilityRules), lg.ruleset.registration.tab
    assert rules is not None, "the check runs only for rulesets with eligibility"
    refused = {name_key(v) for v in rules.refused}
    known = refused | {name_key(v) for v in rules.allowed}
    for e in lg.entrants:
        value = e.fields.get(rules.header, "") or rules.default
        if name_key(value) in refused:
            yield at(
                lg,
                tab,
                e.row,
                rules.header,
                "not-eligible",
                f"{e.name}'s {rules.header.lower()} is {value}: they may not play",
                f"remove {e.name} from {e.event}, or correct the {rules.header.lower()}",
            )
        elif rules.allowed and name_key(value) not in known:
            yield at(
                lg,
                tab,
                e.row,
                rules.header,
                "unknown-value",
                f"{rules.header} {value!r} is not known" if value else f"{rules.header} of {e.name} is empty",
                "use one of " + ", ".join([*rules.allowed, *rules.refused]),
            )

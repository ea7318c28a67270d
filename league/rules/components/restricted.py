"""The restricted component: a registration column listing a competitor's restricted models (the ruleset's list),
of which it may field only so many across its lists."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from league.cells import name_key
from league.checks.base import at
from league.model.league import League
from league.problems import Problem, Severity
from league.rules.catalog import closest
from league.rules.components.base import Component, Tab
from league.rules.ruleset import Results
from league.rules.schema import Section

COUNTED = re.compile(r"^\s*(?:(\d+)\s*[x×]\s*|(\d+)\s+)?(.*?)\s*(?:[x×]\s*(\d+))?\s*$", re.IGNORECASE)
"""`2x Fell Beast`, `2 Fell Beast` and `Fell Beast x2` are two models; a bare name is one."""


@dataclass(frozen=True)
class RestrictedRules(Component, table="restricted"):
    """The registration header listing restricted models,
    comma-separated, the most allowed, and the models restricted."""

    header: str
    limit: int
    models: tuple[str, ...]

    @classmethod
    def parse(cls, s: Section, _: Results) -> RestrictedRules:
        """The `[restricted]` section."""
        rules = RestrictedRules(s.get("header", str), s.get("max", int), s.strings("models"))
        if rules.limit < 0:
            raise s.error("max", f"must be 0 or more, found {rules.limit}")
        s.done()
        return rules

    def fields(self, tab: Tab) -> tuple[str, ...]:
        return (self.header,) if tab is Tab.REGISTRATION else ()


def entries(typed: str) -> list[tuple[str, int]]:
    """Each comma- or semicolon-separated entry of a cell as (name, how many)."""
    out = []
    for part in re.split(r"[,;\n]", typed):
        found = COUNTED.match(part)
        if found and found.group(3):
            count = found.group(1) or found.group(2) or found.group(4) or "1"
            out.append((found.group(3), int(count)))
    return out


@RestrictedRules.check
def restricted_models(lg: League) -> Iterator[Problem]:
    """At most `max` restricted models across a competitor's lists. A name not on the ruleset's list still counts
    (the judge typed it as restricted), with a warning naming the closest models so a misspelling can be fixed."""
    rules, tab = lg.ruleset.component(RestrictedRules), lg.ruleset.registration.tab
    assert rules is not None, "the check runs only for rulesets with restricted models"
    known = {name_key(m): m for m in rules.models}
    for e in lg.entrants:
        listed = entries(e.fields.get(rules.header, ""))
        for name, _ in listed:
            if name_key(name) not in known:
                near = closest(name, known)
                yield at(
                    lg,
                    tab,
                    e.row,
                    rules.header,
                    "unknown-model",
                    f"{name!r} is not on the restricted list; it is counted",
                    f"did you mean {' or '.join(near)}?"
                    if near
                    else "check the spelling, or remove it if it is not restricted",
                    Severity.WARNING,
                )
        total = sum(n for _, n in listed)
        if total > rules.limit:
            yield at(
                lg,
                tab,
                e.row,
                rules.header,
                "too-many-restricted",
                f"{e.name} fields {total} restricted models across its lists; at most {rules.limit} are allowed",
                f"change the lists so that at most {rules.limit} restricted models remain",
            )

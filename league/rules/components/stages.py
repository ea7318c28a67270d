"""The stages component: a results column saying which stage a row belongs to (`Swiss` or `Playoff`); rows of the
stages that count make the standings, the others are checked like any row but never counted."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from league.cells import name_key
from league.checks.base import at, check
from league.model.league import League
from league.model.match import Match
from league.problems import Problem
from league.rules.ruleset import Results, Ruleset
from league.rules.schema import Section


@dataclass(frozen=True)
class StageRules:
    """Which stage words count toward the standings, and which other words judges may type."""

    column: str
    """A `results.row_texts` key, e.g. `stage` for a `Stage` column."""
    counted: tuple[str, ...]
    """Stages whose rows count (`Swiss`); an empty cell counts as the first."""
    others: tuple[str, ...] = ()
    """Stages whose rows are checked but not counted (`Playoff`: the bracket has its own tab)."""
    registration_fields: tuple[str, ...] = ()

    def counts(self, m: Match) -> bool:
        """Whether the row counts toward the standings: its stage is empty or one of `counted`."""
        typed = name_key(m.row_texts.get(self.column, ""))
        return not typed or typed in {name_key(w) for w in self.counted}


def parse(s: Section, results: Results) -> StageRules:
    """The `[stages]` section."""
    rules = StageRules(s.key_of("column", results.row_texts, "results.row_texts"), s.strings("counted"), s.strings("others", []))
    if not rules.counted:
        raise s.error("counted", "must name at least one stage")
    s.done()
    return rules


def counted_row(ruleset: Ruleset, m: Match) -> bool:
    """Whether a results row counts toward the standings (every row does without a `[stages]` table)."""
    rules = ruleset.component(StageRules)
    return rules is None or rules.counts(m)


@check(needs=StageRules)
def stage_words(lg: League) -> Iterator[Problem]:
    """A stage is empty or one the ruleset knows."""
    rules = lg.ruleset.component(StageRules)
    assert rules is not None, "the check runs only for rulesets with stages"
    header = lg.ruleset.results.row_texts[rules.column]
    known = {name_key(w) for w in (*rules.counted, *rules.others)}
    for m in lg.matches:
        typed = m.row_texts.get(rules.column, "")
        if typed and name_key(typed) not in known:
            yield at(lg, m.tab, m.row, header, "unknown-stage", f"{header} {typed!r} is not known",
                     "use one of " + ", ".join((*rules.counted, *rules.others)))

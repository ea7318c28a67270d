"""The cut component: the top `size` competitors of an event's standings go through to the playoffs, and a
`Playoffs` column says who is `in`, `out`, or in a group level across the cut that a `tiebreaker match` settles."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from league.cells import name_key
from league.checks.base import at, check
from league.model.league import League
from league.model.standing import Standing
from league.problems import Problem
from league.model.words import Status
from league.rules.ruleset import Results
from league.rules.schema import Section

IN, OUT, MATCH = "in", "out", "tiebreaker match"
BY = ("score", "tiebreakers")


@dataclass(frozen=True)
class CutRules:
    """How many go through, and what makes competitors level across the cut."""

    size: int
    by: str = "tiebreakers"
    """`score`: competitors level on score across the cut play tiebreaker matches, whatever the tiebreakers say
    (NASEF); `tiebreakers`: only a full tie after every tiebreaker does (a Magic top 8)."""
    decided: str = ""
    """An optional registration column where officials type `in` or `out` once the tiebreaker matches are played."""
    label: str = "Playoffs"
    """The standings column's header."""
    registration_fields: tuple[str, ...] = ()


def parse(s: Section, _: Results) -> CutRules:
    """The `[cut]` section."""
    rules = CutRules(s.get("size", int), s.get("by", str, "tiebreakers"), s.get("decided", str, ""), s.get("label", str, "Playoffs"))
    if rules.size < 1:
        raise s.error("size", f"must be 1 or more, found {rules.size}")
    if rules.by not in BY:
        raise s.error("by", f"is {rules.by!r}; use one of {', '.join(repr(b) for b in BY)}")
    s.done()
    return rules


def cut_marks(lg: League, event: str, lines: Sequence[Standing]) -> dict[str, str]:
    """Competitor key -> `in`, `out` or `tiebreaker match`; empty before anyone has played."""
    rules = lg.ruleset.component(CutRules)
    assert rules is not None, "only rulesets with a cut have a Playoffs column"
    gone = {e.key for e in lg.entrants if e.event == event and e.status is not Status.ACTIVE}
    eligible = [s for s in lines if s.rank is not None and s.key not in gone]
    if not any(s.matches for s in lines):
        return {s.key: "" for s in lines}
    marks = {s.key: OUT for s in lines}
    if not eligible:
        return marks
    level = [s.score if rules.by == "score" else Fraction(s.rank or 0) for s in eligible]
    size = min(rules.size, len(eligible))
    straddling = size < len(eligible) and level[size - 1] == level[size]
    first = level.index(level[size - 1]) if straddling else size
    group = [s for s, v in zip(eligible, level) if straddling and v == level[size - 1]]
    for s in eligible[:first]:
        marks[s.key] = IN
    typed = _decisions(lg, event, rules)
    settled = [typed.get(s.key, "") for s in group]
    if all(d in (IN, OUT) for d in settled) and settled.count(IN) == size - first:
        marks.update(zip((s.key for s in group), settled))
    else:
        marks.update((s.key, MATCH) for s in group)
    return marks


def _decisions(lg: League, event: str, rules: CutRules) -> dict[str, str]:
    """Competitor key -> `in` or `out` as officials typed it after the tiebreaker matches."""
    if not rules.decided:
        return {}
    return {e.key: name_key(e.fields.get(rules.decided, "")) for e in lg.entrants if e.event == event}


@check(needs=CutRules)
def cut_decisions(lg: League) -> Iterator[Problem]:
    """A decision on the cut is `in`, `out` or empty."""
    rules, tab = lg.ruleset.component(CutRules), lg.ruleset.registration.tab
    assert rules is not None, "the check runs only for rulesets with a cut"
    if not rules.decided:
        return
    for e in lg.registrations:
        typed = e.fields.get(rules.decided, "")
        if typed and name_key(typed) not in (IN, OUT):
            yield at(lg, tab, e.row, rules.decided, "unknown-value", f"{rules.decided} {typed!r} is not {IN!r} or {OUT!r}",
                     f"after the tiebreaker matches type {IN} or {OUT} for each team level across the cut; else leave it empty")

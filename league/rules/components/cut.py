"""The cut component: the top `size` competitors of an event's standings go through to the playoffs, and a
`Playoffs` column says who is `in`, `out`, or in a group level across the cut that a `tiebreaker match` settles."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from league.cells import Cell, name_key
from league.checks.base import at
from league.model.league import League
from league.model.standing import Standing
from league.model.words import Status
from league.problems import Problem, Severity
from league.rules.catalog import Catalog
from league.rules.components.base import Component, Tab
from league.rules.ruleset import Results, Ruleset
from league.rules.schema import Section
from league.sheet import Dropdown
from league.table import Column, CutZone, Role

IN, OUT, MATCH = CutZone.IN, CutZone.OUT, CutZone.MATCH
BY = ("score", "tiebreakers")


@dataclass(frozen=True)
class CutRules(Component, table="cut"):
    """How many go through, and what makes competitors level across the cut."""

    size: int
    by: str = "tiebreakers"
    """`score`: competitors level on score across the cut play tiebreaker matches, whatever the tiebreakers say
    (NASEF); `tiebreakers`: only a full tie after every tiebreaker does (a Magic top 8)."""
    decided: str = ""
    """An optional registration column where officials type `in` or `out` once the tiebreaker matches are played."""
    label: str = "Playoffs"
    """The standings column's header."""

    @classmethod
    def parse(cls, s: Section, _: Results) -> CutRules:
        """The `[cut]` section."""
        rules = CutRules(
            s.get("size", int),
            s.get("by", str, "tiebreakers"),
            s.get("decided", str, ""),
            s.get("label", str, "Playoffs"),
        )
        if rules.size < 1:
            raise s.error("size", f"must be 1 or more, found {rules.size}")
        if rules.by not in BY:
            raise s.error("by", f"is {rules.by!r}; use one of {', '.join(repr(b) for b in BY)}")
        s.done()
        return rules

    @property
    def optional_fields(self) -> tuple[str, ...]:
        return (self.decided,) if self.decided else ()

    def dropdowns(self, tab: Tab, ruleset: Ruleset, catalog: Catalog) -> tuple[Dropdown, ...]:
        """`in` and `out` on the officials' decision column."""
        return (Dropdown(self.decided, (IN, OUT)),) if tab is Tab.REGISTRATION and self.decided else ()

    def standings_columns(self) -> tuple[Column, ...]:
        return (Column(self.label, Role.CUT),)

    def standings_cells(self, lg: League, event: str, lines: Sequence[Standing]) -> dict[str, tuple[Cell, ...]]:
        """`in`, `out` or `tiebreaker match` for each competitor; empty before anyone has played."""
        return {key: (mark,) for key, mark in cut_marks(lg, event, lines).items()}

    def cut_zones(self, lg: League, event: str, lines: Sequence[Standing]) -> dict[str, CutZone]:
        """Competitor key -> the side of the cut they are on; nobody before anyone has played."""
        return {key: CutZone(mark) for key, mark in cut_marks(lg, event, lines).items() if mark}

    def ranked_problems(self, lg: League, event: str, lines: Sequence[Standing]) -> tuple[Problem, ...]:
        """More `in`s typed for the group level across the cut than the places left, or (once each of them has a
        word) fewer: an error at each of those cells. Short of that, once officials have begun to settle the group, a
        warning at each cell still empty says what is left to type (before, the standings' `tiebreaker match` says it,
        and a tie on the cut in the middle of a season is no problem)."""
        if not self.decided:
            return ()
        _, group, places = _cut(lg, event, lines)
        typed = _decisions(lg, event, self)
        words = [typed.get(s.key, "") for s in group]
        ins = words.count(IN)
        names = ", ".join(e.name for s in group if (e := lg.roster.get((event, s.key))))
        reg = lg.ruleset.registration.tab
        if ins > places or (ins < places and all(w in (IN, OUT) for w in words)):
            wrong = [s for s, w in zip(group, words) if w == IN or ins < places]
            return tuple(
                at(
                    lg,
                    reg,
                    e.row,
                    self.decided,
                    "cut-decisions",
                    f"{self.decided} says {IN.value!r} for {ins} of {names} (level across the cut of {event}), "
                    f"but {places} place(s) are left",
                    f"type {IN} for exactly {places} of them and {OUT} for the others",
                )
                for s in wrong
                if (e := lg.roster.get((event, s.key))) is not None
            )
        if _settles(words, places) or not any(words):
            return ()
        waiting = [e for s, w in zip(group, words) if not w and (e := lg.roster.get((event, s.key))) is not None]
        still = ", ".join(e.name for e in waiting)
        return tuple(
            at(
                lg,
                reg,
                e.row,
                self.decided,
                "cut-unsettled",
                f"the cut of {event} is not settled: {places} place(s) left for {names}; "
                f"{still} {'still needs' if len(waiting) == 1 else 'still need'} {IN} or {OUT}",
                f"once the tiebreaker matches are played, type {IN} for {places} of them (the others left empty "
                f"are then {OUT})",
                Severity.WARNING,
            )
            for e in waiting
        )

    def bracket_eligible(
        self, lg: League, event: str, standings: Sequence[Standing]
    ) -> tuple[frozenset[str] | None, str]:
        """Those `in`; none yet while some are level across the cut and their tiebreaker matches are not settled."""
        marks = cut_marks(lg, event, standings)
        names: dict[str, str] = {}
        for e in lg.entrants:
            names.setdefault(e.key, e.name)  # as registered first, as the standings show them
        level = [names.get(s.key, s.key) for s in standings if marks[s.key] == MATCH]
        if level:
            then = (
                f", then type {IN} for those who go through in the {self.decided} column of "
                f"{lg.ruleset.registration.tab}"
                if self.decided
                else ""
            )
            return (
                frozenset(),
                f"{self.label} says {MATCH.value!r} for {', '.join(level)}: play the tiebreaker matches first{then}",
            )
        return frozenset(k for k, mark in marks.items() if mark == IN), ""


def cut_marks(lg: League, event: str, lines: Sequence[Standing]) -> dict[str, str]:
    """Competitor key -> `in`, `out` or `tiebreaker match`; empty before anyone has played."""
    return _cut(lg, event, lines)[0]


def _cut(lg: League, event: str, lines: Sequence[Standing]) -> tuple[dict[str, str], list[Standing], int]:
    """The marks, the group level across the cut (officials settle it) and how many of that group go through."""
    rules = lg.ruleset.component(CutRules)
    assert rules is not None, "only rulesets with a cut have a Playoffs column"
    gone = {e.key for e in lg.entrants if e.event == event and e.status is not Status.ACTIVE}
    eligible = [s for s in lines if s.rank is not None and s.key not in gone]
    if not any(s.matches for s in lines):
        return {s.key: "" for s in lines}, [], 0
    marks: dict[str, str] = {s.key: OUT for s in lines}
    if not eligible:
        return marks, [], 0
    level = [s.score if rules.by == "score" else Fraction(s.rank or 0) for s in eligible]
    size = min(rules.size, len(eligible))
    straddling = size < len(eligible) and level[size - 1] == level[size]
    first = level.index(level[size - 1]) if straddling else size
    group = [s for s, v in zip(eligible, level) if straddling and v == level[size - 1]]
    for s in eligible[:first]:
        marks[s.key] = IN
    typed = _decisions(lg, event, rules)
    words = [typed.get(s.key, "") for s in group]
    if _settles(words, size - first):
        marks.update((s.key, IN if w == IN else OUT) for s, w in zip(group, words))
    else:
        marks.update((s.key, MATCH) for s in group)
    return marks, group, size - first


def _settles(words: Sequence[str], places: int) -> bool:
    """As many `in`s as places left settle the group, those left empty being out; any other word leaves it open."""
    return words.count(IN) == places and all(w in (IN, OUT, "") for w in words)


def _decisions(lg: League, event: str, rules: CutRules) -> dict[str, str]:
    """Competitor key -> `in` or `out` as officials typed it after the tiebreaker matches."""
    if not rules.decided:
        return {}
    return {e.key: name_key(e.fields.get(rules.decided, "")) for e in lg.entrants if e.event == event}


@CutRules.check
def cut_decisions(lg: League) -> Iterator[Problem]:
    """A decision on the cut is `in`, `out` or empty."""
    rules, tab = lg.ruleset.component(CutRules), lg.ruleset.registration.tab
    assert rules is not None, "the check runs only for rulesets with a cut"
    if not rules.decided:
        return
    for e in lg.registrations:
        typed = e.fields.get(rules.decided, "")
        if typed and name_key(typed) not in (IN, OUT):
            yield at(
                lg,
                tab,
                e.row,
                rules.decided,
                "unknown-value",
                f"{rules.decided} {typed!r} is not {IN!r} or {OUT!r}",
                f"after the tiebreaker matches type {IN} or {OUT} for each team level across the cut; "
                "else leave it empty",
            )

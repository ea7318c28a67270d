"""The alignment component: in each game the two sides field opposite alignments (Good against Evil), and a
competitor playing several games a round fields each alignment once; `league pair` writes one row per game."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from league.cells import Cell, name_key
from league.checks.base import at
from league.model.league import League
from league.model.words import Kind
from league.problems import Problem
from league.rules.catalog import Catalog
from league.rules.components.base import Component, Tab
from league.rules.ruleset import Results, Ruleset
from league.rules.schema import Section
from league.sheet import Dropdown


@dataclass(frozen=True)
class AlignmentRules(Component, table="alignment"):
    """The per-side text holding what each side fields, and the values it may hold."""

    text: str
    """A key of `results.texts`, e.g. `army` for `Army {side}`."""
    values: tuple[str, ...]
    """E.g. `Good`, `Evil`: the two sides of a game field different ones."""
    row_per_game: bool = True
    """`league pair` writes one row per value for each pairing (the TOML key `pair_rows`): side A's first value against
    side B's second, then the values turned round (Good against Evil, then Evil against Good)."""
    registration: tuple[str, ...] = ()
    """Registration headers naming what the competitor fields
    for each value (`Good Army`, `Evil Army`), kept on record."""

    @classmethod
    def parse(cls, s: Section, results: Results) -> AlignmentRules:
        """The `[alignment]` section."""
        rules = AlignmentRules(
            s.key_of("text", results.texts, "results.texts"),
            s.strings("values"),
            s.get("pair_rows", bool, True),
            s.strings("registration", []),
        )
        if len(rules.values) < 2 or len({name_key(v) for v in rules.values}) != len(rules.values):
            raise s.error("values", f"needs at least two different values, found {list(rules.values)!r}")
        s.done()
        return rules

    def fields(self, tab: Tab) -> tuple[str, ...]:
        return self.registration if tab is Tab.REGISTRATION else ()

    def dropdowns(self, tab: Tab, ruleset: Ruleset, catalog: Catalog) -> tuple[Dropdown, ...]:
        """The values on each side's column."""
        res = ruleset.results
        return (
            tuple(Dropdown(res.side_header(res.texts[self.text], side), self.values) for side in res.sides)
            if tab is Tab.RESULTS
            else ()
        )

    def value(self, typed: str) -> str | None:
        """The value as the ruleset spells it, or None for an unknown one."""
        return next((v for v in self.values if name_key(v) == name_key(typed)), None)

    def pair_rows(self, results: Results) -> tuple[Mapping[str, Cell], ...]:
        """One row per game, each with what both sides field: side A's first value against side B's second, then the
        values turned round (Good against Evil, then Evil against Good)."""
        if not self.row_per_game:
            return ()
        header, (a, b) = results.texts[self.text], results.sides[:2]
        turned = self.values[1:] + self.values[:1]
        return tuple(
            {results.side_header(header, a): mine, results.side_header(header, b): theirs}
            for mine, theirs in zip(self.values, turned)
        )


@AlignmentRules.check
def alignments(lg: League) -> Iterator[Problem]:
    """Each side of a played game fields a known alignment, the two sides different ones, and a competitor fields
    each alignment at most once a round."""
    rules, res = lg.ruleset.component(AlignmentRules), lg.ruleset.results
    assert rules is not None, "the check runs only for rulesets with alignments"
    fielded: dict[tuple[str, int, str, str], int] = {}
    choices = " or ".join(rules.values)
    for m in lg.matches:
        if m.kind is Kind.BYE or m.round is None:
            continue
        seen: list[str] = []
        for side, s in zip(res.sides, m.sides):
            header = res.side_header(res.texts[rules.text], side)
            typed = s.texts.get(rules.text, "")
            value = rules.value(typed)
            if value is None:
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    header,
                    "missing-value" if not typed else "unknown-value",
                    f"{header} is empty" if not typed else f"{header} {typed!r} is not known",
                    f"type {choices}",
                )
                continue
            if value in seen:
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    header,
                    "same-alignment",
                    f"both sides field {value}: a game is {' against '.join(rules.values)}",
                    f"check {header}; the other side's is also {value}",
                )
                continue
            seen.append(value)
            if s.name:
                earlier = fielded.setdefault((m.event, m.round, s.key, value), m.row)
                if earlier != m.row:
                    yield at(
                        lg,
                        m.tab,
                        m.row,
                        header,
                        "alignment-twice",
                        f"{s.name} already fields {value} in round {m.round} (row {earlier})",
                        f"each {lg.ruleset.competitor.lower()} fields {choices} once a round: check {header}",
                    )

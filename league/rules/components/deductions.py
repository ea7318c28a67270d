"""The deductions component: points taken off a competitor's score (a registration requirement missed, a judge's
penalty in points) and a judge's penalty taken off a figure of one game before that game is scored."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace

from league.adjust import Remarks, remark
from league.cells import name_key
from league.checks.base import at
from league.model.league import League
from league.model.match import Match
from league.model.penalty import Penalty
from league.problems import Problem
from league.read.penalties import PENALTIES_TAB
from league.rules.catalog import Catalog
from league.rules.components.alignment import AlignmentRules
from league.rules.components.base import Component, Tab
from league.rules.ruleset import Results, Ruleset
from league.rules.schema import Section
from league.sheet import Dropdown


@dataclass(frozen=True)
class DeductionRules(Component, table="deductions"):
    """Which registration columns cost points when a requirement is missed, and what penalty words deduct."""

    registration: Mapping[str, int]
    """Registration header (a yes/no column such as `List On Time`) -> points deducted when it says a `missing` word."""
    met: tuple[str, ...] = ("yes",)
    missing: tuple[str, ...] = ("no",)
    score: str = ""
    """The `Penalty` word whose `Points` are deducted from the score."""
    figures: Mapping[str, str] = field(default_factory=dict)
    """`Penalty` word -> the figure (a key of `results.figures`)
    its `Points` are deducted from, in one game, before scoring."""
    game: str = ""
    """The Penalties column naming the game of the round a figure penalty is for: the header of a per-side text of the
    results tab without its side (`Army` for `Army {side}`); its value is what the competitor fielded in that game."""
    game_text: str = ""
    """The key of `results.texts` that column is matched against."""

    @classmethod
    def parse(cls, s: Section, results: Results) -> DeductionRules:
        """The `[deductions]` section; figures and the game column must name the results tab's figures and texts."""
        table, figures = s.section("registration", {}), s.section("figures", {})
        registration = {h: table.get(h, int) for h in list(table.data)}
        for header, points in registration.items():
            if points < 1:
                raise table.error(header, f"must be 1 or more points, found {points}")
        words = {w: figures.key_of(w, results.figures, "results.figures") for w in list(figures.data)}
        game_text = s.key_of("game", results.texts, "results.texts", "")
        game = results.texts[game_text].replace("{side}", "").strip() if game_text else ""
        rules = DeductionRules(
            registration,
            s.strings("met", ["yes"]),
            s.strings("missing", ["no"]),
            s.get("score", str, ""),
            words,
            game,
            game_text,
        )
        table.done()
        figures.done()
        s.done()
        return rules

    def fields(self, tab: Tab) -> tuple[str, ...]:
        """The requirement columns of the registration tab; the game column of the Penalties tab."""
        return (
            tuple(self.registration)
            if tab is Tab.REGISTRATION
            else (self.game,)
            if tab is Tab.PENALTIES and self.game
            else ()
        )

    def dropdowns(self, tab: Tab, ruleset: Ruleset, catalog: Catalog) -> tuple[Dropdown, ...]:
        """Yes and no on each requirement column; on the Penalties tab's game column, the alignments fielded, where
        that column names one."""
        if tab is Tab.REGISTRATION:
            return tuple(Dropdown(h, (*self.met, *self.missing)) for h in self.registration)
        aligned = ruleset.component(AlignmentRules)
        if tab is Tab.PENALTIES and aligned and self.game and self.game_text == aligned.text:
            return (Dropdown(self.game, aligned.values),)
        return ()

    def adjust(self, matches: list[Match], lg: League, remarks: Remarks) -> list[Match]:
        """Figure penalties taken off their game, then points deducted from the score."""
        return _points(_figures(matches, lg, self, remarks), lg, self, remarks)

    def figure_of(self, word: str) -> str | None:
        """The figure a penalty word deducts from, if it is one of the figure words."""
        return next((f for w, f in self.figures.items() if name_key(w) == name_key(word)), None)

    def is_score(self, word: str) -> bool:
        return bool(self.score) and name_key(word) == name_key(self.score)


def missed(rules: DeductionRules, fields: Mapping[str, str]) -> list[tuple[str, int]]:
    """The registration requirements a competitor missed, with the points each costs."""
    missing = {name_key(w) for w in rules.missing}
    return [(h, points) for h, points in rules.registration.items() if name_key(fields.get(h, "")) in missing]


def deductions_of(lg: League) -> DeductionRules | None:
    """The league's deduction rules, if its ruleset has them."""
    return lg.ruleset.component(DeductionRules)


@DeductionRules.check
def deduction_cells(lg: League) -> Iterator[Problem]:
    """A requirement column says yes or no (empty: not yet known, nothing deducted); a deduction has whole points."""
    rules = deductions_of(lg)
    assert rules is not None, "the check runs only for rulesets with deductions"
    words = {name_key(w) for w in (*rules.met, *rules.missing)}
    tab = lg.ruleset.registration.tab
    for e in lg.registrations:
        for header in rules.registration:
            typed = e.fields.get(header, "")
            if typed and name_key(typed) not in words:
                yield at(
                    lg,
                    tab,
                    e.row,
                    header,
                    "unknown-value",
                    f"{header} {typed!r} is neither {' nor '.join((*rules.met, *rules.missing))}",
                    f"type {rules.met[0]} or {rules.missing[0]}",
                )
    for p in lg.penalties:
        counted = rules.is_score(p.kind) or rules.figure_of(p.kind)
        if counted and (p.points is None or p.points < 1) and "Points" not in p.unreadable:
            yield at(
                lg,
                PENALTIES_TAB,
                p.row,
                "Points",
                "missing-value",
                f"a {p.kind} penalty needs the points it deducts",
                "type the points deducted, a whole number (1 or more)",
            )
        if rules.figure_of(p.kind) and p.round is None:
            yield at(
                lg,
                PENALTIES_TAB,
                p.row,
                "Round",
                "missing-value",
                f"a {p.kind} penalty is given in one game: its round is needed",
                "type the round of the game",
            )


def game_of(lg: League, rules: DeductionRules, p: Penalty, event: str) -> list[tuple[int, int]]:
    """(match index in `lg.matches`, side) of the games a figure penalty can be for: the competitor's games of that
    round, narrowed to the one where it fielded what the penalty's game column names."""
    key, fielded = p.key, name_key(p.fields.get(rules.game, ""))
    found = [
        (i, j)
        for i, m in enumerate(lg.matches)
        if m.event == event and m.round == p.round
        for j, s in enumerate(m.sides)
        if s.name and s.key == key
    ]
    if fielded and rules.game_text:
        found = [(i, j) for i, j in found if name_key(lg.matches[i].sides[j].texts.get(rules.game_text, "")) == fielded]
    return found


@DeductionRules.check
def deduction_games(lg: League) -> Iterator[Problem]:
    """A figure penalty names one game: the competitor played in that round, and the game column says which game."""
    rules = deductions_of(lg)
    assert rules is not None, "the check runs only for rulesets with deductions"
    for p in lg.penalties:
        event = lg.event_id(p.event)
        if not rules.figure_of(p.kind) or event is None or p.round is None or lg.entrant(event, p.competitor) is None:
            continue
        games = game_of(lg, rules, p, event)
        fielded = p.fields.get(rules.game, "") if rules.game else ""
        if not games:
            yield at(
                lg,
                PENALTIES_TAB,
                p.row,
                rules.game if fielded else "Round",
                "penalty-without-match",
                f"{p.competitor} has no game in round {p.round} of {event}"
                + (f" fielding {fielded}" if fielded else ""),
                "check the round, the competitor" + (f" and {rules.game}" if rules.game else ""),
            )
        elif len(games) > 1:
            yield at(
                lg,
                PENALTIES_TAB,
                p.row,
                rules.game or "Round",
                "ambiguous-game",
                f"{p.competitor} played {len(games)} games in round {p.round}: which one is the {p.kind} penalty for?",
                f"type in {rules.game} what {p.competitor} fielded in that game"
                if rules.game
                else "add a column naming the game",
            )


def _figures(matches: list[Match], lg: League, rules: DeductionRules, remarks: Remarks) -> list[Match]:
    """Each figure penalty taken off the figure of the one game it names (never below 0), before that game is scored."""
    cut: dict[tuple[str, int, int], list[tuple[str, int]]] = defaultdict(list)
    for p in lg.penalties:
        event, figure = lg.event_id(p.event), rules.figure_of(p.kind)
        if event is None or figure is None or not p.points or p.round is None:
            continue
        games = game_of(lg, rules, p, event)
        if len(games) == 1:
            m, side = lg.matches[games[0][0]], games[0][1]
            cut[(m.tab, m.row, side)].append((figure, p.points))
            fielded = m.sides[side].texts.get(rules.game_text, "") if rules.game_text else ""
            remark(
                remarks,
                event,
                p.key,
                f"-{p.points} {p.kind.lower()} in round {p.round}" + (f" ({fielded})" if fielded else ""),
            )
    if not cut:
        return matches
    out = []
    for m in matches:
        sides = list(m.sides)
        for i, s in enumerate(sides):
            figures = dict(s.figures)
            for figure, points in cut.get((m.tab, m.row, i), []):
                typed = figures.get(figure)
                figures[figure] = None if typed is None else max(0, typed - points)
            sides[i] = replace(s, figures=figures)
        out.append(replace(m, sides=tuple(sides)))
    return out


def _points(matches: list[Match], lg: League, rules: DeductionRules, remarks: Remarks) -> list[Match]:
    """Points deducted for registration requirements missed and for penalties in points, carried by the competitor's
    first counted match of the event (so the event, its stage and the league all count them once)."""
    label = lg.ruleset.scoring.label
    owed: dict[tuple[str, str], int] = defaultdict(int)
    for e in lg.roster.values():
        for header, points in missed(rules, e.fields):
            owed[(e.event, e.key)] += points
            remark(remarks, e.event, e.key, f"-{points} {label}: {header} {e.fields[header].lower()}")
    for p in lg.penalties:
        event = lg.event_id(p.event)
        if event is not None and rules.is_score(p.kind) and p.points and lg.entrant(event, p.competitor) is not None:
            owed[(event, p.key)] += p.points
            remark(remarks, event, p.key, f"-{p.points} {label}: penalty" + (f" in round {p.round}" if p.round else ""))
    if not owed:
        return matches
    out = list(matches)
    for index, m in sorted(enumerate(out), key=lambda im: (im[1].round or 0, im[1].row)):
        sides = [replace(s, deducted=s.deducted + owed.pop((m.event, s.key), 0)) if s.name else s for s in m.sides]
        if sides != list(m.sides):
            out[index] = replace(m, sides=tuple(sides))
    for event, key in owed:
        remark(remarks, event, key, f"deducted once a result of {event} counts")
    return out

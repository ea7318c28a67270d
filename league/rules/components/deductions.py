"""The deductions component: points taken off a competitor's score (a registration requirement missed, a judge's
penalty in points) and a judge's penalty taken off a figure of one game before that game is scored."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from league.cells import name_key
from league.checks.base import at, check
from league.model.league import League
from league.model.penalty import Penalty
from league.problems import Problem
from league.read.penalties import PENALTIES_TAB
from league.rules.ruleset import Results
from league.rules.schema import Section


@dataclass(frozen=True)
class DeductionRules:
    """Which registration columns cost points when a requirement is missed, and what penalty words deduct."""

    registration: Mapping[str, int]
    """Registration header (a yes/no column such as `List On Time`) -> points deducted when it says a `missing` word."""
    met: tuple[str, ...] = ("yes",)
    missing: tuple[str, ...] = ("no",)
    score: str = ""
    """The `Penalty` word whose `Points` are deducted from the score."""
    figures: Mapping[str, str] = field(default_factory=dict)
    """`Penalty` word -> the figure (a key of `results.figures`) its `Points` are deducted from, in one game, before scoring."""
    game: str = ""
    """The Penalties column naming the game of the round a figure penalty is for: the header of a per-side text of the
    results tab without its side (`Army` for `Army {side}`); its value is what the competitor fielded in that game."""
    game_text: str = ""
    """The key of `results.texts` that column is matched against."""

    @property
    def registration_fields(self) -> tuple[str, ...]:
        return tuple(self.registration)

    def figure_of(self, word: str) -> str | None:
        """The figure a penalty word deducts from, if it is one of the figure words."""
        return next((f for w, f in self.figures.items() if name_key(w) == name_key(word)), None)

    def is_score(self, word: str) -> bool:
        return bool(self.score) and name_key(word) == name_key(self.score)


def parse(s: Section, results: Results) -> DeductionRules:
    """The `[deductions]` section; figures and the game column must name the results tab's figures and texts."""
    table, figures = s.section("registration", {}), s.section("figures", {})
    registration = {h: table.get(h, int) for h in list(table.data)}
    for header, points in registration.items():
        if points < 1:
            raise table.error(header, f"must be 1 or more points, found {points}")
    words = {w: figures.key_of(w, results.figures, "results.figures") for w in list(figures.data)}
    game_text = s.key_of("game", results.texts, "results.texts", "")
    game = results.texts[game_text].replace("{side}", "").strip() if game_text else ""
    rules = DeductionRules(registration, s.strings("met", ["yes"]), s.strings("missing", ["no"]), s.get("score", str, ""), words,
                           game, game_text)
    table.done()
    figures.done()
    s.done()
    return rules


def missed(rules: DeductionRules, fields: Mapping[str, str]) -> list[tuple[str, int]]:
    """The registration requirements a competitor missed, with the points each costs."""
    missing = {name_key(w) for w in rules.missing}
    return [(h, points) for h, points in rules.registration.items() if name_key(fields.get(h, "")) in missing]


def deductions_of(lg: League) -> DeductionRules | None:
    """The league's deduction rules, if its ruleset has them."""
    return lg.ruleset.component(DeductionRules)


@check(needs=DeductionRules)
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
                yield at(lg, tab, e.row, header, "unknown-value",
                         f"{header} {typed!r} is neither {' nor '.join((*rules.met, *rules.missing))}",
                         f"type {rules.met[0]} or {rules.missing[0]}")
    for p in lg.penalties:
        counted = rules.is_score(p.kind) or rules.figure_of(p.kind)
        if counted and (p.points is None or p.points < 1) and "Points" not in p.unreadable:
            yield at(lg, PENALTIES_TAB, p.row, "Points", "missing-value", f"a {p.kind} penalty needs the points it deducts",
                     "type the points deducted, a whole number (1 or more)")
        if rules.figure_of(p.kind) and p.round is None:
            yield at(lg, PENALTIES_TAB, p.row, "Round", "missing-value", f"a {p.kind} penalty is given in one game: its round is needed",
                     "type the round of the game")


def game_of(lg: League, rules: DeductionRules, p: Penalty, event: str) -> list[tuple[int, int]]:
    """(match index in `lg.matches`, side) of the games a figure penalty can be for: the competitor's games of that round,
    narrowed to the one where it fielded what the penalty's game column names."""
    key, fielded = name_key(p.competitor), name_key(p.fields.get(rules.game, ""))
    found = [(i, j) for i, m in enumerate(lg.matches) if m.event == event and m.round == p.round
             for j, s in enumerate(m.sides) if s.name and name_key(s.name) == key]
    if fielded and rules.game_text:
        found = [(i, j) for i, j in found if name_key(lg.matches[i].sides[j].texts.get(rules.game_text, "")) == fielded]
    return found


@check(needs=DeductionRules)
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
            yield at(lg, PENALTIES_TAB, p.row, rules.game if fielded else "Round", "penalty-without-match",
                     f"{p.competitor} has no game in round {p.round} of {event}" + (f" fielding {fielded}" if fielded else ""),
                     "check the round, the competitor" + (f" and {rules.game}" if rules.game else ""))
        elif len(games) > 1:
            yield at(lg, PENALTIES_TAB, p.row, rules.game or "Round", "ambiguous-game",
                     f"{p.competitor} played {len(games)} games in round {p.round}: which one is the {p.kind} penalty for?",
                     f"type in {rules.game} what {p.competitor} fielded in that game" if rules.game else "add a column naming the game")

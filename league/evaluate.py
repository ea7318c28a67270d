"""The whole computation of a sync: tabs in, problems and standings out. Pure: no I/O."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from league.adjust import Remarks, adjusted
from league.cells import Grid, parse_whole
from league.checks import affected, run_checks
from league.match_table import MatchTable, build_table
from league.model.competitor import Entrant
from league.model.event import Event
from league.lifecycle import EventState, event_states
from league.model.league import League
from league.model.match import Match
from league.pairing.bracket import bracket_tab
from league.model.standing import Standing
from league.penalties import penalised
from league.problems import Problem, Severity
from league.read.columns import missing_tab
from league.read.events import EVENTS_TAB, read_events
from league.read.avoid import AVOID_TAB, read_avoid
from league.read.penalties import read_penalties
from league.read.registrations import read_entrants, read_members
from league.read.results import read_matches
from league.rules.catalog import Catalog, closest
from league.rules.components.base import Tab, ranked_problems
from league.model.words import Status
from league.rules.ruleset import Ruleset
from league.standings import rank


@dataclass(frozen=True)
class Evaluation:
    """What a sync found: every problem, each event's standings and the league leaderboard."""

    league: League
    problems: list[Problem]
    standings: dict[str, list[Standing]]
    """Event id -> standings in rank order."""
    leaderboard: list[Standing]
    stages: list[str]
    """Stages in date order, one leaderboard score column each."""
    names: dict[str, str]
    """Competitor key -> name as registered (first registration)."""
    notes: dict[tuple[str, str], list[str]]
    """(event id or "" for the league, competitor key) -> why that line is not final."""
    counted: int
    """Results rows that count toward the standings."""
    remarks: Remarks = field(default_factory=dict)
    """(event id or "" for the league, competitor key) -> what the ruleset changed in that line's results and why."""
    states: dict[str, EventState] = field(default_factory=dict)
    """Event id -> how far it has come (rounds paired and played, playoffs, champion): only a complete event has prizes."""
    results: tuple[Match, ...] = ()
    """The counted results rows as the standings count them (a ruleset's changes applied): what `league.stats` reads."""
    table: MatchTable | None = None
    """Their match table (`table.match` indexes `results`)."""
    brackets: Mapping[str, Grid] = field(default_factory=dict)
    """Event id -> its bracket tab as drawn: the playoff games `league.stats` counts."""

    @property
    def errors(self) -> int:
        return sum(p.severity is Severity.ERROR for p in self.problems)

    @property
    def warnings(self) -> int:
        return sum(p.severity is Severity.WARNING for p in self.problems)


def read_league(tabs: dict[str, Grid], ruleset: Ruleset, catalog: Catalog) -> tuple[League, list[Problem]]:
    """Typed records from every input tab, with the problems met while reading them."""
    columns: dict[str, dict[str, int]] = {}
    reserved = {ruleset.registration.tab, AVOID_TAB, *([ruleset.members.tab] if ruleset.members else [])}
    events, problems = read_events(tabs, columns, frozenset(reserved))
    entrants, more = read_entrants(tabs, ruleset, events, columns)
    problems += more
    members, more = read_members(tabs, ruleset, columns)
    problems += more
    by_folded = {name.casefold(): name for name in tabs}  # tab names are unique ignoring case, in Excel and in Sheets
    matches = []
    unread: dict[str, str] = {}
    for event in events:
        if not event.results_tab:
            unread[event.id] = f"{EVENTS_TAB} row {event.row}"
            continue
        tab = by_folded.get(event.results_tab.casefold())
        if tab is None:
            problems.append(missing_tab(event.results_tab, f"add a tab named {event.results_tab!r} for {event.id}'s results "
                                        "(run `league init` to see its headers), or fix Results Tab in the Events tab"))
            unread[event.id] = f"{EVENTS_TAB} row {event.row}"
            continue
        rows, more = read_matches(tab, tabs[tab], ruleset, event.id, columns)
        if tab not in columns:
            unread[event.id] = f"{tab} row 1"
        matches += rows
        problems += more
    avoid, skipped = read_avoid(tabs, columns)
    penalties, more = read_penalties(tabs, columns, tuple(h for c in ruleset.components for h in c.fields(Tab.PENALTIES)))
    more += skipped
    return League(ruleset, catalog, events, entrants, matches, penalties, members, avoid, columns, unread), problems + more


def evaluate(tabs: dict[str, Grid], ruleset: Ruleset, catalog: Catalog, outputs: Mapping[str, Grid] | None = None) -> Evaluation:
    """Validate every input tab, then rank each event and the league on the rows without errors.

    `outputs` are the tool's own tabs as they stand, where the brackets are (an event with a bracket is complete
    once it has a champion); without them an event is complete once its Swiss rounds are."""
    lg, problems = read_league(tabs, ruleset, catalog)
    problems += run_checks(lg)
    problems.sort(key=Problem.sort_key)
    bad = affected(problems)
    counted, remarks = adjusted(penalised((m for m in lg.matches if m.row not in bad[m.tab] and m.kind is not None
                                           and m.round is not None and not m.pending and ruleset.counts(m)), lg), lg)
    brackets = event_brackets(lg, outputs or {})
    states = event_states(lg, brackets)
    stage_of = {e.id: e.stage or e.id for e in lg.events}
    table = build_table(counted, ruleset, stage_of)
    names: dict[str, str] = {}
    for e in lg.entrants:
        names.setdefault(e.key, e.name)
    notes = _notes(lg, bad)
    by_event: dict[str, list[Entrant]] = defaultdict(list)
    for (event_id, _), entrant in lg.roster.items():
        by_event[event_id].append(entrant)
    standings = {}
    for event in lg.events:
        entrants = by_event[event.id]
        prizes = ruleset.event_prizes if states[event.id].complete else ()  # no prize while the event is under way
        standings[event.id] = rank(table.of_event(event.id), ruleset, [e.key for e in entrants],
                                   prizes, [e.key for e in entrants if e.status is Status.DQ], _decisions(entrants, ruleset))
        states[event.id] = _champion(states[event.id], standings[event.id], names)
    disqualified = {e.key for e in lg.entrants if e.status is Status.DQ}
    # league prize positions all season; a tie across one is for the judges only once every event is complete
    leaderboard = rank(table, ruleset, list(names), ruleset.league_prizes, disqualified,
                       report_ties=all(s.complete for s in states.values()))
    stages = list(dict.fromkeys(stage_of[e.id] for e in sorted(lg.events, key=_event_order)))
    seen = ranked_problems(lg, standings)  # found in the standings themselves (a cut decided against the places left)
    problems = sorted([*problems, *seen], key=Problem.sort_key) if seen else problems
    return Evaluation(lg, problems, standings, leaderboard, stages, names, notes, len(counted), remarks, states, tuple(counted),
                      table, brackets)


def event_brackets(lg: League, outputs: Mapping[str, Grid]) -> dict[str, Grid]:
    """Event id -> its bracket tab as it stands, from the output tabs (tab names matched ignoring case)."""
    by_folded = {name.casefold(): grid for name, grid in outputs.items()}
    tabs = ((e.id, by_folded.get(bracket_tab(e.id).casefold())) for e in lg.events)
    return {event: grid for event, grid in tabs if grid}


def _champion(state: EventState, lines: list[Standing], names: dict[str, str]) -> EventState:
    """A complete event without a bracket: its champion is the one competitor ranked first, if not tied."""
    if state.bracket or not state.complete or not lines or lines[0].rank != 1 or lines[0].tie:
        return state
    return replace(state, champion=names[lines[0].key])


def _decisions(entrants: list[Entrant], ruleset: Ruleset) -> dict[str, int]:
    """Competitor key -> the place judges typed for a tie in the registration tab (readable ones only)."""
    column = ruleset.judge_column
    typed = ((e.key, parse_whole(e.fields.get(column, ""))) for e in entrants) if column else ()
    return {key: place for key, place in typed if place is not None and place >= 1}


def _event_order(event: Event) -> tuple[str, int]:
    return (event.date.isoformat() if event.date else "9999", event.row)


def _likely(lg: League, event: str, typed: str) -> Entrant | None:
    """The registered competitor a misspelt name most likely means: their line is not final either."""
    if not typed:
        return None
    near = closest(typed, {e.key: e.name for (ev, _), e in lg.roster.items() if ev == event})
    return lg.entrant(event, near[0]) if near else None


def _notes(lg: League, bad: defaultdict[str, set[int]]) -> dict[tuple[str, str], list[str]]:
    """Which error rows keep each competitor's line from being final."""
    notes: dict[tuple[str, str], list[str]] = defaultdict(list)
    for m in lg.matches:
        if m.row in bad[m.tab]:
            for s in m.sides:
                entrant = lg.entrant(m.event, s.name) or _likely(lg, m.event, s.name)
                if entrant:
                    for scope in (m.event, ""):
                        notes[(scope, entrant.key)].append(f"{m.tab} row {m.row}")
    reg = lg.ruleset.registration.tab
    for e in lg.entrants:
        where = [f"{reg} row {e.row}"] if e.row in bad[reg] else []
        where += [f"{lg.unread[e.event]} (no results of {e.event} can be read)"] if e.event in lg.unread else []
        for scope in (e.event, ""):
            notes[(scope, e.key)] += where
    return notes


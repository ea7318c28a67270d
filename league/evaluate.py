"""The whole computation of a sync: tabs in, problems and standings out. Pure: no I/O."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from league.adjust import Remarks, adjusted
from league.cells import Grid, parse_whole
from league.checks import affected, run_checks
from league.checks.pairings import left_in
from league.lifecycle import EventState, Phase, SeasonState, event_states, season_state
from league.match_table import MatchTable, build_table
from league.model.competitor import Entrant
from league.model.event import Event
from league.model.league import League
from league.model.match import Match
from league.model.standing import Standing
from league.model.words import Status
from league.outcome import Mark, Placing, board_placings, event_placings
from league.pairing.bracket_model import Playoff
from league.penalties import penalised
from league.problems import Problem, Severity
from league.read.avoid import AVOID_TAB, read_avoid
from league.read.columns import missing_tab
from league.read.events import EVENTS_TAB, read_events
from league.read.penalties import read_penalties
from league.read.registrations import read_entrants, read_members
from league.read.results import read_matches
from league.rules.catalog import Catalog, closest
from league.rules.components.base import Tab, cut_zones, ranked_problems
from league.rules.ruleset import Prize, Ruleset
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
    """Event id -> how far it has come (rounds paired and played, playoffs, champion, rows to fix)."""
    results: tuple[Match, ...] = ()
    """The counted results rows as the standings count them (a ruleset's changes applied): what `league.stats` reads."""
    table: MatchTable | None = None
    """Their match table (`table.match` indexes `results`)."""
    playoffs: Mapping[str, Playoff] = field(default_factory=dict)
    """Event id -> what its bracket has decided: seeds, matches, games, winners (the playoff games `league.stats`
    counts)."""
    placings: dict[str, tuple[Placing, ...]] = field(default_factory=dict)
    """Event id -> its lines as its standings tab shows them: final places once its playoffs have a champion."""
    board: tuple[Placing, ...] = ()
    """The leaderboard's lines, in rank order."""
    season: SeasonState = SeasonState(None, False, 0, 0, 0)
    """Where the season stands: final only when its plan says so."""

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
            problems.append(
                missing_tab(
                    event.results_tab,
                    f"add a tab named {event.results_tab!r} for {event.id}'s results "
                    "(run `league init` to see its headers), or fix Results Tab in the Events tab",
                )
            )
            unread[event.id] = f"{EVENTS_TAB} row {event.row}"
            continue
        rows, more = read_matches(tab, tabs[tab], ruleset, event.id, columns)
        if tab not in columns:
            unread[event.id] = f"{tab} row 1"
        matches += rows
        problems += more
    avoid, skipped = read_avoid(tabs, columns)
    penalties, more = read_penalties(
        tabs, columns, tuple(h for c in ruleset.components for h in c.fields(Tab.PENALTIES))
    )
    more += skipped
    return League(
        ruleset, catalog, events, entrants, matches, penalties, members, avoid, columns, unread
    ), problems + more


def evaluate(
    tabs: dict[str, Grid], ruleset: Ruleset, catalog: Catalog, playoffs: Mapping[str, Playoff] | None = None
) -> Evaluation:
    """Validate every input tab, then rank each event and the league on the rows without errors.

    `playoffs` maps an event id (any case) to what its bracket has decided: an event with playoffs is final once its
    bracket has a champion and none of its rows is left to fix."""
    lg, problems = read_league(tabs, ruleset, catalog)
    return evaluate_league(lg, [*problems, *run_checks(lg)], playoffs)


def evaluate_league(lg: League, problems: list[Problem], playoffs: Mapping[str, Playoff] | None = None) -> Evaluation:
    """`evaluate` for a league already read and checked (`problems`: those met reading it, then its checks'), as a
    sync whose players' reports fill rows reads it once: each event and the league ranked on the rows without errors."""
    ruleset = lg.ruleset
    problems = sorted(problems, key=Problem.sort_key)
    bad = affected(problems)
    counted, remarks = adjusted(
        penalised(
            (
                m
                for m in lg.matches
                if m.row not in bad[m.tab]
                and m.kind is not None
                and m.round is not None
                and not m.pending
                and ruleset.counts(m)
            ),
            lg,
        ),
        lg,
    )
    decided = event_playoffs(lg, playoffs or {})
    notes = _notes(lg, bad)
    to_fix = {scope: len(rows) for scope, rows in _rows_to_fix(notes).items()}
    states = event_states(lg, decided, to_fix, bad)
    playing = _playing(lg, states)
    stage_of = {e.id: e.stage or e.id for e in lg.events}
    table = build_table(counted, ruleset, stage_of)
    names: dict[str, str] = {}
    for e in lg.entrants:
        names.setdefault(e.key, e.name)
    by_event: dict[str, list[Entrant]] = defaultdict(list)
    for (event_id, _), entrant in lg.roster.items():
        by_event[event_id].append(entrant)
    standings, placings = {}, {}
    gone = left_in(lg)
    for event in lg.events:
        entrants = by_event[event.id]
        standings[event.id] = rank(
            table.of_event(event.id),
            ruleset,
            [e.key for e in entrants],
            ruleset.event_prizes,
            [e.key for e in entrants if e.status is Status.DQ],
            _decisions(entrants, ruleset),
        )
        states[event.id] = _champion(states[event.id], standings[event.id], names)
        left = {e.key for e in entrants if e.status is not Status.ACTIVE} | {
            key for ev_id, key in gone if ev_id == event.id
        }
        placings[event.id] = event_placings(
            standings[event.id],
            states[event.id],
            ruleset.event_prizes,
            names,
            _marks(notes, event.id, left, playing),
            {} if states[event.id].under_way else cut_zones(lg, event.id, standings[event.id]),
            decided.get(event.id),
        )
    disqualified = {e.key for e in lg.entrants if e.status is Status.DQ}
    played = sorted(lg.events, key=_event_order)
    season = season_state(ruleset.season, [states[e.id] for e in played])
    # league prize positions all season; a tie across one is for the judges only once the season is final
    leaderboard = rank(table, ruleset, list(names), ruleset.league_prizes, disqualified, report_ties=season.final)
    last = placings[played[-1].id] if played and states[played[-1].id].phase is Phase.COMPLETE else ()
    # no prize line is drawn from a half-played round
    league_prizes = () if any(s.under_way for s in states.values()) else ruleset.league_prizes
    board = board_placings(leaderboard, league_prizes, names, _marks(notes, "", set(), playing), season.final, last)
    season = replace(
        season, champion=_season_champion(ruleset.league_prizes, board, leaderboard, names) if season.final else ""
    )
    stages = list(dict.fromkeys(stage_of[e.id] for e in played))
    seen = ranked_problems(lg, standings)  # found in the standings themselves (a cut decided against the places left)
    problems = sorted([*problems, *seen], key=Problem.sort_key) if seen else problems
    return Evaluation(
        lg,
        problems,
        standings,
        leaderboard,
        stages,
        names,
        notes,
        len(counted),
        remarks,
        states,
        tuple(counted),
        table,
        decided,
        placings,
        board,
        season,
    )


def event_playoffs(lg: League, playoffs: Mapping[str, Playoff]) -> dict[str, Playoff]:
    """Event id -> what its bracket has decided, the brackets' events matched ignoring case."""
    by_folded = {event.casefold(): playoff for event, playoff in playoffs.items()}
    found = ((e.id, by_folded.get(e.id.casefold())) for e in lg.events)
    return {event: playoff for event, playoff in found if playoff is not None}


def _rows_to_fix(notes: Mapping[tuple[str, str], list[str]]) -> dict[str, set[str]]:
    """Event id -> the rows with an error that mark any of its lines not final, each counted once."""
    out: dict[str, set[str]] = defaultdict(set)
    for (scope, _), rows in notes.items():
        if scope:
            out[scope].update(rows)
    return out


def _marks(
    notes: Mapping[tuple[str, str], list[str]], scope: str, left: set[str], playing: set[tuple[str, str]]
) -> Callable[[Standing], tuple[Mark, ...]]:
    """What marks a line of one event (or of the league, `scope` ""): rows still to fix, not ranked, left, or a
    match of the round under way not typed yet."""

    def marks(line: Standing) -> tuple[Mark, ...]:
        found = [Mark.NOT_FINAL] if notes.get((scope, line.key)) else []
        if line.rank is None:
            found.append(Mark.DISQUALIFIED)
        elif line.key in left:
            found.append(Mark.DROPPED)
        elif (scope, line.key) in playing:
            found.append(Mark.PLAYING)
        return tuple(found)

    return marks


def _playing(lg: League, states: Mapping[str, EventState]) -> set[tuple[str, str]]:
    """(event id, and "" for the league; competitor key) of each competitor whose match of a round under way has no
    result typed yet: its line is not yet that round's."""
    return {
        (scope, s.key)
        for m in lg.matches
        if m.pending
        and m.round is not None
        and m.event in states
        and states[m.event].under_way
        and lg.ruleset.counts(m)
        for s in m.sides
        if s.name
        for scope in (m.event, "")
    }


def _season_champion(
    prizes: Sequence[Prize], board: Sequence[Placing], lines: Sequence[Standing], names: Mapping[str, str]
) -> str:
    """Who won a final season: the holder of the league prize for first place (by what it follows), else the one
    competitor first on points."""
    first = next((p for p in prizes if p.ranks and p.ranks[0] == 1), None)
    if first is not None:
        holders = [p.name for p in board for a in p.awards if a.prize == first.name and a.awarded]
        return holders[0] if len(holders) == 1 else ""
    return names[lines[0].key] if lines and lines[0].rank == 1 and not lines[0].tie else ""


def _champion(state: EventState, lines: list[Standing], names: dict[str, str]) -> EventState:
    """An event without a bracket, every round played: its champion is the one competitor ranked first, if not tied."""
    if state.bracket or state.phase is not Phase.COMPLETE or not lines or lines[0].rank != 1 or lines[0].tie:
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

"""Typed records read from the input tabs, with a problem for every cell that can't be read."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from league.cells import Cell, Grid, as_text, name_key, parse_date, parse_whole
from league.problems import Problem, Severity
from league.ruleset import Kind, Ruleset, Status
from league.sheet import is_output_tab
from league.tables import Table, locate, missing_tab

EVENTS_TAB = "Events"
EVENT_HEADERS = ("Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab")
PENALTIES_TAB = "Penalties"
PENALTY_HEADERS = ("Event", "Round", "Competitor", "Penalty", "Points", "Infraction", "Reason", "Judge")
FORBIDDEN_TAB_CHARS = set("[]:*?/\\")


@dataclass(frozen=True)
class Event:
    """One tournament day at one venue, from a row of the `Events` tab."""

    id: str
    name: str
    date: dt.date | None
    venue: str
    capacity: int | None
    stage: str
    results_tab: str
    """The tab holding this event's results; empty when the name typed can't be used."""
    row: int
    typed_tab: str = ""
    """The results tab name as typed, kept so that no sync ever writes over a tab with that name."""


@dataclass(frozen=True)
class Entrant:
    """A competitor's registration for one event, from the registration tab."""

    name: str
    """As typed in the registration tab: the spelling every output uses."""
    key: str
    event: str
    roster: tuple[str, ...]
    status: Status
    row: int


@dataclass(frozen=True)
class Side:
    """One competitor's part of a results row."""

    name: str
    """As typed by the judge; empty for the missing side of a bye."""
    piece: str
    figures: dict[str, int | None]
    unreadable: frozenset[str] = frozenset()
    """Headers of figures already reported as unreadable, so no rule reports them again."""


@dataclass(frozen=True)
class MatchRow:
    """One results row: a match, a forfeit, a bye or a disqualification."""

    event: str
    tab: str
    row: int
    round: int | None
    table: str
    sides: tuple[Side, ...]
    venue_item: str
    winner: str
    kind: Kind | None
    judge: str
    notes: str

    def fingerprint(self) -> tuple[object, ...]:
        """What two rows must share to be the same match typed twice."""
        sides = tuple((name_key(s.name), name_key(s.piece), tuple(s.figures.values())) for s in self.sides)
        return (self.round, sides, name_key(self.venue_item), name_key(self.winner), self.kind)


@dataclass(frozen=True)
class Penalty:
    """A judge's penalty from the `Penalties` tab; `Drop` and `DQ` end a competitor's event."""

    event: str
    round: int | None
    competitor: str
    kind: str
    row: int


def _unreadable(table: Table, row: int, header: str, value: Cell, expected: str) -> Problem:
    return table.problem(Severity.ERROR, "unreadable", row, header,
                         f"{header} {as_text(value)!r} is not {expected}", f"type {expected} in {header}")


def read_events(tabs: dict[str, Grid], columns: dict[str, dict[str, int]],
                reserved: frozenset[str] = frozenset()) -> tuple[list[Event], list[Problem]]:
    """Events from the `Events` tab; a row with an unusable id is left out, one with a bad results tab kept without it."""
    if EVENTS_TAB not in tabs:
        return [], [missing_tab(EVENTS_TAB, "run `league init` or add an Events tab with " + ", ".join(EVENT_HEADERS))]
    table, problems = locate(EVENTS_TAB, tabs[EVENTS_TAB], EVENT_HEADERS)
    if table is None:
        return [], problems
    columns[table.tab] = table.columns
    events: list[Event] = []
    seen: dict[str, int] = {}
    tabs_used: dict[str, str] = {}
    for row, cells in table.rows:
        ident, results_tab = table.text(cells, "Event"), table.text(cells, "Results Tab")
        date_cell, cap_cell = table.cell(cells, "Date"), table.cell(cells, "Capacity")
        date, capacity = parse_date(date_cell), parse_whole(cap_cell)
        bad_id = _bad_event_id(ident, seen)
        if bad_id:
            problems.append(table.problem(Severity.ERROR, bad_id[0], row, "Event", bad_id[1], bad_id[2]))
            continue
        seen[name_key(ident)] = row
        if date is None:
            problems.append(_unreadable(table, row, "Date", date_cell, "a date (YYYY-MM-DD)") if as_text(date_cell) else
                            table.problem(Severity.WARNING, "missing-value", row, "Date", f"{ident} has no date, so bans "
                                          "with a date window are checked as if always in force", "type the date (YYYY-MM-DD)"))
        if (capacity is None and as_text(cap_cell)) or (capacity is not None and capacity < 1):
            problems.append(_unreadable(table, row, "Capacity", cap_cell, "a whole number of players"))
            capacity = None
        bad_tab = _bad_results_tab(results_tab, tabs_used, reserved | {EVENTS_TAB, PENALTIES_TAB})
        typed = results_tab
        if bad_tab:
            problems.append(table.problem(Severity.ERROR, "bad-tab-name", row, "Results Tab", bad_tab,
                                          f"type the name of the tab that holds {ident}'s results, one tab per event"))
            results_tab = ""
        else:
            tabs_used[results_tab.casefold()] = ident
        events.append(Event(ident, table.text(cells, "Name"), date, table.text(cells, "Venue"), capacity,
                            table.text(cells, "Stage"), results_tab, row, typed))
    return events, problems


def _bad_event_id(ident: str, seen: dict[str, int]) -> tuple[str, str, str] | None:
    """Why an event id can't be used (code, problem, fix), or None: it names a tab and an export file."""
    if not ident:
        return "missing-value", "the event has no id", "type a short id such as QR1-GB5"
    if len(ident) > 20 or FORBIDDEN_TAB_CHARS & set(ident) or "'" in ident:
        return "bad-event-id", f"event id {ident!r} is over 20 characters or uses []:*?/\\'", "use a short id such as QR1-GB5"
    if name_key(ident) in seen:
        return ("duplicate-row", f"event {ident!r} is already listed in row {seen[name_key(ident)]}",
                "give each event its own id, or delete the repeated row")
    return None


def _bad_results_tab(name: str, used: dict[str, str], reserved: frozenset[str]) -> str:
    """Why a results tab name can't be used, or empty."""
    if not name or len(name) > 31 or FORBIDDEN_TAB_CHARS & set(name):
        return f"results tab name {name!r} is empty, over 31 characters or uses []:*?/\\"
    if is_output_tab(name):
        return f"{name!r} is the name of a tab the tool writes"
    if name.casefold() in {r.casefold() for r in reserved}:
        return f"{name!r} is another input tab, not a results tab"
    if name.casefold() in used:
        return f"tab {name!r} already holds the results of {used[name.casefold()]}"
    return ""


def read_entrants(tabs: dict[str, Grid], ruleset: Ruleset, events: list[Event], columns: dict[str, dict[str, int]]) -> tuple[list[Entrant], list[Problem]]:
    """Registrations; rows naming no competitor or an unknown event are left out."""
    reg = ruleset.registration
    if reg.tab not in tabs:
        return [], [missing_tab(reg.tab, f"add a {reg.tab} tab with " + ", ".join([reg.name, reg.event, *reg.roster, reg.status]))]
    table, problems = locate(reg.tab, tabs[reg.tab], [reg.name, reg.event, *reg.roster], [reg.status])
    if table is None:
        return [], problems
    columns[table.tab] = table.columns
    known = {name_key(e.id): e.id for e in events}
    entrants: list[Entrant] = []
    for row, cells in table.rows:
        name, event = table.text(cells, reg.name), table.text(cells, reg.event)
        status_text = table.text(cells, reg.status)
        status = ruleset.status_of(status_text)
        if not name:
            problems.append(table.problem(Severity.ERROR, "missing-value", row, reg.name,
                                          f"the row has no {reg.name.lower()} name", f"type the {reg.name.lower()}'s name or clear the row"))
            continue
        if name_key(event) not in known:
            choices = ", ".join(e.id for e in events) or "none yet"
            problems.append(table.problem(Severity.ERROR, "unknown-event", row, reg.event,
                                          f"event {event!r} is not in the Events tab", f"use one of: {choices}"))
            continue
        if status is None:
            words = ", ".join(repr(w) for w in ruleset.statuses if w)
            problems.append(table.problem(Severity.ERROR, "unknown-status", row, reg.status,
                                          f"status {status_text!r} is not known", f"leave it empty or use {words}"))
            status = Status.ACTIVE
        roster = tuple(table.text(cells, h) for h in reg.roster)
        entrants.append(Entrant(name, name_key(name), known[name_key(event)], roster, status, row))
    return entrants, problems


def read_matches(tab: str, grid: Grid, ruleset: Ruleset, event: str, columns: dict[str, dict[str, int]]) -> tuple[list[MatchRow], list[Problem]]:
    """An event's results rows, each cell parsed; unreadable cells are reported where they are."""
    res = ruleset.results
    per_side = [res.competitor, *([res.piece] if res.piece else []), *res.figures.values()]
    required = [res.round, *(res.side_header(h, s) for s in res.sides for h in per_side), res.winner, res.result]
    optional = [h for h in res.order if h not in required]
    table, problems = locate(tab, grid, [*required, *([res.venue_item] if res.venue_item else [])], optional)
    if table is None:
        return [], problems
    columns[table.tab] = table.columns
    matches: list[MatchRow] = []
    headers = [(res.side_header(res.competitor, side), res.side_header(res.piece, side) if res.piece else "",
                [(name, res.side_header(template, side)) for name, template in res.figures.items()]) for side in res.sides]
    for row, cells in table.rows:
        round_cell = table.cell(cells, res.round)
        rnd = parse_whole(round_cell)
        if rnd is None or rnd < 1:
            problems.append(_unreadable(table, row, res.round, round_cell, "a round number (1, 2, ...)"))
            rnd = None
        sides = []
        for competitor, piece, figure_headers in headers:
            figures: dict[str, int | None] = {}
            unreadable: set[str] = set()
            for name, header in figure_headers:
                cell = table.cell(cells, header)
                figures[name] = parse_whole(cell)
                if figures[name] is None and as_text(cell):
                    problems.append(_unreadable(table, row, header, cell, "a whole number"))
                    unreadable.add(header)
            sides.append(Side(table.text(cells, competitor), table.text(cells, piece) if piece else "",
                              figures, frozenset(unreadable)))
        word = table.text(cells, res.result)
        kind = ruleset.kind_of(word)
        if kind is None:
            words = ", ".join(repr(w) for w in res.kinds if w)
            problems.append(table.problem(Severity.ERROR, "unknown-result", row, res.result,
                                          f"result {word!r} is not known", f"leave it empty for a played match or use {words}"))
        matches.append(MatchRow(event, tab, row, rnd, table.text(cells, res.table), tuple(sides),
                                table.text(cells, res.venue_item) if res.venue_item else "",
                                table.text(cells, res.winner), kind, table.text(cells, "Judge"), table.text(cells, "Notes")))
    return matches, problems


def read_penalties(tabs: dict[str, Grid], columns: dict[str, dict[str, int]]) -> tuple[list[Penalty], list[Problem]]:
    """Penalties, if the tab exists (it is optional: most events have none)."""
    if PENALTIES_TAB not in tabs:
        return [], []
    table, problems = locate(PENALTIES_TAB, tabs[PENALTIES_TAB], ("Event", "Round", "Competitor", "Penalty"), PENALTY_HEADERS[4:])
    if table is None:
        return [], problems
    columns[table.tab] = table.columns
    out = []
    for row, cells in table.rows:
        round_cell = table.cell(cells, "Round")
        rnd = parse_whole(round_cell)
        if rnd is None and as_text(round_cell):
            problems.append(_unreadable(table, row, "Round", round_cell, "a round number"))
        out.append(Penalty(table.text(cells, "Event"), rnd, table.text(cells, "Competitor"), table.text(cells, "Penalty"), row))
    return out, problems

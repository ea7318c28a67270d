"""The `Events` tab: one row per event, with the tab that holds its results."""

from __future__ import annotations

from league.cells import Grid, as_text, name_key, parse_date, parse_whole
from league.model.event import Event
from league.problems import Problem, Severity
from league.read.columns import locate, missing_tab, unreadable
from league.read.penalties import PENALTIES_TAB
from league.sheet import is_output_tab

EVENTS_TAB = "Events"
EVENT_HEADERS = ("Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab")
LEVELS = 5
"""Rules Enforcement Levels run from 1 (the default) to this."""
FORBIDDEN_TAB_CHARS = set("[]:*?/\\")


def read_events(
    tabs: dict[str, Grid], columns: dict[str, dict[str, int]], reserved: frozenset[str] = frozenset()
) -> tuple[list[Event], list[Problem]]:
    """Events from the `Events` tab; a row with an unusable id is left out,
    one with a bad results tab kept without it."""
    if EVENTS_TAB not in tabs:
        return [], [missing_tab(EVENTS_TAB, "run `league init` or add an Events tab with " + ", ".join(EVENT_HEADERS))]
    table, problems = locate(EVENTS_TAB, tabs[EVENTS_TAB], EVENT_HEADERS, ("REL", "Rounds"))
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
            problems.append(
                unreadable(table, row, "Date", date_cell, "a date (YYYY-MM-DD)")
                if as_text(date_cell)
                else table.problem(
                    Severity.WARNING,
                    "missing-value",
                    row,
                    "Date",
                    f"{ident} has no date, so bans with a date window are checked as if always in force",
                    "type the date (YYYY-MM-DD)",
                )
            )
        if (capacity is None and as_text(cap_cell)) or (capacity is not None and capacity < 1):
            problems.append(unreadable(table, row, "Capacity", cap_cell, "a whole number of players"))
            capacity = None
        level_cell = table.cell(cells, "REL")
        level = parse_whole(level_cell)
        if (level is None and as_text(level_cell)) or (level is not None and not 1 <= level <= LEVELS):
            problems.append(unreadable(table, row, "REL", level_cell, f"a Rules Enforcement Level from 1 to {LEVELS}"))
            level = None
        rounds_cell = table.cell(cells, "Rounds")
        rounds = parse_whole(rounds_cell)
        if (rounds is None and as_text(rounds_cell)) or (rounds is not None and rounds < 1):
            problems.append(unreadable(table, row, "Rounds", rounds_cell, "a whole number of Swiss rounds (1 or more)"))
            rounds = None
        bad_tab = _bad_results_tab(results_tab, tabs_used, reserved | {EVENTS_TAB, PENALTIES_TAB})
        typed = results_tab
        if bad_tab:
            problems.append(
                table.problem(
                    Severity.ERROR,
                    "bad-tab-name",
                    row,
                    "Results Tab",
                    bad_tab,
                    f"type the name of the tab that holds {ident}'s results, one tab per event",
                )
            )
            results_tab = ""
        else:
            tabs_used[results_tab.casefold()] = ident
        events.append(
            Event(
                ident,
                table.text(cells, "Name"),
                date,
                table.text(cells, "Venue"),
                capacity,
                table.text(cells, "Stage"),
                results_tab,
                row,
                typed,
                level or 1,
                rounds,
            )
        )
    return events, problems


def _bad_event_id(ident: str, seen: dict[str, int]) -> tuple[str, str, str] | None:
    """Why an event id can't be used (code, problem, fix), or None: it names a tab and an export file."""
    if not ident:
        return "missing-value", "the event has no id", "type a short id such as QR1-GB5"
    if len(ident) > 20 or FORBIDDEN_TAB_CHARS & set(ident) or "'" in ident:
        return (
            "bad-event-id",
            f"event id {ident!r} is over 20 characters or uses []:*?/\\'",
            "use a short id such as QR1-GB5",
        )
    if name_key(ident) in seen:
        return (
            "duplicate-row",
            f"event {ident!r} is already listed in row {seen[name_key(ident)]}",
            "give each event its own id, or delete the repeated row",
        )
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

"""The registration tab (who plays in which event, with which members) and the optional members tab."""

from __future__ import annotations

from league.cells import Grid, name_key
from league.model.competitor import Entrant, Member
from league.model.event import Event
from league.model.words import Status
from league.problems import Problem, Severity
from league.read.columns import locate, missing_tab
from league.rules.ruleset import Ruleset

PLAYER_ID = "Player ID"
"""An optional column of any registration tab: one person across the leagues of a federation (`league.series`)."""


def read_entrants(
    tabs: dict[str, Grid], ruleset: Ruleset, events: list[Event], columns: dict[str, dict[str, int]]
) -> tuple[list[Entrant], list[Problem]]:
    """Registrations; rows naming no competitor or an unknown event are left out."""
    reg = ruleset.registration
    if reg.tab not in tabs:
        return [], [missing_tab(reg.tab, f"add a {reg.tab} tab with " + ", ".join(reg.headers))]
    required = [reg.name, *([reg.event] if reg.event else []), *reg.members, *reg.fields]
    table, problems = locate(reg.tab, tabs[reg.tab], required, [reg.status, *reg.optional, PLAYER_ID])
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
            problems.append(
                table.problem(
                    Severity.ERROR,
                    "missing-value",
                    row,
                    reg.name,
                    f"the row has no {reg.name.lower()} name",
                    f"type the {reg.name.lower()}'s name or clear the row",
                )
            )
            continue
        if reg.event and name_key(event) not in known:
            choices = ", ".join(e.id for e in events) or "none yet"
            problems.append(
                table.problem(
                    Severity.ERROR,
                    "unknown-event",
                    row,
                    reg.event,
                    f"event {event!r} is not in the Events tab" if event else f"the {reg.event} of {name} is empty",
                    f"use one of: {choices}",
                )
            )
            continue
        if status is None:
            words = ", ".join(repr(w) for w in ruleset.statuses if w)
            problems.append(
                table.problem(
                    Severity.ERROR,
                    "unknown-status",
                    row,
                    reg.status,
                    f"status {status_text!r} is not known" if status_text else f"the {reg.status} of {name} is empty",
                    f"use {words}" if ruleset.status_of("") is None else f"leave it empty or use {words}",
                )
            )
            status = Status.ACTIVE
        # Without an event column (a season's teams), a row registers the competitor for every event.
        for event_id in [known[name_key(event)]] if reg.event else [e.id for e in events]:
            entrants.append(
                Entrant(
                    name,
                    name_key(name),
                    event_id,
                    status,
                    row,
                    tuple(table.text(cells, h) for h in reg.members),
                    {h: table.text(cells, h) for h in (*reg.fields, *reg.optional, PLAYER_ID)},
                )
            )
    return entrants, problems


def read_members(
    tabs: dict[str, Grid], ruleset: Ruleset, columns: dict[str, dict[str, int]]
) -> tuple[list[Member], list[Problem]]:
    """The members tab, where the ruleset has one: one row per member of a competitor's roster."""
    spec = ruleset.members
    if spec is None:
        return [], []
    if spec.tab not in tabs:
        return [], [missing_tab(spec.tab, f"add a {spec.tab} tab with " + ", ".join(spec.headers))]
    table, problems = locate(spec.tab, tabs[spec.tab], spec.headers)
    if table is None:
        return [], problems
    columns[table.tab] = table.columns
    out = []
    for row, cells in table.rows:
        competitor, name = table.text(cells, spec.competitor), table.text(cells, spec.name)
        for header, value in ((spec.competitor, competitor), (spec.name, name)):
            if not value:
                problems.append(
                    table.problem(
                        Severity.ERROR, "missing-value", row, header, f"{header} is empty", f"type the {header.lower()}"
                    )
                )
        if competitor and name:
            out.append(
                Member(competitor, name_key(competitor), name, row, {h: table.text(cells, h) for h in spec.fields})
            )
    return out, problems

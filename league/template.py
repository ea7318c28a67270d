"""The input tabs of a ruleset, with headers and dropdowns, for `league init` and the demo."""

from __future__ import annotations

from collections.abc import Sequence

from league.cells import Cell, quote_tab
from league.read.avoid import AVOID_HEADERS, AVOID_TAB
from league.read.events import EVENT_HEADERS, EVENTS_TAB
from league.read.penalties import PENALTIES_TAB, PENALTY_HEADERS
from league.read.reports import (
    CAPTAIN_COLUMN,
    EMAIL,
    EMAIL_COLUMN,
    EVENT,
    JUDGE,
    SET_ASIDE,
    TIMESTAMP,
    optional_questions,
)
from league.rules.catalog import Catalog
from league.rules.components.base import Tab
from league.rules.ruleset import Ruleset
from league.sheet import Dropdown, Sheet

Rows = Sequence[Sequence[Cell]]


def _names(tab: str) -> str:
    """Column A of a tab below its header: the competitors' names in every template."""
    return f"{quote_tab(tab)}!$A$2:$A"


def _in_order(headers: Sequence[str], dropdowns: Sequence[Dropdown]) -> tuple[Dropdown, ...]:
    """Dropdowns in the order of the tab's columns, whichever component made them."""
    return tuple(sorted(dropdowns, key=lambda d: headers.index(d.column) if d.column in headers else len(headers)))


def input_sheets(
    ruleset: Ruleset,
    catalog: Catalog,
    events: Sequence[Sequence[Cell]],
    registrations: Rows = (),
    results: dict[str, Rows] | None = None,
    penalties: Rows = (),
    members: Rows = (),
) -> list[Sheet]:
    """Events, registration (and members), one results tab per event, Penalties and Avoid, each with its dropdowns,
    then the components' own tabs.

    `events` rows follow the Events headers; their `Results Tab` names the results tabs."""
    reg, res = ruleset.registration, ruleset.results
    results = results or {}
    competitors = _names(reg.tab)

    def own(tab: Tab) -> list[Dropdown]:
        """The dropdowns the ruleset's components put on `tab`."""
        return [d for c in ruleset.components for d in c.dropdowns(tab, ruleset, catalog)]

    sheets = [
        Sheet(EVENTS_TAB, EVENT_HEADERS, tuple(tuple(e) for e in events)),
        Sheet(
            reg.tab,
            reg.headers,
            tuple(tuple(r) for r in registrations),
            _in_order(
                reg.headers,
                [
                    *([Dropdown(reg.event, source=_names(EVENTS_TAB))] if reg.event else []),
                    Dropdown(reg.status, tuple(w for w in ruleset.statuses if w)),
                    *own(Tab.REGISTRATION),
                ],
            ),
        ),
    ]
    if ruleset.members:
        spec = ruleset.members
        sheets.append(
            Sheet(
                spec.tab,
                spec.headers,
                tuple(tuple(m) for m in members),
                _in_order(spec.headers, [Dropdown(spec.competitor, source=competitors), *own(Tab.MEMBERS)]),
            )
        )
    tab_col = EVENT_HEADERS.index("Results Tab")
    drops = _in_order(
        res.order,
        [
            *(Dropdown(res.side_header(res.competitor, s), source=competitors) for s in res.sides),
            *([Dropdown(res.winner, source=competitors)] if res.winner else []),
            Dropdown(res.result, tuple(w for w in res.kinds if w)),
            *own(Tab.RESULTS),
        ],
    )
    for event in events:
        tab = str(event[tab_col])
        sheets.append(Sheet(tab, res.order, tuple(tuple(r) for r in results.get(tab, ())), drops))
    penalty_headers = (*PENALTY_HEADERS, *(h for c in ruleset.components for h in c.fields(Tab.PENALTIES)))
    sheets.append(
        Sheet(
            PENALTIES_TAB,
            penalty_headers,
            tuple(tuple(p) for p in penalties),
            _in_order(
                penalty_headers,
                [
                    Dropdown("Event", source=_names(EVENTS_TAB)),
                    Dropdown("Competitor", source=competitors),
                    Dropdown("Penalty", ruleset.penalties.kinds),
                    *own(Tab.PENALTIES),
                ],
            ),
        )
    )
    sheets.append(
        Sheet(
            AVOID_TAB,
            AVOID_HEADERS,
            (),
            (
                Dropdown("Event", source=_names(EVENTS_TAB)),
                Dropdown("Competitor A", source=competitors),
                Dropdown("Competitor B", source=competitors),
            ),
        )
    )
    sheets += [sheet for c in ruleset.components for sheet in c.tabs(ruleset, catalog)]
    return sheets


def reports_sheets(ruleset: Ruleset, tab: str) -> list[Sheet]:
    """For `league init --reports`: the tab the players' Form fills (`tab`, its questions as headers, then the `Judge`
    column where a judge sets an answer aside), and the `Email` column of the registration tab (the members tab for
    teams, with its `Captain` column) saying who may report for whom."""
    registered = ruleset.members.tab if ruleset.members else ruleset.registration.tab
    headers = ruleset.members.headers if ruleset.members else ruleset.registration.headers
    captain = (CAPTAIN_COLUMN,) if ruleset.members else ()
    return [
        Sheet(
            tab,
            (TIMESTAMP, EMAIL, EVENT, *(q for q, _ in ruleset.reports), JUDGE),
            dropdowns=(Dropdown(JUDGE, (SET_ASIDE,)),),
        ),
        Sheet(registered, (*headers, EMAIL_COLUMN, *captain)),
    ]


def form_questions(ruleset: Ruleset, catalog: Catalog, events: Sequence[str], names: Sequence[str]) -> list[str]:
    """The Form's questions to create, in order, each with its answer type and its choices: one line each."""
    res = ruleset.results
    competitors = {res.side_header(res.competitor, s) for s in res.sides} | ({res.winner} if res.winner else set())
    numbers = res.whole_headers
    words = {
        d.column: d.values for c in ruleset.components for d in c.dropdowns(Tab.RESULTS, ruleset, catalog) if d.values
    }
    listed = ", ".join(names) if names else f"the names in the {ruleset.registration.tab} tab"
    lines = [
        f'{EMAIL}: turn on "Collect email addresses" in the Form\'s settings (Google adds this question)',
        f"{EVENT}: Dropdown, required: {', '.join(events) or 'the event ids of the Events tab'}",
        f"{res.round}: Dropdown, required: 1 to {ruleset.rounds}",
    ]
    for question, header in ruleset.reports:
        if header == res.round:
            continue
        if header in competitors:
            lines.append(f"{question}: Dropdown, required: {listed}")
        elif header in numbers:
            optional = question in optional_questions(ruleset)
            lines.append(
                f"{question}: Short answer, {'optional (empty or left out: 0)' if optional else 'required'}, "
                "response validation Number > Whole number"
            )
        else:
            choices = words.get(header)
            lines.append(
                f"{question}: Dropdown, required: {', '.join(choices)}"
                if choices
                else f"{question}: Short answer, required"
            )
    return lines

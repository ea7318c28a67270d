"""The input tabs of a ruleset, with headers and dropdowns, for `league init` and the demo."""

from __future__ import annotations

from collections.abc import Sequence

from league.catalog import Catalog
from league.cells import Cell, quote_tab
from league.records import EVENT_HEADERS, EVENTS_TAB, PENALTIES_TAB, PENALTY_HEADERS
from league.ruleset import Ruleset
from league.sheet import Dropdown, Sheet

Rows = Sequence[Sequence[Cell]]


def _names(tab: str) -> str:
    """Column A of a tab below its header: the competitors' names in every template."""
    return f"{quote_tab(tab)}!$A$2:$A"


def results_headers(ruleset: Ruleset) -> tuple[str, ...]:
    """Every results-tab header in the order the ruleset lists them."""
    return ruleset.results.order


def registration_headers(ruleset: Ruleset) -> tuple[str, ...]:
    """Registration-tab headers: name, event, roster, status."""
    reg = ruleset.registration
    return (reg.name, reg.event, *reg.roster, reg.status)


def input_sheets(ruleset: Ruleset, catalog: Catalog, events: Sequence[Sequence[Cell]],
                 registrations: Rows = (), results: dict[str, Rows] | None = None, penalties: Rows = ()) -> list[Sheet]:
    """Events, registration, one results tab per event and Penalties, each with its dropdowns.

    `events` rows follow the Events headers; their `Results Tab` names the results tabs."""
    reg, res = ruleset.registration, ruleset.results
    results = results or {}
    pieces = tuple(catalog.piece_names())
    maps = tuple(sorted(set(catalog.maps.values()), key=str.casefold))
    players = _names(reg.tab)
    sheets = [
        Sheet(EVENTS_TAB, EVENT_HEADERS, tuple(tuple(e) for e in events)),
        Sheet(reg.tab, registration_headers(ruleset), tuple(tuple(r) for r in registrations), (
            Dropdown(reg.event, source=_names(EVENTS_TAB)),
            *(Dropdown(h, pieces) for h in reg.roster if pieces),
            Dropdown(reg.status, tuple(w for w in ruleset.statuses if w)),
        )),
    ]
    tab_col = EVENT_HEADERS.index("Results Tab")
    for event in events:
        tab = str(event[tab_col])
        drops = [Dropdown(res.side_header(res.competitor, s), source=players) for s in res.sides]
        drops += [Dropdown(res.side_header(res.piece, s), pieces) for s in res.sides if res.piece and pieces]
        drops += [Dropdown(res.venue_item, maps)] if res.venue_item and maps else []
        drops += [Dropdown(res.winner, source=players), Dropdown(res.result, tuple(w for w in res.kinds if w))]
        sheets.append(Sheet(tab, results_headers(ruleset), tuple(tuple(r) for r in results.get(tab, ())), tuple(drops)))
    sheets.append(Sheet(PENALTIES_TAB, PENALTY_HEADERS, tuple(tuple(p) for p in penalties), (
        Dropdown("Event", source=_names(EVENTS_TAB)), Dropdown("Competitor", source=players),
        Dropdown("Penalty", ruleset.penalty_kinds),
    )))
    return sheets


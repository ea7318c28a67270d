"""The input tabs of a ruleset, with headers and dropdowns, for `league init` and the demo."""

from __future__ import annotations

from collections.abc import Sequence

from league.cells import Cell, quote_tab
from league.read.avoid import AVOID_HEADERS, AVOID_TAB
from league.read.events import EVENT_HEADERS, EVENTS_TAB
from league.read.penalties import PENALTIES_TAB, PENALTY_HEADERS
from league.rules.catalog import Catalog
from league.rules.components.catalog import CatalogRules
from league.rules.components.alignment import AlignmentRules
from league.rules.components.cut import IN, OUT, CutRules
from league.rules.components.deductions import DeductionRules
from league.rules.components.eligibility import EligibilityRules
from league.rules.components.lineup import LineupRules
from league.rules.components.roster import RosterRules
from league.rules.components.stages import StageRules
from league.rules.ruleset import Ruleset
from league.sheet import Dropdown, Sheet

Rows = Sequence[Sequence[Cell]]


def _names(tab: str) -> str:
    """Column A of a tab below its header: the competitors' names in every template."""
    return f"{quote_tab(tab)}!$A$2:$A"


def _word_columns(ruleset: Ruleset) -> dict[str, tuple[Dropdown, ...]]:
    """Dropdowns of the columns the ruleset's components read as words, by tab role: the yes/no deduction columns,
    the officials' cut decision and an account standing (registration), a member's status, a row's stage, the army a game penalty is for."""
    aligned, cut, deductions = ruleset.component(AlignmentRules), ruleset.component(CutRules), ruleset.component(DeductionRules)
    lineup, stages, res = ruleset.component(LineupRules), ruleset.component(StageRules), ruleset.results
    eligibility = ruleset.component(EligibilityRules)
    yes_no = (*deductions.met, *deductions.missing) if deductions else ()
    armies = aligned.values if aligned and deductions and deductions.game and deductions.game_text == aligned.text else ()
    return {
        "registration": (*(Dropdown(h, yes_no) for h in (deductions.registration if deductions else ())),
                         *([Dropdown(cut.decided, (IN, OUT))] if cut and cut.decided else []),
                         *([Dropdown(eligibility.header, (*eligibility.allowed, *eligibility.refused))] if eligibility else [])),
        "members": (Dropdown(lineup.status, lineup.statuses),) if lineup else (),
        "results": (Dropdown(res.row_texts[stages.column], (*stages.counted, *stages.others)),) if stages else (),
        "penalties": (Dropdown(deductions.game, armies),) if deductions and armies else (),
    }


def input_sheets(ruleset: Ruleset, catalog: Catalog, events: Sequence[Sequence[Cell]],
                 registrations: Rows = (), results: dict[str, Rows] | None = None, penalties: Rows = (),
                 members: Rows = ()) -> list[Sheet]:
    """Events, registration (and members), one results tab per event, Penalties and Avoid, each with its dropdowns.

    `events` rows follow the Events headers; their `Results Tab` names the results tabs."""
    reg, res = ruleset.registration, ruleset.results
    results = results or {}
    rules, roster = ruleset.component(CatalogRules), ruleset.component(RosterRules)
    pieces = tuple(catalog.piece_names()) if rules else ()
    maps = tuple(sorted(set(catalog.maps.values()), key=str.casefold)) if rules else ()
    competitors = _names(reg.tab)
    aligned, words = ruleset.component(AlignmentRules), _word_columns(ruleset)
    sheets = [
        Sheet(EVENTS_TAB, EVENT_HEADERS, tuple(tuple(e) for e in events)),
        Sheet(reg.tab, reg.headers, tuple(tuple(r) for r in registrations), (
            *([Dropdown(reg.event, source=_names(EVENTS_TAB))] if reg.event else []),
            *(Dropdown(h, pieces) for h in (roster.headers if roster else ()) if pieces),
            Dropdown(reg.status, tuple(w for w in ruleset.statuses if w)),
            *words["registration"],
        )),
    ]
    if ruleset.members:
        spec = ruleset.members
        sheets.append(Sheet(spec.tab, spec.headers, tuple(tuple(m) for m in members),
                            (Dropdown(spec.competitor, source=competitors), *words["members"])))
    tab_col = EVENT_HEADERS.index("Results Tab")
    for event in events:
        tab = str(event[tab_col])
        drops = [Dropdown(res.side_header(res.competitor, s), source=competitors) for s in res.sides]
        if rules and rules.piece and pieces:
            drops += [Dropdown(res.side_header(res.texts[rules.piece], s), pieces) for s in res.sides]
        if rules and rules.map and maps:
            drops.append(Dropdown(res.row_texts[rules.map], maps))
        drops += [Dropdown(res.side_header(res.texts[aligned.text], s), aligned.values) for s in res.sides] if aligned else []
        drops += [Dropdown(res.winner, source=competitors)] if res.winner else []
        drops += [*words["results"], Dropdown(res.result, tuple(w for w in res.kinds if w))]
        sheets.append(Sheet(tab, res.order, tuple(tuple(r) for r in results.get(tab, ())), tuple(drops)))
    deductions = ruleset.component(DeductionRules)
    penalty_headers = (*PENALTY_HEADERS, *([deductions.game] if deductions and deductions.game else []))
    sheets.append(Sheet(PENALTIES_TAB, penalty_headers, tuple(tuple(p) for p in penalties), (
        Dropdown("Event", source=_names(EVENTS_TAB)), Dropdown("Competitor", source=competitors),
        Dropdown("Penalty", ruleset.penalties.kinds), *words["penalties"],
    )))
    sheets.append(Sheet(AVOID_TAB, AVOID_HEADERS, (), (
        Dropdown("Event", source=_names(EVENTS_TAB)), Dropdown("Competitor A", source=competitors),
        Dropdown("Competitor B", source=competitors),
    )))
    return sheets

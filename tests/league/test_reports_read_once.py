"""The league a sync evaluates with a reports tab is read once and checked once (`read_reported`, `evaluate_league`),
and is the one `evaluate` gives for the tabs `reconcile_tabs` fills: the same problems, standings and fills, whether
the agreed results pass their checks, some fail them or there is nothing to fill."""

from __future__ import annotations

import datetime as dt

import pytest

from league.cells import Grid
from league.checks import CHECKS, run_checks
from league.evaluate import Evaluation, evaluate, evaluate_league, read_league
from league.model.league import League
from league.player_reports import Reconciled, read_reported, reconcile_tabs
from league.report import leaderboard_sheet, standings_sheets
from league.rules.catalog import Catalog
from league.rules.ruleset import Ruleset
from tests.league.test_reports import CATALOG, DAY, GL, GL_CATALOG, NOW, RULESET, TAB, gl_league, league, report

AGREED = [
    report(3, "Ana", "Ben", 2, 1),
    report(2, "Ben", "Ana", 1, 2),
    report(3, "Cy", "Dee", 0, 2),
    report(2, "Dee", "Cy", 2, 0),
]
CASES: dict[str, tuple[dict[str, Grid], Ruleset, Catalog]] = {
    "both agreed results pass": (league(AGREED), RULESET, CATALOG),
    "one of two agreed results fails": (
        league([report(3, "Ana", "Ben", 5, 0), report(2, "Ben", "Ana", 0, 5), *AGREED[2:]]),
        RULESET,
        CATALOG,
    ),
    "the agreed result fails": (
        league([report(3, "Ana", "Ben", 5, 0), report(2, "Ben", "Ana", 0, 5)]),
        RULESET,
        CATALOG,
    ),
    "disagreeing, and one side alone": (
        league([report(3, "Ana", "Ben", 2, 0), report(2, "Ben", "Ana", 2, 0), report(30, "Cy", "Dee", 2, 1)]),
        RULESET,
        CATALOG,
    ),
    "a typed result and a report against it": (
        league([report(3, "Ana", "Ben", 2, 0), *AGREED[2:]], [[1, 1, "Ana", "Ben", 0, 2], [1, 2, "Cy", "Dee"]]),
        RULESET,
        CATALOG,
    ),
    "a row with an error besides": (
        league(AGREED, [[1, 1, "Ana", "Ben"], [1, 2, "Cy", "Dee"], [1, 3, "Ana", "Zed", 2, 0]]),
        RULESET,
        CATALOG,
    ),
    "no reports tab": ({t: g for t, g in league(AGREED).items() if t != TAB}, RULESET, CATALOG),
    "a GL row filled whole": (
        gl_league(
            [1, "Ana Souza", "Ben Cruz", "Medusa", "Sinbad", "Hanging Gardens", "Ana Souza", 5, 0, 16, 15],
            [1, "Ben Cruz", "Ana Souza", "sinbad", "Medusa", "Hanging Gardens", "ana souza", 0, 5, 15, 16],
        ),
        GL,
        GL_CATALOG,
    ),
}


def seen(ev: Evaluation) -> tuple[object, ...]:
    """Everything an evaluation holds, its standings as the tabs show them (a `Standing` is a view, not a value)."""
    tables = [*standings_sheets(ev), leaderboard_sheet(ev, None)]
    return (
        ev.league,
        ev.problems,
        [(t.name, t.header, t.rows) for t in tables],
        repr(ev.standings),
        repr(ev.leaderboard),
        ev.stages,
        ev.names,
        ev.notes,
        ev.counted,
        ev.remarks,
        ev.states,
        ev.results,
    )


@pytest.mark.parametrize("case", CASES)
def test_the_league_read_once_is_the_one_evaluate_reads_from_the_filled_tabs(case: str) -> None:
    tabs, ruleset, catalog = CASES[case]
    filled, before = reconcile_tabs(tabs, ruleset, catalog, TAB, NOW, DAY, dt.UTC)
    runs: list[League] = []
    with CHECKS.added("counted_runs", lambda lg: iter(runs.append(lg) or ())):
        lg, problems, done = read_reported(tabs, ruleset, catalog, TAB, NOW, DAY, dt.UTC)
    assert done == before
    failed = "fails" in case  # then the league without the agreed results that fail is checked again
    assert len(runs) == 1 + failed and runs[-1] is lg
    assert seen(evaluate_league(lg, problems)) == seen(evaluate(filled, ruleset, catalog))
    assert isinstance(done, Reconciled) and (case != "both agreed results pass" or len(done.fills) == 2)
    assert case != "one of two agreed results fails" or len(done.fills) == 1


def test_evaluate_league_is_evaluate_after_its_read_and_checks() -> None:
    tabs = league(
        [], [[1, 1, "Ana", "Ben", 2, 1], [1, 2, "Cy", "Dee", 3, 0], [2, 1, "Ana", "Dee", 2, 0], [2, 2, "Ben", "Cy"]]
    )
    lg, problems = read_league(tabs, RULESET, CATALOG)
    assert seen(evaluate_league(lg, [*problems, *run_checks(lg)])) == seen(evaluate(tabs, RULESET, CATALOG))

"""The league a sync evaluates when players report through a Form: the input tabs read into a league once, the results
both sides reported alike put into the rows they fill (only those rows read again), and the whole checked once."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import replace

from league.cells import Grid
from league.checks import run_checks
from league.evaluate import read_league
from league.model.league import League
from league.model.match import Match
from league.pairing.bracket_model import Playoff
from league.player_reports.reconcile import filled, reconciled_league
from league.player_reports.settling import Reconciled
from league.problems import Problem
from league.read.results import read_matches
from league.rules.catalog import Catalog
from league.rules.ruleset import Ruleset
from league.sheet import Fill


def read_reported(
    tabs: Mapping[str, Grid],
    ruleset: Ruleset,
    catalog: Catalog,
    tab: str,
    now: dt.datetime,
    confirm: dt.timedelta,
    zone: dt.tzinfo,
    named: bool = False,
    shown: dt.tzinfo = dt.UTC,
    since: dt.datetime | None = None,
    playoffs: Mapping[str, Playoff] | None = None,
) -> tuple[League, list[Problem], Reconciled]:
    """The league of the input tabs with the results both sides reported alike filled in, as `reconcile_tabs` fills
    them (its arguments mean the same), its problems (those met reading it, then its checks'), and what the reports
    tab says: what `read_league` and `run_checks` give for the tabs `reconcile_tabs` returns.

    The tabs are read once; the rows the reports fill are read again, filled in, and the league with them is checked
    once, for the reports and for the standings. Only when some agreed results fail the checks (an error at their
    reports) is the league without them checked again."""
    lg, problems = read_league(dict(tabs), ruleset, catalog)
    tried: list[tuple[int, League, list[Problem], list[Problem]]] = []
    """How many results both sides reported alike, the league with them filled in, the problems met reading it, and
    its checks'."""

    def check(fills: Sequence[Fill]) -> list[Problem]:
        league, read = refilled(lg, problems, tabs, fills)
        checks = run_checks(league)
        tried.append((len(fills), league, read, checks))
        return [*read, *checks]

    _, done = reconciled_league(
        tabs, ruleset, lambda: lg, tab, now, confirm, zone, named, shown, since, playoffs, check
    )
    if not tried:
        return lg, [*problems, *run_checks(lg)], done
    agreed, league, read, checks = tried[0]
    if len(done.fills) < agreed:  # some would be wrong: the league is the one without them
        league, read = refilled(lg, problems, tabs, done.fills)
        checks = run_checks(league)
    return league, [*read, *checks], done


def refilled(
    lg: League, problems: list[Problem], tabs: Mapping[str, Grid], fills: Sequence[Fill]
) -> tuple[League, list[Problem]]:
    """League `lg` and the problems met reading it from `tabs`, as `read_league` gives them for the tabs with `fills`
    written in: only the rows they fill are read again (with their tab's headers), the rest is kept."""
    rows = {(fill.tab, fill.row) for fill in fills}
    if not rows:
        return lg, problems
    sparse: dict[str, Grid] = {}
    for name in {t for t, _ in rows}:
        grid, wanted = tabs[name], {row for t, row in rows if t == name}
        sparse[name] = [grid[0], *(grid[row - 1] if row in wanted else [] for row in range(2, max(wanted) + 1))]
    sparse = filled(sparse, fills, lg.columns)
    by_folded = {name.casefold(): name for name in sparse}
    again: dict[tuple[str, str, int], Match] = {}
    read: list[Problem] = []
    for event in lg.events:  # as `read_league` reads each event's results tab
        results = by_folded.get(event.results_tab.casefold()) if event.results_tab else None
        if results is None:
            continue
        matches, found = read_matches(results, sparse[results], lg.ruleset, event.id, {})
        again.update(((m.event, m.tab, m.row), m) for m in matches)
        read += [p for p in found if (p.tab, p.row) in rows]
    kept = [p for p in problems if (p.tab, p.row) not in rows]
    return replace(lg, matches=[again.get((m.event, m.tab, m.row), m) for m in lg.matches]), [*kept, *read]

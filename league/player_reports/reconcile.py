"""Results players report through a Form, reconciled with the pending rows of the results tabs. Pure: no I/O.

Both sides reported alike: the result goes into the row's empty result cells. They disagree: an error at both
reports. One side only: the row waits, and after `confirm` it is a warning. A typed result is never changed."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence

from league.cells import Grid, as_text, header_key, name_key
from league.checks import run_checks
from league.evaluate import event_playoffs, read_league
from league.lifecycle import EventState, Phase, event_states
from league.model.league import League
from league.pairing.bracket_model import Playoff
from league.player_reports.placing import PlacedReport
from league.player_reports.settling import Reconciled, Reconciler
from league.problems import Problem, Severity
from league.read.columns import LocatedTab
from league.read.reports import Report, read_emails, read_reports
from league.rules.catalog import Catalog, closest
from league.rules.ruleset import Ruleset
from league.sheet import Fill

FillCheck = Callable[[Sequence[Fill]], Sequence[Problem]]
"""The problems of the league with the given results filled in: those met reading it, then those its checks find."""


def reconcile_tabs(
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
) -> tuple[dict[str, Grid], Reconciled]:
    """The input tabs with the reported results filled in, and what the reports tab says; unchanged without it (a
    warning when league.toml `named` the tab). The Form's times are read in `zone` and shown in `shown`; a replaced
    answer is logged once, by the first sync after the previous one (`since`; None: every sync logs it). `playoffs`
    (what each event's bracket decided, by event id) say which events with playoffs are finished: those with a
    champion."""
    lg, done = reconciled_league(
        tabs,
        ruleset,
        lambda: read_league(dict(tabs), ruleset, catalog)[0],
        tab,
        now,
        confirm,
        zone,
        named,
        shown,
        since,
        playoffs,
    )
    return (dict(tabs) if lg is None else filled(tabs, done.fills, lg.columns)), done


def reconciled_league(
    tabs: Mapping[str, Grid],
    ruleset: Ruleset,
    league: Callable[[], League],
    tab: str,
    now: dt.datetime,
    confirm: dt.timedelta,
    zone: dt.tzinfo,
    named: bool = False,
    shown: dt.tzinfo = dt.UTC,
    since: dt.datetime | None = None,
    playoffs: Mapping[str, Playoff] | None = None,
    check: FillCheck | None = None,
) -> tuple[League | None, Reconciled]:
    """`reconcile_tabs`' reconciling, with the league the input tabs hold given by `league`, asked for only when the
    reports tab can be read (then returned; else None); `check` as for `reconcile`."""
    found = next((t for t in tabs if t.casefold() == tab.casefold()), None)
    if found is None or not ruleset.reports:
        return None, Reconciled(problems=[no_reports_tab(tabs, ruleset, tab)] if named and ruleset.reports else [])
    emails = read_emails(tabs, ruleset)
    table, reports, problems, aside = read_reports(found, tabs[found], ruleset, zone, emails is not None)
    if table is None:
        return None, Reconciled(problems=problems)
    lg = league()
    done = reconcile(
        lg,
        event_states(lg, event_playoffs(lg, playoffs or {})),
        table,
        reports,
        emails,
        tabs,
        now,
        confirm,
        shown,
        since,
        check,
    )
    return lg, Reconciled(done.fills, problems + done.problems, done.log, done.awaiting, aside)


def no_reports_tab(tabs: Mapping[str, Grid], ruleset: Ruleset, tab: str) -> Problem:
    """The warning for a `reports` setting naming no tab: the closest tab name, else the tab whose headers hold the
    most of the Form's questions (Google names the tab in the spreadsheet's language: `Respostas ao formulário 1`)."""
    near = closest(tab, {name_key(t): t for t in tabs})
    questions = {header_key(q) for q, _ in ruleset.reports}
    held = {t: len(questions & {header_key(h) for h in g[0]}) for t, g in tabs.items() if g}
    form = max(held, key=lambda t: held[t], default="")
    guess = near[0] if near else form if held.get(form, 0) >= 2 else ""
    return Problem(
        Severity.WARNING,
        "missing-reports-tab",
        tab,
        None,
        "",
        None,
        f"`reports = {tab!r}` in league.toml names no tab of the workbook: the players' reports are not read",
        (f"did you mean {guess!r}? " if guess else "") + "set `reports` to the name of the tab the Form fills "
        "(the Form's Responses tab: Link to Sheets), or rename that tab",
    )


def filled(
    tabs: Mapping[str, Grid], fills: Sequence[Fill], columns: Mapping[str, Mapping[str, int]]
) -> dict[str, Grid]:
    """The tabs as they will be once the fills are written (copies of the filled tabs; the rest shared)."""
    out = dict(tabs)
    for fill in fills:
        grid = out[fill.tab] = [list(r) for r in out[fill.tab]] if out[fill.tab] is tabs[fill.tab] else out[fill.tab]
        line = grid[fill.row - 1]
        for header, value in fill.cells:
            at = columns[fill.tab][header]
            line.extend([None] * (at + 1 - len(line)))
            line[at] = value
    return out


def checked_anew(lg: League, tabs: Mapping[str, Grid]) -> FillCheck:
    """The `FillCheck` that reads the league again from `tabs` with the results filled in, then checks it."""

    def check(fills: Sequence[Fill]) -> list[Problem]:
        read, problems = read_league(filled(tabs, fills, lg.columns), lg.ruleset, lg.catalog)
        return [*problems, *run_checks(read)]

    return check


def reconcile(
    lg: League,
    states: Mapping[str, EventState],
    table: LocatedTab,
    reports: Sequence[Report],
    emails: Mapping[str, frozenset[str]] | None,
    tabs: Mapping[str, Grid],
    now: dt.datetime,
    confirm: dt.timedelta,
    shown: dt.tzinfo = dt.UTC,
    since: dt.datetime | None = None,
    check: FillCheck | None = None,
) -> Reconciled:
    """Place every report sent between its event's date and `now` on its row, then settle each row by its two sides'
    latest reports (times shown in `shown`).
    The results both sides reported alike are filled in only if `check` (by default: the league read again with
    them filled in, then checked) finds no error in their rows."""
    rec = Reconciler(lg, table, tabs, emails, shown)
    timely = [r for r in sorted(reports, key=lambda r: (r.time, r.row)) if rec.in_time(r, now)]
    placed = [p for p in map(rec.place, timely) if p is not None]
    latest: dict[tuple[str, int], dict[int, list[PlacedReport]]] = defaultdict(lambda: defaultdict(list))
    for p in placed:
        latest[(p.match.tab, p.match.row)][p.side].append(p)
    out = Reconciled(problems=rec.problems)
    for by_side in latest.values():
        last = {side: answers[-1] for side, answers in by_side.items()}
        match = next(iter(last.values())).match
        if not match.pending:
            for p in last.values():
                rec.against_typed(p, states[match.event].phase is Phase.COMPLETE)  # not while its playoffs run
            continue
        out.log.extend(line for answers in by_side.values() if (line := rec.replaced(answers, since)))
        if len(last) == 2:
            rec.settle(last[0], last[1])
        else:
            rec.waiting(next(iter(last.values())), now, confirm, out)
    agreed = [fill for fill, _, _ in rec.agreed]
    for fill, one in rec.checked((check or checked_anew(lg, tabs))(agreed) if agreed else ()):
        out.fills.append(fill)
        out.log.append(
            f"{rec.where(one.match)}: both reported {', '.join(f'{h} {as_text(v)}' for h, v in fill.cells)}: "
            f"written into {fill.tab} row {fill.row}"
        )
    return out

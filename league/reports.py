"""Results players report through a Form, reconciled with the pending rows of the results tabs. Pure: no I/O.

Both sides reported alike: the result goes into the row's empty result cells. They disagree: an error at both
reports. One side only: the row waits, and after `confirm` it is a warning. A typed result is never changed."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from league.cells import Cell, Grid, as_text, header_key, name_key, parse_whole
from league.checks import run_checks
from league.evaluate import event_playoffs, read_league
from league.pairing.bracket import Playoff
from league.lifecycle import EventState, Phase, event_states
from league.model.competitor import Entrant
from league.model.league import League
from league.model.match import Match
from league.match_table import typed_games
from league.model.words import Status
from league.problems import Problem, Severity
from league.read.columns import Table, unreadable
from league.read.reports import EMAIL, EVENT, Report, read_emails, read_reports
from league.rules.catalog import Catalog, closest
from league.rules.components.base import Tab
from league.rules.ruleset import Ruleset
from league.sheet import Fill


@dataclass(frozen=True)
class Reconciled:
    """What the reports add to a sync: cells to fill, problems, `Sync Log` lines, and the rows awaiting a side."""

    fills: list[Fill] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    awaiting: list[str] = field(default_factory=list)
    """One line per row one side reported and the other not yet, for `league status`."""


@dataclass(frozen=True)
class Placed:
    """A report found its row: the match, the reporter's side, and its answers as the row's own headers."""

    report: Report
    match: Match
    side: int
    view: dict[str, Cell]
    """Results header of the row (side A is the row's A, whoever reported) -> the answer."""


def reconcile_tabs(tabs: Mapping[str, Grid], ruleset: Ruleset, catalog: Catalog, tab: str, now: dt.datetime,
                   confirm: dt.timedelta, zone: dt.tzinfo, named: bool = False, shown: dt.tzinfo = dt.UTC,
                   since: dt.datetime | None = None, playoffs: Mapping[str, Playoff] | None = None
                   ) -> tuple[dict[str, Grid], Reconciled]:
    """The input tabs with the reported results filled in, and what the reports tab says; unchanged without it (a
    warning when league.toml `named` the tab). The Form's times are read in `zone` and shown in `shown`; a replaced
    answer is logged once, by the first sync after the previous one (`since`; None: every sync logs it). `playoffs`
    (what each event's bracket decided, by event id) say which events with playoffs are finished: those with a champion."""
    found = next((t for t in tabs if t.casefold() == tab.casefold()), None)
    if found is None or not ruleset.reports:
        return dict(tabs), Reconciled(problems=[no_reports_tab(tabs, ruleset, tab)] if named and ruleset.reports else [])
    emails = read_emails(tabs, ruleset)
    table, reports, problems = read_reports(found, tabs[found], ruleset, zone, emails is not None)
    if table is None:
        return dict(tabs), Reconciled(problems=problems)
    lg, _ = read_league(dict(tabs), ruleset, catalog)
    done = reconcile(lg, event_states(lg, event_playoffs(lg, playoffs or {})), table, reports, emails, tabs, now, confirm, shown, since)
    return filled(tabs, done.fills, lg.columns), Reconciled(done.fills, problems + done.problems, done.log, done.awaiting)


def no_reports_tab(tabs: Mapping[str, Grid], ruleset: Ruleset, tab: str) -> Problem:
    """The warning for a `reports` setting naming no tab: the closest tab name, else the tab whose headers hold the
    most of the Form's questions (Google names the tab in the spreadsheet's language: `Respostas ao formulário 1`)."""
    near = closest(tab, {name_key(t): t for t in tabs})
    questions = {header_key(q) for q, _ in ruleset.reports}
    held = {t: len(questions & {header_key(h) for h in g[0]}) for t, g in tabs.items() if g}
    form = max(held, key=lambda t: held[t], default="")
    guess = near[0] if near else form if held.get(form, 0) >= 2 else ""
    return Problem(Severity.WARNING, "missing-reports-tab", tab, None, "", None,
                   f"`reports = {tab!r}` in league.toml names no tab of the workbook: the players' reports are not read",
                   (f"did you mean {guess!r}? " if guess else "") + "set `reports` to the name of the tab the Form fills "
                   "(the Form's Responses tab: Link to Sheets), or rename that tab")


def filled(tabs: Mapping[str, Grid], fills: Sequence[Fill], columns: Mapping[str, Mapping[str, int]]) -> dict[str, Grid]:
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


def reconcile(lg: League, states: Mapping[str, EventState], table: Table, reports: Sequence[Report],
              emails: Mapping[str, frozenset[str]] | None, tabs: Mapping[str, Grid], now: dt.datetime,
              confirm: dt.timedelta, shown: dt.tzinfo = dt.UTC, since: dt.datetime | None = None) -> Reconciled:
    """Place every report on its row, then settle each row by its two sides' latest reports (times shown in `shown`)."""
    rec = _Reconciler(lg, table, tabs, emails, shown)
    placed = [p for p in (rec.place(r) for r in sorted(reports, key=lambda r: (r.time, r.row))) if p is not None]
    latest: dict[tuple[str, int], dict[int, list[Placed]]] = defaultdict(lambda: defaultdict(list))
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
    for fill, one in rec.checked():
        out.fills.append(fill)
        out.log.append(f"{rec.where(one.match)}: both reported {', '.join(f'{h} {as_text(v)}' for h, v in fill.cells)}: "
                       f"written into {fill.tab} row {fill.row}")
    return out


class _Reconciler:
    """The ruleset's headers worked out once, and the problems found so far."""

    def __init__(self, lg: League, table: Table, tabs: Mapping[str, Grid], emails: Mapping[str, frozenset[str]] | None,
                 shown: dt.tzinfo) -> None:
        self.lg, self.table, self.tabs, self.emails, self.shown = lg, table, tabs, emails, shown
        res = lg.ruleset.results
        self.res = res
        a, b = res.sides[:2]
        self.questions = {header: question for question, header in lg.ruleset.reports}
        self.first, self.second = res.side_header(res.competitor, a), res.side_header(res.competitor, b)
        per_side = [res.competitor, *res.figures.values(), *res.texts.values(), *([res.games.won] if res.games else []),
                    *([res.drop] if res.drop else [])]
        self.swap = {res.side_header(t, x): res.side_header(t, y) for t in per_side for x, y in ((a, b), (b, a))}
        self.numbers = res.whole_headers
        self.outcome = [h for h in self.questions if h in res.outcome_headers]
        self.keys = [h for h in self.questions if h not in (res.round, self.first, self.second) and h not in res.outcome_headers]
        self.rounds: dict[tuple[str, int], list[Match]] = defaultdict(list)
        for m in lg.matches:
            if m.round is not None:
                self.rounds[(m.event, m.round)].append(m)
        self.choices = {d.column: d.values for c in lg.ruleset.components
                        for d in c.dropdowns(Tab.RESULTS, lg.ruleset, lg.catalog) if d.values}
        """Results header -> the words the components allow in it (official fighters and maps, armies)."""
        self.problems: list[Problem] = []
        self.agreed: list[tuple[Fill, Placed, Placed]] = []
        """Results both sides reported alike, with the two reports, not yet checked."""

    def _error(self, report: Report, header: str, problem: str, fix: str, severity: Severity = Severity.ERROR) -> None:
        question = self.questions.get(header, header)
        self.problems.append(self.table.problem(severity, "report", report.row, question, problem, fix))

    def place(self, report: Report) -> Placed | None:
        """The row a report is about, or None with the problem at the cell that keeps it from one."""
        lg, answers = self.lg, report.answers
        event = lg.event_id(report.event)
        if event is None:
            near = closest(report.event, {name_key(e.id): e.id for e in lg.events})
            self._error(report, EVENT, f"event {report.event!r} is not in the Events tab",
                        f"did you mean {near[0]}?" if near else "choose one of: " + ", ".join(e.id for e in lg.events))
            return None
        reporter, opponent = (self._entrant(report, event, header) for header in (self.first, self.second))
        if reporter is None or opponent is None:
            return None
        who = (reporter, opponent)
        if self.emails is not None and report.email.casefold() not in self.emails.get(who[0].key, frozenset()):
            known = self.emails.get(who[0].key)
            why = (f"which is not {who[0].name}'s in the {lg.ruleset.registration.tab} tab (Email)" if known else
                   f"and {who[0].name} has no address in the {lg.ruleset.registration.tab} tab's Email column")
            self.problems.append(self.table.problem(
                Severity.ERROR, "report-email", report.row, EMAIL,
                f"the report for {who[0].name} came from {report.email or 'no address'!r}, {why}: it is ignored",
                f"{who[0].name} reports from the address registered, or a judge fixes that address" if known else
                f"type {who[0].name}'s address in the Email column, then the next sync counts this report"))
            return None
        number = parse_whole(answers.get(self.res.round))
        if number is None or number < 1:
            self.problems.append(unreadable(self.table, report.row, self.questions[self.res.round],
                                            answers.get(self.res.round), "a round number (1, 2, ...)"))
            return None
        rows = [m for m in self.rounds.get((event, number), []) if who[0].key in (s.key for s in m.sides)]
        if not self.rounds.get((event, number)):
            self._error(report, self.res.round, f"round {number} of {event} is not paired", "check the round number")
            return None
        if not rows:
            self._error(report, self.first, f"{who[0].name} has no match in round {number} of {event}",
                        "check the round and the name")
            return None
        theirs = [m for m in rows if who[1].key in (s.key for s in m.sides) and who[0].key != who[1].key]
        if not theirs:
            others = {s.name or "a bye" for m in rows for s in m.sides if s.key != who[0].key} or {"a bye"}
            self._error(report, self.second, f"{who[1].name} is not {who[0].name}'s opponent in round {number} of {event}: "
                        f"{who[0].name} played {', '.join(sorted(others))} ({rows[0].tab} row {rows[0].row})",
                        "choose the opponent of that round, or check the round")
            return None
        placed = self._row(report, theirs, who[0].key)
        left = [(h, e) for h, e in zip((self.first, self.second), who) if e.status is not Status.ACTIVE]
        if placed is None or not placed.match.pending or not left:
            return placed
        header, entrant = left[0]
        self._error(report, header, f"{entrant.name} has left {event} (Status {_word(lg.ruleset, entrant.status)} in "
                    f"{lg.ruleset.registration.tab} row {entrant.row}): reports of their matches are not taken",
                    f"a judge types the result in {placed.match.tab} row {placed.match.row}")
        return None

    def _entrant(self, report: Report, event: str, header: str) -> Entrant | None:
        typed = as_text(report.answers.get(header))
        entrant = self.lg.entrant(event, typed)
        if entrant is None:
            near = closest(typed, {e.key: e.name for (ev, _), e in self.lg.roster.items() if ev == event})
            self._error(report, header, f"{typed!r} is not registered for {event}",
                        f"did you mean {near[0]}?" if near else f"use the name as in the {self.lg.ruleset.registration.tab} tab")
            return None
        return entrant

    def _row(self, report: Report, rows: list[Match], reporter: str) -> Placed | None:
        """The row whose typed cells (an army, say) agree with the report's answers, with the answers as its headers."""
        bad = False
        views = []
        for m in rows:
            side = 0 if m.sides[0].key == reporter else 1
            view: dict[str, Cell] = {}
            for header in [*self.outcome, *self.keys]:
                answer = report.answers.get(header)
                if header in self.numbers and as_text(answer) and ((whole := parse_whole(answer)) is None or whole < 0):
                    if not bad:
                        self.problems.append(unreadable(self.table, report.row, self.questions[header], answer,
                                                        "a whole number of 0 or more"))
                    bad = True
                view[self.swap.get(header, header) if side else header] = answer
            views.append((m, side, view))
        if bad:
            return None
        for m, side, view in views:
            keys = [self.swap.get(h, h) if side else h for h in self.keys]
            if all(not as_text(self._cell(m, h)) or _same(h in self.numbers, view[h], self._cell(m, h)) for h in keys):
                return self._spelled(Placed(report, m, side, view))
        header = self.keys[0]
        self._error(report, header, f"{self.questions[header]} {as_text(report.answers.get(header))!r} matches no game of "
                    f"that round ({', '.join(f'{m.tab} row {m.row}' for m in rows)})", f"check {self.questions[header]}")
        return None

    def _spelled(self, p: Placed) -> Placed | None:
        """The answers naming a winner, a piece or a map as the results tab spells them (the registered name, the
        catalog's official one, aliases included); None, with the problem at the answer, for a name that is none."""
        view = dict(p.view)
        for header, typed in p.view.items():
            if not as_text(typed):
                continue
            known = self._names(p.match, header)
            if known is None:
                continue
            piece = self.lg.catalog.piece(as_text(typed)) if header != self.res.winner else None
            found = known.get(name_key(typed)) or (piece.name if piece and name_key(piece.name) in known else None)
            if found is None:
                near, asked = closest(as_text(typed), known), self.swap.get(header, header) if p.side else header
                self._error(p.report, asked, f"{self.questions[asked]} {as_text(typed)!r} is not {self._what(header)}",
                            f"did you mean {' or '.join(near)}?" if near else f"answer one of: {', '.join(sorted(set(known.values())))}")
                return None
            view[header] = found
        return replace(p, view=view)

    def _names(self, m: Match, header: str) -> dict[str, str] | None:
        """Name key -> spelling of what `header` names in row `m`: its two sides for the winner, else the words the
        components allow in that column (the dropdown's); None for an answer taken as typed."""
        if header == self.res.winner:
            return {s.key: s.name for s in m.sides if s.name}
        words = self.choices.get(header)
        return {name_key(w): w for w in words} if words else None

    def _what(self, header: str) -> str:
        if header == self.res.winner:
            return "one of the two in that match"
        return "one of its choices (the official names)"

    def _cell(self, m: Match, header: str) -> Cell:
        at = self.lg.columns.get(m.tab, {}).get(header)
        line = self.tabs[m.tab][m.row - 1] if m.row - 1 < len(self.tabs[m.tab]) else []
        return line[at] if at is not None and at < len(line) else None

    def agree(self, m: Match, one: Mapping[str, Cell], other: Mapping[str, Cell]) -> bool:
        """Whether two sets of answers about row `m` say the same, a header one of them lacks taken as the row has it."""
        return all(_same(h in self.numbers, one[h] if h in one else self._cell(m, h), other[h] if h in other else self._cell(m, h))
                   for h in {*one, *other})

    def said(self, p: Placed) -> str:
        """A report's result as its sender answered it: `My Wins 2, Opponent Wins 1, Draws 0`."""
        return ", ".join(f"{self.questions[h]} {as_text(p.report.answers.get(h)) or '(empty)'}" for h in [*self.keys, *self.outcome])

    def _name(self, p: Placed) -> str:
        return p.match.sides[p.side].name

    def where(self, m: Match) -> str:
        return f"{m.event} round {m.round}{f' table {m.table}' if m.table else ''}: {m.sides[0].name} v {m.sides[1].name}"

    def against_typed(self, p: Placed, finished: bool) -> None:
        """A report on a row with its result typed: quiet when it agrees, else a warning (an error once the event is over).
        A result word with its games cells empty (`Intentional Draw`, `Forfeit B`) stands for the games it records."""
        typed = {h: self._cell(p.match, h) for h in p.view}
        if self.res.games and p.match.word and all(s.games is None for s in p.match.sides):
            won = [self.res.side_header(self.res.games.won, side) for side in self.res.sides[:2]]
            typed |= dict(zip([*won, self.res.games.drawn], typed_games(self.lg.ruleset, p.match)))
        if self.agree(p.match, p.view, typed):
            return
        if finished:
            self._error(p.report, EVENT, f"{p.match.event} is finished: reports are no longer taken, and this one "
                        f"({self.said(p)}) differs from {p.match.tab} row {p.match.row}",
                        "a judge corrects that row if the report is right")
            return
        header = self.outcome[0] if self.outcome else EVENT
        self._error(p.report, header, f"{self._name(p)} reported {self.said(p)}, which differs from the result typed in "
                    f"{p.match.tab} row {p.match.row}; a report never changes a typed result",
                    f"a judge checks {p.match.tab} row {p.match.row}", Severity.WARNING)

    def replaced(self, answers: list[Placed], since: dt.datetime | None) -> str:
        """The log line of a side whose latest answer, sent after the previous sync (`since`), replaces a different one:
        the one that counted at that sync (else the one before it); empty when there is nothing new to log."""
        new = answers[-1]
        if len(answers) < 2 or (since is not None and new.report.time <= since):
            return ""
        old = next((p for p in reversed(answers[:-1]) if since is not None and p.report.time <= since), answers[-2])
        if self.agree(new.match, old.view, new.view):
            return ""
        return (f"{self.where(new.match)}: {self._name(new)}'s report of {self.time(new, ':%S')} "
                f"({self.said(new)}) replaces the one of {self.time(old, ':%S')} ({self.said(old)})")

    def time(self, p: Placed, seconds: str = "") -> str:
        """When a report was sent, in the league's zone, the zone named: `2026-03-14 18:00 UTC`."""
        return f"{p.report.time.astimezone(self.shown):%Y-%m-%d %H:%M{seconds} %Z}"

    def settle(self, one: Placed, other: Placed) -> None:
        """Both sides reported: the result to write when they agree (see `checked`), else an error at both reports."""
        m = one.match
        header = self.outcome[0] if self.outcome else EVENT
        if not self.agree(m, one.view, other.view):
            for p, q in ((one, other), (other, one)):
                self._error(p.report, header, f"the reports of {self.where(m)} disagree: {self._name(p)} answered "
                            f"{self.said(p)} (row {p.report.row}), {self._name(q)} answered {self.said(q)} (row {q.report.row})",
                            f"a judge types the result in {m.tab} row {m.row}, or one of them sends the Form again")
            return
        cells = tuple((h, _written(h in self.numbers, v)) for h, v in one.view.items()
                      if as_text(v) and not as_text(self._cell(m, h)))
        if cells:
            self.agreed.append((Fill(m.tab, m.row, cells), one, other))

    def checked(self) -> Iterator[tuple[Fill, Placed]]:
        """The agreed results whose rows, filled in, pass every check a typed row gets (a best of three ends 2-0 or 2-1,
        say); a row that would not is not filled, and its problem is an error at both reports."""
        if not self.agreed:
            return
        lg, problems = read_league(filled(self.tabs, [f for f, _, _ in self.agreed], self.lg.columns), self.lg.ruleset,
                                   self.lg.catalog)
        wrong: dict[tuple[str, int], Problem] = {}
        for problem in [*problems, *run_checks(lg)]:
            if problem.severity is Severity.ERROR and problem.row is not None:
                wrong.setdefault((problem.tab.casefold(), problem.row), problem)
        for fill, one, other in self.agreed:
            found = wrong.get((fill.tab.casefold(), fill.row))
            if found is None:
                yield fill, one
                continue
            for p in (one, other):
                self._error(p.report, self.outcome[0] if self.outcome else EVENT,
                            f"the reports of {self.where(one.match)} agree ({self._name(one)}: {self.said(one)}), but "
                            f"written into {fill.tab} row {fill.row} they would be wrong: {found.problem} ({fill.tab}!{found.cell})",
                            f"{found.fix}: one of them sends the Form again, or a judge types the result")

    def waiting(self, p: Placed, now: dt.datetime, confirm: dt.timedelta, out: Reconciled) -> None:
        """One side reported: the row waits for the other, a warning once `confirm` has passed."""
        other = p.match.sides[1 - p.side].name
        out.awaiting.append(f"{self.where(p.match)}: {self._name(p)} reported {self.said(p)} at "
                            f"{self.time(p)}; awaiting {other}")
        if now - p.report.time >= confirm:
            hours = confirm.total_seconds() / 3600
            self._error(p.report, self.first, f"{self._name(p)} reported {self.where(p.match)} at "
                        f"{self.time(p)} and {other} has not confirmed within {hours:g} hours",
                        f"ask {other} to send the Form, or a judge types the result in {p.match.tab} row {p.match.row}",
                        Severity.WARNING)


def _word(ruleset: Ruleset, status: Status) -> str:
    """The status word as the ruleset has judges type it (`Dropped`)."""
    return next((word for word, meaning in ruleset.statuses.items() if meaning is status and word), status.value)


def _same(number: bool, one: Cell, other: Cell) -> bool:
    """Two answers (or an answer and a cell) mean the same: numbers as numbers (empty as 0), text as names are matched."""
    if number:
        return (parse_whole(one) or 0) == (parse_whole(other) or 0) if (as_text(one) or as_text(other)) else True
    return name_key(one) == name_key(other)


def _written(number: bool, value: Cell) -> Cell:
    """An answer as the results tab gets it: a whole number as a number, text as typed."""
    whole = parse_whole(value) if number else None
    return whole if whole is not None else as_text(value)

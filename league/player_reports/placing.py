"""Where each report a player sent through the Form belongs: its event, round and row of the results tab, with its
answers as that row's own headers; a report that fits no row is a problem at the answer that keeps it from one."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace

from league.cells import Cell, Grid, as_text, name_key, parse_whole
from league.model.competitor import Entrant
from league.model.league import League
from league.model.match import Match
from league.model.words import Status
from league.problems import Problem, Severity
from league.read.columns import LocatedTab, unreadable
from league.read.reports import EMAIL, EVENT, TIMESTAMP, Report
from league.rules.catalog import closest
from league.rules.components.base import Tab
from league.rules.ruleset import Ruleset

SKEW = dt.timedelta(minutes=5)
"""How far past the sync's own clock a Form's timestamp may be: Google's clock and this machine's differ a little."""


@dataclass(frozen=True)
class PlacedReport:
    """A report found its row: the match, the reporter's side, and its answers as the row's own headers."""

    report: Report
    match: Match
    side: int
    view: dict[str, Cell]
    """Results header of the row (side A is the row's A, whoever reported) -> the answer."""


class Placer:
    """Finds the row each report is about: the ruleset's headers worked out once, and the problems found so far."""

    def __init__(
        self,
        lg: League,
        table: LocatedTab,
        tabs: Mapping[str, Grid],
        emails: Mapping[str, frozenset[str]] | None,
        shown: dt.tzinfo,
    ) -> None:
        self.lg, self.table, self.tabs, self.emails, self.shown = lg, table, tabs, emails, shown
        res = lg.ruleset.results
        self.res = res
        a, b = res.sides[:2]
        self.questions = {header: question for question, header in lg.ruleset.reports}
        self.first, self.second = res.side_header(res.competitor, a), res.side_header(res.competitor, b)
        per_side = [
            res.competitor,
            *res.figures.values(),
            *res.texts.values(),
            *([res.games.won] if res.games else []),
            *([res.drop] if res.drop else []),
        ]
        self.swap = {res.side_header(t, x): res.side_header(t, y) for t in per_side for x, y in ((a, b), (b, a))}
        self.numbers = res.whole_headers
        self.outcome = [h for h in self.questions if h in res.outcome_headers]
        self.keys = [
            h for h in self.questions if h not in (res.round, self.first, self.second) and h not in res.outcome_headers
        ]
        self.rounds: dict[tuple[str, int], list[Match]] = defaultdict(list)
        for m in lg.matches:
            if m.round is not None:
                self.rounds[(m.event, m.round)].append(m)
        self.choices = {
            d.column: d.values
            for c in lg.ruleset.components
            for d in c.dropdowns(Tab.RESULTS, lg.ruleset, lg.catalog)
            if d.values
        }
        """Results header -> the words the components allow in it (official fighters and maps, armies)."""
        self.problems: list[Problem] = []

    def _error(self, report: Report, header: str, problem: str, fix: str, severity: Severity = Severity.ERROR) -> None:
        question = self.questions.get(header, header)
        self.problems.append(self.table.problem(severity, "report", report.row, question, problem, fix))

    def shown_time(self, when: dt.datetime, seconds: str = "") -> str:
        """A time in the league's zone, the zone named: `2026-03-14 18:00 UTC`; in UTC when that zone's clock would
        pass the end of the calendar (an answer stamped 9999-12-31 20:00 UTC, the league east of it)."""
        try:
            return f"{when.astimezone(self.shown):%Y-%m-%d %H:%M{seconds} %Z}"
        except OverflowError:
            return f"{when.astimezone(dt.UTC):%Y-%m-%d %H:%M{seconds} %Z}"

    def in_time(self, report: Report, now: dt.datetime) -> bool:
        """Whether a report was sent between its event's date and this sync (`SKEW` allowed), else an error at its
        timestamp: a time in the future would outlast every later answer, and one before the event is about no game."""
        sent = self.shown_time(report.time, ":%S")
        if report.time > now + SKEW:
            self.problems.append(
                self.table.problem(
                    Severity.ERROR,
                    "report-time",
                    report.row,
                    TIMESTAMP,
                    f"{TIMESTAMP} {sent} is later than this sync ({self.shown_time(now, ':%S')}): an answer from the "
                    "future would outlast every later one, so it counts for nothing",
                    "restore the time the Form wrote, or clear the row; if every answer is hours ahead, set the "
                    "spreadsheet's time zone (File > Settings) or `timezone` in league.toml to the league's",
                )
            )
            return False
        event = next((e for e in self.lg.events if e.id == self.lg.event_id(report.event)), None)
        if event is None or event.date is None or report.time.astimezone(self.shown).date() >= event.date:
            return True
        self.problems.append(
            self.table.problem(
                Severity.ERROR,
                "report-time",
                report.row,
                TIMESTAMP,
                f"{TIMESTAMP} {sent} is before {event.id}'s date ({event.date:%Y-%m-%d} in the Events tab): the answer "
                "is about none of its games, so it counts for nothing",
                "restore the time the Form wrote, or clear the row; "
                f"or correct {event.id}'s Date in Events row {event.row}",
            )
        )
        return False

    def place(self, report: Report) -> PlacedReport | None:
        """The row a report is about, or None with the problem at the cell that keeps it from one."""
        lg, answers = self.lg, report.answers
        event = lg.event_id(report.event)
        if event is None:
            near = closest(report.event, {name_key(e.id): e.id for e in lg.events})
            self._error(
                report,
                EVENT,
                f"event {report.event!r} is not in the Events tab",
                f"did you mean {near[0]}?" if near else "choose one of: " + ", ".join(e.id for e in lg.events),
            )
            return None
        reporter, opponent = (self._entrant(report, event, header) for header in (self.first, self.second))
        if reporter is None or opponent is None:
            return None
        who = (reporter, opponent)
        if self.emails is not None and report.email.casefold() not in self.emails.get(who[0].key, frozenset()):
            known = self.emails.get(who[0].key)
            why = (
                f"which is not {who[0].name}'s in the {lg.ruleset.registration.tab} tab (Email)"
                if known
                else f"and {who[0].name} has no address in the {lg.ruleset.registration.tab} tab's Email column"
            )
            self.problems.append(
                self.table.problem(
                    Severity.ERROR,
                    "report-email",
                    report.row,
                    EMAIL,
                    f"the report for {who[0].name} came from {report.email or 'no address'!r}, {why}: it is ignored",
                    f"{who[0].name} reports from the address registered, or a judge fixes that address"
                    if known
                    else f"type {who[0].name}'s address in the Email column, then the next sync counts this report",
                )
            )
            return None
        number = parse_whole(answers.get(self.res.round))
        if number is None or number < 1:
            self.problems.append(
                unreadable(
                    self.table,
                    report.row,
                    self.questions[self.res.round],
                    answers.get(self.res.round),
                    "a round number (1, 2, ...)",
                )
            )
            return None
        rows = [m for m in self.rounds.get((event, number), []) if who[0].key in (s.key for s in m.sides)]
        if not self.rounds.get((event, number)):
            self._error(report, self.res.round, f"round {number} of {event} is not paired", "check the round number")
            return None
        if not rows:
            self._error(
                report,
                self.first,
                f"{who[0].name} has no match in round {number} of {event}",
                "check the round and the name",
            )
            return None
        theirs = [m for m in rows if who[1].key in (s.key for s in m.sides) and who[0].key != who[1].key]
        if not theirs:
            others = {s.name or "a bye" for m in rows for s in m.sides if s.key != who[0].key} or {"a bye"}
            self._error(
                report,
                self.second,
                f"{who[1].name} is not {who[0].name}'s opponent in round {number} of {event}: "
                f"{who[0].name} played {', '.join(sorted(others))} ({rows[0].tab} row {rows[0].row})",
                "choose the opponent of that round, or check the round",
            )
            return None
        placed = self._row(report, theirs, who[0].key)
        left = [(h, e) for h, e in zip((self.first, self.second), who) if e.status is not Status.ACTIVE]
        if placed is None or not placed.match.pending or not left:
            return placed
        header, entrant = left[0]
        self._error(
            report,
            header,
            f"{entrant.name} has left {event} (Status {_word(lg.ruleset, entrant.status)} in "
            f"{lg.ruleset.registration.tab} row {entrant.row}): reports of their matches are not taken",
            f"a judge types the result in {placed.match.tab} row {placed.match.row}",
        )
        return None

    def _entrant(self, report: Report, event: str, header: str) -> Entrant | None:
        typed = as_text(report.answers.get(header))
        entrant = self.lg.entrant(event, typed)
        if entrant is None:
            near = closest(typed, {e.key: e.name for (ev, _), e in self.lg.roster.items() if ev == event})
            self._error(
                report,
                header,
                f"{typed!r} is not registered for {event}",
                f"did you mean {near[0]}?"
                if near
                else f"use the name as in the {self.lg.ruleset.registration.tab} tab",
            )
            return None
        return entrant

    def _row(self, report: Report, rows: list[Match], reporter: str) -> PlacedReport | None:
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
                        self.problems.append(
                            unreadable(
                                self.table, report.row, self.questions[header], answer, "a whole number of 0 or more"
                            )
                        )
                    bad = True
                view[self.swap.get(header, header) if side else header] = answer
            views.append((m, side, view))
        if bad:
            return None
        for m, side, view in views:
            keys = [self.swap.get(h, h) if side else h for h in self.keys]
            if all(
                not as_text(self._cell(m, h)) or same_answer(h in self.numbers, view[h], self._cell(m, h)) for h in keys
            ):
                return self._spelled(PlacedReport(report, m, side, view))
        header = self.keys[0]
        self._error(
            report,
            header,
            f"{self.questions[header]} {as_text(report.answers.get(header))!r} matches no game of "
            f"that round ({', '.join(f'{m.tab} row {m.row}' for m in rows)})",
            f"check {self.questions[header]}",
        )
        return None

    def _spelled(self, p: PlacedReport) -> PlacedReport | None:
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
                self._error(
                    p.report,
                    asked,
                    f"{self.questions[asked]} {as_text(typed)!r} is not {self._what(header)}",
                    f"did you mean {' or '.join(near)}?"
                    if near
                    else f"answer one of: {', '.join(sorted(set(known.values())))}",
                )
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


def _word(ruleset: Ruleset, status: Status) -> str:
    """The status word as the ruleset has judges type it (`Dropped`)."""
    return next((word for word, meaning in ruleset.statuses.items() if meaning is status and word), status.value)


def same_answer(number: bool, one: Cell, other: Cell) -> bool:
    """Two answers (or an answer and a cell) mean the same:
    numbers as numbers (empty as 0), text as names are matched."""
    if number:
        return (parse_whole(one) or 0) == (parse_whole(other) or 0) if (as_text(one) or as_text(other)) else True
    return name_key(one) == name_key(other)

"""Settling each row the players reported: both sides alike, the result to fill in (once checked); they disagree,
an error at both reports; one side only, the row awaits the other; a row whose result is typed, compared with it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from league.cells import Cell, Grid, as_text, parse_whole
from league.match_table import typed_games
from league.model.league import League
from league.model.match import Match
from league.player_reports.placing import PlacedReport, Placer, same_answer
from league.problems import Problem, Severity
from league.read.columns import LocatedTab
from league.read.reports import EVENT
from league.sheet import Fill


@dataclass(frozen=True)
class Reconciled:
    """What the reports add to a sync: cells to fill, problems, `Sync Log` lines, and the rows awaiting a side."""

    fills: list[Fill] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    awaiting: list[str] = field(default_factory=list)
    """One line per row one side reported and the other not yet, for `league status`."""
    aside: list[str] = field(default_factory=list)
    """One `Sync Log` line per answer a judge set aside; the sync logs each only once (those not in the log yet)."""


class Reconciler(Placer):
    """Settles the rows the reports were placed on, and keeps the results both sides reported alike to be checked."""

    def __init__(
        self,
        lg: League,
        table: LocatedTab,
        tabs: Mapping[str, Grid],
        emails: Mapping[str, frozenset[str]] | None,
        shown: dt.tzinfo,
    ) -> None:
        super().__init__(lg, table, tabs, emails, shown)
        self.agreed: list[tuple[Fill, PlacedReport, PlacedReport]] = []
        """Results both sides reported alike, with the two reports, not yet checked."""

    def agree(self, m: Match, one: Mapping[str, Cell], other: Mapping[str, Cell]) -> bool:
        """Whether two sets of answers about row `m` say the same,
        a header one of them lacks taken as the row has it."""
        return all(
            same_answer(
                h in self.numbers,
                one[h] if h in one else self._cell(m, h),
                other[h] if h in other else self._cell(m, h),
            )
            for h in {*one, *other}
        )

    def said(self, p: PlacedReport) -> str:
        """A report's result as its sender answered it: `My Wins 2, Opponent Wins 1, Draws 0`."""
        return ", ".join(
            f"{self.questions[h]} {as_text(p.report.answers.get(h)) or '(empty)'}" for h in [*self.keys, *self.outcome]
        )

    def _name(self, p: PlacedReport) -> str:
        return p.match.sides[p.side].name

    def where(self, m: Match) -> str:
        return (
            f"{m.event} round {m.round}{f' table {m.table}' if m.table else ''}: {m.sides[0].name} v {m.sides[1].name}"
        )

    def against_typed(self, p: PlacedReport, finished: bool) -> None:
        """A report on a row with its result typed: quiet when it agrees, else a warning (an error once the event is
        over). A result word with its games cells empty (`Intentional Draw`, `Forfeit B`) stands for the games it
        records."""
        typed = {h: self._cell(p.match, h) for h in p.view}
        if self.res.games and p.match.word and all(s.games is None for s in p.match.sides):
            won = [self.res.side_header(self.res.games.won, side) for side in self.res.sides[:2]]
            typed |= dict(zip([*won, self.res.games.drawn], typed_games(self.lg.ruleset, p.match)))
        if self.agree(p.match, p.view, typed):
            return
        if finished:
            self._error(
                p.report,
                EVENT,
                f"{p.match.event} is finished: reports are no longer taken, and this one "
                f"({self.said(p)}) differs from {p.match.tab} row {p.match.row}",
                "a judge corrects that row if the report is right",
            )
            return
        header = self.outcome[0] if self.outcome else EVENT
        self._error(
            p.report,
            header,
            f"{self._name(p)} reported {self.said(p)}, which differs from the result typed in "
            f"{p.match.tab} row {p.match.row}; a report never changes a typed result",
            f"a judge checks {p.match.tab} row {p.match.row}",
            Severity.WARNING,
        )

    def replaced(self, answers: list[PlacedReport], since: dt.datetime | None) -> str:
        """The log line of a side whose latest answer, sent after the previous sync (`since`), replaces a different one:
        the one that counted at that sync (else the one before it); empty when there is nothing new to log."""
        new = answers[-1]
        if len(answers) < 2 or (since is not None and new.report.time <= since):
            return ""
        old = next((p for p in reversed(answers[:-1]) if since is not None and p.report.time <= since), answers[-2])
        if self.agree(new.match, old.view, new.view):
            return ""
        return (
            f"{self.where(new.match)}: {self._name(new)}'s report of {self.time(new, ':%S')} "
            f"({self.said(new)}) replaces the one of {self.time(old, ':%S')} ({self.said(old)})"
        )

    def time(self, p: PlacedReport, seconds: str = "") -> str:
        """When a report was sent, in the league's zone, the zone named: `2026-03-14 18:00 UTC`."""
        return self.shown_time(p.report.time, seconds)

    def settle(self, one: PlacedReport, other: PlacedReport) -> None:
        """Both sides reported: the result to write when they agree (see `checked`), else an error at both reports."""
        m = one.match
        header = self.outcome[0] if self.outcome else EVENT
        if not self.agree(m, one.view, other.view):
            for p, q in ((one, other), (other, one)):
                self._error(
                    p.report,
                    header,
                    f"the reports of {self.where(m)} disagree: {self._name(p)} answered "
                    f"{self.said(p)} (row {p.report.row}), "
                    f"{self._name(q)} answered {self.said(q)} (row {q.report.row})",
                    f"a judge types the result in {m.tab} row {m.row}, or one of them sends the Form again",
                )
            return
        cells = tuple(
            (h, _written(h in self.numbers, v))
            for h, v in one.view.items()
            if as_text(v) and not as_text(self._cell(m, h))
        )
        if cells:
            self.agreed.append((Fill(m.tab, m.row, cells), one, other))

    def checked(self, problems: Iterable[Problem]) -> Iterator[tuple[Fill, PlacedReport]]:
        """The agreed results whose rows, filled in, pass every check a typed row gets (a best of three ends 2-0 or 2-1,
        say): `problems` are those of the league read with every agreed result filled in, then its checks. A row that
        would not pass is not filled, and its problem is an error at both reports."""
        wrong: dict[tuple[str, int], Problem] = {}
        for problem in problems:
            if problem.severity is Severity.ERROR and problem.row is not None:
                wrong.setdefault((problem.tab.casefold(), problem.row), problem)
        for fill, one, other in self.agreed:
            found = wrong.get((fill.tab.casefold(), fill.row))
            if found is None:
                yield fill, one
                continue
            for p in (one, other):
                self._error(
                    p.report,
                    self.outcome[0] if self.outcome else EVENT,
                    f"the reports of {self.where(one.match)} agree ({self._name(one)}: {self.said(one)}), but "
                    f"written into {fill.tab} row {fill.row} they would be wrong: "
                    f"{found.problem} ({fill.tab}!{found.cell})",
                    f"{found.fix}: one of them sends the Form again, or a judge types the result",
                )

    def waiting(self, p: PlacedReport, now: dt.datetime, confirm: dt.timedelta, out: Reconciled) -> None:
        """One side reported: the row waits for the other, a warning once `confirm` has passed."""
        other = p.match.sides[1 - p.side].name
        out.awaiting.append(
            f"{self.where(p.match)}: {self._name(p)} reported {self.said(p)} at {self.time(p)}; awaiting {other}"
        )
        if now - p.report.time >= confirm:
            hours = confirm.total_seconds() / 3600
            self._error(
                p.report,
                self.first,
                f"{self._name(p)} reported {self.where(p.match)} at "
                f"{self.time(p)} and {other} has not confirmed within {hours:g} hours",
                f"ask {other} to send the Form, or a judge types the result in {p.match.tab} row {p.match.row}",
                Severity.WARNING,
            )


def _written(number: bool, value: Cell) -> Cell:
    """An answer as the results tab gets it: a whole number as a number, text as typed."""
    whole = parse_whole(value) if number else None
    return whole if whole is not None else as_text(value)

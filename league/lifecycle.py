"""The life of an event: not started, its Swiss rounds under way, its playoffs to seed, then under way, then every
round played; final once nothing is left to fix. And the season's: final only when the organiser's plan says so.

Each state is decided here once, as a typed value every output reads: none of them tells "final" from its words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from league.model.league import League
from league.model.match import Match
from league.pairing.bracket_model import Playoff
from league.rules.ruleset import Season


class Phase(StrEnum):
    """Where an event is in its life."""

    NOT_STARTED = "not started"
    ROUNDS = "rounds"
    """Its Swiss rounds are under way: one is paired and waits for results, or more are to come."""
    SWISS_COMPLETE = "Swiss complete"
    """Every Swiss round has its results; the ruleset has playoffs, not seeded yet."""
    PLAYOFFS = "playoffs"
    """The bracket is seeded and has no champion yet."""
    COMPLETE = "complete"
    """Every round is played (and the bracket, if any, has its champion): final once nothing is left to fix."""


@dataclass(frozen=True)
class EventState:
    """How far an event has come, from its results rows (and its bracket, when it has one)."""

    event: str
    rounds: int
    """Swiss rounds planned: the event's `Rounds` cell or the ruleset's `[format] rounds`."""
    paired: int
    """The last Swiss round with rows (0: none yet)."""
    rows: int
    """Pairings of that round (a round of two games a table, MESBG's, is one pairing a table)."""
    results: int
    """Of them, pairings with every result typed (not pending)."""
    pending: int = 0
    """Rows of any Swiss round still waiting for a result."""
    playoffs: bool = False
    """The ruleset has playoffs (`[playoffs]`)."""
    bracket_round: str = ""
    """The playoff round under way (`semi-finals`), when the bracket is seeded and has no champion yet."""
    champion: str = ""
    """The bracket's winner, or (an event without a bracket, once every round is played) the one competitor ranked
    first; the event's champion only once it is `final`."""
    bracket: bool = False
    """The event's bracket is seeded."""
    to_fix: int = 0
    """Rows with an error that keep lines of this event from being final (each marked `*`)."""
    cut: int = 0
    """How many go through to the playoffs (the ruleset's `[playoffs]`), for "top 8 to seed"."""
    wrong: int = 0
    """Of the pairings typed, those with an error in a row: typed, yet not in until fixed."""

    @property
    def swiss_done(self) -> bool:
        """Every Swiss round is paired and every row of them has its result."""
        return self.paired >= self.rounds and not self.pending

    @property
    def phase(self) -> Phase:
        if self.bracket and self.champion:
            return Phase.COMPLETE
        if self.bracket and self.swiss_done:
            return Phase.PLAYOFFS
        if not self.paired:
            return Phase.NOT_STARTED
        if not self.swiss_done:
            return Phase.ROUNDS
        return Phase.SWISS_COMPLETE if self.playoffs else Phase.COMPLETE

    @property
    def final(self) -> bool:
        """The standings are final: every round played, the playoffs (if any) won, and no error left among its rows."""
        return self.phase is Phase.COMPLETE and not self.to_fix

    @property
    def swiss_final(self) -> bool:
        """The Swiss standings are final (what a prize that follows them waits for): every Swiss round played, none of
        its rows left to fix."""
        return self.phase in (Phase.SWISS_COMPLETE, Phase.PLAYOFFS, Phase.COMPLETE) and not self.to_fix

    @property
    def winner(self) -> str:
        """The champion, once the event is final; empty before."""
        return self.champion if self.final else ""

    @property
    def done(self) -> int:
        """Pairings of the last round paired whose result is in: typed, without an error."""
        return self.results - self.wrong

    @property
    def played(self) -> int:
        """Swiss rounds with every result in."""
        return self.paired if self.done == self.rows else self.paired - 1

    @property
    def under_way(self) -> bool:
        """A Swiss round is half played: paired, some of its results not in (its standings are not a round's)."""
        return self.phase is Phase.ROUNDS and self.done < self.rows

    @property
    def progress(self) -> str:
        """How far the last round paired is, as every output says it: `5 of 8 results in`, `1 of 4 results in, 3 to
        fix` (a result with an error is not in)."""
        return f"{self.done} of {self.rows} results in" + (f", {self.wrong} to fix" if self.wrong else "")

    @property
    def fixing(self) -> str:
        """`1 result to fix`, `3 results to fix`."""
        return f"{self.to_fix} result{'s' if self.to_fix != 1 else ''} to fix"

    @property
    def status(self) -> str:
        """One line for `league status`, saying what is missing: `round 3 of 4: 5 of 8 results in`, `Swiss complete,
        top 8 to seed with `league bracket``, `1 result to fix`, `final: champion Dan Wu`."""
        phase, fix = self.phase, self.fixing
        if phase is Phase.ROUNDS:
            return f"round {self.paired} of {self.rounds}: {self.progress}"
        if phase is Phase.SWISS_COMPLETE:
            top = f"top {self.cut}" if self.cut else "the playoffs"
            return f"Swiss complete, {top} to seed with `league bracket`" + (f"; {fix}" if self.to_fix else "")
        if phase is Phase.PLAYOFFS:
            return f"playoffs: {self.bracket_round}" + (f"; {fix}" if self.to_fix else "")
        if phase is Phase.COMPLETE:
            if self.to_fix:
                return f"all rounds played, {fix}"
            return f"final: champion {self.champion}" if self.champion else "final"
        return phase.value


def playoff_round(left: int) -> str:
    """A playoff round by the rounds left after it: `final`, `semi-finals`, `quarter-finals`, `round of 16`."""
    return ("final", "semi-finals", "quarter-finals")[left] if left < 3 else f"round of {2 ** (left + 1)}"


def pairings(rows: Iterable[Match]) -> dict[tuple[str, frozenset[str]], list[Match]]:
    """A round's rows by pairing (its table and who sits there): a round of two games a table is one pairing, as the
    live pages seat it and every count of results counts it."""
    out: dict[tuple[str, frozenset[str]], list[Match]] = {}
    for m in rows:
        out.setdefault((m.table, frozenset(s.key for s in m.sides if s.name)), []).append(m)
    return out


def event_states(
    lg: League,
    playoffs: Mapping[str, Playoff],
    to_fix: Mapping[str, int] | None = None,
    bad: Mapping[str, set[int]] | None = None,
) -> dict[str, EventState]:
    """Each event's state from its results rows; `playoffs` maps an event id to what its bracket has decided, `to_fix`
    to the rows with an error that mark its lines not final, `bad` a tab to its rows with an error (not in)."""
    rows: dict[str, dict[int, list[Match]]] = {e.id: {} for e in lg.events}
    for m in lg.matches:
        if m.round is not None and m.event in rows and lg.ruleset.counts(m):
            rows[m.event].setdefault(m.round, []).append(m)
    cut = lg.ruleset.playoffs[0] if lg.ruleset.playoffs else 0
    out = {}
    for event, by_round in rows.items():
        paired = max(by_round, default=0)
        seated = pairings(by_round.get(paired, []))
        typed = [ms for ms in seated.values() if not any(m.pending for m in ms)]
        wrong = sum(any(m.row in (bad or {}).get(m.tab, ()) for m in ms) for ms in typed)
        state = EventState(
            event,
            lg.rounds_of(event),
            paired,
            len(seated),
            len(typed),
            sum(m.pending for ms in by_round.values() for m in ms),
            lg.ruleset.playoffs is not None,
            to_fix=(to_fix or {}).get(event, 0),
            cut=cut,
            wrong=wrong,
        )
        playoff = playoffs.get(event) if lg.ruleset.playoffs else None
        if playoff is not None and playoff.seeds:
            under_way = playoff_round(playoff.rounds - playoff.under_way) if not playoff.champion else ""
            state = replace(state, bracket=True, bracket_round=under_way, champion=playoff.champion)
        out[event] = state
    return out


@dataclass(frozen=True)
class SeasonState:
    """Where the league's season stands: how many events it holds and how many of them are final."""

    planned: int | None
    """The events the season holds (`[season] events`); None when not planned."""
    closed: bool
    """The organiser closed the season with the events it has (`[season] closed`)."""
    listed: int
    """Events in the Events tab."""
    finished: int
    """Of them, events whose standings are final."""
    started: int
    """Events with a round paired."""
    champion: str = ""
    """The season's champion, once it is final (who the first league prize follows)."""

    @property
    def final(self) -> bool:
        """Every event the plan holds is final, or the organiser closed the season and its events are final."""
        whole = self.closed or (self.planned is not None and self.listed >= self.planned)
        return whole and self.listed > 0 and self.finished == self.listed

    @property
    def of(self) -> int:
        """The events the season is counted out of: the plan's, else those listed."""
        return self.planned if self.planned is not None and not self.closed else self.listed

    @property
    def status(self) -> str:
        """The league's line for `league status`: not started, how many events are final, or final."""
        if self.final:
            return f"final: champion {self.champion}" if self.champion else "final"
        if not self.started:
            return "not started"
        plan = (
            ""
            if self.planned is not None or self.closed
            else " (the season's number of events is not set: [season] events)"
        )
        return f"{self.finished} of {self.of} events final{plan}"


def season_state(plan: Season, states: Sequence[EventState]) -> SeasonState:
    """The season from its plan and its events' states, in the order played."""
    return SeasonState(
        plan.events, plan.closed, len(states), sum(s.final for s in states), sum(bool(s.paired) for s in states)
    )

"""The life of an event: not started, its Swiss rounds under way, then its playoffs, then complete with a champion."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from league.cells import Grid
from league.model.league import League
from league.pairing.bracket import bracket_rows, seeds_from

WINNER = 9
"""Column of a bracket row (`bracket_rows`) holding the winner."""
ROUND = 0


class Phase(StrEnum):
    """Where an event is in its life."""

    NOT_STARTED = "not started"
    ROUNDS = "rounds"
    """Its Swiss rounds are under way: one is paired and waits for results, or more are to come."""
    SWISS_COMPLETE = "Swiss complete"
    """Every Swiss round has its results; the ruleset has playoffs, not seeded yet (the Swiss standings are final)."""
    PLAYOFFS = "playoffs"
    """The bracket is seeded and has no champion yet."""
    COMPLETE = "complete"


@dataclass(frozen=True)
class EventState:
    """How far an event has come, from its results rows (and its bracket, when it has one)."""

    event: str
    rounds: int
    """Swiss rounds planned: the event's `Rounds` cell or the ruleset's `[format] rounds`."""
    paired: int
    """The last Swiss round with rows (0: none yet)."""
    rows: int
    """Rows of that round."""
    results: int
    """Rows of that round with a result typed (not pending)."""
    pending: int = 0
    """Rows of any Swiss round still waiting for a result."""
    playoffs: bool = False
    """The ruleset has playoffs (`[playoffs]`)."""
    bracket_round: str = ""
    """The playoff round under way (`semi-finals`), when the bracket is seeded and has no champion yet."""
    champion: str = ""
    """The bracket's winner, or (an event without a bracket, once complete) the one competitor ranked first."""
    bracket: bool = False
    """The event's bracket is seeded."""

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
    def complete(self) -> bool:
        """The standings are final, so prizes are shown: every round played, and the bracket, if any, has a champion."""
        return self.phase in (Phase.SWISS_COMPLETE, Phase.COMPLETE)

    @property
    def played(self) -> int:
        """Swiss rounds with every result in."""
        return self.paired if self.results == self.rows else self.paired - 1

    @property
    def text(self) -> str:
        """What the standings are, for a title: `after round 3 of 4`, `Final standings`."""
        phase = self.phase
        if phase is Phase.COMPLETE:
            return "Final standings"
        if phase is Phase.SWISS_COMPLETE:
            return "Final Swiss standings"
        if phase is Phase.PLAYOFFS:
            return f"Swiss standings; playoffs: {self.bracket_round}"
        return f"after round {max(self.played, 0)} of {self.rounds}" if self.paired else "not started"

    @property
    def status(self) -> str:
        """One line for `league status`: `round 3 of 4: 5 of 8 results in`, `complete: champion Dan Wu`."""
        phase = self.phase
        if phase is Phase.ROUNDS:
            return f"round {self.paired} of {self.rounds}: {self.results} of {self.rows} results in"
        if phase is Phase.PLAYOFFS:
            return f"playoffs: {self.bracket_round}"
        if phase is Phase.COMPLETE and self.champion:
            return f"complete: champion {self.champion}"
        return phase.value


def playoff_round(left: int) -> str:
    """A playoff round by the rounds left after it: `final`, `semi-finals`, `quarter-finals`, `round of 16`."""
    return ("final", "semi-finals", "quarter-finals")[left] if left < 3 else f"round of {2 ** (left + 1)}"


def bracket_progress(grid: Grid, best_of: Sequence[int]) -> tuple[str, str] | None:
    """(the playoff round under way, or empty; the champion, or empty) of a bracket tab as it stands; None if unseeded."""
    seeds = seeds_from(grid)
    if not seeds:
        return None
    rows = bracket_rows(seeds, best_of, grid)
    last = max(int(str(r[ROUND])) for r in rows)
    final = [r for r in rows if r[ROUND] == last]
    champion = str(final[0][WINNER] or "") if final else ""
    if champion:
        return "", champion
    under_way = min((int(str(r[ROUND])) for r in rows if not r[WINNER]), default=last)
    return playoff_round(last - under_way), ""


def event_states(lg: League, brackets: Mapping[str, Grid]) -> dict[str, EventState]:
    """Each event's state from its results rows; `brackets` maps an event id to its bracket tab as it stands."""
    rows: dict[str, dict[int, list[bool]]] = {e.id: {} for e in lg.events}
    for m in lg.matches:
        if m.round is not None and m.event in rows and lg.ruleset.counts(m):
            rows[m.event].setdefault(m.round, []).append(m.pending)
    out = {}
    for event, by_round in rows.items():
        paired = max(by_round, default=0)
        last = by_round.get(paired, [])
        state = EventState(event, lg.rounds_of(event), paired, len(last), last.count(False),
                           sum(p for pending in by_round.values() for p in pending), lg.ruleset.playoffs is not None)
        progress = bracket_progress(brackets[event], lg.ruleset.playoffs[1]) if event in brackets and lg.ruleset.playoffs else None
        if progress is not None:
            state = replace(state, bracket=True, bracket_round=progress[0], champion=progress[1])
        out[event] = state
    return out


def league_status(states: Iterable[EventState]) -> str:
    """The league's line for `league status`: not started, how many events are complete, or complete."""
    listed = list(states)
    done = sum(s.phase is Phase.COMPLETE or s.phase is Phase.SWISS_COMPLETE for s in listed)
    if listed and done == len(listed):
        return "complete"
    if not any(s.paired for s in listed):
        return "not started"
    return f"{done} of {len(listed)} events complete"

"""Rules over the `Penalties` tab."""

from __future__ import annotations

from collections.abc import Iterator

from league.cells import name_key
from league.checks.base import at, check
from league.model.league import League
from league.problems import Problem
from league.read.penalties import PENALTIES_TAB
from league.rules.catalog import closest


def registered(lg: League, event: str) -> dict[str, str]:
    """Name key -> registered name of every competitor of an event, for "did you mean" hints."""
    return {k: e.name for (ev, k), e in lg.roster.items() if ev == event}


@check
def penalties(lg: League) -> Iterator[Problem]:
    """Penalties name a known event, a registered competitor, a round of the format and a known penalty kind."""
    kinds = {name_key(k): k for k in lg.ruleset.penalty_kinds}
    for p in lg.penalties:
        event = lg.event_id(p.event)
        if event is None:
            yield at(lg, PENALTIES_TAB, p.row, "Event", "unknown-event", f"event {p.event!r} is not in the Events tab",
                     "use an id from the Events tab")
        elif lg.registered and lg.entrant(event, p.competitor) is None:
            near = closest(p.competitor, registered(lg, event))
            yield at(lg, PENALTIES_TAB, p.row, "Competitor", "unknown-competitor", f"{p.competitor!r} is not registered for {event}",
                     f"did you mean {' or '.join(near)}?" if near else "type the name as registered")
        rounds = lg.ruleset.rounds
        if p.round is not None and not 1 <= p.round <= rounds:
            yield at(lg, PENALTIES_TAB, p.row, "Round", "too-many-rounds", f"round {p.round} is outside the format's rounds 1 to {rounds}",
                     f"check the round number; the format has rounds 1 to {rounds}")
        if kinds and name_key(p.kind) not in kinds:
            yield at(lg, PENALTIES_TAB, p.row, "Penalty", "unknown-penalty", f"penalty {p.kind!r} is not one of this ruleset's",
                     "use one of " + ", ".join(kinds.values()))

"""Rules over the `Penalties` tab."""

from __future__ import annotations

from collections.abc import Iterator

from league.cells import name_key
from league.checks.base import at, check
from league.model.league import League
from league.penalties import effects
from league.problems import Problem, Severity
from league.read.penalties import PENALTIES_TAB
from league.rules.catalog import closest


def registered(lg: League, event: str | None) -> dict[str, str]:
    """Name key -> registered name of every competitor of an event (None: of any event), for "did you mean" hints."""
    return {k: e.name for (ev, k), e in lg.roster.items() if event is None or ev == event}


@check
def penalties(lg: League) -> Iterator[Problem]:
    """Penalties name a known event, a registered competitor, a round of the format and a known penalty kind."""
    kinds = {name_key(k): k for k in lg.ruleset.penalties.kinds}
    for p in lg.penalties:
        event = lg.event_id(p.event)
        if event is None:
            yield at(
                lg,
                PENALTIES_TAB,
                p.row,
                "Event",
                "unknown-event",
                f"event {p.event!r} is not in the Events tab" if p.event else "Event is empty",
                "use an id from the Events tab",
            )
        elif lg.registered and lg.entrant(event, p.competitor) is None:
            near = closest(p.competitor, registered(lg, event))
            yield at(
                lg,
                PENALTIES_TAB,
                p.row,
                "Competitor",
                "unknown-competitor",
                f"{p.competitor!r} is not registered for {event}" if p.competitor else "Competitor is empty",
                f"did you mean {' or '.join(near)}?" if near else "type the name as registered",
            )
        rounds = lg.rounds_of(event) if event is not None else lg.ruleset.rounds
        if p.round is not None and not 1 <= p.round <= rounds:
            yield at(
                lg,
                PENALTIES_TAB,
                p.row,
                "Round",
                "too-many-rounds",
                f"round {p.round} is outside {event or 'the format'}'s rounds 1 to {rounds}",
                f"check the round number; {event or 'the format'} has rounds 1 to {rounds}",
            )
        if kinds and name_key(p.kind) not in kinds:
            yield at(
                lg,
                PENALTIES_TAB,
                p.row,
                "Penalty",
                "unknown-penalty",
                f"penalty {p.kind!r} is not one of this ruleset's" if p.kind else "Penalty is empty",
                "use one of " + ", ".join(kinds.values()),
            )


@check
def penalty_guide(lg: League) -> Iterator[Problem]:
    """A penalty differing from the guide's default for its infraction at the event's level is worth a second look."""
    guide = lg.ruleset.penalties
    if not guide.guide:
        return
    for p in lg.penalties:
        event = lg.event_id(p.event)
        if event is None or not p.infraction:
            continue
        level = lg.event_by_id[event].level
        expected = guide.default(p.infraction, level)
        if expected is None:
            near = closest(p.infraction, {name_key(k): k for k in guide.guide})
            yield at(
                lg,
                PENALTIES_TAB,
                p.row,
                "Infraction",
                "unknown-infraction",
                f"infraction {p.infraction!r} is not in the penalty guide",
                f"did you mean {' or '.join(near)}?" if near else "name the infraction as the guide does",
                Severity.WARNING,
            )
        elif name_key(expected) != name_key(p.kind):
            yield at(
                lg,
                PENALTIES_TAB,
                p.row,
                "Penalty",
                "penalty-differs",
                f"{p.kind} given for {p.infraction} at REL {level}, where the guide says {expected}",
                "check the penalty; departing from the guide is the head judge's call",
                Severity.WARNING,
            )


@check
def penalty_effects(lg: League) -> Iterator[Problem]:
    """A game or match loss changes the result of the competitor's match in that round, so that match must exist."""
    played = {(m.event, m.round, s.key) for m in lg.matches if m.round is not None for s in m.sides if s.name}
    for (event, rnd, key), given in effects(lg).items():
        if (event, rnd, key) not in played:
            for _, p in given:
                yield at(
                    lg,
                    PENALTIES_TAB,
                    p.row,
                    "Round",
                    "penalty-without-match",
                    f"{p.competitor} has no match in round {rnd} of {event} for the {p.kind} to change",
                    "check the round and the competitor; the penalty is kept on record but changes no result",
                    Severity.WARNING,
                )

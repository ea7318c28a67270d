"""Rules over who met whom: rematches, byes spread, nobody playing after they left the event."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from league.cells import name_key
from league.checks.base import at, check
from league.checks.penalties import registered
from league.model.league import League
from league.model.match import Match
from league.model.words import Kind, Status
from league.problems import Problem, Severity
from league.read.avoid import AVOID_TAB
from league.read.penalties import PENALTIES_TAB
from league.rules.catalog import closest


@check
def pairings(lg: League) -> Iterator[Problem]:
    """Rematches in events big enough to avoid them, and second byes before everyone had one: warnings."""
    res, rs = lg.ruleset.results, lg.ruleset
    size = Counter(event for event, _ in lg.roster)
    met: dict[tuple[str, frozenset[str]], Match] = {}
    byes: dict[str, Counter[str]] = defaultdict(Counter)
    active: dict[str, list[str]] = defaultdict(list)
    for (event, key), entrant in lg.roster.items():
        if entrant.status is Status.ACTIVE:
            active[event].append(key)
    for m in sorted(
        (m for m in lg.matches if m.round is not None and rs.counts(m)), key=lambda m: (m.round or 0, m.row)
    ):
        names = [s.key for s in m.sides if s.name]
        if m.kind is Kind.BYE and names:
            byes[m.event][names[0]] += 1
            if rs.spread_byes and byes[m.event][names[0]] == 2 and any(byes[m.event][k] == 0 for k in active[m.event]):
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    res.side_header(res.competitor, res.sides[0]),
                    "second-bye",
                    f"{m.sides[0].name} gets a second bye while others have had none",
                    "give the bye to a player who has not had one",
                    Severity.WARNING,
                )
        elif len(set(names)) == 2 and rs.no_rematch_from and size[m.event] >= rs.no_rematch_from:
            earlier = met.setdefault((m.event, frozenset(names)), m)
            if earlier is not m and earlier.round != m.round:
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    res.side_header(res.competitor, res.sides[-1]),
                    "rematch",
                    f"{m.sides[0].name} and {m.sides[-1].name} already met in round {earlier.round} "
                    f"(row {earlier.row})",
                    f"with {rs.no_rematch_from} or more players nobody meets the same opponent twice: "
                    "check the pairing",
                    Severity.WARNING,
                )


def left_in(lg: League) -> dict[tuple[str, str], int]:
    """(event id, name key) -> the round a competitor left the event in (a Drop or DQ penalty, a drop mark in a
    results row, or a DQ result)."""
    last: dict[tuple[str, str], int] = {}
    ends = {name_key(k) for k in lg.ruleset.penalties.ends_event}
    for p in lg.penalties:
        event = lg.event_id(p.event)
        if event is not None and p.round is not None and name_key(p.kind) in ends:
            key = (event, p.key)
            last[key] = min(last.get(key, p.round), p.round)
    for m in lg.matches:
        for s in m.sides:
            if s.drops and s.name and m.round is not None:
                key = (m.event, s.key)
                last[key] = min(last.get(key, m.round), m.round)
        if m.kind is Kind.DQ and m.round is not None and m.winner:
            for s in m.sides:
                if s.name and s.key != m.winner_key:
                    key = (m.event, s.key)
                    last[key] = min(last.get(key, m.round), m.round)
    return last


@check
def dropped_competitors(lg: League) -> Iterator[Problem]:
    """A competitor who dropped or was disqualified plays no round after the one they left in."""
    res = lg.ruleset.results
    last = left_in(lg)
    left_events = {event for event, _ in last}  # most rows are of an event nobody left: skipped without their names
    for m in lg.matches:
        if m.event not in left_events:
            continue
        for side, s in zip(res.sides, m.sides):
            left = last.get((m.event, s.key))
            if left is not None and m.round is not None and m.round > left:
                entrant = lg.entrant(m.event, s.name)
                status = entrant.status.value if entrant and entrant.status is not Status.ACTIVE else "out"
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    res.side_header(res.competitor, side),
                    "plays-after-drop",
                    f"{s.name} left {m.event} in round {left} ({status}) but appears in round {m.round}",
                    "check the player or the round; a dropped player gets no further matches",
                )
    reg = lg.ruleset.registration
    for e in lg.entrants:
        if e.status is Status.DQ and lg.ruleset.dq_loses_every_game:
            continue  # every game of theirs is lost, whichever round they left in
        if e.status is not Status.ACTIVE and (e.event, e.key) not in last:
            yield at(
                lg,
                reg.tab,
                e.row,
                reg.status,
                "drop-round-unknown",
                f"{e.name} is marked {e.status.value} but no {PENALTIES_TAB} row or DQ result says in which round",
                f"add a {PENALTIES_TAB} row (Event, Round, {e.name}, Drop or DQ)",
                Severity.WARNING,
            )


@check
def avoid_pairs(lg: League) -> Iterator[Problem]:
    """The `Avoid` tab names a known event (or none: every event) and competitors registered there."""
    for a in lg.avoid:
        event = lg.event_id(a.event) if a.event else None
        if a.event and event is None:
            yield at(
                lg,
                AVOID_TAB,
                a.row,
                "Event",
                "unknown-event",
                f"event {a.event!r} is not in the Events tab",
                "use an id from the Events tab, or leave it empty for every event",
            )
            continue
        known = registered(lg, event)
        for header, name in (("Competitor A", a.first), ("Competitor B", a.second)):
            if name_key(name) not in known:
                near = closest(name, known)
                yield at(
                    lg,
                    AVOID_TAB,
                    a.row,
                    header,
                    "unknown-competitor",
                    f"{name!r} is not registered" + (f" for {event}" if event else "")
                    if name
                    else f"{header} is empty",
                    f"did you mean {' or '.join(near)}?" if near else "type the name as registered",
                )

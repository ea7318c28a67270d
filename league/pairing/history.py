"""What an event's results say for pairing its next round: who is still in, who met whom, byes, scores."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from league.cells import name_key
from league.checks.pairings import left_in
from league.model.competitor import Entrant
from league.model.league import League
from league.model.standing import Standing
from league.model.words import Kind, Status


@dataclass(frozen=True)
class History:
    """An event so far, by competitor key."""

    event: str
    played_rounds: int
    """The last round with any results row."""
    active: list[str]
    """Competitors still in the event, in registration order: not dropped, not disqualified, not out by a penalty."""
    met: Counter[frozenset[str]]
    """How often each pair of competitors has met."""
    byes: Counter[str]
    scores: dict[str, Fraction]
    ranks: dict[str, int]
    """Standing position (1 = top), ties broken by registration order."""
    rounds: list[set[frozenset[str]]]
    """The pairs of each round played so far, round 1 first (a bye is a one-member set)."""
    avoid: frozenset[frozenset[str]] = frozenset()
    """Pairs not to make while the field allows it: the `Avoid` tab's, and competitors of one club."""
    ratings: Mapping[str, Fraction] = field(default_factory=dict)
    """Competitor key -> the rating first seeds come from (a team's average MMR), where the ruleset has one."""
    clubs: frozenset[frozenset[str]] = frozenset()
    """The pairs of `avoid` that share a club (`avoid_same`), so a reason can say why a pair was kept apart."""

    def clashes(self, a: str, b: str) -> int:
        """How much pairing a with b goes against the history: each earlier meeting, and a pair to avoid."""
        pair = frozenset((a, b))
        return self.met[pair] + (pair in self.avoid)


def history(lg: League, event: str, standings: list[Standing]) -> History:
    """The pairing history of one event from its results rows and its current standings."""
    rows = [
        m
        for m in lg.matches
        if m.event == event and m.round is not None and m.kind is not None and lg.ruleset.counts(m)
    ]
    last = max((m.round or 0 for m in rows), default=0)
    gone = {key for (ev, key), _ in left_in(lg).items() if ev == event}
    entrants = [e for (ev, _), e in lg.roster.items() if ev == event]
    active = [e.key for e in entrants if e.status is Status.ACTIVE and e.key not in gone]
    met: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    rounds: list[set[frozenset[str]]] = [set() for _ in range(last)]
    for m in rows:
        keys = frozenset(s.key for s in m.sides if s.name)
        rounds[(m.round or 1) - 1].add(keys)
        if m.kind is Kind.BYE:
            byes.update(keys)
        elif len(keys) == 2:
            met[keys] += 1
    order = {s.key: i for i, s in enumerate(standings)}
    named, clubs = _named(lg, event), _clubs(lg, entrants)
    return History(
        event,
        last,
        active,
        met,
        byes,
        {s.key: s.score for s in standings},
        {key: order.get(key, len(order)) + 1 for key in active},
        rounds,
        named | clubs,
        _ratings(lg),
        clubs,
    )


def _ratings(lg: League) -> dict[str, Fraction]:
    """Competitor key -> the rating first seeds come from, where a component of the ruleset gives one."""
    return {key: value for c in lg.ruleset.components for key, value in c.ratings(lg).items()}


def _named(lg: League, event: str) -> frozenset[frozenset[str]]:
    """The pairs the organiser named in the `Avoid` tab for this event (or for every event)."""
    pairs = {
        frozenset((name_key(a.first), name_key(a.second)))
        for a in lg.avoid
        if not a.event or lg.event_id(a.event) == event
    }
    return frozenset(p for p in pairs if len(p) == 2)


def _clubs(lg: League, entrants: list[Entrant]) -> frozenset[frozenset[str]]:
    """The pairs of competitors sharing the ruleset's `avoid_same` column (a club)."""
    header = lg.ruleset.avoid_same
    clubs: dict[str, list[str]] = {}
    for e in entrants if header else ():
        if e.fields.get(header or ""):
            clubs.setdefault(name_key(e.fields[header or ""]), []).append(e.key)
    return frozenset(frozenset((a, b)) for members in clubs.values() for a in members for b in members if a != b)

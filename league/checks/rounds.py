"""Rules for formats whose round is several games between the same two competitors (`format.matches_per_round`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from league.checks.base import at, check
from league.checks.matches import repeated
from league.model.league import League
from league.model.match import Match
from league.model.words import Kind
from league.problems import Problem


@check
def games_of_a_round(lg: League) -> Iterator[Problem]:
    """A competitor plays one opponent a round, in at most `matches_per_round` games, and every game of it is typed."""
    per_round = lg.ruleset.matches_per_round
    if per_round <= 1:
        return
    res = lg.ruleset.results
    played: dict[tuple[str, int, str], list[tuple[Match, str]]] = defaultdict(list)
    pairing: dict[tuple[str, int, frozenset[str]], list[Match]] = defaultdict(list)
    unsure: set[tuple[str, int, str]] = set()
    """Competitors of a round with a row naming someone not registered (reported): their games are not counted here."""
    alike: dict[tuple[str, int, str], list[Match]] = {}
    """Rows by tab, round and first competitor, as `match_rounds` groups them:
    a row typed twice is its duplicate, not a game."""
    for m in lg.matches:
        names = [s.key for s in m.sides if s.name]
        if m.round is None or m.kind is None or len(set(names)) != len(names):
            continue
        same = alike.setdefault((m.tab, m.round, m.sides[0].key if m.sides else ""), [])
        if repeated(m, same) is not None:
            continue
        same.append(m)
        if lg.registered and any(lg.entrant(m.event, s.name) is None for s in m.sides if s.name):
            unsure.update((m.event, m.round, key) for key in names)
            continue
        for side, s in zip(res.sides, m.sides):
            if s.name:
                played[(m.event, m.round, s.key)].append((m, side))
        if m.kind is not Kind.BYE and len(names) == 2:
            pairing[(m.event, m.round, frozenset(names))].append(m)
    bad: set[int] = set()
    for (event, rnd, key), games in played.items():
        if (event, rnd, key) in unsure:
            continue
        first = games[0][0]
        rivals = {s.key for s in first.sides if s.name}
        for m, side in games[1:]:
            header = res.side_header(res.competitor, side)
            mine = m.sides[res.sides.index(side)].name
            if m.kind is Kind.BYE or first.kind is Kind.BYE or {s.key for s in m.sides if s.name} != rivals:
                bad.add(id(m))
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    header,
                    "twice-in-round",
                    f"{mine} already plays another opponent in round {rnd} (row {first.row})",
                    f"a {lg.ruleset.competitor.lower()} meets one opponent a round: "
                    "check the round number or the names",
                )
            elif len(games) > per_round and m is games[per_round][0]:
                bad.add(id(m))
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    header,
                    "too-many-games",
                    f"{mine} has {len(games)} games in round {rnd}; the format has {per_round}",
                    "delete the extra row or fix its round number",
                )
    for (event, rnd, keys), rows in pairing.items():
        if (
            len(rows) < per_round
            and not any(id(m) in bad for m in rows)
            and not any((event, rnd, k) in unsure for k in keys)
        ):
            for m in rows:
                header = res.side_header(res.competitor, res.sides[-1])
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    header,
                    "games-missing",
                    f"only {len(rows)} of the {per_round} games of {m.sides[0].name} against {m.sides[-1].name} "
                    f"in round {rnd} is typed",
                    f"add the other game's row (round {rnd}, the same two {lg.ruleset.competitors.lower()})",
                )

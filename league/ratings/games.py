"""The games a season kept, as ratings read them: who played whom, in which event, in the order played, and who won.

Read from an evaluated league: its counted Swiss matches (the standings' own, corrections and all) and the games of
its brackets. Byes, forfeits, disqualifications and intentional draws are no games: nobody's skill showed in them.
A pair whose players the registration names plays as those players (a player carries their rating from one partner
to the next); a team, whose line-up no results row records, plays as one side."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace

from league.cells import name_key
from league.evaluate import Evaluation
from league.match_table import Outcome, build_table
from league.model.league import League
from league.model.match import Match, Side
from league.rules.ruleset import Ruleset
from league.stats import StatsError, is_game, played_order, playoff_games

Team = tuple[str, ...]
"""The rated keys of one side of a game: one player, a pair's two players, or a team as one."""


@dataclass(frozen=True)
class RatedGame:
    """One game between two sides, as a rating reads it."""

    event: str
    sides: tuple[Team, Team]
    score: float
    """Side A's result: 1 won, 0.5 drawn, 0 lost."""
    sitting: int = 0
    """Which round of the season the game was played in (0, 1, ...: each event's Swiss rounds, then its playoff
    rounds): games of one sitting were played side by side, none knowing the others' results."""


@dataclass(frozen=True)
class SeasonGames:
    """A season's games in the order played, and what a rating needs to name and date them."""

    label: str
    """The season's name in the ratings' history (its folder, `2025`)."""
    events: tuple[tuple[str, dt.date | None], ...]
    """Each event with a game, in the order played, with its date."""
    games: tuple[RatedGame, ...]
    names: dict[str, str]
    """Rated key -> the name as the season spells it (its registration)."""

    def since(self, day: dt.date) -> SeasonGames:
        """Only the games of events dated on or after `day` (an undated event is left out)."""
        kept = tuple((e, d) for e, d in self.events if d is not None and d >= day)
        return self._only({e for e, _ in kept}, kept)

    def until(self, event: str) -> SeasonGames:
        """The games up to and including those of `event` (named ignoring case); an event with no games is an error
        naming those that have some."""
        at = next((i for i, (e, _) in enumerate(self.events) if name_key(e) == name_key(event)), None)
        if at is None:
            raise StatsError(
                f"no games of an event {event!r} in {self.label}; events with games: "
                f"{', '.join(e for e, _ in self.events) or 'none'}"
            )
        kept = self.events[: at + 1]
        return self._only({e for e, _ in kept}, kept)

    def _only(self, events: set[str], kept: tuple[tuple[str, dt.date | None], ...]) -> SeasonGames:
        return replace(self, events=kept, games=tuple(g for g in self.games if g.event in events))


def season_games(ev: Evaluation, label: str, members: bool = True) -> SeasonGames:
    """The games of an evaluated league in the order played; `members`: a pair with its players named plays as them."""
    lg = ev.league
    table = ev.table if ev.table is not None else build_table(ev.results, lg.ruleset, {})
    first: dict[int, tuple[str, int]] = {}
    for m, c, o in zip(table.match.tolist(), table.competitor.tolist(), table.outcome.tolist()):
        first.setdefault(m, (table.names[c], o))
    swiss = [(m, _score(m, *first[i])) for i, m in enumerate(ev.results) if i in first and _two_sides(m) and is_game(m)]
    playoffs = [(m, 1.0 if m.sides[0].key == m.winner_key else 0.0) for m in playoff_games(ev) if _two_sides(m)]
    order = played_order(lg)
    played = sorted([*swiss, *playoffs], key=lambda pair: order(pair[0]))
    names: dict[str, str] = {}
    sittings: dict[tuple[object, ...], int] = {}
    games = tuple(
        RatedGame(
            m.event,
            (_team(lg, m, m.sides[0], ev.names, names, members), _team(lg, m, m.sides[1], ev.names, names, members)),
            score,
            sittings.setdefault(order(m)[:3], len(sittings)),
        )
        for m, score in played
    )
    dates = {e.id: e.date for e in lg.events}
    events = tuple((e, dates.get(e)) for e in dict.fromkeys(g.event for g in games))
    return SeasonGames(label, events, games, names)


def rated_label(ruleset: Ruleset) -> str:
    """What a rated competitor is called: `Player` where pairs are rated as their players, else the ruleset's word."""
    return "Player" if ruleset.registration.members and ruleset.ratings.members else ruleset.competitor


def _two_sides(m: Match) -> bool:
    return len(m.sides) == 2 and all(s.key for s in m.sides)


def _score(m: Match, key: str, outcome: int) -> float:
    """Side A's result from the match table's outcome of the side it listed first."""
    mine = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5}.get(Outcome(outcome), 0.0)
    return mine if m.sides[0].key == key else 1.0 - mine


def _team(lg: League, m: Match, side: Side, registered: dict[str, str], names: dict[str, str], members: bool) -> Team:
    """The rated keys of a side: its players when it is a pair the registration names them for, else itself."""
    entrant = lg.entrant(m.event, side.name) if members and lg.ruleset.registration.members else None
    players: Sequence[str] = [p for p in entrant.members if p.strip()] if entrant else ()
    keys = tuple(name_key(p) for p in players)
    if not keys or len(keys) != len(lg.ruleset.registration.members) or len(set(keys)) != len(keys):
        names.setdefault(side.key, registered.get(side.key, side.name))
        return (side.key,)
    for key, player in zip(keys, players):
        names.setdefault(key, " ".join(player.split()))
    return keys

"""Skill ratings from the games a league kept, with OpenSkill's Plackett-Luce model (Weng and Lin's Bayesian
approximation, as in TrueSkill but free of its patent; MIT-licensed, pure Python, no I/O: fine in the domain).

Each competitor's skill is a mean `mu` and an uncertainty `sigma`; the rating people compare is the conservative
`mu - 3 sigma` (OpenSkill's ordinal): a newcomer starts at 0 and climbs as games make the estimate surer. The ratings
are worked out again from the first kept game every time, never patched, so a corrected result changes every rating
from that game on."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from league.ratings.games import RatedGame, SeasonGames, Team
from league.rules.rating_rules import NEW_SIGMA, RatingRules

Z = 3.0
"""How many uncertainties the shown rating stands below the mean: 3 makes it all but sure the skill is above it."""


@dataclass(frozen=True)
class Rating:
    """One competitor's rating after the last game rated."""

    key: str
    name: str
    mu: float
    sigma: float
    """The uncertainty: how far the skill may be from `mu` (one standard deviation)."""
    games: int
    change: float | None
    """The rating's change since the end of the previous event rated; None when first rated in the latest event."""
    provisional: bool = False
    """Fewer games than the ruleset's `[ratings] provisional`: listed apart, not ranked."""

    @property
    def rating(self) -> float:
        """The conservative figure people compare: `mu - 3 sigma`."""
        return self.mu - Z * self.sigma


@dataclass(frozen=True)
class Step:
    """A competitor's rating at the end of one event they played in: a row of `lg.ratings(history=True)`."""

    season: str
    event: str
    date: dt.date | None
    key: str
    mu: float
    sigma: float
    games: int

    @property
    def rating(self) -> float:
        return self.mu - Z * self.sigma


@dataclass(frozen=True)
class Ratings:
    """Every competitor's rating, the ranked ones first (best first), then the provisional; and how they came."""

    ratings: tuple[Rating, ...]
    history: tuple[Step, ...]
    names: dict[str, str]
    """Rated key -> name as the latest season spells it."""
    latest: str
    """The latest event rated (`2026 W3`), empty when no game was."""
    games: int

    @property
    def ranked(self) -> tuple[Rating, ...]:
        return tuple(r for r in self.ratings if not r.provisional)

    @property
    def provisional(self) -> tuple[Rating, ...]:
        return tuple(r for r in self.ratings if r.provisional)


class Rater:
    """The ratings as games are played one after another: what `rate` runs, and what predicts the next game."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.skill: dict[str, PlackettLuceRating] = {}
        self.games: dict[str, int] = {}

    def _of(self, team: Team) -> list[PlackettLuceRating]:
        return [self.skill.get(k) or self.model.rating() for k in team]

    def chance(self, game: RatedGame) -> float:
        """How likely side A is to win the game, from the ratings before it."""
        return float(self.model.predict_win([self._of(game.sides[0]), self._of(game.sides[1])])[0])

    def play(self, game: RatedGame) -> None:
        """Rate one game: the winner's players move up, the loser's down, more so the less sure their ratings."""
        a, b = game.sides
        ranks = [0.0, 0.0] if game.score == 0.5 else [0.0, 1.0] if game.score == 1 else [1.0, 0.0]
        new = self.model.rate([self._of(a), self._of(b)], ranks=ranks)
        for team, rated in zip((a, b), new):
            for key, r in zip(team, rated):
                self.skill[key] = r
                self.games[key] = self.games.get(key, 0) + 1

    def widen(self, by: float) -> None:
        """A new season: every skill may have drifted by `by` (one standard deviation), so every uncertainty grows to
        `sqrt(sigma^2 + by^2)`, at most to a newcomer's."""
        for r in self.skill.values():
            r.sigma = min(math.hypot(r.sigma, by), NEW_SIGMA)

    def ordinals(self) -> dict[str, float]:
        return {k: r.mu - Z * r.sigma for k, r in self.skill.items()}


def rate(seasons: Sequence[SeasonGames], rules: RatingRules) -> Ratings:
    """The ratings after every game of the seasons, oldest season first; each later season starts from the ratings
    the one before ended with, their uncertainty widened by `rules.widen` (`Rater.widen`)."""
    rater = Rater()
    history: list[Step] = []
    names: dict[str, str] = {}
    before: dict[str, float] = {}
    after: dict[str, float] = {}
    latest = ""
    for number, season in enumerate(seasons):
        names.update(season.names)
        if number and rater.skill:
            rater.widen(rules.widen)
        for event, day in season.events:
            before, latest = after, f"{season.label} {event}".strip()
            players = _play(rater, (g for g in season.games if g.event == event))
            after = rater.ordinals()
            history += [
                Step(season.label, event, day, k, rater.skill[k].mu, rater.skill[k].sigma, rater.games[k])
                for k in sorted(players)
            ]
    ratings = [
        Rating(
            k,
            names.get(k, k),
            r.mu,
            r.sigma,
            rater.games[k],
            after[k] - before[k] if k in before else None,
            rater.games[k] < rules.provisional,
        )
        for k, r in rater.skill.items()
    ]
    ratings.sort(key=lambda r: (r.provisional, -r.rating, r.name.casefold()))
    return Ratings(tuple(ratings), tuple(history), names, latest, sum(len(s.games) for s in seasons))


def rate_until(
    seasons: Sequence[SeasonGames], rules: RatingRules, event: str | None = None, since: dt.date | None = None
) -> Ratings:
    """`rate`, up to and including `event` of the last season (a `StatsError` naming the events with games when it has
    none), over only the games of events dated `since` or later."""
    chosen = [*seasons[:-1], seasons[-1].until(event)] if event is not None and seasons else list(seasons)
    return rate([s.since(since) for s in chosen] if since is not None else chosen, rules)


def _play(rater: Rater, games: Iterable[RatedGame]) -> set[str]:
    """Rate the games in order; the keys that played."""
    players: set[str] = set()
    for game in games:
        rater.play(game)
        players.update(*game.sides)
    return players

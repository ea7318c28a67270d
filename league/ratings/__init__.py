"""Skill ratings across seasons: every player, pair and team rated from the games the league kept (OpenSkill).

Pure Python: `games.py` reads the games of an evaluated league in the order played, `engine.py` rates them. The
reading of earlier seasons' workbooks is the jobs' (`jobs/ratings_seasons.py`); the tables are `league.report`'s."""

from __future__ import annotations

from league.ratings.engine import Rater, Rating, Ratings, Step, Z, rate, rate_until
from league.ratings.games import RatedGame, SeasonGames, Team, rated_label, season_games

__all__ = [
    "Z",
    "RatedGame",
    "Rater",
    "Rating",
    "Ratings",
    "SeasonGames",
    "Step",
    "Team",
    "rate",
    "rate_until",
    "rated_label",
    "season_games",
]

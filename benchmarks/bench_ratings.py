"""Do the ratings (`league.ratings`) order players and predict games better than the points leaderboard?

Two figures, on leagues whose hidden strengths are known:

1. **Rank correlation** (Spearman) of the hidden strengths with the ratings (the shown `mu - 3 sigma`, and `mu`) and
   with the league leaderboard's points. Points reward attendance; ratings should not.
2. **Next-round log-loss** (lower is better; a coin is ln 2 = 0.693): before each round, every game of that round is
   predicted from the games before it, by the ratings (`Rater.chance`) and by the points (each side's record so far,
   wins plus half the draws over games, smoothed by one win and one loss, and the two set against each other by
   log5), and scored by its result (a draw counts half).

The leagues: the four demo leagues (their hidden strengths drawn again from their own seeds; the MESBG pairs rated
as pairs here, as its leaderboard ranks them), and a generated Magic league (seeded) of players with normal hidden
strengths who come to a random share of twelve weekly events, four Swiss rounds each.

    PYTHONPATH=. python benchmarks/bench_ratings.py            # 64 players, 12 events
    PYTHONPATH=. python benchmarks/bench_ratings.py --quick    # smoke size
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
from collections.abc import Callable, Mapping
from pathlib import Path

import pandas as pd

from benchmarks.generate import machine, timed
from jobs.config import load_ruleset
from league.cells import Cell, name_key
from league.demos import DEMOS, gl, magic, mesbg, nasef
from league.demos.base import DemoLeague
from league.evaluate import Evaluation, evaluate
from league.ratings import Rater, SeasonGames, rate, season_games

Strength = dict[str, float]


def demo_strengths() -> dict[str, Callable[[], Strength]]:
    """Each demo's hidden strengths, drawn again as its builder draws them from its default seed."""

    def gl_skill() -> Strength:
        rng = random.Random(2024)
        pool = rng.sample([f"{f} {last}" for f in gl.FIRST for last in gl.LAST], 52)
        return {name: math.log(rng.uniform(0.5, 2.0)) for name in pool}

    def magic_skill() -> Strength:
        rng = random.Random(2025)
        return {p: math.log(rng.uniform(0.6, 1.8)) for p in magic.PLAYERS}

    def mesbg_skill() -> Strength:
        rng = random.Random(2025)
        return {p: rng.uniform(0.6, 1.6) for p in mesbg.PAIRS}

    def nasef_skill() -> Strength:
        return nasef._teams(random.Random(2026))[2]

    return {"gl-unmatched": gl_skill, "ogaming-mtg": magic_skill, "mesbg-pairs": mesbg_skill, "nasef-lol": nasef_skill}


def generated(players: int, events: int, seed: int) -> tuple[DemoLeague, Strength]:
    """A Magic league of `players` with hidden strengths N(0, 1) (a game won with chance 1 / (1 + e^-(a - b))), each
    coming to an event with a chance of their own between 30 % and 95 %, four Swiss rounds an event."""
    rng = random.Random(seed)
    names = [f"Player {i + 1:03d}" for i in range(players)]
    strength = {n: rng.gauss(0, 1) for n in names}
    comes = {n: rng.uniform(0.3, 0.95) for n in names}
    rows_events: list[list[Cell]] = []
    registered: list[list[Cell]] = []
    results: dict[str, list[list[Cell]]] = {}
    for week in range(1, events + 1):
        event, day = f"W{week}", dt.date(2025, 1, 2) + dt.timedelta(days=7 * week)
        rows_events.append([event, f"Weekly {week}", day.isoformat(), "Store", players, event, f"Results {event}"])
        field = [n for n in names if rng.random() < comes[n]]
        registered += [[n, event, "Good", "", ""] for n in field]
        points, met, had_bye = dict.fromkeys(field, 0), set[frozenset[str]](), set[str]()
        rows: list[list[Cell]] = []
        for rnd in range(1, 5):
            for table, (a, b) in enumerate(magic.swiss_pairings(rng, field, points, met, had_bye), start=1):
                if b is None:
                    rows.append([rnd, table, a, "", None, None, None, "Bye", "", "", ""])
                    points[a] += 3
                    continue
                won = [0, 0]
                while max(won) < 2:
                    won[0 if rng.random() < 1 / (1 + math.exp(strength[b] - strength[a])) else 1] += 1
                rows.append([rnd, table, a, b, won[0], won[1], None, "", "", "", ""])
                points[a if won[0] > won[1] else b] += 3
        results[f"Results {event}"] = rows
    return DemoLeague(rows_events, registered, results, [], []), strength


def spearman(strength: Mapping[str, float], figure: Mapping[str, float]) -> float:
    """Rank correlation of the hidden strengths with a figure, over the competitors that have both."""
    keys = [k for k in figure if k in strength]
    hidden, shown = pd.Series([strength[k] for k in keys]), pd.Series([figure[k] for k in keys])
    return float(hidden.rank().corr(shown.rank()))  # Spearman's: Pearson's of the ranks (pandas' own needs scipy)


def log_losses(season: SeasonGames) -> tuple[float, float, int]:
    """The mean log-loss of the ratings' and the points' predictions of each round from the rounds before it."""
    rater, record = Rater(), dict[str, tuple[float, int]]()
    ratings_loss = points_loss = 0.0
    games = list(season.games)
    at = 0
    while at < len(games):
        sitting = [g for g in games[at:] if g.sitting == games[at].sitting]
        for g in sitting:
            ratings_loss += _loss(rater.chance(g), g.score)
            points_loss += _loss(_log5(_rate(record, g.sides[0]), _rate(record, g.sides[1])), g.score)
        for g in sitting:
            rater.play(g)
            for team, score in zip(g.sides, (g.score, 1 - g.score)):
                for k in team:
                    won, played = record.get(k, (0.0, 0))
                    record[k] = (won + score, played + 1)
        at += len(sitting)
    return ratings_loss / len(games), points_loss / len(games), len(games)


def _rate(record: Mapping[str, tuple[float, int]], team: tuple[str, ...]) -> float:
    """A side's record so far, smoothed: (wins + 1) / (games + 2), its players' averaged."""
    return sum((record.get(k, (0.0, 0))[0] + 1) / (record.get(k, (0.0, 0))[1] + 2) for k in team) / len(team)


def _log5(a: float, b: float) -> float:
    """The chance a side of record `a` beats one of record `b` (Bill James's log5)."""
    return a * (1 - b) / (a * (1 - b) + b * (1 - a))


def _loss(p: float, score: float) -> float:
    p = min(max(p, 1e-9), 1 - 1e-9)
    return -(score * math.log(p) + (1 - score) * math.log(1 - p))


HEADER = (
    f"{'league':<22} {'rated':>5} {'games':>5}   rank correlation: {'rating':>6} {'mu':>6} {'points':>6}   "
    f"next-round log-loss: {'ratings':>7} {'points':>7}   seconds to read, rate"
)


def report(name: str, ev: Evaluation, strength: Strength) -> tuple[float, ...]:
    """One league's figures, printed and returned (correlations: rating, mu, points; log-losses: ratings, points)."""
    seconds, season = timed(lambda: season_games(ev, name, members=False))  # the pairs as the leaderboard ranks them
    rated_seconds, ratings = timed(lambda: rate([season], ev.league.ruleset.ratings))
    hidden = {name_key(n): v for n, v in strength.items()}
    points = {line.key: float(line.score) for line in ev.leaderboard}
    shown = {r.key: r.rating for r in ratings.ratings}
    mu = {r.key: r.mu for r in ratings.ratings}
    by_ratings, by_points, n = log_losses(season)
    figures = (spearman(hidden, shown), spearman(hidden, mu), spearman(hidden, points), by_ratings, by_points)
    print(
        f"{name:<22} {len(ratings.ratings):>5} {n:>5}   {'':>17} {figures[0]:+.3f} {figures[1]:+.3f} "
        f"{figures[2]:+.3f}   {'':>20} {by_ratings:7.4f} {by_points:7.4f}   {seconds:.3f} s, {rated_seconds:.3f} s"
    )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke size: the demos and 24 players over 4 events")
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--events", type=int, default=12)
    parser.add_argument("--seeds", type=int, default=5, help="generated leagues (seeds 1..N), each printed")
    args = parser.parse_args()
    if args.quick:
        args.players, args.events, args.seeds = 24, 4, 1
    print(machine())
    print(f"log-loss: lower is better; a coin's is ln 2 = {math.log(2):.4f}\n{HEADER}")
    for preset, drawn in demo_strengths().items():
        ruleset, catalog = load_ruleset(preset, Path("."))
        demo = DEMOS[preset](ruleset, catalog)
        report(f"demo {preset}", evaluate(demo.tabs(ruleset, catalog), ruleset, catalog), drawn())
    ruleset, catalog = load_ruleset("ogaming-mtg", Path("."))
    runs = []
    for seed in range(1, args.seeds + 1):
        league, strength = generated(args.players, args.events, seed)
        runs.append(
            report(f"generated seed {seed}", evaluate(league.tabs(ruleset, catalog), ruleset, catalog), strength)
        )
    mean = [sum(r[i] for r in runs) / len(runs) for i in range(5)]
    print(
        f"{'generated, mean':<34}   {'':>17} {mean[0]:+.3f} {mean[1]:+.3f} {mean[2]:+.3f}   {'':>20} "
        f"{mean[3]:7.4f} {mean[4]:7.4f}"
    )


if __name__ == "__main__":
    main()

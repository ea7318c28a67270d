"""Rank a million matches: the GL ruleset's health-ratio tiebreak (pooled and mean) and, on the same
matches typed as games won, the Swiss test ruleset's opponent tiebreakers (OMW%, GW%, OGW%, Buchholz)
and the Magic preset's (OMW%, GW%, OGW%).

The match table is built directly with numpy, in the schema `league.match_table.build_table` gives
(one row per side of a match: a played match is 2 rows, a bye 1 row). Only `rank(...)` is timed,
median of 3 runs. Also one event of 2,048 players over 8 rounds, the size of a large Swiss open.

    PYTHONPATH=. python benchmarks/bench_ranking.py            # 1,000,000 matches, ~20,000 players
    PYTHONPATH=. python benchmarks/bench_ranking.py --quick    # smoke size
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time
import tomllib
from functools import partial
from pathlib import Path

import numpy as np

from benchmarks.generate import FIRST_STAGE, ROOT, machine, player_names, profile
from jobs.config import load_ruleset
from league.cells import name_key
from league.demos.gl import allowed_fighters
from league.match_table import KINDS, MatchTable, Outcome
from league.model.standing import Standing
from league.model.words import Kind
from league.rules.catalog import Catalog
from league.rules.load import parse_ruleset
from league.rules.ruleset import Ruleset
from league.standings import rank

PLAYERS_PER_EVENT = 200
BYE_SHARE = 0.01
SWISS = ROOT / "tests" / "rulesets" / "swiss-draws.toml"


def build_table(
    ruleset: Ruleset,
    catalog: Catalog,
    matches: int,
    competitors: int,
    per_event: int = PLAYERS_PER_EVENT,
    rounds: int | None = None,
    seed: int = 7,
) -> tuple[MatchTable, list[str]]:
    """`matches` results rows (1% byes) among `competitors` players, re-paired at random each round of each event."""
    rng = np.random.default_rng(seed)
    keys = [name_key(n) for n in player_names(competitors, random.Random(seed))]
    rounds = rounds or ruleset.rounds
    per_round = per_event // 2
    events = -(-matches // (rounds * per_round))
    stages = max(1, events // 100)  # ~100 events per stage, like a season of qualifiers
    field = np.stack([rng.choice(competitors, per_event, replace=False) for _ in range(events)])
    order = rng.permuted(np.repeat(field[:, None, :], rounds, axis=1), axis=2)  # events x rounds x players
    a, b = order[..., 0::2].reshape(-1)[:matches], order[..., 1::2].reshape(-1)[:matches]
    match_event = np.repeat(np.arange(events), rounds * per_round)[:matches]
    match_round = np.tile(np.repeat(np.arange(1, rounds + 1), per_round), events)[:matches]
    bye = rng.random(matches) < BYE_SHARE
    # Starting health of an allowed catalog fighter; the winner keeps 1..start, the loser 0. Games: 2-0 or 2-1.
    health_values = np.array([p.health for p in allowed_fighters(catalog, ruleset, FIRST_STAGE)], dtype=np.int64)
    start_a, start_b = rng.choice(health_values, matches), rng.choice(health_values, matches)
    a_wins = rng.random(matches) < 0.5
    left_a = np.where(a_wins, rng.integers(1, start_a + 1), 0)
    left_b = np.where(a_wins, 0, rng.integers(1, start_b + 1))
    loser_games = rng.integers(0, 2, matches)
    stage_of = np.minimum(np.arange(events) // 100, stages - 1)

    keep_pair = np.ones((matches, 2), dtype=bool)
    keep_pair[bye, 1] = False
    keep = keep_pair.reshape(-1)

    def sides(a_side: np.ndarray, b_side: np.ndarray) -> np.ndarray:
        return np.stack([a_side, b_side], axis=1).reshape(-1)[keep].astype(np.int64)

    rows = int(keep.sum())
    index = np.cumsum(keep) - 1
    partner_a, partner_b = index[1::2], index[0::2]  # row of side B for side A's row, and back
    outcome_a = np.where(bye, Outcome.BYE, np.where(a_wins, Outcome.WIN, Outcome.LOSS))
    outcome_b = np.where(a_wins, Outcome.LOSS, Outcome.WIN)
    won_a = np.where(bye, 2, np.where(a_wins, 2, loser_games))
    won_b = np.where(a_wins, loser_games, 2)
    table = MatchTable(
        names=keys,
        events=[f"E{e}" for e in range(events)],
        stages=[f"QR{s + 1}" for s in range(stages)],
        event=sides(match_event, match_event),
        stage=sides(stage_of[match_event], stage_of[match_event]),
        round=sides(match_round, match_round),
        match=sides(np.arange(matches), np.arange(matches)),
        competitor=sides(a, b),
        opponent=sides(np.where(bye, -1, b), a),
        partner=sides(np.where(bye, -1, partner_a), partner_b),
        kind=sides(
            np.where(bye, KINDS.index(Kind.BYE), KINDS.index(Kind.PLAYED)), np.full(matches, KINDS.index(Kind.PLAYED))
        ),
        outcome=sides(outcome_a, outcome_b),
        games_won=sides(won_a, won_b),
        games_lost=sides(np.where(bye, 0, won_b), won_a),
        games_drawn=np.zeros(rows, dtype=np.int64),
        figures={
            "health": sides(np.where(bye, 0, left_a), left_b),
            "start_health": sides(np.where(bye, 0, start_a), start_b),
        },
        known={
            "health": sides(~bye, np.ones(matches, bool)).astype(bool),
            "start_health": sides(~bye, np.ones(matches, bool)).astype(bool),
        },
    )
    return table, keys


def with_mode(ruleset: Ruleset, mode: str) -> Ruleset:
    """The ruleset with every ratio tiebreak set to `mode` (pooled or mean)."""
    tbs = tuple(
        dataclasses.replace(tb, options={**tb.options, "mode": mode}) if tb.name == "ratio" else tb
        for tb in ruleset.tiebreakers
    )
    return dataclasses.replace(ruleset, tiebreakers=tbs)


def timed_rank(
    table: MatchTable, ruleset: Ruleset, competitors: list[str], repeat: int
) -> tuple[float, list[float], list[Standing]]:
    """Median seconds of `repeat` rank calls, every run's time, and the last standings."""
    times, lines = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        lines = rank(table, ruleset, competitors, ruleset.league_prizes)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), times, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke size: 20,000 matches, 400 players")
    parser.add_argument("--matches", type=int, default=1_000_000, help="results rows (matches), 1%% of them byes")
    parser.add_argument("--competitors", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3, help="runs per mode; the median is reported")
    parser.add_argument("--profile", action="store_true", help="also run each mode once under cProfile")
    args = parser.parse_args()
    if args.quick:
        args.matches, args.competitors, args.repeat = 20_000, 400, 1

    ruleset, catalog = load_ruleset("gl-unmatched", Path("."))
    swiss = parse_ruleset(tomllib.loads(SWISS.read_text(encoding="utf-8")), str(SWISS))
    print(f"bench_ranking: {machine()}, numpy {np.__version__}")
    start = time.perf_counter()
    table, competitors = build_table(ruleset, catalog, args.matches, args.competitors)
    built = time.perf_counter() - start
    print(
        f"matches {args.matches:,} -> side rows {len(table):,} (played x2 + byes x1), events {len(table.events):,}, "
        f"stages {len(table.stages)}, competitors {len(competitors):,}; table built in {built:.2f} s"
    )
    magic, _ = load_ruleset("ogaming-mtg", Path("."))
    variants = [
        ("pooled", with_mode(ruleset, "pooled")),
        ("mean", with_mode(ruleset, "mean")),
        ("swiss", swiss),
        ("magic", magic),
    ]
    for name, rs in variants:
        median, times, lines = timed_rank(table, rs, competitors, args.repeat)
        tied = sum(1 for s in lines if s.tie)
        print(
            f"rank[{name:6}] rows {len(table):,}  competitors {len(lines):,}  median {median:.3f} s  "
            f"(runs: {', '.join(f'{t:.3f}' for t in times)})  top: {lines[0].key} {lines[0].score} "
            f"{float(lines[0].tiebreaks[0] or 0):.4f}; {tied:,} in full ties"
        )
        if args.profile:
            profile(partial(rank, table, rs, competitors, rs.league_prizes))
    players = 256 if args.quick else 2048
    event, keys = build_table(ruleset, catalog, players // 2 * 8, players, per_event=players, rounds=8)
    for name, rs in (("pooled", ruleset), ("swiss", swiss), ("magic", magic)):
        median, times, _ = timed_rank(event, rs, keys, max(args.repeat, 5))
        print(f"one event of {players:,} players x 8 rounds [{name:6}]: median {median * 1000:.1f} ms")
    print("targets: at most 0.3 s per rank call at 1,000,000 matches; at most 5 ms for 2,048 players x 8 rounds")


if __name__ == "__main__":
    main()

"""Rank a million matches with the GL ruleset's health-ratio tiebreak, pooled and mean.

The frame is built directly with numpy in the exact schema `league.standings.match_frame` gives
(event, stage, round, competitor, kind, outcome, health, start_health; strings as pandas `str`,
`kind` holding `league.ruleset.Kind` members, figures float64): one row per side of a match, so a
played match is 2 rows and a bye 1 row. Only `rank(...)` is timed, median of 3 runs.

    PYTHONPATH=. python benchmarks/bench_ranking.py            # 1,000,000 matches, ~20,000 players
    PYTHONPATH=. python benchmarks/bench_ranking.py --quick    # smoke size
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
import pandas as pd
from generate import FIRST_STAGE, allowed_fighters, machine, player_names, profile

from jobs.config import load_ruleset
from league.catalog import Catalog
from league.cells import name_key
from league.ruleset import Kind, Ruleset
from league.standings import rank

PLAYERS_PER_EVENT = 200
BYE_SHARE = 0.01


def build_frame(ruleset: Ruleset, catalog: Catalog, matches: int, competitors: int, seed: int = 7) -> tuple[pd.DataFrame, list[str]]:
    """`matches` results rows (1% byes) among `competitors` players, as match_frame would give them."""
    rng = np.random.default_rng(seed)
    keys = np.array([name_key(n) for n in player_names(competitors, random.Random(seed))], dtype=object)
    rounds = ruleset.rounds
    per_round = PLAYERS_PER_EVENT // 2
    events = -(-matches // (rounds * per_round))
    stages = max(1, events // 100)  # ~100 events per stage, like a season of qualifiers
    # Each event: 200 players drawn without replacement, re-paired at random every round.
    field = np.stack([rng.choice(competitors, PLAYERS_PER_EVENT, replace=False) for _ in range(events)])
    order = rng.permuted(np.repeat(field[:, None, :], rounds, axis=1), axis=2)  # events x rounds x players
    a, b = order[..., 0::2].reshape(-1)[:matches], order[..., 1::2].reshape(-1)[:matches]
    match_event = np.repeat(np.arange(events), rounds * per_round)[:matches]
    match_round = np.tile(np.repeat(np.arange(1, rounds + 1), per_round), events)[:matches]
    bye = rng.random(matches) < BYE_SHARE
    # Starting health of a fighter drawn from the catalog (allowed ones); the winner keeps 1..start, the loser 0.
    health_values = np.array([p.health for p in allowed_fighters(catalog, ruleset, FIRST_STAGE)], dtype=np.int64)
    start_a, start_b = rng.choice(health_values, matches), rng.choice(health_values, matches)
    a_wins = rng.random(matches) < 0.5
    left_a = np.where(a_wins, rng.integers(1, start_a + 1), 0)
    left_b = np.where(a_wins, 0, rng.integers(1, start_b + 1))
    stage_of = [min(e // 100, stages - 1) for e in range(events)]
    stage_ids = np.array([f"QR{s + 1}" for s in stage_of], dtype=object)
    event_ids = np.array([f"QR{s + 1}-V{e - 100 * s + 1:03d}" for e, s in enumerate(stage_of)], dtype=object)

    # Side A then side B of each match, as match_frame emits them; a bye has no side B row.
    keep_pair = np.ones((matches, 2), dtype=bool)
    keep_pair[bye, 1] = False
    keep = keep_pair.reshape(-1)

    def sides(a_side: np.ndarray, b_side: np.ndarray) -> np.ndarray:
        return np.stack([a_side, b_side], axis=1).reshape(-1)[keep]

    kind_a = np.empty(matches, dtype=object)  # Kind members themselves, as match_frame stores them
    kind_a[bye] = Kind.BYE
    kind_a[~bye] = Kind.PLAYED
    outcome_a = np.where(bye, "bye", np.where(a_wins, "win", "loss")).astype(object)
    outcome_b = np.where(a_wins, "loss", "win").astype(object)
    columns = {
        "event": sides(event_ids[match_event], event_ids[match_event]),
        "stage": sides(stage_ids[match_event], stage_ids[match_event]),
        "round": sides(match_round, match_round).astype(np.int64),
        "competitor": sides(keys[a], keys[b]),
        "kind": sides(kind_a, np.full(matches, Kind.PLAYED, dtype=object)),
        "outcome": sides(outcome_a, outcome_b),
        "health": sides(np.where(bye, np.nan, left_a), left_b).astype(np.float64),
        "start_health": sides(np.where(bye, np.nan, start_a), start_b).astype(np.float64),
    }
    # Same construction path as match_frame: object columns inferred by pandas, figures float64.
    frame = pd.DataFrame(columns, columns=list(columns)).astype({f: "float64" for f in ruleset.results.figures})
    return frame, [str(k) for k in keys]


def with_mode(ruleset: Ruleset, mode: str) -> Ruleset:
    """The ruleset with every health_ratio tiebreak set to `mode` (pooled or mean)."""
    tbs = tuple(dataclasses.replace(tb, options={**tb.options, "mode": mode}) if tb.name == "health_ratio" else tb
                for tb in ruleset.tiebreakers)
    return dataclasses.replace(ruleset, tiebreakers=tbs)


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
    print(f"bench_ranking: {machine()}, pandas {pd.__version__}, numpy {np.__version__}")
    start = time.perf_counter()
    frame, competitors = build_frame(ruleset, catalog, args.matches, args.competitors)
    built = time.perf_counter() - start
    present = frame["competitor"].nunique()
    print(f"matches {args.matches:,} -> side rows {len(frame):,} (played x2 + byes x1), events {frame['event'].nunique():,}, "
          f"stages {frame['stage'].nunique()}, competitors {len(competitors):,} ({present:,} with rows); frame built in {built:.2f} s")
    print(f"frame dtypes: {', '.join(f'{c}={t}' for c, t in frame.dtypes.items())}")
    for mode in ("pooled", "mean"):
        rs = with_mode(ruleset, mode)
        times, lines = [], []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            lines = rank(frame, rs, competitors, rs.league_prizes)
            times.append(time.perf_counter() - t0)
        tied = sum(1 for s in lines if s.tie)
        print(f"rank[{mode:6}] rows {len(frame):,}  competitors {len(lines):,}  median {statistics.median(times):.3f} s  "
              f"(runs: {', '.join(f'{t:.3f}' for t in times)})  top: {lines[0].key} {lines[0].score} "
              f"{float(lines[0].tiebreaks[0] or 0):.4f}; {tied:,} in full ties")
        if args.profile:
            profile(partial(rank, frame, rs, competitors, rs.league_prizes))
    print("target: < 3 s per rank call at 1,000,000 matches")


if __name__ == "__main__":
    main()

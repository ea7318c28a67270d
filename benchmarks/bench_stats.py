"""`league stats` on the 2,000-player GL league of `bench_sync.py`, kept as a local `.xlsx` file.

The league comes from `generate.py` (2,000 players, 2 stages: 4,000 registrations, ~14,000 results rows), written
with `XlsxWorkbook.create` next to a league.toml, in a temp folder. Timed:

1. `run_stats` in this process: reading the workbook and validating it as `league check` does, then the stats;
2. the stats alone on the evaluated league (the games side by side, the fighters, win rates, matchups, records);
3. the DataFrames of the notebook API (`league.open(...).stats()`, `.matches()`), pandas imported once;
4. the real CLI in new processes, `python -c "from jobs.cli import app; app()" stats <folder>`, `--runs` times (median).

    PYTHONPATH=. python benchmarks/bench_stats.py            # 2,000 players
    PYTHONPATH=. python benchmarks/bench_stats.py --quick    # smoke size
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_sync import RULESET, WORKBOOK, league_folder
from benchmarks.generate import ROOT, generate_league, machine, profile, timed
from jobs.config import load_config, load_ruleset
from jobs.stats_job import run_stats
from jobs.sync_job import run_check
from league import stats
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook


def cli_stats(folder: Path) -> float:
    """Wall seconds of `league stats` in a new process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), "COLUMNS": "200"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", "from jobs.cli import app; app()", "stats", str(folder)], cwd=ROOT,
                          env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode:
        print(done.stdout[-2000:], done.stderr[-2000:], sep="\n")
    return wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke size: 100 players")
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--stages", type=int, default=2)
    parser.add_argument("--event-size", type=int, default=250)
    parser.add_argument("--runs", type=int, default=5, help="CLI runs (the median is printed)")
    parser.add_argument("--profile", action="store_true", help="also run `run_stats` once under cProfile")
    args = parser.parse_args()
    if args.quick:
        args.players, args.event_size, args.runs = 100, 30, 1

    ruleset, catalog = load_ruleset(RULESET, Path("."))
    print(f"bench_stats: {machine()}")
    base = Path(tempfile.mkdtemp(prefix="league-bench-stats-"))
    try:
        league = generate_league(ruleset, catalog, args.players, args.stages, args.event_size)
        pristine = base / "pristine.xlsx"
        XlsxWorkbook(pristine).create(league.sheets(ruleset, catalog))
        folder = league_folder(base, "league", pristine)
        print(f"players {league.distinct_players:,}  events {len(league.events)}  result rows {league.result_rows:,}")
        config = load_config(folder)

        t_all, result = timed(lambda: run_stats(config, open_workbook(config)))
        print(f"run_stats (read + check + stats):       {t_all:8.3f} s   ({len(result.tables[0].rows)} fighters)")
        ev = run_check(config, open_workbook(config))

        def figures() -> int:
            g = stats.games(ev)
            e = stats.entries(g, stats.stats_field(ev.league, None), ev.league)
            return len(stats.win_rates(g, e)) + len(stats.matchups(g, e).entries) + len(stats.records(g, ev.names))
        t_stats, _ = timed(figures)
        print(f"the stats alone (evaluated league):      {t_stats:8.3f} s   ({int(stats.games(ev).played.sum()) // 2:,} games)")

        import league as api
        t_open, lg = timed(lambda: api.open(folder))
        t_frame, frame = timed(lambda: lg.stats())
        t_matches, matches = timed(lambda: lg.matches())
        print(f"league.open (pandas imported):           {t_open:8.3f} s;  .stats() {t_frame:.3f} s ({len(frame)} rows),  "
              f".matches() {t_matches:.3f} s ({len(matches):,} rows)")

        walls = [cli_stats(folder) for _ in range(args.runs)]
        print(f"CLI `league stats`: median {statistics.median(walls):.2f} s wall over {len(walls)} run(s) "
              f"({', '.join(f'{w:.2f}' for w in walls)})")
        print("target: a whole `league stats` process under 1 s at 2,000 players")
        if args.profile:
            profile(lambda: run_stats(config, open_workbook(config)), top=30)
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()

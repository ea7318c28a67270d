"""`league stats` on the 2,000-player GL league of `bench_sync.py`, kept as a local `.xlsx` file.

The league comes from `generate.py` (2,000 players, 2 stages: 4,000 registrations, ~14,000 results rows), written
with `XlsxWorkbook.create` next to a league.toml, in a temp folder. Timed:

1. a first `league sync` (it keeps the counted games in the history), and what keeping them costs it;
2. `run_stats` in this process: from the history (as the CLI), and `--fresh` (reading and checking the workbook);
3. the counting alone (win rates, matchups, records) on the kept games;
4. the DataFrames of the notebook API (`league.open(...).stats()`, `.matches()`), pandas imported once;
5. the real CLI in new processes, `python -c "from jobs.cli import app; app()" stats <folder>`, `--runs` times (median).

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

from benchmarks.bench_sync import RULESET, league_folder
from benchmarks.generate import ROOT, generate_league, machine, profile, timed
from jobs.config import load_config, load_ruleset
from jobs.stats_job import run_stats
from jobs.sync_job import run_sync
from league import stats
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook


def cli_stats(folder: Path) -> float:
    """Wall seconds of `league stats` in a new process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), "COLUMNS": "200"}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", "from jobs.cli import app; app()", "stats", str(folder)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
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

        t_sync, synced = timed(lambda: run_sync(config, open_workbook(config)))
        print(
            f"league sync first (keeps the counted games in the history): {t_sync:.3f} s, "
            f"problems {len(synced.evaluation.problems)}"
        )
        ev = synced.evaluation
        t_sides, kept = timed(lambda: stats.sides(ev).to_json())
        print(
            f"what the sync pays: the games side by side and their JSON:  {t_sides:8.3f} s   "
            f"({len(kept) / 2**20:.2f} MiB)"
        )
        t_kept, result = timed(lambda: run_stats(config, lambda: open_workbook(config)))
        print(
            f"run_stats from the history (as the CLI):                    {t_kept:8.3f} s   "
            f"({len(result.tables[0].rows)} rows)"
        )
        t_fresh, _ = timed(lambda: run_stats(config, lambda: open_workbook(config), fresh=True))
        print(f"run_stats --fresh (read + check the workbook, then count):  {t_fresh:8.3f} s")
        sides = stats.Sides.from_json(kept)
        assert sides is not None
        t_count, tables = timed(lambda: stats.stats_tables(sides))
        print(
            f"the counting alone (win rates, matchups, records):          {t_count:8.3f} s   "
            f"({int(sides.played.sum()) // 2:,} games)"
        )

        import league as api

        t_open, lg = timed(lambda: api.open(folder))
        t_frame, frame = timed(lambda: lg.stats())
        t_matches, matches = timed(lambda: lg.matches())
        print(
            f"league.open (pandas imported):           {t_open:8.3f} s;  "
            f".stats() {t_frame:.3f} s ({len(frame)} rows),  .matches() {t_matches:.3f} s ({len(matches):,} rows)"
        )

        walls = [cli_stats(folder) for _ in range(args.runs)]
        print(
            f"CLI `league stats`: median {statistics.median(walls):.2f} s wall over {len(walls)} run(s) "
            f"({', '.join(f'{w:.2f}' for w in walls)})"
        )
        print("target: a whole `league stats` process under 1 s at 2,000 players")
        if args.profile:
            profile(lambda: run_stats(config, lambda: open_workbook(config)), top=30)
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()

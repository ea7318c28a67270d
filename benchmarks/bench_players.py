"""Evaluate a 10,000-player GL league held in memory, then build its output tabs.

The league comes from `generate.py`: 10,000 distinct players, each in one event of up to 250 players
in every stage (2 stages by default, so 20,000 registrations and ~70,000 results rows; `--stages 1`
gives 10,000 registrations x 7 rounds). It is valid: the problem count printed should be 0.
Timed: `evaluate(tabs, ruleset, catalog)` end to end (reading records, every validation rule, each
event's standings, the leaderboard), then a phase-by-phase rerun of the same steps, then the output
tabs (`standings_sheets`, `leaderboard_sheet` with and without a previous leaderboard, `problems_sheet`,
`sync_log_row`).

    PYTHONPATH=. python benchmarks/bench_players.py            # 10,000 players
    PYTHONPATH=. python benchmarks/bench_players.py --quick    # smoke size
"""

from __future__ import annotations

import argparse
import datetime as dt
import time
from functools import partial
from pathlib import Path

from benchmarks.generate import generate_league, machine, profile, timed
from jobs.config import load_ruleset
from league.cells import Grid
from league.checks import CHECKS, Check, affected
from league.checks.base import NEEDS
from league.evaluate import _notes, evaluate, read_league
from league.match_table import build_table
from league.model.league import League
from league.model.words import Status
from league.problems import Problem
from league.report import (
    leaderboard_sheet,
    problems_sheet,
    standings_sheets,
    sync_log_row,
)
from league.rules.catalog import Catalog
from league.rules.ruleset import Ruleset
from league.standings import rank
from sync.memory import MemoryWorkbook


def _all(check: Check, lg: League) -> list[Problem]:
    return list(check(lg))


def phases(tabs: dict[str, Grid], ruleset: Ruleset, catalog: Catalog) -> list[tuple[str, float]]:
    """The steps of `league.evaluate.evaluate`, each timed on its own (same calls, same order)."""
    out: list[tuple[str, float]] = []
    t, (lg, problems) = timed(lambda: read_league(tabs, ruleset, catalog))
    out.append(("read records (read_league)", t))
    for name, check in CHECKS.items():
        if name in NEEDS and ruleset.component(NEEDS[name]) is None:
            continue
        t, found = timed(partial(_all, check, lg))
        out.append((f"  check {name}", t))
        problems += found
    problems.sort(key=Problem.sort_key)
    bad = affected(problems)
    counted = [m for m in lg.matches if m.row not in bad[m.tab] and m.kind is not None and m.round is not None]
    stage_of = {e.id: e.stage or e.id for e in lg.events}
    t, table = timed(lambda: build_table(counted, ruleset, stage_of))
    out.append((f"match table ({len(table):,} side rows)", t))
    t, _ = timed(lambda: _notes(lg, bad))
    out.append(("notes", t))
    start = time.perf_counter()
    split = 0.0
    for event in lg.events:
        s = time.perf_counter()
        entrants = [e for (ev, _), e in lg.roster.items() if ev == event.id]
        sub = table.of_event(event.id)
        split += time.perf_counter() - s
        rank(
            sub,
            ruleset,
            [e.key for e in entrants],
            ruleset.event_prizes,
            [e.key for e in entrants if e.status is Status.DQ],
        )
    total = time.perf_counter() - start
    out.append((f"rank each event ({len(lg.events)} events)", total))
    out.append(("  of which roster scan + the event's rows", split))
    names: dict[str, str] = {}
    for e in lg.entrants:
        names.setdefault(e.key, e.name)
    disqualified = {e.key for e in lg.entrants if e.status is Status.DQ}
    t, _ = timed(lambda: rank(table, ruleset, list(names), ruleset.league_prizes, disqualified))
    out.append((f"rank leaderboard ({len(names):,} players)", t))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke size: 200 players")
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--stages", type=int, default=2, help="each player plays one event per stage")
    parser.add_argument("--event-size", type=int, default=250)
    parser.add_argument("--profile", action="store_true", help="also run evaluate once under cProfile")
    args = parser.parse_args()
    if args.quick:
        args.players, args.event_size = 200, 60

    ruleset, catalog = load_ruleset("gl-unmatched", Path("."))
    print(f"bench_players: {machine()}")
    t_gen, league = timed(lambda: generate_league(ruleset, catalog, args.players, args.stages, args.event_size))
    t_tabs, tabs = timed(
        lambda: MemoryWorkbook(league.tabs(ruleset, catalog)).read([s.name for s in league.sheets(ruleset, catalog)])
    )
    print(
        f"players {league.distinct_players:,}  stages {args.stages}  events {len(league.events)}  "
        f"registrations {len(league.players):,}  result rows {league.result_rows:,}  "
        f"penalties {len(league.penalties)}  tabs {len(tabs)}  (generated in {t_gen:.2f} s, tabs in {t_tabs:.2f} s)"
    )

    t_eval, ev = timed(lambda: evaluate(tabs, ruleset, catalog))
    print(
        f"problems {len(ev.problems)} (errors {ev.errors}, warnings {ev.warnings})  counted rows {ev.counted:,}  "
        f"leaderboard {len(ev.leaderboard):,}"
    )
    print(f"evaluate end to end:                        {t_eval:8.3f} s")

    print("evaluate phase by phase (separate rerun):")
    for name, t in phases(tabs, ruleset, catalog):
        print(f"  {name:50} {t:8.3f} s")

    print("output tabs:")
    now = dt.datetime.now(dt.UTC)
    t_st, sheets = timed(lambda: standings_sheets(ev))
    t_lb, board = timed(lambda: leaderboard_sheet(ev, None))
    t_lb2, _ = timed(lambda: leaderboard_sheet(ev, board))
    t_pr, _ = timed(lambda: problems_sheet(ev.problems, now))
    t_log, _ = timed(lambda: sync_log_row(ev, tabs, now, "synced"))
    for name, t in (
        (f"standings_sheets ({len(sheets)} tabs, {sum(len(s.rows) for s in sheets):,} rows)", t_st),
        (f"leaderboard_sheet, first sync ({len(board.rows):,} rows)", t_lb),
        ("leaderboard_sheet, previous leaderboard given", t_lb2),
        ("problems_sheet", t_pr),
        ("sync_log_row (fingerprint of every input tab)", t_log),
    ):
        print(f"  {name:50} {t:8.3f} s")
    print(f"evaluate + output tabs (first sync):        {t_eval + t_st + t_lb + t_pr + t_log:8.3f} s")
    if args.profile:
        profile(lambda: evaluate(tabs, ruleset, catalog), top=35)


if __name__ == "__main__":
    main()

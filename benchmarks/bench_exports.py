"""Render the images of a 200-competitor league: the leaderboard and every event's standings, both sizes.

The league comes from `generate.py`: 200 players over 2 stages in events of 20 (20 events), evaluated
once; timed: the PNG pages of every table at 1080x1350 and 1200x630 (`exporters.render.files(...,
"png")`), once cold (fonts loaded, Pillow imported) and then warm, plus the other formats for scale.

    PYTHONPATH=. python benchmarks/bench_exports.py            # 200 competitors
    PYTHONPATH=. python benchmarks/bench_exports.py --quick    # smoke size
"""

from __future__ import annotations

import argparse
import datetime as dt
from functools import partial
from pathlib import Path

from benchmarks.generate import generate_league, machine, profile, timed
from exporters.branding import Branding
from exporters.render import files
from history.snapshot import EventInfo, Snapshot
from jobs.config import load_ruleset
from league.evaluate import evaluate
from league.report import leaderboard_sheet, standings_sheets
from sync.memory import MemoryWorkbook


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smoke size: 40 players")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--event-size", type=int, default=20)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    players = 40 if args.quick else args.players
    ruleset, catalog = load_ruleset("gl-unmatched", Path.cwd())
    demo = generate_league(ruleset, catalog, players, stages=2, event_size=args.event_size)
    book = MemoryWorkbook({s.name: [list(s.header), *(list(r) for r in s.rows)] for s in demo.sheets(ruleset, catalog)})
    ev = evaluate(book.read(book.tab_names()), ruleset, catalog)
    tables = (leaderboard_sheet(ev, None), *standings_sheets(ev))
    events = tuple(EventInfo(e.id, e.name, e.date.isoformat() if e.date else "", e.venue) for e in ev.league.events)
    snap = Snapshot(dt.datetime.now(dt.UTC), "bench", ruleset.title, tables, events)
    print(f"{machine()}; {len(ev.leaderboard)} competitors, {len(ev.standings)} events")
    cold, made = timed(lambda: files(snap, Branding(), "png"))
    warm, made = timed(lambda: files(snap, Branding(), "png"))
    size = sum(len(data) for _, data in made) / 2**20
    print(f"images: {len(made)} PNG pages ({size:.1f} MiB) in {cold:.2f} s cold, {warm:.2f} s warm")
    for fmt in ("txt", "html", "pdf"):
        seconds, out = timed(partial(files, snap, Branding(), fmt))
        print(f"{fmt}: {len(out)} file(s) in {seconds:.2f} s")
    if args.profile:
        profile(lambda: files(snap, Branding(), "png"))


if __name__ == "__main__":
    main()

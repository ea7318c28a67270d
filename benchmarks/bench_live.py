"""The live server under 200 phones while a watcher syncs every second: p50, p95 and p99 latency of a page.

The server runs in its own process as `league watch --serve` runs it: beside the syncs. Every second that process
types one more result of the Magic demo's event day into an in-memory workbook, runs a whole `run_sync` (checks,
standings, workbook write, history, images, page), builds the live view from it and publishes it. This process
plays the phones on loopback: each keeps its update stream (`/events`) open and refreshes a page (`/pairings`
mostly, `/` and `/screen`) about every `--pause` seconds on its own kept-alive connection. Every answer is checked
whole; the figures are printed, never asserted."""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from exporters.render import FORMATS
from jobs.config import load_config
from jobs.sync_job import run_sync
from league.cells import Grid
from serve import app
from serve.app import start_server
from serve.board import LiveBoard
from serve.view import live_view
from sync.memory import MemoryWorkbook
from tests.support.event_day import RESULT_CELLS, demo_tabs, pend
from tests.support.live_load import percentile, phones


def serve(seconds: float, every: float, formats: str, in_process: bool) -> None:
    """The watcher's side: serve, and sync and publish every `every` seconds for `seconds` or until its standard
    input closes (the phones are done); print the port first, the syncs' times last. `formats`: what each sync
    exports (league.toml's `export_formats`); `in_process`: the server in a thread of this process, beside the syncs,
    instead of its own process."""
    app.SEPARATE_PROCESS = not in_process
    with tempfile.TemporaryDirectory() as folder:
        chosen = ", ".join(f'"{f}"' for f in formats.split(","))
        (Path(folder) / "league.toml").write_text(
            f'ruleset = "ogaming-mtg"\nworkbook = "league.xlsx"\nexport_formats = [{chosen}]\n', encoding="utf-8"
        )
        config = load_config(Path(folder))
        _, tabs = demo_tabs("ogaming-mtg")
        typed = [list(r) for r in tabs["Results W3"]]
        pend(tabs, "Results W3", 4, 0)
        book = MemoryWorkbook(tabs)
        board = LiveBoard()
        server = start_server(board, "127.0.0.1", 0, config.exports)
        print(server.port, flush=True)
        took: list[float] = []
        done = threading.Event()
        threading.Thread(target=_until_closed, args=(done,), daemon=True).start()
        end, n = time.monotonic() + seconds, 0
        while time.monotonic() < end and not done.is_set():
            start = time.perf_counter()
            _type_one(book, typed, n)
            result = run_sync(config, book, now=dt.datetime.now(dt.UTC))
            board.publish(
                live_view(config.branding, result.evaluation, dt.datetime.now(dt.UTC), result.changes.replace)
            )
            took.append(time.perf_counter() - start)
            n += 1
            done.wait(max(0.0, every - took[-1]))
        server.stop()
        print(
            f"syncs {len(took)}, each {statistics.median(took) * 1000:.0f} ms (median), "
            f"{max(took) * 1000:.0f} ms at most",
            flush=True,
        )


def _until_closed(done: threading.Event) -> None:
    """Set `done` once standard input closes: the phones' side is done."""
    sys.stdin.read()
    done.set()


def _type_one(book: MemoryWorkbook, typed: Grid, n: int) -> None:
    """The judges type the next result of W3's last round (and start over once all are in)."""
    grid = book.tabs["Results W3"]
    head = [str(h) for h in grid[0]]
    rows = [i for i, r in enumerate(grid) if i and r[0] == 4]
    row = rows[n % len(rows)]
    if n % len(rows) == 0:
        pend({"Results W3": grid}, "Results W3", 4, 0)
    for cell in RESULT_CELLS["ogaming-mtg"]:
        grid[row][head.index(cell)] = typed[row][head.index(cell)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="10 phones for 2 s")
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--pause", type=float, default=1.0, help="seconds between a phone's refreshes (0: flat out)")
    parser.add_argument("--every", type=float, default=1.0, help="seconds between syncs")
    parser.add_argument("--formats", default=",".join(FORMATS), help="what each sync exports (default: every format)")
    parser.add_argument("--in-process", action="store_true", help="serve from a thread of the syncing process")
    parser.add_argument("--server", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.quick:
        args.phones, args.seconds = 10, 2.0
    if args.server:
        serve(args.seconds + 5, args.every, args.formats, args.in_process)
        return
    child = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--server",
            "--seconds",
            str(args.seconds),
            "--every",
            str(args.every),
            "--formats",
            args.formats,
            *(["--in-process"] if args.in_process else []),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None and child.stdout is not None
    port = int(child.stdout.readline())
    time.sleep(1.0)  # the first sync published
    requests = max(1, round(args.seconds / args.pause)) if args.pause else max(1, round(args.seconds * 20))
    start = time.perf_counter()
    crowd = phones(port, args.phones, requests, args.pause)
    for t in crowd.pages:
        t.join()
    wall = time.perf_counter() - start
    seen = crowd.finish()
    child.stdin.close()  # the phones are done: the server stops now, not at the end of its time
    child.wait(timeout=120)
    syncs = child.stdout.read().strip()
    ms = [s * 1000 for s in seen.latencies]
    where = "a thread of the syncing process" if args.in_process else "its own process"
    print(
        f"server in {where}; {args.phones} phones, a page each ~{args.pause:g} s, "
        f"syncs every {args.every:g} s exporting {args.formats}: "
        f"{len(ms)} pages in {wall:.1f} s ({len(ms) / wall:.0f}/s), {len(seen.failures)} failed"
    )
    print(
        f"latency p50 {percentile(ms, 0.50):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
        f"p99 {percentile(ms, 0.99):.1f} ms, max {max(ms, default=0):.1f} ms"
    )
    print(
        f"update streams: {len(seen.streamed)}, versions told each: min {min(seen.streamed, default=0)}, "
        f"median {statistics.median(seen.streamed) if seen.streamed else 0:g}; page versions seen {len(seen.versions)}"
    )
    print(f"server process: {syncs}")
    for failure in seen.failures[:5]:
        print("failed:", failure)


if __name__ == "__main__":
    main()

"""Reading a league `.xlsx`: openpyxl (the reference reader) beside calamine (`XlsxWorkbook.read`).

Three workbooks, each read by both readers in a fresh process (time of the read, and the process's
peak memory above what it held once imports were done):

1. the 2,000-player league from `generate.py`, written with `XlsxWorkbook.create` like `league init`;
2. the same league after one `league sync` (the output tabs are read too, as every sync does);
3. a small league whose results tab has 100,000 formatted but empty rows below its data.

Each line also says whether both readers gave the same grids.

    PYTHONPATH=. python benchmarks/bench_read.py            # 2,000 players, 100,000 empty rows
    PYTHONPATH=. python benchmarks/bench_read.py --quick    # smoke size
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from benchmarks.generate import ROOT, generate_league, machine, timed
from jobs.config import load_config, load_ruleset
from jobs.init_job import write_config
from jobs.sync_job import run_sync
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook

RULESET = "gl-unmatched"


def memory_mib(field: str) -> float:
    """A memory figure of this process from /proc: VmRSS now, VmHWM its peak. (ru_maxrss would also
    count the parent's memory, which Linux carries over into a spawned child's figure.)"""
    found = re.search(rf"{field}:\s+(\d+)", Path("/proc/self/status").read_text())
    assert found is not None, f"no {field} in /proc/self/status"
    return int(found.group(1)) / 1024


def child(reader: str, path: Path) -> None:
    """Read every tab with one reader and print seconds, peak memory growth and a digest of the grids."""
    book = XlsxWorkbook(path)
    before = memory_mib("VmRSS")
    start = time.perf_counter()
    if reader == "openpyxl":
        grids = book.read_openpyxl(book.tab_names())
    else:
        grids = book.read(book.tab_names())
    seconds = time.perf_counter() - start
    peak = memory_mib("VmHWM") - before
    digest = hash(json.dumps(grids, default=repr, sort_keys=True))
    print(
        json.dumps(
            {"seconds": seconds, "peak": peak, "digest": digest, "cells": sum(map(len, sum(grids.values(), [])))}
        )
    )


def measure(reader: str, path: Path) -> dict[str, float]:
    """One reader on one workbook, in its own process so memory figures don't mix."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, __file__, "--child", reader, str(path)], env=env, capture_output=True, text=True, check=True
    )
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


def compare(label: str, path: Path) -> bool:
    """Print both readers side by side on one workbook; whether they gave the same grids."""
    old, new = measure("openpyxl", path), measure("calamine", path)
    same = "same grids" if old["digest"] == new["digest"] else "GRIDS DIFFER"
    print(
        f"{label} ({path.stat().st_size / 2**20:.2f} MiB, {int(new['cells']):,} cells): "
        f"openpyxl {old['seconds']:6.3f} s {old['peak']:6.1f} MiB | calamine {new['seconds']:6.3f} s "
        f"{new['peak']:6.1f} MiB | {old['seconds'] / new['seconds']:5.1f}x faster, {same}"
    )
    return old["digest"] == new["digest"]


def with_empty_rows(source: Path, target: Path, tab: str, rows: int) -> None:
    """A copy of `source` whose `tab` gets `rows` formatted but empty rows (15 styled cells each) below its data."""
    with zipfile.ZipFile(source) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    book = XlsxWorkbook(source)
    part = f"xl/worksheets/sheet{book.tab_names().index(tab) + 1}.xml"
    first = len(book.read([tab])[tab]) + 1
    letters = "ABCDEFGHIJKLMNO"
    empty = "".join(
        f'<row r="{r}">' + "".join(f'<c r="{c}{r}" s="1"/>' for c in letters) + "</row>"
        for r in range(first, first + rows)
    )
    parts[part] = parts[part].replace(b"</sheetData>", empty.encode() + b"</sheetData>")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke size: 40 players, 500 empty rows")
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--empty-rows", type=int, default=100_000)
    parser.add_argument("--child", nargs=2, metavar=("READER", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], Path(args.child[1]))
        return
    if args.quick:
        args.players, args.empty_rows = 40, 500

    ruleset, catalog = load_ruleset(RULESET, Path("."))
    print(f"bench_read: {machine()}")
    base = Path(tempfile.mkdtemp(prefix="league-bench-read-"))
    try:
        t_gen, league = timed(lambda: generate_league(ruleset, catalog, args.players, 2, 250))
        fresh = base / "league.xlsx"
        XlsxWorkbook(fresh).create(league.sheets(ruleset, catalog))
        print(f"players {league.distinct_players:,}  result rows {league.result_rows:,}  (generated in {t_gen:.2f} s)")
        same = compare(f"{args.players:,}-player league, as created", fresh)

        synced = base / "synced"
        synced.mkdir()
        shutil.copy2(fresh, synced / "league.xlsx")
        with write_config(synced, RULESET, synced / "league.xlsx").open("a", encoding="utf-8") as toml:
            toml.write('export_formats = ["csv"]\n')  # what is read is the workbook the sync wrote, not its images
        config = load_config(synced)
        run_sync(config, open_workbook(config))
        same &= compare(f"{args.players:,}-player league, after a sync", synced / "league.xlsx")

        small = base / "small.xlsx"
        XlsxWorkbook(small).create(generate_league(ruleset, catalog, 16, 1, 16).sheets(ruleset, catalog))
        tab = next(name for name in XlsxWorkbook(small).tab_names() if name.startswith("Results"))
        padded = base / "padded.xlsx"
        with_empty_rows(small, padded, tab, args.empty_rows)
        same &= compare(f"results tab with {args.empty_rows:,} formatted empty rows", padded)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    if not same:
        sys.exit("the readers gave different grids")


if __name__ == "__main__":
    main()

"""A full `league sync` of a 2,000-player GL league kept as a local `.xlsx` file.

The league comes from `generate.py` (2,000 players, each in one event per stage, 2 stages: 4,000
registrations, ~14,000 results rows). It is written with `XlsxWorkbook.create` + `input_sheets`, like
`league init` / `league demo`, next to a league.toml from `write_config`, in a temp folder. Then:

1. `run_sync(load_config(folder), open_workbook(config))` end to end (first sync: no output tabs yet);
2. the same sync piece by piece on a fresh copy: reading the xlsx, evaluate, building the output tabs,
   writing them back (`XlsxWorkbook.write`: only the output tabs' parts of the file are written), the CSV exports;
3. a second sync of the synced workbook (the nightly steady state: output tabs exist);
4. the real CLI in new processes, each on a fresh copy: `python -c "from jobs.cli import app; app()" sync <folder>`,
   with CSV exports only and with the default exports (images, caption, page, posters), `--runs` times each (medians
   and peak memory printed); with `--against DIR` also the CLI of another source tree (an older checkout, e.g.
   `git archive <commit> | tar -x -C DIR`) taking turns with ours, its ratio to ours and whether the CSV exports match.

    PYTHONPATH=. python benchmarks/bench_sync.py            # 2,000 players
    PYTHONPATH=. python benchmarks/bench_sync.py --quick    # smoke size
    PYTHONPATH=. python benchmarks/bench_sync.py --runs 5 --against /tmp/league-before   # side by side, medians
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.generate import ROOT, generate_league, machine, profile, timed
from jobs.config import load_config, load_ruleset
from jobs.exports import write_csv
from jobs.init_job import write_config
from jobs.sync_job import read_inputs, run_sync
from league.evaluate import evaluate
from league.report import (
    leaderboard_sheet,
    problems_sheet,
    read_leaderboard,
    standings_sheets,
    sync_log_row,
)
from league.sheet import LEADERBOARD_TAB, Changes
from league.table import Table
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook

RULESET = "gl-unmatched"
WORKBOOK = "league.xlsx"
GNU_TIME = "/usr/bin/time"


def league_folder(base: Path, name: str, pristine: Path, formats: Sequence[str] | None = ("csv",)) -> Path:
    """A folder holding a fresh copy of the generated workbook and its league.toml; `formats` None: the default
    exports (bench_exports.py times the images and posters alone)."""
    folder = base / name
    folder.mkdir()
    shutil.copy2(pristine, folder / WORKBOOK)
    write_config(folder, RULESET, folder / WORKBOOK)
    if formats:
        with (folder / "league.toml").open("a", encoding="utf-8") as toml:
            toml.write(f"export_formats = [{', '.join(f'{f!r}' for f in formats)}]\n".replace("'", '"'))
    return folder


OPENPYXL_LOAD = "import sys, openpyxl; openpyxl.load_workbook(sys.argv[1])"


def cli_sync(code: Path, folder: Path, formats: list[str] | None = None) -> tuple[float, float]:
    """Wall seconds and peak MiB (0 without GNU time) of `league sync` in a new process, running the code of the
    tree at `code`; `formats` ["openpyxl"]: instead, openpyxl loading the same workbook in a new process (the
    yardstick issue 19 measures a first sync against). The peak comes from /usr/bin/time: a child forked from this
    big process would report this process's peak as its own."""
    env = {**os.environ, "PYTHONPATH": str(code) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    command = [sys.executable, "-c", "from jobs.cli import app; app()", "sync", str(folder)]
    if formats == ["openpyxl"]:
        command = [sys.executable, "-c", OPENPYXL_LOAD, str(folder / WORKBOOK)]
    peak = folder / "peak.txt"
    if Path(GNU_TIME).is_file():
        command = [GNU_TIME, "-f", "%M", "-o", str(peak), *command]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=code, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode not in (0, 1):
        print(done.stdout[-2000:], done.stderr[-2000:], sep="\n")
    return wall, int(peak.read_text().split()[-1]) / 1024 if peak.is_file() else 0.0


def _same_csv(base: Path, kinds: list[tuple[str, Path, list[str] | None]], runs: int) -> bool:
    """Whether the first run of our code and of the other tree wrote the same CSV files, byte for byte."""

    def csvs(folder: Path) -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in sorted((folder / "exports").glob("*.csv"))}

    return csvs(base / "cli-0-0-0") == csvs(base / f"cli-0-0-{len(kinds) - 1}")


def mib(path: Path | None) -> str:
    if path is None:
        return "?"
    return f"{path.stat().st_size / 2**20:.2f} MiB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke size: 100 players")
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--stages", type=int, default=2, help="each player plays one event per stage")
    parser.add_argument("--event-size", type=int, default=250)
    parser.add_argument("--no-cli", action="store_true", help="skip the CLI subprocess runs")
    parser.add_argument("--runs", type=int, default=1, help="CLI runs of each kind (medians are printed)")
    parser.add_argument(
        "--against",
        type=Path,
        help="also run the CLI of this source tree (e.g. an older checkout) "
        "side by side, and compare its CSV exports with ours",
    )
    parser.add_argument("--keep", action="store_true", help="keep the temp folder and print its path")
    parser.add_argument("--profile", action="store_true", help="also run one more sync under cProfile")
    args = parser.parse_args()
    if args.quick:
        args.players, args.event_size = 100, 30

    ruleset, catalog = load_ruleset(RULESET, Path("."))
    print(f"bench_sync: {machine()}")
    base = Path(tempfile.mkdtemp(prefix="league-bench-sync-"))
    try:
        t_gen, league = timed(lambda: generate_league(ruleset, catalog, args.players, args.stages, args.event_size))
        pristine = base / "pristine.xlsx"
        t_create, _ = timed(lambda: XlsxWorkbook(pristine).create(league.sheets(ruleset, catalog)))
        cells = sum(len(r) for r in league.players) + sum(len(r) for rows in league.results.values() for r in rows)
        print(
            f"players {league.distinct_players:,}  stages {args.stages}  events {len(league.events)}  registrations "
            f"{len(league.players):,}  result rows {league.result_rows:,}  penalties {len(league.penalties)}  "
            f"(~{cells:,} data cells)"
        )
        print(f"generated in {t_gen:.2f} s; XlsxWorkbook.create wrote {mib(pristine)} in {t_create:.2f} s")

        # 1. end to end, as the nightly job runs it
        folder = league_folder(base, "sync", pristine)
        start = time.perf_counter()
        config = load_config(folder)
        t_config = time.perf_counter() - start
        result = run_sync(config, open_workbook(config))
        t_sync = time.perf_counter() - start
        ev = result.evaluation
        print(
            f"problems {len(ev.problems)} (errors {ev.errors}, warnings {ev.warnings})  counted rows {ev.counted:,}  "
            f"exit code {int(result.code)}  exported {len(result.exported)} CSV files"
        )
        print(
            f"run_sync end to end (first sync, incl. load_config {t_config:.3f} s): {t_sync:8.3f} s   "
            f"workbook now {mib(config.workbook)}"
        )

        # 2. the same sync piece by piece, on a fresh copy
        folder = league_folder(base, "pieces", pristine)
        config = load_config(folder)
        book = XlsxWorkbook(folder / WORKBOOK)
        t_read, (inputs, outputs) = timed(lambda: read_inputs(book, every_output=True))
        t_eval, ev = timed(lambda: evaluate(inputs, config.ruleset, config.catalog))
        now = dt.datetime.now(dt.UTC)
        t_tables, tables = timed(
            lambda: [
                *standings_sheets(ev),
                leaderboard_sheet(ev, read_leaderboard(outputs.get(LEADERBOARD_TAB) or [])),
                problems_sheet(ev.problems, now),
            ]
        )
        t_log, log = timed(lambda: sync_log_row(ev, inputs, now, "synced"))
        t_write, _ = timed(lambda: book.write(Changes(replace=tuple(tables), append=(log,))))
        t_csv, _ = timed(lambda: write_csv(config.exports, [t for t in tables if isinstance(t, Table)]))
        pieces = (
            ("read xlsx (load + read every tab)", t_read),
            ("evaluate", t_eval),
            ("output tabs", t_tables),
            ("sync log row (fingerprint)", t_log),
            ("write xlsx (output tab parts only)", t_write),
            ("CSV exports", t_csv),
        )
        print("pieces (fresh copy):")
        for name, t in pieces:
            print(f"  {name:44} {t:8.3f} s")
        print(f"  {'sum of pieces':44} {sum(t for _, t in pieces):8.3f} s")

        # 3. second sync of the synced workbook: output tabs exist and are read too
        config = load_config(base / "sync")
        t_again, again = timed(lambda: run_sync(config, open_workbook(config)))
        print(
            f"run_sync again on the synced workbook (output tabs present): {t_again:8.3f} s   "
            f"workbook now {mib(config.workbook)}  exit code {int(again.code)}"
        )

        # 4. the real CLI, in its own processes, each on a fresh copy
        if not args.no_cli:
            kinds = [
                ("CSV exports", ROOT, ["csv"]),
                ("default exports (CSV, images, caption, page, posters)", ROOT, None),
                ("openpyxl.load_workbook of the same file, no sync", ROOT, ["openpyxl"]),
            ]
            if args.against:
                kinds.append((f"default exports, the code in {args.against}", args.against.resolve(), None))
                kinds.append((f"CSV exports, the code in {args.against}", args.against.resolve(), ["csv"]))
            seen: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in kinds}
            for run in range(args.runs):  # the kinds take turns, so a busy spell hits them alike
                for name, code, formats in kinds:
                    folder = league_folder(
                        base, f"cli-{run}-{len(seen[name])}-{kinds.index((name, code, formats))}", pristine, formats
                    )
                    seen[name].append(cli_sync(code, folder, formats))
            for name, runs in seen.items():
                walls, peaks = [w for w, _ in runs], [m for _, m in runs]
                print(
                    f"CLI `league sync`, {name}: median {statistics.median(walls):.2f} s wall over {len(runs)} run(s) "
                    f"({', '.join(f'{w:.2f}' for w in walls)}), peak {max(peaks):.0f} MiB"
                )
            every = statistics.median(w for w, _ in seen[kinds[1][0]])
            loaded = statistics.median(w for w, _ in seen[kinds[2][0]])
            print(
                f"first sync with every format / openpyxl's load: {every / loaded:.2f} "
                f"({every:.2f} s / {loaded:.2f} s; target at most 0.6)"
            )
            if args.against:
                before = statistics.median(w for w, _ in seen[kinds[-2][0]])
                print(f"the same, the code in {args.against}: {before / loaded:.2f} ({before:.2f} s / {loaded:.2f} s)")
            if args.against:
                ours = statistics.median(w for w, _ in seen[kinds[0][0]])
                theirs = statistics.median(w for w, _ in seen[kinds[-1][0]])
                same = _same_csv(base, kinds, args.runs)
                print(
                    f"ratio to {args.against}: {ours / theirs:.2f} ({ours:.2f} s / {theirs:.2f} s); CSV exports "
                    f"{'byte-identical' if same else 'DIFFER'}"
                )
        print("target: a whole `league sync` process at most 1.5 s at 2,000 players (3 s at 4,000), peak 180 MiB")

        if args.profile:
            folder = league_folder(base, "profile", pristine)
            config = load_config(folder)
            profile(lambda: run_sync(config, open_workbook(config)), top=35)
    finally:
        if args.keep:
            print(f"kept {base}")
        else:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()

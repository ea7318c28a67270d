"""Kill `league sync` (SIGKILL) at random moments: one more sync must leave the exports a clean run leaves.

`league demo` writes the demo league once into a template folder, with every export format. Each round
copies it, turns the winner of one played match round (a seeded random choice, so the standings change),
starts `league sync` in a new process and kills it with SIGKILL after a seeded random delay, spread over
the time a whole sync takes here, then runs `league sync` once more to the end. Its exports folder must
equal, every file byte for byte, the twin's: the template with the same edit synced once without a kill,
at the time the killed copy's history gives its standings (the images and the page show it). Where each
kill landed is read from the files it left: the workbook, the history and the exports' record.

    PYTHONPATH=. python benchmarks/bench_kill.py                # 30 kills
    PYTHONPATH=. python benchmarks/bench_kill.py --quick        # 6 kills
    PYTHONPATH=. python benchmarks/bench_kill.py --kills 100 --seed 3

Prints the kills by phase and the mismatches; exits 1 if any round's exports differ from its twin's.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import history
from jobs.config import load_config
from jobs.export_job import history_file
from jobs.exports import MANIFEST
from jobs.sync_job import run_sync
from sync.open import open_workbook

WORKBOOK = "gl-unmatched-league.xlsx"
PHASES = (
    "before the workbook was written",
    "workbook written, history not",
    "history recorded, exports not all written",
    "exports written, not yet exited",
    "finished before the kill",
)


@dataclass
class Figures:
    """What a soak did."""

    kills: int = 0
    phases: Counter[str] = field(default_factory=Counter)
    mismatches: list[str] = field(default_factory=list)
    """One line per round whose exports differ from its twin's: the files that differ."""
    window: float = 0.0
    """The longest delay before a kill: how long one whole sync took here."""


def league_command() -> list[str]:
    """`league` as installed beside this Python (the console script), else the same entry point through it."""
    script = Path(sys.executable).with_name("league")
    return (
        [str(script)]
        if script.is_file()
        else [sys.executable, "-c", "import sys; from jobs.cli import main; sys.exit(main())"]
    )


def soak(kills: int, seed: int = 1, root: Path | None = None) -> Figures:
    """`kills` rounds of edit, killed sync, one more sync, and the comparison with a clean twin."""
    with tempfile.TemporaryDirectory(prefix="bench-kill-") as scratch:
        return _soak(kills, random.Random(seed), root or Path(scratch))


def _soak(kills: int, rng: random.Random, root: Path) -> Figures:
    league = league_command()
    template = root / "template"
    subprocess.run([*league, "demo", str(template)], check=True, capture_output=True, cwd=root)
    figures = Figures()
    edited = _edited(template, root / "calibrate", rng)
    started = time.monotonic()
    _sync(league, edited)
    figures.window = time.monotonic() - started
    strata = list(range(kills))
    rng.shuffle(strata)  # each kill in its own slice of the window, the slices in a random order
    for n, stratum in enumerate(strata, 1):
        base = _edited(template, root / f"round-{n}", rng)
        twin = root / f"twin-{n}"
        shutil.copytree(base, twin)
        figures.phases[_killed(league, base, figures.window * (stratum + rng.random()) / kills)] += 1
        figures.kills += 1
        _sync(league, base)
        when = history.latest(history_file(load_config(base)))
        assert when is not None, "the last sync recorded the standings"
        config = load_config(twin)
        run_sync(config, open_workbook(config), now=when.time)
        differ = _differences(base / "exports", twin / "exports")
        if differ:
            figures.mismatches.append(f"round {n}: {', '.join(differ)}")
        shutil.rmtree(base)
        shutil.rmtree(twin)
    return figures


def _edited(template: Path, folder: Path, rng: random.Random) -> Path:
    """A copy of the template league where one played match, drawn at random, is won by the other player."""
    import openpyxl

    shutil.copytree(template, folder)
    book = openpyxl.load_workbook(folder / WORKBOOK)
    played = []
    for sheet in book.worksheets:
        head = [c.value for c in sheet[1]]
        if not sheet.title.startswith("Results") or "Winner" not in head:
            continue
        col = {h: head.index(h) for h in head if isinstance(h, str)}
        for row in sheet.iter_rows(min_row=2):
            a, b, winner = (row[col[h]].value for h in ("Player A", "Player B", "Winner"))
            if b and not row[col["Result"]].value and winner in (a, b):
                played.append((row, col))
    row, col = rng.choice(played)
    side, other = ("B", "A") if row[col["Winner"]].value == row[col["Player A"]].value else ("A", "B")
    row[col["Winner"]].value = row[col[f"Player {side}"]].value
    row[col[f"Health {side}"]].value, row[col[f"Health {other}"]].value = 1, 0
    book.save(folder / WORKBOOK)
    return folder


def _sync(league: list[str], folder: Path) -> None:
    done = subprocess.run([*league, "sync"], cwd=folder, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        raise SystemExit(f"league sync in {folder} exited {done.returncode}: {done.stderr}")


def _killed(league: list[str], folder: Path, delay: float) -> str:
    """Start a sync, kill it after `delay` seconds, and say where it was, from what it left behind."""
    before = _state(folder)
    process = subprocess.Popen([*league, "sync"], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
        process.wait()
    if process.returncode != -signal.SIGKILL:
        return PHASES[4]
    after = _state(folder)
    return PHASES[next((i for i in range(3) if before[i] == after[i]), 3)]


def _state(folder: Path) -> tuple[str, int, str]:
    """The workbook's digest, the number of recorded syncs and the exports' record."""
    manifest = folder / "exports" / MANIFEST
    return (
        hashlib.sha256((folder / WORKBOOK).read_bytes()).hexdigest(),
        len(history.entries(history_file(load_config(folder)))),
        manifest.read_text(encoding="utf-8") if manifest.is_file() else "",
    )


def _differences(one: Path, other: Path) -> list[str]:
    """The names of the files that are in one folder only, or differ."""
    a = {p.name: p.read_bytes() for p in one.iterdir()}
    b = {p.name: p.read_bytes() for p in other.iterdir()}
    return sorted(name for name in a.keys() | b.keys() if a.get(name) != b.get(name))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="6 kills")
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    kills = 6 if args.quick else args.kills
    started = time.monotonic()
    figures = soak(kills, args.seed)
    print(
        f"{figures.kills} syncs killed (SIGKILL within {figures.window:.2f} s, the time one sync took), "
        f"seed {args.seed}"
    )
    for phase in PHASES:
        print(f"  {phase}: {figures.phases[phase]}")
    print(f"exports unlike a clean run's after one more sync: {len(figures.mismatches)}")
    for line in figures.mismatches:
        print(f"  {line}")
    print(f"{time.monotonic() - started:.1f} s")
    if figures.mismatches:
        sys.exit(1)


if __name__ == "__main__":
    main()

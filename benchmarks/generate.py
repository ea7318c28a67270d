"""A large, valid GL league for the benchmarks: the demo's approach (circle-method pairings, catalog
fighters with their starting health) scaled up to thousands of players, with no planted mistakes.

Shape: `players` distinct players; each plays one event in every stage (`stages` of them, the GL
"qualifying rounds"), events hold up to `event_size` players, 7 rounds each (the ruleset's rounds).
A quarter of the events (`drop_share`) have one player who drops after round 5, recorded the normal
way: status Dropped, a Penalties row, byes for the opponents left behind.
"""

from __future__ import annotations

import datetime as dt
import math
import random
import sys
import time
from collections.abc import Callable
from itertools import product
from pathlib import Path
from typing import TypeVar

from league.cells import Cell
from league.demos.base import DemoLeague
from league.demos.gl import FIRST, LAST, allowed_fighters, allowed_maps
from league.pairing.round_robin import circle
from league.rules.catalog import Catalog, Piece
from league.rules.ruleset import Ruleset

ROOT = Path(__file__).resolve().parent.parent
"""The repository: its presets and the code the benchmarks time."""
FIRST_STAGE = dt.date(2024, 8, 10)
STAGE_GAP = dt.timedelta(days=28)
JUDGES = ("Judge Ana", "Judge Bong", "Judge Cris", "Judge Dee")
T = TypeVar("T")


def player_names(count: int, rng: random.Random) -> list[str]:
    """`count` names with distinct name keys: first, middle initial, last; a number past 18,720."""
    base = [f"{f} {m}. {last}" for f, m, last in product(FIRST, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", LAST)]
    rng.shuffle(base)
    return [base[i] if i < len(base) else f"{base[i % len(base)]} {i // len(base) + 1}" for i in range(count)]


def _bye(rnd: int, table: int, player: str, judge: str, note: str = "") -> list[Cell]:
    return [rnd, table, player, "", None, None, "", "", None, None, "", player, "Bye", judge, note]


def generate_league(
    ruleset: Ruleset,
    catalog: Catalog,
    players: int,
    stages: int = 2,
    event_size: int = 250,
    drop_share: float = 0.25,
    seed: int = 7,
) -> DemoLeague:
    """A valid league (no problems at all) of `players` distinct players over `stages` stages."""
    rng = random.Random(seed)
    pool = player_names(players, rng)
    skill = {name: rng.uniform(0.5, 2.0) for name in pool}
    rounds = ruleset.rounds
    events: list[list[Cell]] = []
    registrations: list[list[Cell]] = []
    results: dict[str, list[list[Cell]]] = {}
    penalties: list[list[Cell]] = []
    status_col = 2 + len(ruleset.registration.fields)
    for s in range(stages):
        stage, day = f"QR{s + 1}", FIRST_STAGE + s * STAGE_GAP
        fighters, maps = allowed_fighters(catalog, ruleset, day), allowed_maps(catalog, ruleset, day)
        field = rng.sample(pool, len(pool))
        count = math.ceil(len(field) / event_size)
        for k in range(count):
            entrants = field[k * len(field) // count : (k + 1) * len(field) // count]
            event, tab = f"{stage}-V{k + 1:03d}", f"Results {stage}-V{k + 1:03d}"
            events.append(
                [
                    event,
                    f"Unmatched League {stage} at Venue {k + 1}",
                    day.isoformat(),
                    f"Venue {k + 1}",
                    event_size,
                    stage,
                    tab,
                ]
            )
            rosters: dict[str, list[Piece]] = {}
            first_reg = len(registrations)
            for name in entrants:
                rosters[name] = rng.sample(fighters, len(ruleset.registration.fields))
                registrations.append([name, event, *(p.name for p in rosters[name]), ""])
            rows: list[list[Cell]] = []
            for rnd, pairs in enumerate(circle(entrants, rounds), start=1):
                for table, (a, b) in enumerate(pairs, start=1):
                    judge = JUDGES[table % len(JUDGES)]
                    if b is None:
                        rows.append(_bye(rnd, table, a, judge))
                        continue
                    fa, fb = rng.choice(rosters[a]), rng.choice(rosters[b])
                    health_a, health_b = fa.health or 1, fb.health or 1
                    a_wins = rng.random() < skill[a] / (skill[a] + skill[b])
                    ha = rng.randint(1, health_a) if a_wins else 0
                    hb = 0 if a_wins else rng.randint(1, health_b)
                    rows.append(
                        [
                            rnd,
                            table,
                            a,
                            fa.name,
                            ha,
                            fa.health,
                            b,
                            fb.name,
                            hb,
                            fb.health,
                            rng.choice(maps),
                            a if a_wins else b,
                            "",
                            judge,
                            "",
                        ]
                    )
            if len(entrants) > 2 and rounds > 2 and rng.random() < drop_share:
                rows = _drop(rows, registrations, first_reg, status_col, penalties, event, rounds - 2)
            results[tab] = rows
    return DemoLeague(events, registrations, results, penalties, [])


def _drop(
    rows: list[list[Cell]],
    registrations: list[list[Cell]],
    first_reg: int,
    status_col: int,
    penalties: list[list[Cell]],
    event: str,
    after: int,
) -> list[list[Cell]]:
    """A player leaves after round `after`: status Dropped, a Penalties row, the opponents left get byes."""
    leaver = next(str(r[2]) for r in rows if r[0] == 1 and r[6])
    for reg in registrations[first_reg:]:
        if reg[0] == leaver:
            reg[status_col] = "Dropped"
    penalties.append([event, after, leaver, "Drop", None, "", "left early", "Judge Bong"])
    kept = []
    for r in rows:
        rnd, table = r[0], r[1]
        assert isinstance(rnd, int) and isinstance(table, int)
        if rnd > after and leaver in (r[2], r[6]):
            if not r[6]:  # the leaver's own bye: nothing to play
                continue
            opponent = str(r[6] if r[2] == leaver else r[2])
            r = _bye(rnd, table, opponent, str(r[13]), "opponent dropped")
        kept.append(r)
    return kept


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    """Seconds (perf_counter) one call took, and what it returned."""
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def profile(fn: Callable[[], object], top: int = 25) -> None:
    """Run `fn` under cProfile and print the top functions by own time and by cumulative time."""
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.runcall(fn)
    stats = pstats.Stats(prof, stream=sys.stdout).strip_dirs()
    print(f"\n--- cProfile: top {top} by tottime ---")
    stats.sort_stats("tottime").print_stats(top)
    print(f"--- cProfile: top {top} by cumtime ---")
    stats.sort_stats("cumulative").print_stats(top)


def machine() -> str:
    import os
    import platform

    return f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs"

"""One Swiss round after 5 rounds, league's `swiss` beside swisspair, cardarena-tournament-core and caissify-pairings.

For 64, 256, 1,024 and 2,048 competitors, 5 rounds are paired by league's `swiss` and played with
seeded random results (3 points a win, 1 a draw in 1 match of 20, 3 the bye). The 6th round is then
paired from that same history by every pairer, each timed (the best of a few runs) and scored on the
same marks: rematches (and how many a pairing could not avoid: 0 whenever league's round has none),
second byes, pairs with unequal scores and the sum of squared score gaps (in points). The peers are a
benchmark-only extra (`pip install -e ".[pairing-bench]"`); one that is not installed is skipped with a
line saying so.

Then seeded Swiss (NASEF): one round after 5 rounds it paired itself, for 24, 256, 1,024 and 2,048 teams
with ratings drawn, two teams a club kept apart and no draws: time, repeats, pairs of unequal records (an odd
group's float) and pairs outside the record groups' cascade; up to 256 teams also the whole-field matching it
stands in for, timed once, and whether it gives the same round.

    PYTHONPATH=. python benchmarks/bench_pairing.py            # 64, 256, 1,024 and 2,048; 24 to 2,048 teams
    PYTHONPATH=. python benchmarks/bench_pairing.py --seeded   # seeded Swiss alone
    PYTHONPATH=. python benchmarks/bench_pairing.py --quick    # smoke size
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import random
import time
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any
from unittest import mock

from league.pairing import SYSTEMS, History, Pairing
from league.pairing.matching import BYE, REMATCH, SECOND_BYE, matched

Pairs = list[tuple[str, str | None]]
ROUNDS = 5
REPEATS = 5


def play(h: History, round_: list[Pairing], rng: random.Random, draws: float = 0.05) -> History:
    """The history once a round is played: random results, the standings re-sorted by score (ties by entry)."""
    met, byes, scores = h.met.copy(), h.byes.copy(), dict(h.scores)
    for p in round_:
        if p.second is None:
            byes[p.first] += 1
            scores[p.first] += 3
        elif rng.random() < draws:
            scores[p.first] += 1
            scores[p.second] += 1
        else:
            scores[rng.choice((p.first, p.second))] += 3
        if p.second is not None:
            met[frozenset((p.first, p.second))] += 1
    order = sorted(h.active, key=lambda k: -scores[k])
    played = {frozenset(k for k in (p.first, p.second) if k) for p in round_}
    return dataclasses.replace(
        h,
        played_rounds=h.played_rounds + 1,
        met=met,
        byes=byes,
        scores=scores,
        ranks={k: i + 1 for i, k in enumerate(order)},
        rounds=[*h.rounds, played],
    )


def after_five(players: int, seed: int = 5) -> History:
    """An event of `players` after 5 Swiss rounds."""
    rng = random.Random(seed)
    keys = [f"P{i:04d}" for i in range(players)]
    h = History(
        "E", 0, keys, Counter(), Counter(), dict.fromkeys(keys, Fraction(0)), {k: i + 1 for i, k in enumerate(keys)}, []
    )
    for number in range(1, ROUNDS + 1):
        h = play(h, SYSTEMS["swiss"](h, number, seed, ROUNDS + 1), rng)
    return h


def ours(h: History) -> Pairs:
    return [(p.first, p.second) for p in SYSTEMS["swiss"](h, ROUNDS + 1, 5, ROUNDS + 1)]


def ranked(h: History) -> list[str]:
    return sorted(h.active, key=lambda k: h.ranks[k])


def peer_swisspair(h: History) -> Callable[[], Pairs] | None:
    try:
        import swisspair  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    opponents: dict[str, set[str]] = {k: set() for k in h.active}
    for a, b in h.met:
        opponents[a].add(b)
        opponents[b].add(a)
    field = [
        swisspair.Player(
            id=k,
            points=int(h.scores[k]),
            rank=i + 1,
            can_get_bye=not h.byes[k],
            cannot_be_paired_against_ids=opponents[k],
        )
        for i, k in enumerate(ranked(h))
    ]
    return lambda: [(m.p1.id, m.p2.id if m.p2 else None) for m in swisspair.create_matches(field)]


def peer_cardarena(h: History) -> Callable[[], Pairs] | None:
    try:
        import cardarena_tournament_core as ca  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    people = [ca.Player(id=k, name=k) for k in ranked(h)]

    def run() -> Pairs:
        swiss: Any = ca.Swiss(people)
        swiss._points = {k: int(h.scores[k]) for k in h.active}  # its history is kept inside: given the same one
        swiss._played_pairs = {pair for pair, n in h.met.items() if n}
        return [(m.player1.id, m.player2.id if m.player2 else None) for m in swiss.pair().matchups]

    return run


def peer_caissify(h: History) -> Callable[[], Pairs] | None:
    try:
        import caissify_pairings as cp  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    code = {k: i for i, k in enumerate(ranked(h))}
    key = {i: k for k, i in code.items()}
    field = [
        {"id": code[k], "score": float(h.scores[k]), "rating": len(code) - code[k], "bye_count": h.byes[k]}
        for k in h.active
    ]
    before = {tuple(sorted(code[k] for k in pair)) for pair in h.met}

    def run() -> Pairs:
        out = cp.generate_pairings("casual", field, before, ROUNDS + 1, ROUNDS + 1)
        return [
            (key[p["white_id"]], key[p["black_id"]] if p.get("black_id") is not None and not p.get("bye") else None)
            for p in out
        ]

    return run


PEERS = {"swisspair": peer_swisspair, "cardarena-tournament-core": peer_cardarena, "caissify-pairings": peer_caissify}


def marks(h: History, pairs: Pairs) -> tuple[int, int, int, int]:
    """Rematches, second byes, pairs with unequal scores, sum of squared score gaps."""
    rematches = sum(h.met[frozenset((a, b))] > 0 for a, b in pairs if b)
    second = sum(1 for a, b in pairs if b is None and h.byes[a])
    gaps = [h.scores[a] - h.scores[b] for a, b in pairs if b]
    return rematches, second, sum(g != 0 for g in gaps), int(sum(g * g for g in gaps))


def timed(run: Callable[[], Pairs]) -> tuple[float, Pairs]:
    best, pairs = float("inf"), []
    for _ in range(REPEATS):
        start = time.perf_counter()
        pairs = run()
        best = min(best, time.perf_counter() - start)
    return best, pairs


def report(players: int) -> None:
    h = after_five(players)
    print(f"{players:,} competitors, round 6 after 5 Swiss rounds:")
    runs: dict[str, Callable[[], Pairs] | None] = {"league swiss": partial(ours, h)}
    runs |= {name: make(h) for name, make in PEERS.items()}
    for name, run in runs.items():
        if run is None:
            print(f'  {name:26} not installed (pip install -e ".[pairing-bench]"): skipped')
            continue
        seconds, pairs = timed(run)
        seen = sorted(k for p in pairs for k in p if k)
        assert seen == sorted(h.active), f"{name} did not pair everyone once"
        rematches, second, unequal, squared = marks(h, pairs)
        print(
            f"  {name:26} {seconds * 1000:8.1f} ms  rematches {rematches:3}  second byes {second}  "
            f"unequal-score pairs {unequal:4}  squared gaps {squared:6}"
        )


def least_faults(h: History) -> tuple[int, int]:
    """The fewest rematches, then second byes, any round can have: the whole-field matching on those two alone."""

    def cost(a: str, b: str) -> int:
        return SECOND_BYE * h.byes[a] if b == BYE else REMATCH * h.met[frozenset((a, b))]

    pairs = matched(list(h.active), cost, random.Random(0))
    return marks(h, pairs)[:2]


def tight(cases: int) -> None:
    """Small fields late in the event, where a rematch or a second bye is hard to avoid: how often each pairer
    makes one that a round without it exists for."""
    worse: dict[str, list[int]] = {}
    for seed in range(cases):
        rng = random.Random(seed)
        players = rng.randint(6, 16)
        keys = [f"P{i:02d}" for i in range(players)]
        h = History(
            "E",
            0,
            keys,
            Counter(),
            Counter(),
            dict.fromkeys(keys, Fraction(0)),
            {k: i + 1 for i, k in enumerate(keys)},
            [],
        )
        for number in range(1, min(players - 1, 8)):
            h = play(h, SYSTEMS["swiss"](h, number, seed, 9), rng)
        best = least_faults(h)
        runs: dict[str, Callable[[], Pairs] | None] = {"league swiss": partial(ours, h)}
        runs |= {name: make(h) for name, make in PEERS.items()}
        for name, run in runs.items():
            if run is None:
                continue
            worse.setdefault(name, [0, 0, 0])
            try:
                rematches, second, _, _ = marks(h, run())
            except Exception:  # swisspair raises where every round needs a rematch
                worse[name][2] += 1
                continue
            worse[name][0] += rematches > best[0]
            worse[name][1] += second > best[1]
    print(
        f"{cases} tight cases (6 to 16 competitors after 4 to 7 Swiss rounds): rounds with an avoidable rematch, "
        "with an avoidable second bye, no round at all (the pairer raised)"
    )
    for name, (rematches, second, failed) in worse.items():
        print(f"  {name:26} {rematches:4} {second:4} {failed:4}")
    for name in [n for n in PEERS if n not in worse]:
        print(f"  {name:26} not installed: skipped")


def seeded_after_five(teams: int, seed: int = 5) -> History:
    """A NASEF-style event of `teams` after 5 seeded Swiss rounds: ratings drawn, two teams a club kept apart."""
    rng = random.Random(seed)
    keys = [f"T{i:04d}" for i in range(teams)]
    clubs = frozenset(frozenset(keys[i : i + 2]) for i in range(0, teams - 1, 2))
    h = History(
        "E",
        0,
        keys,
        Counter(),
        Counter(),
        dict.fromkeys(keys, Fraction(0)),
        {k: i + 1 for i, k in enumerate(keys)},
        [],
        clubs,
        {k: Fraction(rng.randint(800, 2200)) for k in keys},
    )
    for number in range(1, ROUNDS + 1):
        h = play(h, SYSTEMS["seeded_swiss"](h, number, seed, ROUNDS + 1), rng, draws=0)
    return h


def seeded(teams: int) -> None:
    """One seeded Swiss round after 5: time, repeats, floats; up to 256 teams beside the whole-field matching."""
    h = seeded_after_five(teams)
    module = importlib.import_module("league.pairing.seeded_swiss")

    def run() -> Pairs:
        return [(p.first, p.second) for p in SYSTEMS["seeded_swiss"](h, ROUNDS + 1, 5, ROUNDS + 1)]

    seconds, pairs = timed(run)
    played = sorted((k for a, b in pairs if b is not None for k in (a, b)), key=h.active.index)
    cascade = {k: g for g, group in enumerate(module.groups(played, h, module.seeds(h))) for k in group}
    repeats = sum(h.clashes(a, b) > 0 for a, b in pairs if b)
    unequal = sum(h.scores[a] != h.scores[b] for a, b in pairs if b)
    outside = sum(cascade[a] != cascade[b] for a, b in pairs if b)
    line = (
        f"  {teams:5,} teams  {seconds * 1000:7.1f} ms  repeats {repeats}  unequal-record pairs {unequal:3}  "
        f"outside the record groups {outside}"
    )
    if teams <= 256:
        with mock.patch.object(module, "by_records", return_value=None):
            start = time.perf_counter()
            whole = run()
            same = "the same" if whole == pairs else "another"
            line += f"  (whole-field matching {time.perf_counter() - start:.2f} s, {same} round)"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke size: 64 competitors, 24 teams")
    parser.add_argument("--seeded", action="store_true", help="seeded Swiss alone")
    args = parser.parse_args()
    if not args.seeded:
        for players in [64] if args.quick else [64, 256, 1024, 2048]:
            report(players)
        tight(10 if args.quick else 120)
    print(f"seeded Swiss (NASEF), round {ROUNDS + 1} after {ROUNDS} seeded rounds, best of {REPEATS} runs:")
    for teams in [24] if args.quick else [24, 256, 1024, 2048]:
        seeded(teams)


if __name__ == "__main__":
    main()

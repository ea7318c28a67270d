"""Magic standings (the `ogaming-mtg` preset: points, OMW%, GW%, OGW%) side by side in one run.

Two sizes: one event of 2,048 players over 8 rounds, and 1,000,000 match rows (~20,000 players, a
season of events). The same matches, with Magic results (2-0, 2-1, 1-0, 1-1-1, 0-0-3, ... and 1% byes
counted as 2-0 wins), go to:

- league's `rank` (the match table is built beforehand, as `bench_ranking.py` does; the standings'
  exact values are made when a line shows them, so that is timed too, for every line);
- a plain Python loop over the match rows, in exact Fractions: our points, percentages and ranks
  must equal its own, exactly, or the script fails;
- tiebreak-core and cardarena-tournament-core where installed (`pip install -e ".[bench]"`). Neither
  computes Magic's percentages: tiebreak-core is a chess library (Buchholz and Sonneborn-Berger are
  timed, Buchholz compared with ours), cardarena's Union Arena scoring has MW% and OMW% floored at 1/3
  with byes left out (compared with our OMW% under a 1/3 floor).

    PYTHONPATH=. python benchmarks/bench_magic.py            # 2,048 x 8 and 1,000,000 rows
    PYTHONPATH=. python benchmarks/bench_magic.py --quick    # smoke size
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.bench_ranking import build_table
from benchmarks.generate import machine
from jobs.config import load_ruleset
from league.match_table import MatchTable, Outcome
from league.rules.ruleset import Ruleset
from league.standings import rank, scope_of
from league.tiebreakers import TIEBREAKERS

RESULTS = np.array([(2, 0, 0), (2, 1, 0), (1, 0, 0), (1, 1, 1), (1, 1, 0), (0, 0, 3), (0, 2, 0), (1, 2, 0), (0, 1, 0)])
"""Games won by A, won by B, drawn: the results seen in real events."""
WEIGHTS = np.array([30, 25, 4, 2, 2, 3, 20, 12, 2]) / 100
CARDARENA_ROWS = 10_000
"""cardarena runs in time quadratic in the matches: above this many it is not run."""
Row = tuple[int, int, int, int, int]
"""A match for the loop and the peers: player A's code, B's (-1 for a bye), games won by A, by B, drawn."""


def magic_event(
    players: int, matches: int, per_event: int, rounds: int, seed: int = 11
) -> tuple[MatchTable, list[Row], list[int]]:
    """A match table with Magic results (pairings as `bench_ranking.py` makes them), the same matches as rows,
    and each match's round (numbered across events)."""
    gl, catalog = load_ruleset("gl-unmatched", Path("."))
    base, _ = build_table(gl, catalog, matches, players, per_event=per_event, rounds=rounds, seed=seed)
    rng = np.random.default_rng(seed)
    index = np.arange(len(base))
    a = np.flatnonzero(base.partner > index)
    b = base.partner[a]
    byes = np.flatnonzero(base.partner < 0)
    won_a, won_b, drawn = RESULTS[rng.choice(len(RESULTS), len(a), p=WEIGHTS)].T
    won, lost, draws = (np.zeros(len(base), dtype=np.int64) for _ in range(3))
    won[a], won[b], lost[a], lost[b], draws[a], draws[b] = won_a, won_b, won_b, won_a, drawn, drawn
    won[byes] = 2
    outcome = np.where(won > lost, Outcome.WIN, np.where(won < lost, Outcome.LOSS, Outcome.DRAW))
    outcome[byes] = Outcome.BYE
    table = dataclasses.replace(
        base, outcome=outcome.astype(np.int64), games_won=won, games_lost=lost, games_drawn=draws
    )
    first = np.sort(np.r_[a, byes])
    opponent = np.where(base.partner[first] >= 0, base.competitor[np.maximum(base.partner[first], 0)], -1)
    rows = list(
        zip(
            base.competitor[first].tolist(),
            opponent.tolist(),
            won[first].tolist(),
            lost[first].tolist(),
            draws[first].tolist(),
        )
    )
    rounds_ = (base.event[first] * rounds + base.round[first]).tolist()
    return table, rows, rounds_


def plain_loop(rows: list[Row], floor: Fraction) -> dict[int, tuple[int, Fraction | None, Fraction, Fraction | None]]:
    """Per player code: match points, OMW%, GW%, OGW%, as Appendix C defines them, one match at a time in Fractions."""
    points: dict[int, int] = defaultdict(int)
    matches: dict[int, int] = defaultdict(int)
    game_points: dict[int, int] = defaultdict(int)
    games: dict[int, int] = defaultdict(int)
    met: dict[int, list[int]] = defaultdict(list)
    for a, b, won_a, won_b, drawn in rows:
        for me, other, mine, theirs in ((a, b, won_a, won_b), (b, a, won_b, won_a)):
            if me < 0:
                continue
            points[me] += 3 if mine > theirs else 1 if mine == theirs else 0
            matches[me] += 1
            game_points[me] += 3 * mine + drawn
            games[me] += mine + theirs + drawn
            if other >= 0:
                met[me].append(other)
    match_win = {p: max(Fraction(points[p], 3 * matches[p]), floor) for p in matches}
    game_win = {p: max(Fraction(game_points[p], 3 * games[p]), floor) for p in matches}
    out = {}
    for p in matches:
        opponents = met.get(p, [])
        omw = sum((match_win[o] for o in opponents), Fraction(0)) / len(opponents) if opponents else None
        ogw = sum((game_win[o] for o in opponents), Fraction(0)) / len(opponents) if opponents else None
        out[p] = (points[p], omw, game_win[p], ogw)
    return out


def loop_ranks(values: dict[int, tuple[int, Fraction | None, Fraction, Fraction | None]]) -> dict[int, int]:
    """Shared ranks from the loop's values: 1 + the players strictly ahead (absent percentages rank last)."""

    def key(v: tuple[int, Fraction | None, Fraction, Fraction | None]) -> tuple[Any, ...]:
        return tuple(x for part in v for x in ((0, -part) if part is not None else (1, 0)))

    ordered = sorted(values, key=lambda p: key(values[p]))
    ranks: dict[int, int] = {}
    for i, p in enumerate(ordered):
        same = i and key(values[ordered[i - 1]]) == key(values[p])
        ranks[p] = ranks[ordered[i - 1]] if same else i + 1
    return ranks


def timed(call: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Median seconds of `repeat` calls (after one untimed call when repeating), and the last result."""
    times, result = [], call() if repeat > 1 else None
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def check(table: MatchTable, ruleset: Ruleset, rows: list[Row], repeat: int) -> dict[str, Any]:
    """Time our standings and the loop's on the same matches; fail unless every value and rank is equal."""
    keys = table.names
    ours, lines = timed(lambda: rank(table, ruleset, keys, ()), repeat)
    shown, values = timed(
        lambda: [(line.key, line.rank, line.score, line.tiebreaks) for line in rank(table, ruleset, keys, ())], repeat
    )
    loop, expected = timed(lambda: plain_loop(rows, ruleset.tiebreakers[0].options["floor"]), 1)
    ranks = loop_ranks(expected)
    code = {k: i for i, k in enumerate(keys)}
    wrong = [k for k, r, score, tiebreaks in values if (score, *tiebreaks) != expected[code[k]] or r != ranks[code[k]]]
    if wrong:
        raise SystemExit(f"league and the plain loop disagree for {len(wrong)} players, e.g. {wrong[:3]}")
    print(f"  league rank():                       {ours * 1000:9.1f} ms  ({len(lines):,} lines)")
    print(f"  league rank() + every line's values: {shown * 1000:9.1f} ms")
    print(
        f"  plain Python loop, exact Fractions:  {loop * 1000:9.1f} ms  -> points, OMW%, GW%, OGW% and ranks of all "
        f"{len(values):,} players equal, exactly"
    )
    return {"lines": lines}


def tiebreak_core(table: MatchTable, ruleset: Ruleset, rows: list[Row], rounds: list[int]) -> None:
    """tiebreak-core's Buchholz and Sonneborn-Berger on the same matches; its Buchholz compared with ours."""
    try:
        import tiebreak_core as tc  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        print('  tiebreak-core: not installed (pip install -e ".[bench]"): skipped')
        return
    scope = scope_of(table, ruleset)
    points = scope.score.tolist()
    players: dict[int, Any] = {}
    for (a, b, won_a, won_b, _), rnd in zip(rows, rounds):
        for me, other, score in (
            (a, b, 1.0 if won_a > won_b else 0.5 if won_a == won_b else 0.0),
            (b, a, 1.0 if won_b > won_a else 0.5 if won_a == won_b else 0.0),
        ):
            if me < 0:
                continue
            player = players.setdefault(me, tc.PlayerTiebreakData(player_id=me, rating=0, points=float(points[me])))
            kind = tc.PLAYED if other >= 0 else tc.PAIRING_BYE
            player.games.append(
                tc.GameRecord(
                    opponent_id=other, opponent_rating=0, score=score, color="white", round_number=rnd, kind=kind
                )
            )
    seconds, standings = timed(lambda: tc.rank_standings(players, ["buchholz", "sonneborn_berger"]), 1)
    ours = TIEBREAKERS["buchholz"].compute(scope, {"cut": "none"})
    had_bye = {a for a, b, *_ in rows if b < 0}
    differ = {p.player_id for p in standings.players if Fraction(p.values["buchholz"]) != ours.value(p.player_id)}
    print(
        f"  tiebreak-core (Buchholz, Sonneborn-Berger; no Magic percentages): {seconds * 1000:9.1f} ms; "
        f"Buchholz equal to ours for {len(players) - len(differ):,} of {len(players):,} players"
        f"{'' if differ <= had_bye else ' (and differs for players without a bye!)'}; the others had a bye, "
        "which it counts as a virtual opponent"
    )


def cardarena(table: MatchTable, ruleset: Ruleset, rows: list[Row], rounds: list[int], size: str) -> None:
    """cardarena's Union Arena standings (points, MW%, OMW% floored at 1/3, byes left out); OMW% compared with ours."""
    try:
        import cardarena_tournament_core as ca  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        print('  cardarena-tournament-core: not installed (pip install -e ".[bench]"): skipped')
        return
    if len(rows) > CARDARENA_ROWS:
        steps = len(table.names) * (len(table) / len(table.names) + 1) * len(rows)
        print(
            f"  cardarena-tournament-core: not run at {size}: its OMW% rescans every matchup for each player and each "
            f"of their opponents (players x (opponents + 1) x matchups = {steps:.0e} steps here; "
            "20,000 rows took a minute)"
        )
        return
    people = {code: ca.Player(id=str(code), name=str(code)) for code in range(len(table.names))}
    by_round: dict[int, list[Any]] = defaultdict(list)
    for (a, b, won_a, won_b, _), rnd in zip(rows, rounds):
        outcome = (
            ca.MatchupOutcome.PLAYER1_WINS
            if won_a > won_b
            else ca.MatchupOutcome.PLAYER2_WINS
            if won_b > won_a
            else ca.MatchupOutcome.DRAW
        )
        by_round[rnd].append(ca.Matchup(people[a], people[b] if b >= 0 else None, outcome))
    played = [ca.Round(round_number=r, matchups=m) for r, m in sorted(by_round.items())]
    seconds, standings = timed(lambda: ca.UnionArena().calculate(played, seed=1), 1)
    third = dataclasses.replace(
        ruleset,
        tiebreakers=tuple(
            dataclasses.replace(tb, options={**tb.options, "floor": Fraction(1, 3)}) for tb in ruleset.tiebreakers
        ),
    )
    ours = TIEBREAKERS["opponents_match_win"].compute(scope_of(table, third), {"floor": Fraction(1, 3)})
    same = sum(1 for s in standings if abs(s.tiebreakers["omw_pct"] - float(ours.value(int(s.player.id)) or 0)) < 1e-12)
    print(
        f"  cardarena-tournament-core (Union Arena: MW%, OMW%; no GW%/OGW%): {seconds * 1000:9.1f} ms; OMW% equal "
        f"to ours (floor 1/3) for {same:,} of {len(standings):,} players; "
        "it leaves byes out of MW% and floors the mean, Appendix C does neither"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke size: 256 players x 8 rounds and 20,000 rows")
    parser.add_argument("--repeat", type=int, default=5, help="runs of ours; the median is reported")
    args = parser.parse_args()
    ruleset, _ = load_ruleset("ogaming-mtg", Path("."))
    print(f"bench_magic: {machine()}, numpy {np.__version__}")
    players, matches = (256, 20_000) if args.quick else (2048, 1_000_000)
    sizes = [
        (f"{players:,} players x 8 rounds", players, players // 2 * 8, players, 8),
        (f"{matches:,} match rows", matches // 50, matches, 200, 7),
    ]
    for size, competitors, count, per_event, rounds in sizes:
        table, rows, round_of = magic_event(competitors, count, per_event, rounds)
        print(f"{size}: {len(rows):,} matches, {len(table):,} side rows, {len(table.names):,} players")
        check(table, ruleset, rows, 3 if args.quick else args.repeat)
        tiebreak_core(table, ruleset, rows, round_of)
        cardarena(table, ruleset, rows, round_of, size)
    print("targets: at most 20 ms for 2,048 players x 8 rounds, at most 2 s for 1,000,000 rows (league rank())")


if __name__ == "__main__":
    main()

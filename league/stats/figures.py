"""The figures counted from `Sides`: win rates with their Wilson intervals, matchups and competitors' records.

Pure numpy over the rows, so they answer the same from a sync's evaluation or from the games kept in the history."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from league.match_table import Flags, Ints, Outcome
from league.stats.rows import Entries, Sides

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""
OTHER = "other"
"""The row grouping every entry with fewer games than the minimum."""
MIN_GAMES = 10
TOP_MATCHUPS = 8


@dataclass(frozen=True)
class Rate:
    """One entry's games (mirror matches left out) and its win rate, a draw counted as half a win."""

    entry: str
    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float
    low: float
    high: float
    """The 95 % Wilson interval of the win rate."""
    mirrors: int = 0
    """Games against the same entry, left out (one per side)."""


@dataclass(frozen=True)
class Matchups:
    """Row entry against column entry: the row's score (wins plus half the draws) and the games between them."""

    entries: list[str]
    score: list[list[float]]
    games: list[list[int]]


@dataclass(frozen=True)
class Record:
    """A competitor's played games: record, win streaks and events played."""

    competitor: str
    wins: int
    draws: int
    losses: int
    current: int
    """Games won in a row up to the latest."""
    longest: int
    events: int


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate `score`/`n`: unlike rate ± z·se it stays within 0-1 and is fair to
    entries with few games."""
    if n == 0:
        return 0.0, 1.0
    p, z2 = score / n, z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate(entry: str, wins: int, draws: int, losses: int, mirrors: int = 0) -> Rate:
    n = wins + draws + losses
    score = wins + draws / 2
    low, high = wilson(score, n)
    return Rate(entry, n, wins, draws, losses, score / n if n else 0.0, low, high, mirrors)


def _faced(s: Sides, e: Entries) -> tuple[Flags, Ints]:
    """Rows of played games whose side recorded an entry, mirror matches left out; and each row's opponent's entry."""
    opponent = np.where(s.partner >= 0, e.codes[np.maximum(s.partner, 0)], -1)
    return s.played & (e.codes >= 0) & (opponent != e.codes), opponent


def win_rates(s: Sides, e: Entries, min_games: int = MIN_GAMES) -> list[Rate]:
    """Each entry's games and win rate, best first;
    entries with fewer than `min_games` games as one "other" row, last."""
    use, _ = _faced(s, e)
    size = len(e.names)
    mirrors = np.bincount(e.codes[s.played & (e.codes >= 0) & ~use], minlength=size)
    counts = [
        np.bincount(e.codes[use & (s.outcome == o)], minlength=size) for o in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)
    ]
    rates = [
        _rate(name, int(counts[0][c]), int(counts[1][c]), int(counts[2][c]), int(mirrors[c]))
        for c, name in enumerate(e.names)
    ]
    rates = [r for r in rates if r.games or r.mirrors]
    few = [r for r in rates if r.games < min_games]
    kept = sorted((r for r in rates if r.games >= min_games), key=lambda r: (-r.win_rate, -r.games, r.entry.casefold()))
    if few:
        kept.append(
            _rate(
                OTHER,
                sum(r.wins for r in few),
                sum(r.draws for r in few),
                sum(r.losses for r in few),
                sum(r.mirrors for r in few),
            )
        )
    return kept


def fold(rates: Sequence[Rate], most: int) -> list[Rate]:
    """The first `most` entries of `win_rates`, every entry past them grouped with "other" (what a chart of `most`
    bars shows, so that nothing is silently left off)."""
    named = [r for r in rates if r.entry != OTHER]
    if len(named) <= most:
        return list(rates)
    rest = named[most:] + [r for r in rates if r.entry == OTHER]
    return [
        *named[:most],
        _rate(
            OTHER,
            sum(r.wins for r in rest),
            sum(r.draws for r in rest),
            sum(r.losses for r in rest),
            sum(r.mirrors for r in rest),
        ),
    ]


def matchups(s: Sides, e: Entries, top: int = TOP_MATCHUPS) -> Matchups:
    """The `top` most played entries against each other: the row's score and the games, mirror matches left out."""
    use, opponent = _faced(s, e)
    played = np.bincount(e.codes[use], minlength=len(e.names))
    chosen = sorted((c for c in range(len(e.names)) if played[c]), key=lambda c: (-played[c], e.names[c].casefold()))[
        :top
    ]
    at = np.full(len(e.names) + 1, -1, dtype=np.int64)
    at[chosen] = np.arange(len(chosen))
    rows, cols = at[e.codes[use]], at[opponent[use]]
    both = (rows >= 0) & (cols >= 0)
    cell = rows[both] * len(chosen) + cols[both]
    size = len(chosen) * len(chosen)
    outcome = s.outcome[use][both]
    score = np.bincount(cell, weights=(outcome == Outcome.WIN) + 0.5 * (outcome == Outcome.DRAW), minlength=size)
    count = np.bincount(cell, minlength=size).reshape(len(chosen), len(chosen))
    return Matchups(
        [e.names[c] for c in chosen],
        [[float(x) for x in row] for row in score.reshape(len(chosen), len(chosen))],
        count.tolist(),
    )


def records(s: Sides) -> list[Record]:
    """Each competitor's played games: wins, draws, losses, the current and the longest win streak, events played;
    the longest current streaks first."""
    rows = np.flatnonzero(s.played)
    rows = rows[np.argsort(s.order[rows], kind="stable")]
    tally: dict[int, list[int]] = {}
    events: dict[int, set[int]] = {}
    for who, outcome, event in zip(s.competitor[rows].tolist(), s.outcome[rows].tolist(), s.event[rows].tolist()):
        t = tally.setdefault(who, [0, 0, 0, 0, 0])  # wins, draws, losses, current, longest
        t[outcome] += 1
        t[3] = t[3] + 1 if outcome == Outcome.WIN else 0
        t[4] = max(t[4], t[3])
        events.setdefault(who, set()).add(event)
    out = [Record(s.names[c], t[0], t[1], t[2], t[3], t[4], len(events[c])) for c, t in tally.items()]
    return sorted(out, key=lambda r: (-r.current, -r.longest, -r.wins, r.competitor.casefold()))

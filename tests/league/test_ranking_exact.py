"""Ranking stays exact on its fast paths:
random Swiss events and a league checked against Fractions, one match at a time.

The reference below recomputes points, OMW%, GW%, OGW%, Buchholz (plain, Cut-1, median) and
Sonneborn-Berger with Python Fractions and ranks by them; `rank` must give the same values and the
same shared ranks, whether its sums fit int64 (an event) or not (a league whose players played very
different numbers of matches, so the opponents' rates have a huge common denominator)."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from jobs.config import load_ruleset
from league.match_table import KINDS, MatchTable, Outcome, sums
from league.model.words import Kind
from league.rules.ruleset import Rule, Ruleset
from league.standings import rank, scope_of
from league.tiebreakers import TIEBREAKERS, Exact, Mean

Game = tuple[int, int, int, int, int]
"""Player A's code, B's (-1 for a bye), games won by A, by B, drawn."""
RESULTS = [(2, 0, 0), (2, 1, 0), (1, 0, 0), (1, 1, 1), (0, 0, 3), (0, 2, 0), (1, 2, 0), (1, 1, 0)]
FLOOR = Fraction(33, 100)


def table_of(games: list[Game], players: int) -> MatchTable:
    """The match table of `games` (one event, one stage), one row per side as `build_table` makes it."""
    columns: dict[str, list[int]] = defaultdict(list)
    for index, (a, b, won_a, won_b, drawn) in enumerate(games):
        first = len(columns["competitor"])
        sides = [(a, b, won_a, won_b)] + ([(b, a, won_b, won_a)] if b >= 0 else [])
        for j, (me, other, mine, theirs) in enumerate(sides):
            bye = other < 0
            outcome = (
                Outcome.BYE
                if bye
                else Outcome.WIN
                if mine > theirs
                else Outcome.LOSS
                if mine < theirs
                else Outcome.DRAW
            )
            for name, value in (
                ("match", index),
                ("competitor", me),
                ("opponent", other),
                ("partner", -1 if bye else first + 1 - j),
                ("kind", KINDS.index(Kind.BYE if bye else Kind.PLAYED)),
                ("outcome", outcome),
                ("won", mine),
                ("lost", theirs),
                ("drawn", drawn),
            ):
                columns[name].append(value)
    array = {k: np.array(v, dtype=np.int64) for k, v in columns.items()}
    zeros = np.zeros(len(array["competitor"]), dtype=np.int64)
    return MatchTable(
        [f"p{i}" for i in range(players)],
        ["E"],
        ["S"],
        zeros,
        zeros,
        zeros + 1,
        array["match"],
        array["competitor"],
        array["opponent"],
        array["partner"],
        array["kind"],
        array["outcome"],
        array["won"],
        array["lost"],
        array["drawn"],
        {},
        {},
    )


def reference(games: list[Game]) -> dict[int, dict[str, Fraction | None]]:
    """Appendix C and the Swiss sums, one match at a time in Fractions (a bye: 3 points, a 2-0 win, no opponent)."""
    points: dict[int, int] = defaultdict(int)
    matches: dict[int, int] = defaultdict(int)
    game_points: dict[int, int] = defaultdict(int)
    played_games: dict[int, int] = defaultdict(int)
    met: dict[int, list[tuple[int, int]]] = defaultdict(list)  # (opponent, 2 a win, 1 a draw, 0 a loss)
    for a, b, won_a, won_b, drawn in games:
        for me, other, mine, theirs in ((a, b, won_a, won_b), (b, a, won_b, won_a)):
            if me < 0:
                continue
            result = 2 if mine > theirs else 1 if mine == theirs else 0
            points[me] += 3 if other < 0 else (3, 1, 0)[2 - result]
            matches[me] += 1
            game_points[me] += 3 * mine + drawn
            played_games[me] += mine + theirs + drawn
            if other >= 0:
                met[me].append((other, result))
    mw = {p: max(Fraction(points[p], 3 * matches[p]), FLOOR) for p in matches}
    gw = {p: max(Fraction(game_points[p], 3 * played_games[p]), FLOOR) for p in matches}
    out = {}
    for p in matches:
        opponents = [o for o, _ in met[p]]
        scores = sorted(points[o] for o in opponents)

        def mean(rate: dict[int, Fraction], opponents: list[int] = opponents) -> Fraction | None:
            return sum((rate[o] for o in opponents), Fraction(0)) / len(opponents) if opponents else None

        out[p] = {
            "score": Fraction(points[p]),
            "opponents_match_win": mean(mw),
            "game_win": gw[p],
            "opponents_game_win": mean(gw),
            "buchholz none": Fraction(sum(scores)) if opponents else None,
            "buchholz cut1": Fraction(sum(scores[1:])) if opponents else None,
            "buchholz median": Fraction(sum(scores[1:-1])) if opponents else None,
            "sonneborn_berger": Fraction(sum(points[o] * r for o, r in met[p]), 2) if opponents else None,
        }
    return out


def swiss(ruleset: Ruleset, *extra: tuple[str, dict[str, object]]) -> Ruleset:
    """The Magic preset with `extra` tiebreakers after its own."""
    more = tuple(Rule(name, name, options) for name, options in extra)
    return dataclasses.replace(ruleset, tiebreakers=(*ruleset.tiebreakers, *more))


@pytest.fixture(scope="module")
def magic() -> Ruleset:
    return load_ruleset("ogaming-mtg", Path("."))[0]


def random_games(rng: random.Random, players: int, rounds: int, byes: float = 0.05) -> list[Game]:
    """Random pairings each round; a few players get a bye instead."""
    games = []
    for _ in range(rounds):
        order = rng.sample(range(players), players)
        for a, b in zip(order[0::2], order[1::2]):
            if rng.random() < byes:
                games.append((a, -1, 2, 0, 0))
            else:
                games.append((a, b, *rng.choice(RESULTS)))
    return games


def assert_matches_reference(games: list[Game], players: int, ruleset: Ruleset, labels: list[str]) -> None:
    expected = reference(games)
    lines = rank(table_of(games, players), ruleset, [f"p{i}" for i in range(players)], ())
    for line in lines:
        code = int(line.key[1:])
        assert (line.score, *line.tiebreaks) == tuple(expected[code][k] for k in ["score", *labels]), line.key

    def key(code: int) -> tuple[object, ...]:
        return tuple(
            x for k in ["score", *labels] for v in [expected[code][k]] for x in ((0, -v) if v is not None else (1, 0))
        )

    ordered = sorted(expected, key=key)
    ranks = {p: 1 + sum(key(q) < key(p) for q in ordered) for p in ordered}
    assert {int(line.key[1:]): line.rank for line in lines} == ranks


@pytest.mark.parametrize("seed", range(6))
def test_an_event_ranks_as_fractions_do(magic: Ruleset, seed: int) -> None:
    rng = random.Random(seed)
    games = random_games(rng, players=rng.choice([8, 9, 16, 33]), rounds=rng.choice([3, 5, 8]))
    ruleset = swiss(
        magic,
        ("buchholz", {"cut": "cut1"}),
        ("buchholz", {"cut": "median"}),
        ("buchholz", {"cut": "none"}),
        ("sonneborn_berger", {}),
    )
    players = 1 + max(max(g[0], g[1]) for g in games)
    assert_matches_reference(
        games,
        players,
        ruleset,
        [
            "opponents_match_win",
            "game_win",
            "opponents_game_win",
            "buchholz cut1",
            "buchholz median",
            "buchholz none",
            "sonneborn_berger",
        ],
    )


def test_a_league_of_very_different_match_counts_ranks_as_fractions_do(magic: Ruleset) -> None:
    """Players with 1 to 40 matches: the opponents' rates have a common denominator past int64."""
    rng = random.Random(5)
    games: list[Game] = []
    for p in range(40):
        for _ in range(p + 1):
            games.append((p, rng.randrange(40, 80), *rng.choice(RESULTS)))
    games += [(a, b, *result) for a, b, result in ((80, 81, (2, 0, 0)), (82, 83, (2, 0, 0)))]
    scope = scope_of(table_of(games, 84), magic)
    assert isinstance(TIEBREAKERS["opponents_match_win"].compute(scope, {"floor": FLOOR}), Mean)
    assert_matches_reference(games, 84, magic, ["opponents_match_win", "game_win", "opponents_game_win"])


def test_equal_means_from_different_rates_share_the_rank(magic: Ruleset) -> None:
    """p200 met rates 1 and 1/3, p201 met 2/3 twice: equal OMW% (2/3), from rows that are not alike."""
    rng = random.Random(9)
    games: list[Game] = [
        (40 + p, rng.randrange(100, 140), 2, 0, 0) for p in range(40) for _ in range(p + 1)
    ]  # many match counts
    games += [
        (200, 302, 0, 2, 0),
        (200, 300, 0, 2, 0),
        (201, 301, 0, 2, 0),
        (201, 301, 0, 2, 0),  # the two players
        (302, 310, 2, 0, 0),
        (302, 311, 2, 0, 0),
        (300, 312, 0, 2, 0),
        (300, 313, 0, 2, 0),
        (301, 314, 0, 2, 0),
    ]
    value = TIEBREAKERS["opponents_match_win"].compute(scope_of(table_of(games, 315), magic), {"floor": FLOOR})
    assert isinstance(value, Mean)
    assert value.value(200) == value.value(201) == Fraction(2, 3)
    order = value.order()
    assert order[200] == order[201]


def test_floats_that_meet_are_told_apart_exactly() -> None:
    """Fractions a float cannot tell apart still rank apart; equal fractions in other terms still tie."""
    big = 2**60
    exact = Exact(
        np.array([big + 1, big, 1, 2], dtype=np.int64),
        np.array([big, big, 3, 6], dtype=np.int64),
        np.ones(4, dtype=np.bool_),
    )
    assert (big + 1) / big == 1.0
    order = exact.order().tolist()
    assert order[0] > order[1] and order[2] == order[3]


@pytest.mark.parametrize("top", [5, 2**40])
def test_sums_are_exact_whether_or_not_floats_could_hold_them(top: int) -> None:
    values = np.array([top, top + 1, -3, top], dtype=np.int64)
    assert sums(np.array([0, 1, 1, 0]), values, 3).tolist() == [2 * top, top - 2, 0]

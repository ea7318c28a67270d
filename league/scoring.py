"""Scorings by name: each turns the match table into exact points per row, configured by the ruleset.

Points are whole numbers over one common denominator, so sums stay exact however large they get."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from league.match_table import Ints, MatchTable, Outcome
from league.model.words import Kind
from league.registry import Registry
from league.rules.options import Band, Option, bands, by_round, figure, number, split


@dataclass(frozen=True)
class Points:
    """Each row's points as `values / denominator`."""

    values: Ints
    denominator: int
    best: Fraction
    """The most points one match can give: what a match-win rate is measured against."""


@dataclass(frozen=True)
class Scoring:
    """A registered scoring: its function and the options a ruleset may set for it."""

    compute: Callable[[MatchTable, Mapping[str, Any]], Points]
    options: Mapping[str, Option]


def _scaled(values: list[Fraction]) -> tuple[list[int], int]:
    """Fractions as whole numbers over their least common denominator."""
    denominator = math.lcm(*(v.denominator for v in values)) if values else 1
    return [int(v * denominator) for v in values], denominator


def _points(table: MatchTable, choices: list[Fraction], choice: Ints, options: Mapping[str, Any]) -> Points:
    """Each row's points from its choice among `choices`; byes valued by round where the ruleset says so."""
    byes = sorted(options["bye_rounds"].items())
    scaled, denominator = _scaled([*choices, options["bye"], *(v for _, v in byes)])
    values = (
        np.array(scaled[: len(choices)], dtype=np.int64)[choice]
        if len(choices)
        else np.zeros(len(table), dtype=np.int64)
    )
    is_bye = table.outcome == Outcome.BYE
    values = np.where(is_bye, scaled[len(choices)], values)
    for offset, (rnd, _) in enumerate(byes):
        values = np.where(is_bye & (table.round == rnd), scaled[len(choices) + 1 + offset], values)
    best = max([*choices, options["bye"], *(v for _, v in byes)])
    return Points(values.astype(np.int64), denominator, best)


def outcome_points(table: MatchTable, options: Mapping[str, Any]) -> Points:
    """Points by how the match ended: e.g. 3 for a win, 1 for a draw, 0 for a loss (and byes by round)."""
    choices = [options["win"], options["draw"], options["loss"], options["bye"]]
    return _points(table, choices, table.outcome, options)


def band_points(table: MatchTable, options: Mapping[str, Any]) -> Points:
    """Points per game from two sides' figures: the first band the leader reaches (a ratio AND a lead) decides."""
    mine = table.figures[options["figure"]]
    paired = table.partner >= 0
    theirs = np.where(paired, mine[np.where(paired, table.partner, 0)], 0)
    choices: list[Fraction] = [options["equal"]]
    choice = np.zeros(len(table), dtype=np.int64)  # 0: equal, until a band is reached
    band: Band
    for band in options["bands"]:
        for leader, other, value in ((mine, theirs, band.winner), (theirs, mine, band.loser)):
            reached = (
                (choice == 0)
                & paired
                & (leader > other)
                & (leader * band.ratio.denominator >= other * band.ratio.numerator)
                & ((leader - other) * band.lead.denominator >= band.lead.numerator)
            )
            choice = np.where(reached, len(choices), choice)
            choices.append(value)
    if options["decided"] is not None:  # a forfeit or a disqualification: the result word decides, not the figures
        by_word = table.is_kind(Kind.FORFEIT, Kind.DQ)
        for outcome, value in zip((Outcome.WIN, Outcome.LOSS), options["decided"]):
            choice = np.where(by_word & (table.outcome == outcome), len(choices), choice)
            choices.append(value)
    return _points(table, choices, choice, options)


SCORINGS: Registry[Scoring] = Registry(
    "scoring",
    [
        (
            "outcome",
            Scoring(
                outcome_points,
                {"win": number(1), "draw": number(0), "loss": number(0), "bye": number(1), "bye_rounds": by_round({})},
            ),
        ),
        (
            "bands",
            Scoring(
                band_points,
                {
                    "figure": figure(),
                    "bands": bands(),
                    "equal": number(),
                    "bye": number(0),
                    "bye_rounds": by_round({}),
                    "decided": split(None),
                },
            ),
        ),
    ],
)
"""Every scoring a ruleset can name in `[scoring]`."""

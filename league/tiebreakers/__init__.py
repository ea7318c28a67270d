"""Tiebreakers by name: each a small pure function from the match table to an exact value per competitor.

`TIEBREAKERS` maps every name a ruleset may use to its function and option schema (checked when the
ruleset loads). Where each one lives:

- `ratio` (e.g. the health ratio): `league/tiebreakers/ratio.py`
- `opponents_match_win`, `opponents_game_win`, `buchholz`, `sonneborn_berger`: `league/tiebreakers/opponents.py`
- `game_win`, `wins`, `total`: `league/tiebreakers/own.py`
- `head_to_head`, `judge`: `league/tiebreakers/direct.py`
"""

from __future__ import annotations

from league.registry import Registry
from league.rules.options import choice, figure, kinds, number, text, whole
from league.tiebreakers.base import Exact, Mean, Scope, TiebreakMeasure, Value
from league.tiebreakers.direct import head_to_head, judge
from league.tiebreakers.opponents import buchholz, opponents_game_win, opponents_match_win, sonneborn_berger
from league.tiebreakers.own import game_win, total, wins
from league.tiebreakers.ratio import ratio

FLOOR = number("0.33", low=0, high=1)
"""Percentages below this count as this (Magic: 0.33 in the rules text; some platforms use exactly 1/3)."""

TIEBREAKERS: Registry[TiebreakMeasure] = Registry(
    "tiebreaker",
    [
        (
            "ratio",
            TiebreakMeasure(
                ratio,
                {
                    "numerator": figure(),
                    "denominator": figure(),
                    "mode": choice("pooled", "mean", default="pooled"),
                    "kinds": kinds(("played",)),
                },
            ),
        ),
        ("opponents_match_win", TiebreakMeasure(opponents_match_win, {"floor": FLOOR})),
        ("opponents_game_win", TiebreakMeasure(opponents_game_win, {"floor": FLOOR, "draw_points": number(1, low=0)})),
        ("game_win", TiebreakMeasure(game_win, {"floor": FLOOR, "draw_points": number(1, low=0)}, own_games=True)),
        ("buchholz", TiebreakMeasure(buchholz, {"cut": choice("none", "cut1", "median", default="none")})),
        ("sonneborn_berger", TiebreakMeasure(sonneborn_berger, {})),
        ("wins", TiebreakMeasure(wins, {})),
        (
            "total",
            TiebreakMeasure(
                total, {"figure": figure(), "kinds": kinds(("played", "forfeit", "bye", "dq")), "bye": whole(None)}
            ),
        ),
        ("head_to_head", TiebreakMeasure(head_to_head, {})),
        ("judge", TiebreakMeasure(judge, {"column": text("Judge Order")}, reads="column")),
    ],
)

__all__ = ["TIEBREAKERS", "Exact", "Mean", "Scope", "TiebreakMeasure", "Value"]

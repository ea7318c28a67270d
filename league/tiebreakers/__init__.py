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
from league.tiebreakers.base import Exact, Mean, Measure, Scope, Value
from league.tiebreakers.direct import head_to_head, judge
from league.tiebreakers.opponents import buchholz, opponents_game_win, opponents_match_win, sonneborn_berger
from league.tiebreakers.own import game_win, total, wins
from league.tiebreakers.ratio import ratio

FLOOR = number("0.33", low=0, high=1)
"""Percentages below this count as this (Magic: 0.33 in the rules text; some platforms use exactly 1/3)."""

TIEBREAKERS: Registry[Measure] = Registry("tiebreaker", [
    ("ratio", Measure(ratio, {"numerator": figure(), "denominator": figure(), "mode": choice("pooled", "mean", default="pooled"),
                              "kinds": kinds(("played",))})),
    ("opponents_match_win", Measure(opponents_match_win, {"floor": FLOOR})),
    ("opponents_game_win", Measure(opponents_game_win, {"floor": FLOOR, "draw_points": number(1, low=0)})),
    ("game_win", Measure(game_win, {"floor": FLOOR, "draw_points": number(1, low=0)}, own_games=True)),
    ("buchholz", Measure(buchholz, {"cut": choice("none", "cut1", "median", default="none")})),
    ("sonneborn_berger", Measure(sonneborn_berger, {})),
    ("wins", Measure(wins, {})),
    ("total", Measure(total, {"figure": figure(), "kinds": kinds(("played", "forfeit", "bye", "dq")), "bye": whole(None)})),
    ("head_to_head", Measure(head_to_head, {})),
    ("judge", Measure(judge, {"column": text("Judge Order")}, reads="column")),
])

__all__ = ["TIEBREAKERS", "Exact", "Mean", "Measure", "Scope", "Value"]

"""Win rates, matchups and records over the games a league counted: what a community posts after the standings.

Pure Python and numpy. Every figure is counted from `Sides`: one row per side of every counted match, with what the
side fielded in each `[stats]` field of the ruleset (the fighter, the deck, the army). A sync keeps the latest `Sides`
in the history (`to_json`), so `league stats` answers without reading the workbook again; the `Stats` tab, the chart
and the notebook API (`league.open`) count from the same rows. Only played games count: a bye, a forfeit or a
disqualification is no game.

`rows.py` holds the rows and their JSON, `counting.py` counts them from an evaluation, `figures.py` works out the win
rates, matchups and records, and `tables.py` shows them as tables and as the `Stats` tab; this package names them all.
"""

from __future__ import annotations

from league.stats.counting import PLAYOFF_WORD, counted, entries, is_game, played_order, playoff_games, sides
from league.stats.figures import (
    MIN_GAMES,
    OTHER,
    TOP_MATCHUPS,
    Z95,
    Matchups,
    Rate,
    Record,
    fold,
    matchups,
    records,
    wilson,
    win_rates,
)
from league.stats.rows import FORMAT, INTS, Entries, KeptGamesError, Sides, StatsError
from league.stats.tables import matchups_table, percent, rates_table, records_table, stats_sheet, stats_tables

__all__ = [
    "FORMAT",
    "INTS",
    "MIN_GAMES",
    "OTHER",
    "PLAYOFF_WORD",
    "TOP_MATCHUPS",
    "Z95",
    "Entries",
    "KeptGamesError",
    "Matchups",
    "Rate",
    "Record",
    "Sides",
    "StatsError",
    "counted",
    "entries",
    "fold",
    "is_game",
    "matchups",
    "matchups_table",
    "percent",
    "played_order",
    "playoff_games",
    "rates_table",
    "records",
    "records_table",
    "sides",
    "stats_sheet",
    "stats_tables",
    "wilson",
    "win_rates",
]

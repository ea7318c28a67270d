"""The test-only Swiss ruleset with draws (`tests/rulesets/swiss-draws.toml`) and a small weekly of five players
played under it: games decide matches, draws count, 3/1/0 points, a bye is a 2-0 win."""

from __future__ import annotations

from pathlib import Path

from league.cells import Cell, Grid

RULESET_FILE = Path(__file__).parents[1] / "rulesets" / "swiss-draws.toml"
HEADERS: list[Cell] = ["Round", "Table", "Player A", "Player B", "Wins A", "Wins B", "Draws", "Result", "Notes"]
"""The ruleset's results headers."""
ROUNDS: list[list[Cell]] = [
    [1, 1, "Ana", "Ben", 2, 0, None, "", ""],
    [1, 2, "Cy", "Dee", 2, 1, None, "", ""],
    [1, 3, "Eve", "", None, None, None, "Bye", ""],
    [2, 1, "Ana", "Cy", 1, 1, 1, "", "time called: a drawn match"],
    [2, 2, "Ben", "Eve", "2", " 1 ", None, "", ""],
    [2, 3, "Dee", None, None, None, None, "bye", ""],
    [3, 1, "Ana", "Dee", 2, 0, 0, "", ""],
    [3, 2, "Cy", "Eve", 0, 2, None, "", ""],
    [3, 3, "Ben", None, None, None, None, "Bye", ""],
]
"""Three rounds of the weekly W1, every figure of its standings worked by hand in `tests/league/test_formats.py`."""


def tabs(rows: list[list[Cell]] = ROUNDS, players: list[list[Cell]] | None = None) -> dict[str, Grid]:
    """The input tabs of a league holding the one event W1 with these results rows."""
    return {
        "Events": [
            ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"],
            ["W1", "Weekly 1", "2025-01-09", "Store", 8, "", "Results W1"],
        ],
        "Players": [
            ["Player", "Event", "Status"],
            *(players or [[n, "W1", ""] for n in ("Ana", "Ben", "Cy", "Dee", "Eve")]),
        ],
        "Results W1": [HEADERS, *(list(r) for r in rows)],
    }

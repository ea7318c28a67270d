"""Real published tournaments (`tests/fidelity/tournaments/`, sources in its README) and the Magic league a judge
would have typed for one of them, under the ogaming-mtg preset with a platform's percentage conventions."""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from league.cells import Cell, Grid
from league.rules.load import parse_ruleset
from league.rules.ruleset import Ruleset
from league.rules.schema import merged

TOURNAMENTS = Path(__file__).parents[1] / "fidelity" / "tournaments"
HEADERS: list[Cell] = [
    "Round",
    "Table",
    "Player A",
    "Player B",
    "Wins A",
    "Wins B",
    "Draws",
    "Result",
    "Drop A",
    "Drop B",
    "Notes",
]
"""The ogaming-mtg preset's results headers."""


def load(name: str) -> dict[str, Any]:
    """One published event, as its JSON file holds it."""
    data: dict[str, Any] = json.loads((TOURNAMENTS / name).read_text(encoding="utf-8"))
    return data


def magic(floor: str, floor_own_game_wins: bool) -> Ruleset:
    """The ogaming-mtg preset extended with a platform's percentage conventions, as a league's ruleset file would."""
    text = (resources.files("league") / "rules" / "presets" / "ogaming-mtg.toml").read_text(encoding="utf-8")
    own = {"percentages": {"floor": floor, "floor_own_game_wins": floor_own_game_wins}}
    return parse_ruleset(merged(tomllib.loads(text), own), "ogaming-mtg (platform conventions)")


def workbook(event: dict[str, Any]) -> dict[str, Grid]:
    """The league workbook a judge would have typed for the published event."""
    players = sorted({m[k] for r in event["Rounds"] for m in r["Matches"] for k in ("Player1", "Player2")} - {"-"})
    rows: list[list[Cell]] = []
    for number, rnd in enumerate(event["Rounds"], start=1):
        for table, m in enumerate(rnd["Matches"], start=1):
            a, b, d = (int(x) for x in m["Result"].split("-"))
            if m["Player2"] == "-":
                rows.append([number, table, m["Player1"], "", None, None, None, "Bye", "", "", ""])
            else:
                rows.append([number, table, m["Player1"], m["Player2"], a, b, d, "", "", "", ""])
    return {
        "Events": [
            ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"],
            ["W1", "Weekly", "2024-12-05", "", None, "", "Results W1"],
        ],
        "Players": [
            ["Player", "Event", "Account Standing", "Deck", "Status"],
            *([p, "W1", "Good", "", ""] for p in players),
        ],
        "Results W1": [HEADERS, *rows],
    }

"""Real published Magic standings (shared/fidelity/tournaments) reproduced by the ogaming-mtg preset,
under the conventions of the platform that published them."""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from league.cells import Cell, Grid
from league.evaluate import evaluate
from league.rules.catalog import EMPTY
from league.rules.load import parse_ruleset
from league.rules.schema import merged
from league.rules.ruleset import Ruleset

FIDELITY = Path(__file__).parents[3] / "shared" / "fidelity" / "tournaments"
HEADERS = ["Round", "Table", "Player A", "Player B", "Wins A", "Wins B", "Draws", "Result", "Drop A", "Drop B", "Notes"]


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
        "Events": [["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"], ["W1", "Weekly", "2024-12-05", "", None, "", "Results W1"]],
        "Players": [["Player", "Event", "Account Standing", "Deck", "Status"], *([p, "W1", "Good", "", ""] for p in players)],
        "Results W1": [HEADERS, *rows],
    }


def _load(name: str) -> dict[str, Any]:
    path = FIDELITY / name
    if not path.is_file():
        pytest.skip(f"{path} is not beside the repository")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_melee_gg_weekly_is_reproduced_with_exact_thirds_and_unfloored_own_games() -> None:
    event = _load("melee_204886_weekly_legacy_2024-12-05.json")
    ev = evaluate(workbook(event), magic("1/3", floor_own_game_wins=False), EMPTY)
    assert [p for p in ev.problems if p.severity.value == "error"] == []
    lines = {ev.names[s.key]: s for s in ev.standings["W1"]}
    for published in event["Standings"]:
        mine = lines[published["Player"]]
        assert mine.score == published["Points"], published["Player"]
        omw, gw, ogw = (float(v or 0) for v in mine.tiebreaks)
        assert abs(omw - published["OMWP"]) < 5e-6 and abs(gw - published["GWP"]) < 5e-6 and abs(ogw - published["OGWP"]) < 5e-6, (
            published["Player"], omw, gw, ogw, published)
    assert [ev.names[s.key] for s in ev.standings["W1"]] == [p["Player"] for p in event["Standings"]]


def test_topdeck_gg_weekly_omw_is_reproduced_with_the_rules_texts_floor() -> None:
    event = _load("topdeck_legacy_thursday_2025-01-09.json")
    ev = evaluate(workbook(event), magic("0.33", floor_own_game_wins=True), EMPTY)
    lines = {ev.names[s.key]: s for s in ev.standings["W1"]}
    for published in event["Standings"]:
        mine = lines[published["Player"]]
        assert abs(float(mine.tiebreaks[0] or 0) - published["OMWP"]) < 5e-6, (published["Player"], mine.tiebreaks[0])
        assert mine.score == published["Wins"] * 3 + published["Draws"], published["Player"]  # its Points field is 0

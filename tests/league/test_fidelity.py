"""Real published Magic standings (tests/fidelity/tournaments) reproduced by the ogaming-mtg preset,
under the conventions of the platform that published them."""

from __future__ import annotations

from league.evaluate import evaluate
from league.rules.catalog import EMPTY
from tests.support.tournaments import load, magic, workbook


def test_melee_gg_weekly_is_reproduced_with_exact_thirds_and_unfloored_own_games() -> None:
    event = load("melee_204886_weekly_legacy_2024-12-05.json")
    ev = evaluate(workbook(event), magic("1/3", floor_own_game_wins=False), EMPTY)
    assert [p for p in ev.problems if p.severity.value == "error"] == []
    lines = {ev.names[s.key]: s for s in ev.standings["W1"]}
    for published in event["Standings"]:
        mine = lines[published["Player"]]
        assert mine.score == published["Points"], published["Player"]
        omw, gw, ogw = (float(v or 0) for v in mine.tiebreaks)
        assert (
            abs(omw - published["OMWP"]) < 5e-6
            and abs(gw - published["GWP"]) < 5e-6
            and abs(ogw - published["OGWP"]) < 5e-6
        ), (published["Player"], omw, gw, ogw, published)
    assert [ev.names[s.key] for s in ev.standings["W1"]] == [p["Player"] for p in event["Standings"]]


def test_topdeck_gg_weekly_omw_is_reproduced_with_the_rules_texts_floor() -> None:
    event = load("topdeck_legacy_thursday_2025-01-09.json")
    ev = evaluate(workbook(event), magic("0.33", floor_own_game_wins=True), EMPTY)
    lines = {ev.names[s.key]: s for s in ev.standings["W1"]}
    for published in event["Standings"]:
        mine = lines[published["Player"]]
        assert abs(float(mine.tiebreaks[0] or 0) - published["OMWP"]) < 5e-6, (published["Player"], mine.tiebreaks[0])
        assert mine.score == published["Wins"] * 3 + published["Draws"], published["Player"]  # its Points field is 0

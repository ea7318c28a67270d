"""The ogaming-mtg preset's own rules: the results seen in real events are valid, forfeits and intentional
draws by word, account standings that may not play."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from league.cells import Cell
from league.evaluate import evaluate
from league.rules.catalog import EMPTY

sys.path.insert(0, str(Path(__file__).parent))
from test_fidelity import HEADERS, magic  # noqa: E402

RULESET = magic("0.33", "0.33", "0.33")


def _tabs(rows: list[list[Cell]], standing: str = "Good") -> dict[str, list[list[Cell]]]:
    return {
        "Events": [["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"], ["W1", "Weekly", "2025-01-09", "", None, "", "R1"]],
        "Players": [["Player", "Event", "Account Standing", "Deck", "Status"], ["Ana", "W1", standing, "", ""], ["Ben", "W1", "Good", "Burn", ""]],
        "R1": [HEADERS, *rows],
    }


@pytest.mark.parametrize("games, result, ana, ben", [
    ((2, 0, None), "", 3, 0), ((2, 1, 0), "", 3, 0), ((1, 0, None), "", 3, 0), ((1, 1, 0), "", 1, 1),
    ((1, 1, 1), "", 1, 1), ((0, 0, 3), "", 1, 1), ((None, None, None), "Intentional Draw", 1, 1),
    ((None, None, None), "Forfeit A", 0, 3), ((0, 2, None), "forfeit a", 0, 3), ((None, None, None), "Forfeit B", 3, 0),
])
def test_real_results_are_valid_and_scored(games: tuple[int | None, ...], result: str, ana: int, ben: int) -> None:
    ev = evaluate(_tabs([[1, 1, "Ana", "Ben", *games, result, "", "", ""]]), RULESET, EMPTY)
    assert ev.problems == []
    assert {ev.names[s.key]: s.score for s in ev.standings["W1"]} == {"Ana": ana, "Ben": ben}


def test_a_forfeit_counts_as_the_games_it_records() -> None:
    ev = evaluate(_tabs([[1, 1, "Ana", "Ben", None, None, None, "Forfeit A", "", "", ""]]), RULESET, EMPTY)
    ben = next(s for s in ev.standings["W1"] if ev.names[s.key] == "Ben")
    assert ben.tiebreaks[1] == 1  # game-win: 2-0


@pytest.mark.parametrize("standing, code", [("Suspended", "not-eligible"), ("banned", "not-eligible"), ("Revoked", "not-eligible"),
                                            ("Goood", "unknown-value")])
def test_an_account_that_may_not_play_is_an_error_at_its_cell(standing: str, code: str) -> None:
    ev = evaluate(_tabs([], standing), RULESET, EMPTY)
    assert [(p.code, p.tab, p.cell) for p in ev.problems] == [(code, "Players", "C2")]


@pytest.mark.parametrize("standing", ["Good", "Previous", "Warning", "Probation"])
def test_accounts_in_standing_may_play(standing: str) -> None:
    assert evaluate(_tabs([], standing), RULESET, EMPTY).problems == []

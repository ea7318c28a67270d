"""The life of an event in the engine: pending rows, rounds per event, in progress then complete, drops typed in the
results tab, the playoff phases, final only once nothing is left to fix, and the season final only when its plan says
so; a 9-player Magic weekly (the MTR's 4 rounds) is the subject."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from importlib import resources

import pytest

from exporters.stands import event_stands
from league.cells import Cell, Grid
from league.evaluate import evaluate
from league.lifecycle import Phase, season_state
from league.pairing import history
from league.pairing.bracket import bracket_rows, resolve
from league.pairing.bracket_model import HEADERS as BRACKET_HEADERS
from league.pairing.bracket_model import Playoff
from league.report import standings_sheets, undecided_prizes
from league.rules.catalog import EMPTY
from league.rules.load import parse_ruleset
from league.rules.ruleset import Season
from league.rules.schema import RulesetError
from tests.support.tournaments import HEADERS, magic

RULESET = magic("0.33", floor_own_game_wins=True)
NO_PLAYOFFS = replace(RULESET, playoffs=None)
"""The same weekly without its top 8: every round played and nothing to fix, it is final."""
UNPLANNED = " (the season's number of events is not set: [season] events)"
PLAYERS = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]
EVENTS = ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"]


def _row(
    rnd: int,
    table: int,
    a: str,
    b: str,
    wins: tuple[Cell, Cell] = (None, None),
    result: str = "",
    drops: tuple[str, str] = ("", ""),
) -> list[Cell]:
    return [rnd, table, a, b, *wins, None, result, *drops, ""]


def _round(rnd: int, typed: int = 4, drops: dict[str, str] | None = None) -> list[list[Cell]]:
    """Round `rnd` of the weekly: four tables and a bye (Ivy), the first `typed` tables with a 2-0 for A."""
    others = PLAYERS[1:8]
    turned = others[rnd - 1 :] + others[: rnd - 1]  # the circle method: nobody meets anyone twice in 7 rounds
    circle = [PLAYERS[0], *turned]
    pairs = [(circle[i], circle[7 - i]) for i in range(4)]
    rows = []
    for table, (a, b) in enumerate(pairs, start=1):
        marks = ((drops or {}).get(a, ""), (drops or {}).get(b, ""))
        rows.append(_row(rnd, table, a, b, (2, 0) if table <= typed else (None, None), drops=marks))
    rows.append(_row(rnd, 5, "Ivy", "", result="Bye"))
    return rows


def _tabs(results: list[list[Cell]], rounds: Cell = None, players: list[str] = PLAYERS) -> dict[str, Grid]:
    return {
        "Events": [[*EVENTS, "Rounds"], ["W1", "Weekly", "2025-01-09", "", None, "", "R1", rounds]],
        "Players": [
            ["Player", "Event", "Account Standing", "Deck", "Status"],
            *([p, "W1", "Good", "", ""] for p in players),
        ],
        "R1": [HEADERS, *results],
    }


def _paired(rnd: int) -> list[list[Cell]]:
    """Round `rnd` as `league pair` writes it: round, table, the players; nothing typed yet (but the bye)."""
    return [
        [r[0], r[1], r[2], r[3], *([None] * 6 if r[7] != "Bye" else [None, None, None, "Bye", None, None]), None]
        for r in _round(rnd, typed=0)
    ]


# --- rounds per event ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, rounds",
    [
        (4, 3),
        (8, 3),
        (9, 4),
        (16, 4),
        (17, 5),
        (33, 6),
        (65, 7),
        (129, 8),
        (226, 8),
        (227, 9),
        (409, 9),
        (410, 10),
        (1000, 10),
    ],
)
def test_magic_rounds_follow_the_mtr_table_by_attendance(players: int, rounds: int) -> None:
    assert RULESET.rounds_for(players) == rounds


def test_an_event_has_the_rounds_of_its_attendance_or_of_its_rounds_cell() -> None:
    ev = evaluate(_tabs([*_round(1), *_round(2), *_round(3), *_round(4), *_round(5)]), RULESET, EMPTY)
    assert ev.league.rounds_of("W1") == 4
    assert {(p.code, p.cell) for p in ev.problems} == {("too-many-rounds", f"A{row}") for row in range(22, 27)}
    assert "past the 4 rounds of W1" in ev.problems[0].problem
    ev = evaluate(_tabs([*_round(1), *_round(2), *_round(3), *_round(4), *_round(5)], rounds=5), RULESET, EMPTY)
    state = ev.states["W1"]  # its 5 Swiss rounds played, the top 8 still to seed
    assert ev.problems == [] and state.swiss_final and state.phase is Phase.SWISS_COMPLETE and not state.final


def test_a_rounds_table_in_a_ruleset_file_is_checked() -> None:
    for rounds, says in (
        ([{"up_to": 8, "rounds": 3}], "a last one without `up_to`"),
        ([{"up_to": 8, "rounds": 3}, {"up_to": 4, "rounds": 2}, {"rounds": 5}], "each above the one before"),
        ([{"up_to": 8, "rounds": 0}, {"rounds": 4}], "must be 1 or more"),
    ):
        data = tomllib.loads(
            (resources.files("league") / "rules" / "presets" / "ogaming-mtg.toml").read_text(encoding="utf-8")
        )
        data["format"]["rounds"] = rounds
        with pytest.raises(RulesetError, match=says):
            parse_ruleset(data, "mine.toml")


# --- pending rows ---------------------------------------------------------------------------


def test_a_paired_round_is_pending_not_wrong() -> None:
    ev = evaluate(_tabs(_paired(1)), RULESET, EMPTY)
    assert ev.problems == [] and ev.errors == 0
    assert ev.counted == 1  # only the bye
    state = ev.states["W1"]
    assert (state.phase, state.status, event_stands(state)) == (
        Phase.ROUNDS,
        "round 1 of 4: 1 of 5 results in",
        "round 1 of 4 under way: 1 of 5 results in",
    )


def test_a_pending_row_is_an_error_once_a_later_round_is_paired() -> None:
    rows = [*_round(1, typed=3), *_paired(2)]
    ev = evaluate(_tabs(rows), RULESET, EMPTY)
    assert [(p.code, p.cell, p.problem) for p in ev.problems] == [
        ("unplayed-round", "E5", "round 1 has no result, but round 2 is paired")
    ]


def test_a_row_with_part_of_its_result_stays_an_error() -> None:
    rows = _round(1)
    rows[0][5] = None  # Wins B empty, Wins A typed
    ev = evaluate(_tabs(rows), RULESET, EMPTY)
    assert [(p.code, p.cell) for p in ev.problems] == [("missing-value", "F2")]


# --- in progress, then complete -------------------------------------------------------------


def _prizes(ev: object) -> list[str]:
    [table] = standings_sheets(ev)  # type: ignore[arg-type]
    return [str(row[-2] or "") for row in table.rows]


def test_an_event_in_progress_shows_prizes_in_line_then_the_playoffs_decide_them() -> None:
    three = [*_round(1), *_round(2), *_round(3)]
    ev = evaluate(_tabs(three), RULESET, EMPTY)
    assert event_stands(ev.states["W1"]) == "after round 3 of 4" and not ev.states["W1"].final
    prizes = _prizes(ev)  # computed all along, awarded to nobody while rounds are left; Ana and Dee share the lead,
    # Cy and Eve 4th: a round to come may break those ties, so neither is for the judges yet
    assert prizes[:3] == ["in line for Top 4"] * 3 and not any(prizes[3:]) and undecided_prizes(ev) == []
    assert not any(a.awarded for lines in ev.placings.values() for p in lines for a in p.awards)
    assert any(s.prizes for s in ev.leaderboard)  # league prize positions all season
    ev = evaluate(_tabs([*three, *_round(4)]), RULESET, EMPTY)
    state = ev.states["W1"]  # the ruleset has a top 8, not seeded yet: the Swiss standings are final, not the event
    assert (state.phase, state.status, event_stands(state), state.swiss_final, state.final) == (
        Phase.SWISS_COMPLETE,
        "Swiss complete, top 8 to seed with `league bracket`",
        "Swiss rounds complete, top 8 to play",
        True,
        False,
    )
    assert not any(_prizes(ev))  # the bracket decides the places: nobody is in line for them before
    assert season_state(RULESET.season, list(ev.states.values())).status == "0 of 1 events final" + UNPLANNED


def test_an_event_without_playoffs_is_final_once_every_round_is_played_and_awards_its_prizes() -> None:
    three = [*_round(1), *_round(2), *_round(3)]
    ev = evaluate(_tabs(three), NO_PLAYOFFS, EMPTY)
    assert _prizes(ev)[0] == "in line for Top 4" and ev.states["W1"].winner == "" and undecided_prizes(ev) == []
    ev = evaluate(_tabs([*three, *_round(4)]), NO_PLAYOFFS, EMPTY)
    state = ev.states["W1"]
    assert (state.phase, state.final, state.status, state.winner) == (
        Phase.COMPLETE,
        True,
        "final: champion Ana",
        "Ana",
    )
    assert event_stands(state) == "Final standings"
    prizes = _prizes(ev)
    assert prizes[0] == "1st place; Top 4" and prizes[1:4] == ["Top 4"] * 3 and not any("in line" in p for p in prizes)
    # one event final, but no plan says the season holds only one: the league is never final on its own
    assert season_state(NO_PLAYOFFS.season, list(ev.states.values())).status == "1 of 1 events final" + UNPLANNED
    planned = replace(NO_PLAYOFFS, season=Season(events=1))
    assert season_state(planned.season, list(ev.states.values())).status == "final"
    assert evaluate(_tabs([*three, *_round(4)]), planned, EMPTY).season.final


def test_an_event_with_an_error_row_is_not_final_and_has_no_champion() -> None:
    rows = [*_round(1), *_round(2), *_round(3), *_round(4)]
    rows[-2][5] = None  # round 4, table 4: Wins B left empty
    ev = evaluate(_tabs(rows), NO_PLAYOFFS, EMPTY)
    assert [p.code for p in ev.problems] == ["missing-value"]
    state = ev.states["W1"]
    assert (state.phase, state.to_fix, state.final, state.winner) == (Phase.COMPLETE, 1, False, "")
    assert state.status == "all rounds played, 1 result to fix"
    assert any(p.startswith("in line for") for p in _prizes(ev)) and not any(
        a.awarded for p in ev.placings["W1"] for a in p.awards
    )


def test_the_leaderboard_leaves_prize_ties_to_the_judges_only_once_the_season_is_final() -> None:
    tabs = _tabs(
        [_row(1, 1, "Ana", "Ben", (2, 0)), _row(1, 2, "Cy", "Dee", (2, 0))],
        rounds=1,
        players=["Ana", "Ben", "Cy", "Dee"],
    )
    tabs["Events"].append(["W2", "Weekly", "2025-01-16", "", None, "", "R2", 1])
    tabs["Players"] += [["Ana", "W2", "Good", "", ""], ["Ben", "W2", "Good", "", ""]]
    tabs["R2"] = [HEADERS]
    planned = replace(NO_PLAYOFFS, season=Season(events=2))
    ev = evaluate(tabs, planned, EMPTY)
    assert [s.undecided for s in ev.leaderboard if s.undecided] == []
    assert (
        season_state(planned.season, list(ev.states.values())).status == "1 of 2 events final" and not ev.season.final
    )
    assert all(not a.awarded for p in ev.board for a in p.awards) and any(p.awards for p in ev.board)  # in line for
    tabs["R2"].append(_row(1, 1, "Ben", "Ana", (2, 0)))  # Ana and Ben level on everything, across League champion
    ev = evaluate(tabs, planned, EMPTY)
    assert ev.season.final and any(s.undecided for s in ev.leaderboard)
    # without a plan the same two events are all the league has, but it is never final: its ties are not yet reported
    ev = evaluate(tabs, NO_PLAYOFFS, EMPTY)
    assert not ev.season.final and ev.season.status == "2 of 2 events final" + UNPLANNED
    assert not any(s.undecided for s in ev.leaderboard)


# --- drops typed in the results tab ---------------------------------------------------------


@pytest.mark.parametrize("mark", ["yes", "X", "Drop", " DROP "])
def test_a_drop_mark_ends_the_event_after_that_round(mark: str) -> None:
    rows = [*_round(1, drops={"Ana": mark}), *_round(2)]
    ev = evaluate(_tabs(rows), RULESET, EMPTY)
    ana = next(m for m in ev.league.matches if m.round == 2 and "Ana" in (m.sides[0].name, m.sides[1].name))
    side = "C" if ana.sides[0].name == "Ana" else "D"
    assert [(p.code, p.cell) for p in ev.problems] == [("plays-after-drop", f"{side}{ana.row}")]
    h = history(ev.league, "W1", ev.standings["W1"])
    assert "ana" not in h.active


@pytest.mark.parametrize("mark, found", [("no", []), ("", []), ("maybe", [("unknown-drop-mark", "warning", "I2")])])
def test_no_or_empty_does_nothing_other_text_is_a_warning(mark: str, found: list[tuple[str, str, str]]) -> None:
    ev = evaluate(_tabs([*_round(1, drops={"Ana": mark}), *_round(2)]), RULESET, EMPTY)
    assert [(p.code, p.severity.value, p.cell) for p in ev.problems] == found
    assert "ana" in history(ev.league, "W1", ev.standings["W1"]).active


# --- the playoff phases ---------------------------------------------------------------------


def _bracket(games: dict[tuple[int, int], tuple[int, int]]) -> Grid:
    """A top-4 bracket (semi-finals, then the final) with the games typed so far."""
    grid: Grid = [list(BRACKET_HEADERS), *bracket_rows(["Ana", "Ben", "Cy", "Dee"], [3])]
    for (rnd, match), (a, b) in games.items():
        grid = [list(BRACKET_HEADERS), *bracket_rows(["Ana", "Ben", "Cy", "Dee"], [3], grid)]
        row = next(r for r in grid[1:] if r[0] == rnd and r[1] == match)
        row[7], row[8] = a, b
    return [list(BRACKET_HEADERS), *bracket_rows(["Ana", "Ben", "Cy", "Dee"], [3], grid)]


def _playoff(games: dict[tuple[int, int], tuple[int, int]]) -> Playoff:
    return resolve("W1", ["Ana", "Ben", "Cy", "Dee"], [3], _bracket(games)).playoff


def test_the_playoff_names_the_round_under_way_then_the_champion() -> None:
    tabs = _tabs([*_round(1), *_round(2), *_round(3), *_round(4)])
    for games, under_way, champion in (
        ({}, "semi-finals", ""),
        ({(1, 1): (2, 0), (1, 2): (0, 2)}, "final", ""),
        ({(1, 1): (2, 0), (1, 2): (0, 2), (2, 1): (1, 2)}, "", "Cy"),
    ):
        playoff = _playoff(games)
        assert playoff.champion == champion
        state = evaluate(tabs, RULESET, EMPTY, {"W1": playoff}).states["W1"]
        assert (state.bracket, state.bracket_round, state.champion) == (True, under_way, champion)
    unseeded = evaluate(tabs, RULESET, EMPTY, {"W1": resolve("W1", [], [3]).playoff}).states["W1"]
    assert not unseeded.bracket and unseeded.phase is Phase.SWISS_COMPLETE


def test_an_event_with_a_bracket_is_final_once_it_has_a_champion() -> None:
    tabs = _tabs([*_round(1), *_round(2), *_round(3), *_round(4)])
    assert evaluate(tabs, RULESET, EMPTY).states["W1"].phase is Phase.SWISS_COMPLETE
    ev = evaluate(tabs, RULESET, EMPTY, {"W1": _playoff({(1, 1): (2, 0)})})
    assert (ev.states["W1"].phase, ev.states["W1"].status) == (Phase.PLAYOFFS, "playoffs: semi-finals")
    assert not ev.states["W1"].final and ev.states["W1"].winner == ""
    assert not any(_prizes(ev))  # between the Swiss and the champion, nobody is in line for the bracket's places
    ev = evaluate(tabs, RULESET, EMPTY, {"w1": _playoff({(1, 1): (2, 0), (1, 2): (0, 2), (2, 1): (1, 2)})})
    assert ev.states["W1"].status == "final: champion Cy" and ev.states["W1"].final and ev.states["W1"].winner == "Cy"
    prizes = _prizes(ev)  # the final standings: Cy first, then Ana (the final), then the semi-finalists
    assert prizes[:4] == ["1st place; Top 4", "Top 4", "Top 4", "Top 4"] and not any(prizes[4:])

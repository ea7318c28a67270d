"""Skill ratings (`league.ratings`): which rows are games, who rises, how a correction and a new season carry, and
the pairs and teams of the other presets."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from jobs.config import load_ruleset
from league.cells import Cell
from league.demos import DEMOS
from league.evaluate import evaluate
from league.ratings import RatedGame, Rater, SeasonGames, rate, rate_until, season_games
from league.rules.rating_rules import NEW_SIGMA, RatingRules
from league.rules.ruleset import Ruleset
from league.stats import StatsError
from tests.support.swiss_draws import RULESET_FILE, tabs

RULES = RatingRules()


def swiss_draws() -> Ruleset:
    return load_ruleset(str(RULESET_FILE), Path("."))[0]


def season(rows: list[list[Cell]], label: str = "2026") -> SeasonGames:
    ruleset = swiss_draws()
    ev = evaluate(tabs(rows), ruleset, load_ruleset(str(RULESET_FILE), Path("."))[1])
    return season_games(ev, label)


def test_byes_forfeits_and_intentional_draws_are_no_games_and_a_drawn_match_is_half() -> None:
    rows: list[list[Cell]] = [
        [1, 1, "Ana", "Ben", 2, 0, None, "", ""],
        [1, 2, "Cy", "Dee", None, None, None, "Intentional Draw", ""],
        [1, 3, "Eve", "", None, None, None, "Bye", ""],
        [2, 1, "Ana", "Cy", 1, 1, 1, "", "time called"],
        [2, 2, "Ben", "Eve", None, None, None, "Forfeit B", ""],
        [2, 3, "Dee", None, None, None, None, "Bye", ""],
    ]
    played = season(rows)
    assert [(g.sides, g.score, g.sitting) for g in played.games] == [
        ((("ana",), ("ben",)), 1.0, 0),
        ((("ana",), ("cy",)), 0.5, 1),
    ]
    assert played.events == (("W1", dt.date(2025, 1, 9)),)
    ratings = {r.name: r for r in rate([played], RULES).ratings}
    assert set(ratings) == {"Ana", "Ben", "Cy"}, "Dee and Eve played no game"
    assert ratings["Ana"].games == 2 and ratings["Ana"].rating > ratings["Cy"].rating > ratings["Ben"].rating


def test_the_winner_rises_the_loser_falls_and_the_shown_rating_is_mu_less_three_sigma() -> None:
    rater = Rater()
    game = RatedGame("W1", (("a",), ("b",)), 1.0)
    assert rater.chance(game) == pytest.approx(0.5)
    rater.play(game)
    a, b = rater.skill["a"], rater.skill["b"]
    assert a.mu > 25 > b.mu and a.sigma < NEW_SIGMA
    assert rater.chance(game) > 0.5
    assert rater.ordinals()["a"] == pytest.approx(a.mu - 3 * a.sigma)


def test_a_corrected_result_changes_every_rating_from_that_game_on() -> None:
    first = season(HEADERS_ROWS)
    fixed = [list(r) for r in HEADERS_ROWS]
    fixed[0][4:6] = [0, 2]  # round 1: Ben beat Ana after all
    again = season(fixed)
    before, after = ({r.name: r.rating for r in rate([s], RULES).ratings} for s in (first, again))
    assert after["Ben"] > before["Ben"] and after["Ana"] < before["Ana"]
    assert after["Dee"] != before["Dee"], "Dee met Ana after the corrected game: the change carries on"


HEADERS_ROWS: list[list[Cell]] = [
    [1, 1, "Ana", "Ben", 2, 0, None, "", ""],
    [1, 2, "Cy", "Dee", 2, 1, None, "", ""],
    [2, 1, "Ana", "Cy", 2, 1, None, "", ""],
    [2, 2, "Ben", "Dee", 2, 1, None, "", ""],
    [3, 1, "Ana", "Dee", 2, 0, None, "", ""],
    [3, 2, "Cy", "Ben", 0, 2, None, "", ""],
]


def test_a_new_season_starts_from_the_last_ratings_with_their_uncertainty_widened() -> None:
    last, this = season(HEADERS_ROWS, "2025"), season(HEADERS_ROWS[:2], "2026")
    alone = {r.name: r for r in rate([last], RULES).ratings}
    carried = {r.name: r for r in rate([last, this], RULES).ratings}
    fresh = {r.name: r for r in rate([this], RULES).ratings}
    assert carried["Ana"].games == 4 and carried["Ana"].mu > fresh["Ana"].mu
    steps = [s for s in rate([last, this], RULES).history if s.key == "ben"]
    assert [(s.season, s.event, s.games) for s in steps] == [("2025", "W1", 3), ("2026", "W1", 4)]
    widened = rate([last, season([], "2026")], RULES)  # a season with no games yet: only the widening
    ben = next(r for r in widened.ratings if r.name == "Ben")
    assert ben.sigma == pytest.approx(min((alone["Ben"].sigma ** 2 + RULES.widen**2) ** 0.5, NEW_SIGMA))
    assert ben.mu == pytest.approx(alone["Ben"].mu), "a summer away makes a rating less certain, the estimate stays"


def test_few_games_are_provisional_and_the_change_is_since_the_previous_event() -> None:
    ratings = rate([season(HEADERS_ROWS)], RatingRules(provisional=3))
    assert [r.name for r in ratings.provisional] == [] and len(ratings.ranked) == 4
    assert all(r.change is None for r in ratings.ratings), "everyone was first rated in the only event"
    strict = rate([season(HEADERS_ROWS)], RatingRules(provisional=4))
    assert len(strict.provisional) == 4 and strict.ranked == ()
    two = rate([season(HEADERS_ROWS, "2025"), season(HEADERS_ROWS[:2], "2026")], RULES)
    changes = {r.name: r.change for r in two.ratings}
    assert changes["Ana"] is not None and changes["Ana"] > 0 and two.latest == "2026 W1"


def test_ratings_up_to_an_event_and_since_a_day() -> None:
    last, this = season(HEADERS_ROWS, "2025"), season(HEADERS_ROWS[:2], "2026")
    assert rate_until([last, this], RULES, "w1").games == 8
    with pytest.raises(StatsError, match="events with games: W1"):
        rate_until([last, this], RULES, "W9")
    assert rate_until([last, this], RULES, since=dt.date(2025, 2, 1)).games == 0


@pytest.mark.parametrize(
    "preset, sides", [("mesbg-pairs", 2), ("nasef-lol", 1), ("gl-unmatched", 1), ("ogaming-mtg", 1)]
)
def test_pairs_are_rated_as_their_players_and_teams_as_one_side(preset: str, sides: int) -> None:
    ruleset, catalog = load_ruleset(preset, Path("."))
    demo = DEMOS[preset](ruleset, catalog)
    ev = evaluate(demo.tabs(ruleset, catalog), ruleset, catalog)
    played = season_games(ev, "demo", ruleset.ratings.members)
    assert played.games and {len(side) for g in played.games for side in g.sides} == {sides}
    rated = {k for g in played.games for side in g.sides for k in side}
    assert (rated <= set(ev.names)) == (sides == 1), "a pair's players are not its registered name"
    if preset == "mesbg-pairs":
        as_pairs = season_games(ev, "demo", members=False)
        assert {len(side) for g in as_pairs.games for side in g.sides} == {1}


def test_the_playoff_games_come_after_their_events_swiss_rounds() -> None:
    from tests.league.test_stats import magic_with_playoffs

    ev = magic_with_playoffs([(2, 0), (0, 2), (2, 1), (1, 2)])
    played = season_games(ev, "demo")
    w1 = [g for g in played.games if g.event == "W1"]
    assert (
        len(w1)
        == sum(
            1
            for m in ev.results
            if m.event == "W1"
            and m.kind
            and m.kind.value == "played"
            and not (m.word and (m.word.draw or m.word.loser))
        )
        + 4
    )
    assert [g.sitting for g in w1] == sorted(g.sitting for g in w1)
    assert w1[-1].sitting > w1[-5].sitting

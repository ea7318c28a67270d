"""Standings: wins, the exact health-ratio tiebreak, shared ranks, prizes and the league table.

Small leagues are built match by match on `blank` (events only) or on the clean `book`
(conftest.py); expectations are the output tabs as written: (Rank, Player, ...) rows.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from league.report import undecided_prizes

AE, GB5, QR2 = "QR1-AE", "QR1-GB5", "QR2-AE"
TURTLES = ("Shredder", "Krang", "Leonardo", "Raphael", "Donatello")
"""Fighters the catalog gives no health, so any starting health is typed without a warning."""
HEROES = ("Medusa", "Alice", "Sinbad", "Bigfoot", "Beowulf")


def table(out, event: str, *headers: str) -> list[tuple]:
    return out.table(event, "Rank", "Player", *headers)


# --- shared ranks ---------------------------------------------------------------------------


def test_full_tie_shares_the_rank_and_asks_the_judges(blank) -> None:
    for name in ("Ana Reyes", "Ben Cruz", "Carla Santos", "Fay Ong"):
        blank.register(name, AE)
    blank.play(AE, 1, "Ana Reyes", "Medusa", 5, "Ben Cruz", "Robin Hood", 0)
    blank.play(AE, 1, "Carla Santos", "Achilles", 11, "Fay Ong", "Daredevil", 0)  # Carla: 11/(18+15) = 1/3
    blank.play(AE, 2, "Ana Reyes", "Sinbad", 3, "Carla Santos", "Yennenga", 0)
    blank.play(AE, 2, "Ben Cruz", "Bruce Lee", 9, "Fay Ong", "Spike", 0)  # Ben: 9/(13+14) = 1/3
    out = blank.complete().evaluate()
    assert out.problems == []
    assert table(out, AE, "Wins", "Health Ratio", "Prize", "Note") == [
        (1, "Ana Reyes", 2, 0.2581, "Arena Champion; Participation prize", ""),
        (2, "Ben Cruz", 1, 0.3333, "Participation prize", "tied with Carla Santos: judge decision"),
        (2, "Carla Santos", 1, 0.3333, "Participation prize", "tied with Ben Cruz: judge decision"),
        (4, "Fay Ong", 0, 0.0, "Participation prize", ""),
    ]
    assert out.standing(AE, "Ben Cruz").tiebreaks == out.standing(AE, "Carla Santos").tiebreaks == (Fraction(1, 3),)


@pytest.mark.parametrize("order", [("Zed Uy", "Abe Co"), ("Abe Co", "Zed Uy")], ids=["Z first", "A first"])
def test_tie_is_never_broken_by_name_or_row_order(blank, order: tuple[str, str]) -> None:
    """Zed and Abe each beat Mia 17/17: whichever is typed first, they share rank 1."""
    for name in (*order, "Mia Ty"):
        blank.register(name, AE)
    for rnd, name in enumerate(order, start=1):
        blank.play(AE, rnd, name, "Daredevil", 17, "Mia Ty", "Spike", 0)
    out = blank.complete().evaluate()
    assert out.problems == []
    assert {name: rank for rank, name in table(out, AE)} == {"Zed Uy": 1, "Abe Co": 1, "Mia Ty": 3}
    assert [row[:2] for row in table(out, AE)] == [(1, order[0]), (1, order[1]), (3, "Mia Ty")]


# --- exact ratios ---------------------------------------------------------------------------


def test_ratios_closer_than_float_precision_still_rank_apart(blank) -> None:
    big = 999_999_997  # the largest health the sheets accept is below 10**9
    pia, quin = Fraction(big, big + 1), Fraction(big + 1, big + 2)
    assert float(pia) == float(quin) and pia < quin  # a float comparison would call this a tie
    for name, roster in (("Pia Go", TURTLES), ("Quin Uy", TURTLES), ("Rex Sy", HEROES), ("Sol Lim", HEROES)):
        blank.register(name, AE, roster)
    blank.play(AE, 1, "Pia Go", "Shredder", big, "Rex Sy", "Medusa", 0, start_a=big + 1)
    blank.play(AE, 1, "Quin Uy", "Krang", big + 1, "Sol Lim", "Medusa", 0, start_a=big + 2)
    out = blank.complete().evaluate()
    assert out.problems == []
    assert out.standing(AE, "Pia Go").tiebreaks == (pia,)
    assert out.standing(AE, "Quin Uy").tiebreaks == (quin,)
    assert table(out, AE, "Wins", "Note")[:2] == [(1, "Quin Uy", 1, ""), (2, "Pia Go", 1, "")]


@pytest.mark.parametrize("typed", [2**53, "1" * 31, "inf", "Infinity", "nan"])
def test_absurd_health_is_unreadable_not_a_crash(blank, typed: object) -> None:
    for name, roster in (("Pia Go", TURTLES), ("Rex Sy", HEROES)):
        blank.register(name, AE, roster)
    blank.play(AE, 1, "Pia Go", "Shredder", 5, "Rex Sy", "Medusa", 0, start_a=typed)
    out = blank.complete().evaluate()
    assert [(p.code, p.cell) for p in out.problems] == [("unreadable", "F2")]
    assert out.line(AE, "Pia Go")["Matches"] == 0


EQUAL_FROM_DIFFERENT_SUMS = {
    # mode: (matches as (round, A, fighter, health, B, fighter, health), the shared exact ratio)
    "pooled": (
        [
            (1, "Pia Go", "Sinbad", 5, "Rex Sy", "Medusa", 0),  # Pia  5/15
            (1, "Quin Uy", "Angel", 10, "Sol Lim", "Medusa", 0),  # Quin 10/16 ...
            (2, "Rex Sy", "Alice", 1, "Quin Uy", "Willow", 0),
        ],  # ... + 0/14 = 10/30
        Fraction(1, 3),
    ),
    "mean": (
        [
            (1, "Pia Go", "Deadpool", 1, "Rex Sy", "Medusa", 0),  # Pia  (1/10 + 2/10) / 2
            (2, "Pia Go", "Deadpool", 2, "Sol Lim", "Medusa", 0),
            (1, "Quin Uy", "She-Hulk", 3, "Sol Lim", "Medusa", 0),  # Quin (3/20 + 3/20) / 2
            (2, "Quin Uy", "She-Hulk", 3, "Rex Sy", "Medusa", 0),
        ],
        Fraction(3, 20),
    ),
}


@pytest.mark.parametrize("mode", EQUAL_FROM_DIFFERENT_SUMS)
def test_equal_ratios_from_different_sums_are_a_tie(blank, variant, mode: str) -> None:
    matches, ratio = EQUAL_FROM_DIFFERENT_SUMS[mode]
    ruleset = variant(lambda d: d["tiebreakers"][0].update(mode=mode))
    for name, roster in (
        ("Pia Go", ("Deadpool", "Sinbad", "Angel", "Spike", "Willow")),
        ("Quin Uy", ("She-Hulk", "Sinbad", "Angel", "Spike", "Willow")),
        ("Rex Sy", HEROES),
        ("Sol Lim", HEROES),
    ):
        blank.register(name, AE, roster)
    for match in matches:
        blank.play(AE, *match)
    out = blank.complete().evaluate(ruleset)
    assert out.problems == []
    assert out.standing(AE, "Pia Go").tiebreaks == out.standing(AE, "Quin Uy").tiebreaks == (ratio,)
    straddle = "; tie straddles Arena Champion: judges decide"
    assert table(out, AE, "Note")[:2] == [
        (1, "Pia Go", "tied with Quin Uy: judge decision" + straddle),
        (1, "Quin Uy", "tied with Pia Go: judge decision" + straddle),
    ]
    assert (0.1 + 0.2) / 2 != (0.15 + 0.15) / 2  # what a float mean would have compared


# --- pooled versus mean ----------------------------------------------------------------------

MODE_CASE = [
    (1, "Pia Go", "Deadpool", 9, "Rex Sy", "Medusa", 0),  # Pia wins 9/10 ...
    (1, "Quin Uy", "Buffy", 7, "Sol Lim", "Medusa", 0),  # Quin wins 7/14 ...
    (2, "Sol Lim", "Alice", 2, "Pia Go", "She-Hulk", 0),  # ... and loses 0/20: pooled 9/30, mean 9/20
    (2, "Rex Sy", "Alice", 1, "Quin Uy", "Raptors", 0),  # ... and loses 0/7:  pooled 7/21, mean 1/4
]
MODE_ROSTERS = {
    "Pia Go": ("Deadpool", "She-Hulk", "Willow", "Angel", "Spike"),
    "Quin Uy": ("Buffy", "Raptors", "Willow", "Angel", "Spike"),
    "Rex Sy": HEROES,
    "Sol Lim": HEROES,
}


@pytest.mark.parametrize(
    "mode, order, ratios",
    [
        (
            "pooled",
            ["Quin Uy", "Pia Go", "Sol Lim", "Rex Sy"],
            {
                "Pia Go": Fraction(9, 30),
                "Quin Uy": Fraction(7, 21),
                "Rex Sy": Fraction(1, 29),
                "Sol Lim": Fraction(2, 29),
            },
        ),
        (
            "mean",
            ["Pia Go", "Quin Uy", "Sol Lim", "Rex Sy"],
            {
                "Pia Go": Fraction(9, 20),
                "Quin Uy": Fraction(1, 4),
                "Rex Sy": Fraction(1, 26),
                "Sol Lim": Fraction(1, 13),
            },
        ),
    ],
)
def test_pooled_and_mean_modes_order_differently(blank, variant, mode: str, order: list[str], ratios: dict) -> None:
    ruleset = variant(lambda d: d["tiebreakers"][0].update(mode=mode))
    for name, roster in MODE_ROSTERS.items():
        blank.register(name, AE, roster)
    for match in MODE_CASE:
        blank.play(AE, *match)
    out = blank.complete().evaluate(ruleset)
    assert out.problems == []
    assert table(out, AE, "Wins") == [(rank, name, 1) for rank, name in enumerate(order, start=1)]
    assert {name: out.standing(AE, name).tiebreaks[0] for name in ratios} == ratios


# --- byes and forfeits ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kinds, ratio",
    [
        (["played"], Fraction(5, 16)),  # the preset: the bye's typed health is ignored
        (["played", "bye"], Fraction(5 + 16, 16 + 16)),  # an organiser who counts byes
    ],
)
def test_bye_is_a_win_left_out_of_the_health_ratio(book, variant, kinds: list[str], ratio: Fraction) -> None:
    book.apply([("Results QR1-AE", 4, {"Fighter A": "Medusa", "Health A": 16, "Start Health A": 16})])  # Ana's bye
    out = book.evaluate(variant(lambda d: d["tiebreakers"][0].update(kinds=kinds)))
    assert out.problems == []
    ana = out.standing(AE, "Ana Reyes")
    assert (ana.score, ana.matches, ana.played, ana.tiebreaks) == (2, 2, 1, (ratio,))


def test_bye_only_player_has_a_win_but_no_ratio(book) -> None:
    book.register("Fay Ong", AE)
    book.bye(AE, 3, "Fay Ong")
    out = book.complete().evaluate()
    assert out.problems == []
    assert table(out, AE, "Wins", "Matches", "Health Ratio") == [
        (1, "Ana Reyes", 2, 2, 0.3125),
        (2, "Ben Cruz", 1, 2, 0.2222),
        (3, "Fay Ong", 1, 1, None),
        (4, "Carla Santos", 0, 1, 0.0),
    ]


def test_forfeit_counts_as_a_win_but_not_in_the_health_ratio(book) -> None:
    row = book.forfeit(AE, 3, "Carla Santos", "Ana Reyes", winner="Carla Santos")  # Ana absent at roll call
    book.apply([("Results QR1-AE", row, {"Fighter A": "Achilles", "Health A": 18, "Start Health A": 18})])
    out = book.complete().evaluate()
    assert out.problems == []
    carla, ana = out.standing(AE, "Carla Santos"), out.standing(AE, "Ana Reyes")
    assert (carla.score, carla.matches, carla.played, carla.tiebreaks) == (1, 2, 1, (Fraction(0),))
    assert (ana.score, ana.matches, ana.played, ana.tiebreaks) == (2, 3, 1, (Fraction(5, 16),))


# --- prizes -----------------------------------------------------------------------------------


def test_tie_for_arena_champion_is_reported_not_resolved(blank, variant) -> None:
    for name in ("Ana Reyes", "Ben Cruz", "Carla Santos", "Fay Ong"):
        blank.register(name, AE)
    blank.play(AE, 1, "Ana Reyes", "Medusa", 8, "Carla Santos", "Achilles", 0)  # 8/16
    blank.play(AE, 1, "Ben Cruz", "Buffy", 7, "Fay Ong", "Daredevil", 0)  # 7/14
    out = blank.complete().evaluate()
    assert out.problems == []
    assert table(out, AE, "Prize", "Note") == [
        (
            1,
            "Ana Reyes",
            "Participation prize; Arena Champion?",
            "tied with Ben Cruz: judge decision; tie straddles Arena Champion: judges decide",
        ),
        (
            1,
            "Ben Cruz",
            "Participation prize; Arena Champion?",
            "tied with Ana Reyes: judge decision; tie straddles Arena Champion: judges decide",
        ),
        (3, "Carla Santos", "Participation prize", "tied with Fay Ong: judge decision"),
        (3, "Fay Ong", "Participation prize", "tied with Carla Santos: judge decision"),
    ]
    # the same tie on the league table straddles 1st and 2nd place, but not the finals slots (ranks 1-4); the
    # judges are asked only once the season is final: the preset's holds six events, QR1-GB5 and QR2-AE not started
    assert not out.ev.season.final
    assert table(out, "", "Prize")[:2] == [
        (1, "Ana Reyes", "in line for Nationals finals slot"),
        (1, "Ben Cruz", "in line for Nationals finals slot"),
    ]
    assert undecided_prizes(out.ev) == ["Standings QR1-AE: Arena Champion tied at rank 1 between Ana Reyes, Ben Cruz"]
    blank.tabs["Events"][2:] = []  # a league of QR1-AE alone, which is final: still one event of the six planned
    out = blank.complete().evaluate()
    assert not out.ev.season.final and not any("?" in str(p) for _, _, p in table(out, "", "Prize"))
    out = blank.complete().evaluate(variant(lambda d: d["season"].update(closed=True)))  # the organiser closes it
    assert out.ev.season.final
    assert table(out, "", "Prize")[:2] == [
        (1, "Ana Reyes", "Nationals finals slot; 1st place?; 2nd place?"),
        (1, "Ben Cruz", "Nationals finals slot; 1st place?; 2nd place?"),
    ]
    assert table(out, "", "Prize")[2:] == [
        (3, "Carla Santos", "3rd-4th place; Nationals finals slot"),
        (3, "Fay Ong", "3rd-4th place; Nationals finals slot"),
    ]


def test_tie_at_league_ranks_4_5_straddles_3rd_4th_place(book, variant) -> None:
    """In the clean league Carla and Eva end level (0 wins, ratio 0) at ranks 4-5."""
    out = book.complete().evaluate()  # three events of the six the season holds: the leaderboard only leads
    assert table(out, "", "Prize") == [
        (1, "Dan Lim", "in line for 1st place, Nationals finals slot"),
        (2, "Ana Reyes", "in line for 2nd place, Nationals finals slot"),
        (3, "Ben Cruz", "in line for 3rd-4th place, Nationals finals slot"),
        (4, "Carla Santos", ""),
        (4, "Eva Tan", ""),
    ]
    out = book.complete().evaluate(variant(lambda d: d["season"].update(closed=True)))  # the season closed: final
    assert table(out, "", "Prize") == [
        (1, "Dan Lim", "1st place; Nationals finals slot"),
        (2, "Ana Reyes", "2nd place; Nationals finals slot"),
        (3, "Ben Cruz", "3rd-4th place; Nationals finals slot"),
        (4, "Carla Santos", "3rd-4th place?; Nationals finals slot?"),
        (4, "Eva Tan", "3rd-4th place?; Nationals finals slot?"),
    ]
    note = out.line("", "Carla Santos")["Note"]
    assert note == (
        "tied with Eva Tan: judge decision; tie straddles 3rd-4th place: judges decide; "
        "tie straddles Nationals finals slot: judges decide"
    )
    assert out.standing("", "Eva Tan").undecided == ("3rd-4th place", "Nationals finals slot")


def test_participation_prize_needs_one_played_match(book) -> None:
    book.register("Fay Ong", AE)
    book.bye(AE, 3, "Fay Ong")  # a bye only
    book.register("Gus Yap", GB5)  # registered, never played
    book.register("Hana Go", GB5)
    book.forfeit(GB5, 2, "Hana Go", "Eva Tan", winner="Hana Go")  # a forfeit win only
    out = book.complete().evaluate()
    assert out.problems == []
    assert table(out, AE, "Matches", "Prize") == [
        (1, "Ana Reyes", 2, "Arena Champion; Participation prize"),
        (2, "Ben Cruz", 2, "Participation prize"),
        (3, "Fay Ong", 1, ""),
        (4, "Carla Santos", 1, "Participation prize"),
    ]
    assert table(out, GB5, "Wins", "Matches", "Prize") == [
        (1, "Dan Lim", 1, 1, "Arena Champion; Participation prize"),
        (2, "Hana Go", 1, 1, ""),
        (3, "Eva Tan", 0, 2, "Participation prize"),
        (4, "Gus Yap", 0, 0, ""),
    ]


def test_disqualified_player_is_listed_unranked_without_prize(book) -> None:
    book.apply([("Players", 3, "Status", "DQ")])
    book.penalty(AE, 2, "Ben Cruz", "DQ")
    out = book.complete().evaluate()
    assert out.problems == []
    assert table(out, AE, "Wins", "Matches", "Prize", "Note") == [
        (1, "Ana Reyes", 2, 2, "Arena Champion; Participation prize", ""),
        (2, "Carla Santos", 0, 1, "Participation prize", ""),
        (None, "Ben Cruz", 1, 2, "", "disqualified: not ranked"),
    ]
    assert table(out, "", "Prize")[-1] == (None, "Ben Cruz", "")
    assert [r for r, *_ in table(out, "")] == [1, 2, 3, 3, None]


# --- the league leaderboard -------------------------------------------------------------------


def test_leaderboard_sums_wins_by_stage_and_pools_health_over_all_matches(book) -> None:
    out = book.complete().evaluate()
    assert out.ev.stages == ["QR1", "QR2"]
    assert table(out, "", "QR1", "QR2", "Total Wins", "Health Ratio") == [
        (1, "Dan Lim", 1, 1, 2, 0.4062),  # (9 + 4) / (17 + 15)
        (2, "Ana Reyes", 2, 0, 2, 0.1613),  # (5 + 0) / (16 + 15); the QR1 bye is a win, not a ratio
        (3, "Ben Cruz", 1, None, 1, 0.2222),  # no QR2 for him: an empty cell, not 0
        (4, "Carla Santos", 0, None, 0, 0.0),
        (4, "Eva Tan", 0, None, 0, 0.0),
    ]
    assert out.standing("", "Dan Lim").tiebreaks == (Fraction(13, 32),)
    assert out.standing("", "Ana Reyes").tiebreaks == (Fraction(5, 31),)  # not (5/16 + 0/15) / 2 = 5/32


def test_leaderboard_order_comes_from_pooled_league_ratio_not_event_average(blank) -> None:
    """Pia: 9/10 at QR1, 0/20 at QR2 (events average .45, pooled 9/30).
    Quin: 7/14 at QR1, 0/7 at QR2 (events average .25, pooled 7/21): Quin ranks above Pia."""
    rosters = {
        "Pia Go": ("Deadpool", "She-Hulk", "Willow", "Angel", "Spike"),
        "Quin Uy": ("Buffy", "Raptors", "Willow", "Angel", "Spike"),
        "Rex Sy": HEROES,
        "Sol Lim": HEROES,
    }
    for name, event in (
        ("Pia Go", AE),
        ("Rex Sy", AE),
        ("Quin Uy", GB5),
        ("Sol Lim", GB5),
        ("Pia Go", QR2),
        ("Rex Sy", QR2),
        ("Quin Uy", QR2),
        ("Sol Lim", QR2),
    ):
        blank.register(name, event, rosters[name])
    blank.play(AE, 1, "Pia Go", "Deadpool", 9, "Rex Sy", "Medusa", 0)
    blank.play(GB5, 1, "Quin Uy", "Buffy", 7, "Sol Lim", "Medusa", 0)
    blank.play(QR2, 1, "Rex Sy", "Alice", 1, "Pia Go", "She-Hulk", 0)
    blank.play(QR2, 1, "Sol Lim", "Alice", 2, "Quin Uy", "Raptors", 0)
    out = blank.complete().evaluate()
    assert out.problems == []
    assert table(out, AE, "Wins")[0] == (1, "Pia Go", 1)  # each is champion of their own QR1 event
    assert table(out, GB5, "Wins")[0] == (1, "Quin Uy", 1)
    assert table(out, "", "QR1", "QR2", "Total Wins") == [
        (1, "Quin Uy", 1, 0, 1),
        (2, "Pia Go", 1, 0, 1),
        (3, "Sol Lim", 0, 1, 1),
        (4, "Rex Sy", 0, 1, 1),
    ]
    assert out.standing("", "Pia Go").tiebreaks == (Fraction(9, 30),)
    assert out.standing("", "Quin Uy").tiebreaks == (Fraction(7, 21),)


def test_undecided_prizes_are_listed_once_per_tie(book, variant) -> None:
    assert not any(line.startswith("Leaderboard") for line in undecided_prizes(book.complete().evaluate().ev))
    lines = undecided_prizes(book.complete().evaluate(variant(lambda d: d["season"].update(closed=True))).ev)
    assert "Leaderboard: 3rd-4th place and Nationals finals slot tied at rank 4 between Carla Santos, Eva Tan" in lines
    assert len([line for line in lines if line.startswith("Leaderboard")]) == 1


def test_an_event_with_no_results_yet_awards_no_places(blank) -> None:
    for name in ("Ana Reyes", "Ben Cruz", "Carla Santos"):
        blank.register(name, AE)
    out = blank.complete().evaluate()
    assert out.problems == []
    assert table(out, AE, "Matches", "Prize", "Note") == [
        (1, "Ana Reyes", 0, "", ""),
        (1, "Ben Cruz", 0, "", ""),
        (1, "Carla Santos", 0, "", ""),
    ]
    assert undecided_prizes(out.ev) == []

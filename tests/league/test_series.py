"""The series across stores: points per final place, best events, one person across stores, ties left open."""

from __future__ import annotations

from league.cells import name_key
from league.outcome import Placing
from league.report import series_sheet
from league.series import SeriesPoints, Store, StoreEvent, loose, series

RULES = SeriesPoints(points=(10, 8, 6, 6, 4, 4, 4, 4))


def event(name: str, *places: tuple[str, int | None]) -> StoreEvent:
    return StoreEvent(name, tuple(Placing(name_key(who), who.strip(), rank) for who, rank in places))


def test_each_place_gives_its_points_and_shared_places_each_get_them() -> None:
    store = Store("Makati", (event("E1", ("Ana", 1), ("Ben", 2), ("Cy", 2), ("Dee", 4), ("Eve", 9), ("Fay", None)),))
    got = {line.name: line.points for line in series([store], RULES).lines}
    assert got == {"Ana": 10, "Ben": 8, "Cy": 8, "Dee": 6, "Eve": 0}, (
        "a place below the list scores 0; a DQ is not placed"
    )


def test_the_same_name_across_stores_is_one_person_and_only_the_best_events_count() -> None:
    a = Store("Makati", (event("E1", ("Ana", 1)), event("E2", ("Ana", 3))))
    b = Store("Cebu", (event("C1", ("  ana ", 2)), event("C2", ("ANA", 5))))
    line = series([a, b], SeriesPoints(RULES.points, best=2)).lines[0]
    assert (line.points, line.events, dict(line.by_store)) == (18, 4, {"Makati": 10, "Cebu": 8})


def test_a_player_id_joins_differently_typed_names_and_parts_equal_ones() -> None:
    a = Store("Makati", (event("E1", ("Ana Cruz", 1), ("Ben", 2)),), ids={"ana cruz": "P1", "ben": "P2"})
    b = Store("Cebu", (event("C1", ("Ana C.", 1), ("Ben", 2)),), ids={"ana c.": "P1", "ben": "P9"})
    c = Store("Davao", (event("D1", ("Ana Cruz", 3)),))  # no Player ID column: joined by the one ID her name carries
    lines = {(line.name, line.points) for line in series([a, b, c], RULES).lines}
    assert lines == {("Ana Cruz", 26), ("Ben", 8), ("Ben", 8)}


def test_a_tie_on_points_shares_the_rank_and_is_reported_whatever_the_row_order() -> None:
    a = Store("Makati", (event("E1", ("Zed", 1), ("Amy", 2)),))
    b = Store("Cebu", (event("C1", ("Amy", 3), ("Bob", 1), ("Zed", 4)),))
    result = series([a, b], RULES)
    assert [(line.rank, line.name, line.points, line.tie) for line in result.lines] == [
        (1, "Zed", 16, ()),
        (2, "Amy", 14, ()),
        (3, "Bob", 10, ()),
    ]
    for order in ((a, b), (b, a)):
        tied = series(list(order), RULES)
        assert [(line.rank, line.name, line.points) for line in tied.lines] == [
            (1, "Zed", 16),
            (2, "Amy", 14),
            (3, "Bob", 10),
        ]
    c = Store("Cebu", (event("C1", ("Bob", 1), ("Amy", 4), ("Zed", 5)),))
    for order in ((a, c), (c, a)):
        tied = series(list(order), RULES)
        assert [(line.rank, line.name, line.points) for line in tied.lines] == [
            (1, "Amy", 14),
            (1, "Zed", 14),
            (3, "Bob", 10),
        ]
        assert [line.tie for line in tied.ties] == [("Amy", "Zed")]


def test_names_only_nearly_equal_across_stores_are_warned_of_not_merged() -> None:
    a = Store("Makati", (event("E1", ("José Rizal", 1), ("Kim", 2)),))
    b = Store("Cebu", (event("C1", ("Jose Rizal", 1), ("Jon Smith", 2)),))
    c = Store("Davao", (event("D1", ("John Smith", 1), ("Kim", 3)),))
    result = series([a, b, c], RULES)
    assert len(result.lines) == 5
    assert set(result.near_names) == {
        ("John Smith", "Davao", "Jon Smith", "Cebu"),
        ("Jose Rizal", "Cebu", "José Rizal", "Makati"),
    }
    assert loose("José-Luis") == loose("jose luis")


def test_the_series_tab_has_its_headers_then_one_column_per_store() -> None:
    a = Store("Makati", (event("E1", ("Ana", 1)),))
    b = Store("Cebu", (event("C1", ("Ben", 1)),))
    table = series_sheet(series([a, b], RULES))
    assert table.name == "Series" and table.header == ("Rank", "Player", "Points", "Events", "Makati", "Cebu")
    assert table.rows == ((1, "Ana", 10, 1, 10, None), (1, "Ben", 10, 1, None, 10))

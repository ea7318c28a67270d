"""What the live pages show after a sync: the events under way with their current round's tables, then the
events finished that day, then the leaderboard; a round of two games a table is one pairing; playoff matches."""

from __future__ import annotations

from dataclasses import replace

from league.evaluate import evaluate
from league.lifecycle import Phase
from league.pairing.bracket import resolve
from league.table import Role, Table
from serve.view import LiveView, Seating, live_view
from tests.support.event_day import NOW, demo_tabs, event_day, pend


def test_the_event_under_way_shows_its_current_round_by_table(day_view: LiveView) -> None:
    assert [e.id for e in day_view.events] == ["W3"]  # W1 and W2 were played on earlier days
    w3 = day_view.events[0]
    assert (w3.title, w3.stands, w3.champion, w3.round, w3.progress) == (
        "Friday Night Magic W3 · 2025-01-23",
        "round 4 of 4 under way: 4 of 8 results in",
        "",
        "Round 4 of 4",
        "4 of 8 results in",
    )
    assert w3.pairings == (
        Seating("1", ("Kátia Ramos", "Bruno Lima"), True),
        Seating("2", ("Íris Castro", "Hugo Alves"), True),
        Seating("3", ("Gabi Torres", "Sílvia Lopes"), True),
        Seating("4", ("Carla Mendes", "Fábio Nunes"), False),
        Seating("5", ("Nico Barros", "Olga Petrova"), False),
        Seating("6", ("Marina Costa", "Quésia Dias"), False),
        Seating("7", ("Diego Rocha", "João Pinto"), False),
        Seating("8", ("Elisa Prado",), True),
    )
    assert not w3.final and not w3.playoff
    assert w3.standings.name == "Standings W3" and w3.standings.rows[0][1] == "Kátia Ramos"


def test_the_leaderboard_and_where_the_league_stands(day_view: LiveView) -> None:
    assert day_view.leaderboard.name == "Leaderboard"
    assert day_view.leaderboard.find(Role.MOVE) is not None
    # W1 and W2 have their Swiss rounds played, their top 8 not: neither is final; the Magic preset plans no season
    assert day_view.league_stands == "W3 round 4 of 4 under way: 4 of 8 results in; 0 events final"
    assert (day_view.season.finished, day_view.season.listed, day_view.season.final) == (0, 3, False)
    assert (day_view.league, day_view.synced, day_view.version) == ("O-Gaming Magic: the Gathering League", NOW, 0)


def test_an_event_finished_on_the_latest_day_stays_after_those_under_way() -> None:
    config, tabs = demo_tabs("ogaming-mtg")
    tabs["Events"][3][2] = tabs["Events"][2][2]  # W3 on W2's day: W2 is of the latest day played, W1 is not
    pend(tabs, "Results W3", 4, 3)
    view = live_view(config.branding, evaluate(tabs, config.ruleset, config.catalog), NOW)
    assert [(e.id, e.stands) for e in view.events] == [
        ("W3", "round 4 of 4 under way: 4 of 8 results in"),
        ("W2", "Swiss rounds complete, top 8 to play"),
    ]
    assert view.events[1].state.phase is Phase.SWISS_COMPLETE and not view.events[1].final
    assert view.events[1].round == "Round 4 of 4" and all(p.done for p in view.events[1].pairings)


def test_a_round_of_two_games_a_table_is_one_pairing_done_once_both_are_in() -> None:
    config, tabs = demo_tabs("mesbg-pairs")
    pend(tabs, "Results D2", 3, 3, "mesbg-pairs")  # table 1's two games and table 2's first
    view = live_view(config.branding, evaluate(tabs, config.ruleset, config.catalog), NOW)
    d2 = next(e for e in view.events if e.id == "D2")
    assert [(p.table, len(p.sides), p.done) for p in d2.pairings] == [
        ("1", 2, True),
        ("2", 2, False),
        ("3", 2, False),
        ("4", 2, False),
        ("5", 2, False),
        ("6", 1, True),
    ]
    assert d2.progress == "2 of 6 results in"
    assert d2.standings.name == "Standings D2"


def test_playoffs_show_the_bracket_matches_under_way() -> None:
    config, tabs = demo_tabs("ogaming-mtg")
    ev = evaluate(tabs, config.ruleset, config.catalog)
    assert config.ruleset.playoffs is not None
    seeds = [ev.names[s.key] for s in ev.standings["W1"][:8]]
    drawn = resolve("W1", seeds, config.ruleset.playoffs[1])
    sheet = drawn.sheet
    ev = evaluate(tabs, config.ruleset, config.catalog, {"W1": drawn.playoff})
    view = live_view(config.branding, ev, NOW, [Table.plain(sheet)])
    w1 = view.events[0]
    assert (w1.id, w1.round, w1.progress, w1.playoff) == (
        "W1",
        "Playoffs: quarter-finals",
        "0 of 4 matches decided",
        True,
    )
    assert [p.sides for p in w1.pairings] == [
        (seeds[0], seeds[7]),
        (seeds[3], seeds[4]),
        (seeds[1], seeds[6]),
        (seeds[2], seeds[5]),
    ]
    assert [p.table for p in w1.pairings] == ["1", "2", "3", "4"]


def test_the_tables_a_sync_wrote_are_shown_as_written(day_view: LiveView) -> None:
    config, ev = event_day()
    written = replace(day_view.events[0].standings, rows=day_view.events[0].standings.rows[:2])
    view = live_view(config.branding, ev, NOW, [written])
    assert view.events[0].standings == written

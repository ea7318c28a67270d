"""Win rates, matchups and records (`league.stats`): the demo leagues against counts worked by hand, and bad input."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from jobs.config import load_ruleset
from league import stats
from league.cells import Cell, Grid
from league.demos import DEMOS
from league.evaluate import Evaluation, evaluate
from league.pairing.bracket import bracket_sheet, resolve
from league.pairing.bracket_model import HEADERS, Playoff
from league.problems import Severity

AE, QR2 = "QR1-AE", "QR2-AE"


def demo(preset: str, playoffs: Mapping[str, Playoff] | None = None) -> tuple[Evaluation, dict[str, Grid]]:
    ruleset, catalog = load_ruleset(preset, Path("."))
    tabs = DEMOS[preset](ruleset, catalog).tabs(ruleset, catalog)
    return evaluate(tabs, ruleset, catalog, playoffs), tabs


def magic_with_playoffs(games: Sequence[tuple[Cell, Cell]]) -> Evaluation:
    """The Magic demo with W1's bracket seeded from its standings and `games` typed in its first-round rows, drawn
    again as a sync draws it."""
    ev, _ = demo("ogaming-mtg")
    seeds = [ev.names[line.key] for line in ev.standings["W1"][:8]]
    typed = [list(HEADERS), *(list(r) for r in bracket_sheet("W1", seeds, [3]).rows)]
    for row, (a, b) in zip(typed[1:], games):
        row[HEADERS.index("Games A")], row[HEADERS.index("Games B")] = a, b
    drawn = resolve("W1", seeds, [3], typed)
    ev = demo("ogaming-mtg", {"W1": drawn.playoff})[0]
    return replace(ev, problems=[*ev.problems, *drawn.problems])  # as the sync adds the bracket's problems


def rates(ev: Evaluation, by: str | None = None, min_games: int = 0) -> dict[str, stats.Rate]:
    s = stats.sides(ev)
    return {r.entry: r for r in stats.win_rates(s, s.field(by)[1], min_games)}


def error_rows(ev: Evaluation) -> set[tuple[str, int | None]]:
    return {(p.tab, p.row) for p in ev.problems if p.severity is Severity.ERROR}


def rows(tabs: dict[str, Grid], prefix: str = "Results") -> list[tuple[str, int, dict[str, object]]]:
    return [
        (name, i, dict(zip(grid[0], row)))
        for name, grid in tabs.items()
        if name.startswith(prefix)
        for i, row in enumerate(grid[1:], start=2)
    ]


def test_a_fighters_games_and_wins_in_the_gl_demo_match_a_count_by_hand() -> None:
    """Bullseye: 19 played rows name it, one of them Bullseye against Bullseye (left out): 18 games, won 6."""
    ev, tabs = demo("gl-unmatched")
    bad, games, wins, mirrors = error_rows(ev), 0, 0, 0
    for tab, row, cells in rows(tabs):
        if cells["Result"] or (tab, row) in bad:
            continue
        if cells["Fighter A"] == cells["Fighter B"] == "Bullseye":
            mirrors += 1
            continue
        for player, fighter in (("Player A", "Fighter A"), ("Player B", "Fighter B")):
            if cells[fighter] == "Bullseye":
                games, wins = games + 1, wins + (cells["Winner"] == cells[player])
    bullseye = rates(ev)["Bullseye"]
    assert (games, wins, mirrors) == (18, 6, 1)
    assert (bullseye.games, bullseye.wins, bullseye.draws, bullseye.losses, bullseye.mirrors) == (18, 6, 0, 12, 2)
    assert bullseye.win_rate == pytest.approx(6 / 18)


def test_a_wilson_interval_matches_the_published_one() -> None:
    """9 wins in 10 games (the demo's Winter Soldier): 90 %, 95 % Wilson interval 59.6 % to 98.2 % (Newcombe 1998's
    method 3), not the normal approximation's 71.4 % to 108.6 %."""
    ev, _ = demo("gl-unmatched")
    soldier = rates(ev)["Winter Soldier"]
    assert (soldier.games, soldier.wins) == (10, 9)
    assert (round(soldier.low, 4), round(soldier.high, 4)) == (0.5958, 0.9821)
    assert stats.wilson(0, 0) == (0.0, 1.0)
    low, high = stats.wilson(5, 10)
    assert low == pytest.approx(1 - high)


def test_a_decks_mirror_matches_are_left_out_in_the_magic_demo() -> None:
    """Boros Energy: the matches where both players registered it are counted by hand from Players and the results."""
    ev, tabs = demo("ogaming-mtg")
    decks = {(c["Event"], c["Player"]): c["Deck"] for _, _, c in rows(tabs, "Players")}
    bad = error_rows(ev)
    week = {e.results_tab: e.id for e in ev.league.events}
    mirrors = [
        row
        for tab, row, c in rows(tabs)
        if (tab, row) not in bad
        and not c["Result"]
        and c["Player B"]
        and decks.get((week[tab], c["Player A"])) == decks.get((week[tab], c["Player B"])) == "Boros Energy"
    ]
    boros = rates(ev)["Boros Energy"]
    assert len(mirrors) == 4
    assert boros.mirrors == 2 * len(mirrors), "each mirror match is two sides, both left out"
    assert (boros.games, boros.wins, boros.draws, boros.losses) == (28, 10, 7, 11)
    assert boros.win_rate == pytest.approx((10 + 7 / 2) / 28), "a draw counts half a win"


def test_good_against_evil_in_the_mesbg_demo() -> None:
    """Every counted game is Good against Evil: 55 games, Good 25 won, 5 drawn, 25 lost, and Evil the mirror image.
    The disqualified pair's games (lost 0:6 whatever was typed) and the byes are no games."""
    ev, tabs = demo("mesbg-pairs")
    sides = rates(ev, "alignment")
    good, evil = sides["Good"], sides["Evil"]
    assert (good.games, good.wins, good.draws, good.losses) == (55, 25, 5, 25)
    assert (evil.wins, evil.draws, evil.losses) == (good.losses, good.draws, good.wins)
    bad = error_rows(ev)
    dq = {(c["Event"], c["Pair"]) for _, _, c in rows(tabs, "Pairs") if c["Status"] == "DQ"}
    event = {e.results_tab: e.id for e in ev.league.events}
    by_hand = [
        c
        for tab, row, c in rows(tabs)
        if (tab, row) not in bad
        and not c["Result"]
        and c["Pair B"]
        and not {(event[tab], c["Pair A"]), (event[tab], c["Pair B"])} & dq
    ]
    assert len(by_hand) == 55
    good_won = sum(
        (c["Army A"] == "Good") == (int(c["Scenario A"]) > int(c["Scenario B"]))  # type: ignore[call-overload]
        for c in by_hand
        if c["Scenario A"] != c["Scenario B"]
    )
    assert good_won == 25
    s = stats.sides(ev)
    matchups = stats.matchups(s, s.field("alignment")[1])
    assert matchups.entries == ["Evil", "Good"] and matchups.games == [[0, 55], [55, 0]]
    armies = rates(ev)  # the pair's Good Army or Evil Army, as the side it fielded in that game says
    assert {"Rohan", "Angmar"} <= set(armies)


def test_entries_under_the_minimum_are_grouped_as_other() -> None:
    ev, _ = demo("gl-unmatched")
    everyone = rates(ev)
    grouped = rates(ev, min_games=10)
    few = [r for r in everyone.values() if r.games < 10]
    assert "other" not in everyone and list(grouped)[-1] == "other"
    assert grouped["other"].games == sum(r.games for r in few) and grouped["other"].wins == sum(r.wins for r in few)
    assert all(r.games >= 10 for name, r in grouped.items() if name != "other")


def test_records_streaks_and_events(blank) -> None:
    for name in ("Ana Reyes", "Ben Cruz", "Carla Santos"):
        blank.register(name, AE)
    blank.register("Ana Reyes", QR2)
    blank.register("Ben Cruz", QR2)
    blank.play(AE, 1, "Ana Reyes", "Medusa", 5, "Ben Cruz", "Robin Hood", 0)
    blank.bye(AE, 1, "Carla Santos")
    blank.play(AE, 2, "Ana Reyes", "Medusa", 4, "Carla Santos", "Achilles", 0)
    blank.play(AE, 3, "Ben Cruz", "Bruce Lee", 0, "Ana Reyes", "Sinbad", 3)
    blank.play(QR2, 1, "Ben Cruz", "Bruce Lee", 2, "Ana Reyes", "Medusa", 0)
    ev = blank.evaluate().ev
    s = stats.sides(ev)
    got = {r.competitor: r for r in stats.records(s)}
    assert got["Ana Reyes"] == stats.Record("Ana Reyes", 3, 0, 1, 0, 3, 2)
    assert got["Ben Cruz"] == stats.Record("Ben Cruz", 1, 0, 2, 1, 1, 2)
    assert got["Carla Santos"] == stats.Record("Carla Santos", 0, 0, 1, 0, 0, 1), "a bye is no game"
    assert list(got)[0] == "Ben Cruz", "the longest current streak first"
    only = {r.competitor: r for r in stats.records(s.only(event="qr2-ae"))}
    assert only["Ana Reyes"] == stats.Record("Ana Reyes", 0, 0, 1, 0, 0, 1)
    assert {r.competitor for r in stats.records(s.only(since=dt.date(2024, 9, 7)))} == {"Ana Reyes", "Ben Cruz"}
    assert not stats.records(s.only(since=dt.date(2030, 1, 1)))


def test_an_entry_typed_two_ways_and_unknown_fighters(blank, variant) -> None:
    """ "Sherlock" and "sherlock " are the catalog's Sherlock Holmes; a fighter the catalog lacks is counted as typed
    (its spellings ignoring case and spaces as one), shown as most people typed it, and named."""
    for name in ("Ana Reyes", "Ben Cruz", "Carla Santos", "Dan Lim"):
        blank.register(name, AE, ("Sherlock Holmes", "Medusa", "Alice", "King Arthur", "Sherlok"))
    blank.play(AE, 1, "Ana Reyes", "Sherlock", 5, "Ben Cruz", "Medusa", 0, start_a=16)
    blank.play(AE, 1, "Carla Santos", "sherlock ", 0, "Dan Lim", "Sherlok", 3, start_a=16, start_b=16)
    blank.play(AE, 2, "Ana Reyes", "Sherlock Holmes", 0, "Dan Lim", "sherlok", 1, start_a=16, start_b=16)
    blank.play(AE, 2, "Ben Cruz", "Medusa", 0, "Carla Santos", "SHERLOK", 2, start_b=16)
    ev = blank.evaluate(variant(lambda data: data["catalog"].pop("bans"))).ev  # Sherlock Holmes allowed
    assert not error_rows(ev), "a fighter the catalog lacks is a warning: the rows count"
    s = stats.sides(ev)
    name, e = s.field("Fighter")
    assert name == "fighter" and e.unknown == ("Sherlok",)
    got = {r.entry: (r.games, r.wins, r.losses) for r in stats.win_rates(s, e, 0)}
    assert got == {"Sherlock Holmes": (3, 1, 2), "Sherlok": (3, 3, 0), "Medusa": (2, 0, 2)}


def test_byes_and_forfeits_are_not_games(blank) -> None:
    for name in ("Ana Reyes", "Ben Cruz", "Carla Santos"):
        blank.register(name, AE)
    blank.play(AE, 1, "Ana Reyes", "Medusa", 5, "Ben Cruz", "Robin Hood", 0)
    blank.bye(AE, 1, "Carla Santos")
    blank.forfeit(AE, 2, "Ana Reyes", "Carla Santos", "Carla Santos")
    blank.bye(AE, 2, "Ben Cruz")
    ev = blank.evaluate().ev
    s = stats.sides(ev)
    assert len(s) == 6 and int(s.played.sum()) == 2, "a bye is one side, a forfeit two"
    got = {r.entry: (r.games, r.wins) for r in stats.win_rates(s, s.field(None)[1], 0)}
    assert got == {"Medusa": (1, 1), "Robin Hood": (1, 0)}


def test_a_field_the_ruleset_does_not_record_names_those_it_does(clean) -> None:
    s = stats.sides(clean.ev)
    with pytest.raises(stats.StatsError, match="does not record 'Deck' per game; fields: fighter"):
        s.field("Deck")
    with pytest.raises(stats.StatsError, match="there is no event 'QR9'; events: QR1-AE, QR1-GB5, QR2-AE"):
        s.only(event="QR9")
    ev, _ = demo("nasef-lol")
    with pytest.raises(stats.StatsError, match="records nothing to group games by"):
        stats.sides(ev).field(None)


def test_the_kept_games_count_as_the_evaluation() -> None:
    """What a sync keeps in the history for `league stats` gives the same tables as the evaluation itself."""
    for preset in ("gl-unmatched", "ogaming-mtg", "mesbg-pairs", "nasef-lol"):
        ev, _ = demo(preset)
        s = stats.sides(ev)
        again = stats.Sides.from_json(s.to_json())
        assert again is not None
        assert stats.stats_tables(again) == stats.stats_tables(s)
        assert stats.Sides.from_json(s.to_json().replace(f'"format":{stats.FORMAT}', '"format":0')) is None


def test_the_stats_tab_holds_the_three_blocks() -> None:
    ev, _ = demo("ogaming-mtg")
    sheet = stats.stats_sheet(stats.sides(ev))
    assert sheet.name == "Stats"
    assert sheet.header == ("Deck", "Games", "Wins", "Draws", "Losses", "Win Rate", "Low", "High")
    headers = [row for i, row in enumerate(sheet.rows) if i and not sheet.rows[i - 1]]
    assert [h[0] for h in headers] == ["Deck against", "Player"]
    assert headers[1] == ("Player", "Record", "Current Streak", "Longest Streak", "Events")
    assert (5, "0.00%") in sheet.number_formats
    ev, _ = demo("nasef-lol")
    assert stats.stats_sheet(stats.sides(ev)).header[:2] == ("Team", "Record"), (
        "no field to group by: the records alone"
    )


@pytest.mark.parametrize(
    "table, message",
    [
        ({"fields": {}}, "`stats.fields` must name at least one field"),
        ({"fields": {"x": {"text": "fighter", "registration": "Deck"}}}, "needs exactly one of `text`"),
        (
            {"fields": {"x": {"text": "fightr"}}},
            "`stats.fields.x.text` is 'fightr', which is not a key of results.texts",
        ),
        ({"fields": {"x": {"registration": "Deck"}}}, "not a header the registration tab reads"),
        ({"fields": {"x": {"registration": "{side} Army"}}}, "names {side}, which is not a key of results.texts"),
        ({"fields": {"x": {"text": "fighter"}}, "by": "y"}, "`stats.by` is 'y', which is not a key of stats.fields"),
        ({"fields": {"x": {"text": "fighter", "catalogue": True}}}, "unknown key `stats.fields.x.catalogue`"),
        ({"fields": {"x": {"text": "fighter"}}, "tabs": True}, "unknown key `stats.tabs`"),
    ],
)
def test_a_bad_stats_table_is_refused_by_key(variant, table: dict[str, object], message: str) -> None:
    from league.rules.schema import RulesetError

    with pytest.raises(
        RulesetError,
        match=message.replace("{", r"\{").replace("(", r"\(").replace(")", r"\)").replace(".", r"\.").replace("`", "`"),
    ):
        variant(lambda data: data.__setitem__("stats", table))


def test_playoff_games_count_after_the_swiss_rounds() -> None:
    """W1's quarter-finals typed 0-2, 1-2, 2-0, 0-2: four more games, each side with its registered deck, won by the
    bracket's winners, and the latest games of their players' streaks."""
    before = stats.sides(demo("ogaming-mtg")[0])
    ev = magic_with_playoffs([(0, 2), (1, 2), (2, 0), (0, 2), ("", "")])
    s = stats.sides(ev)
    assert int(s.played.sum()) // 2 == int(before.played.sum()) // 2 + 4
    records = {r.competitor: r for r in stats.records(s)}
    old = {r.competitor: r for r in stats.records(before)}
    final = ev.states["W1"]
    assert final.bracket and not final.champion
    quarter = resolve("W1", [ev.names[line.key] for line in ev.standings["W1"][:8]], [3]).sheet.rows[0]
    top, eighth = str(quarter[4]), str(quarter[6])
    assert records[eighth].wins == old[eighth].wins + 1 and records[eighth].current >= 1, "the 0-2 won by seed 8"
    assert records[top].losses == old[top].losses + 1 and records[top].current == 0, (
        "the playoff loss is the latest game"
    )
    deck = s.fields["Deck"]
    won = list(range(len(s) - 8, len(s)))  # the playoff games' sides come after the Swiss ones
    assert set(s.event[won].tolist()) == {s.events.index("W1")} and sorted(s.outcome[won].tolist()) == [0] * 4 + [2] * 4
    assert {deck.names[c] for c in deck.codes[won] if c >= 0} <= set(deck.names)
    again = stats.Sides.from_json(s.to_json())
    assert again is not None and stats.stats_tables(again) == stats.stats_tables(s)


def test_playoff_games_have_no_per_game_text_and_unplayed_matches_are_no_games() -> None:
    """A bracket match with one side's games missing is an error (left out, counted as a row left out); a match not
    typed yet is no game. GL's fighters are per-game texts: a playoff game would leave them out (code -1)."""
    ev = magic_with_playoffs([(2, 0), (2, None), ("", ""), ("", "")])
    s = stats.sides(ev)
    base = stats.sides(demo("ogaming-mtg")[0])
    assert int(s.played.sum()) // 2 == int(base.played.sum()) // 2 + 1
    assert int(s.left_out[s.events.index("W1")]) == int(base.left_out[base.events.index("W1")]) + 1
    games = stats.playoff_games(ev)
    assert [(m.tab, m.row, m.round) for m in games] == [("Bracket W1", 2, 1)]
    assert all(not side.texts for m in games for side in m.sides)


def test_an_intentional_draw_is_no_game() -> None:
    """Magic's `Intentional Draw` is a played match for the standings (kind `played`, draw) but no game was played:
    not in the win rates, records or game count."""
    ev, tabs = demo("ogaming-mtg")
    bad = error_rows(ev)
    agreed = [(tab, row) for tab, row, c in rows(tabs) if c["Result"] == "Intentional Draw" and (tab, row) not in bad]
    assert agreed
    s = stats.sides(ev)
    assert int(s.played.sum()) // 2 == ev.counted - len(agreed) - sum(
        1 for m in ev.results if m.kind is not None and m.kind.value != "played"
    )
    assert all(not stats.is_game(m) for m in ev.results if m.word and m.word.draw)


def test_an_event_without_games_yet_answers_with_no_rows(blank) -> None:
    blank.register("Ana Reyes", AE)
    blank.register("Ben Cruz", AE)
    blank.play(AE, 1, "Ana Reyes", "Medusa", 5, "Ben Cruz", "Robin Hood", 0)
    s = stats.sides(blank.evaluate().ev)
    empty = s.only(event="qr2-ae")
    assert len(empty) == 0 and not stats.records(empty)
    assert [t.rows for t in stats.stats_tables(empty, min_games=0)] == [(), (), ()]
    with pytest.raises(stats.StatsError, match="there is no event 'QR9'"):
        s.only(event="QR9")


def test_rows_left_out_are_counted_per_row_not_per_problem(blank) -> None:
    """A row with two errors is one row left out; the count is kept with the games and follows `only`."""
    blank.register("Ana Reyes", AE)
    blank.register("Ben Cruz", AE)
    blank.play(AE, 1, "Ana Reyes", "Medusa", 5, "Ben Cruz", "Robin Hood", 0)
    blank.play(AE, 2, "Ana Reyes", "Medusa", 99, "Nobody Here", "Robin Hood", 0)
    ev = blank.evaluate().ev
    assert len([p for p in ev.problems if p.severity is Severity.ERROR and p.tab == "Results QR1-AE"]) >= 2
    s = stats.sides(ev)
    assert int(s.left_out.sum()) == 1
    assert int(s.only(event=QR2).left_out.sum()) == 0
    again = stats.Sides.from_json(s.to_json())
    assert again is not None and int(again.left_out.sum()) == 1


@pytest.mark.parametrize(
    "data",
    [
        '{"format":2,"label":"x"}',
        '{"format":2',
        "[]",
        '{"format":2,"label":"P","by":"","names":[],'
        '"events":[],"dates":[],"competitor":[5],"event":[0],"partner":[-1],"outcome":[0],'
        '"order":[0],"left_out":[],"played":[1],"fields":{}}',
        '{"format":2,"label":"P","by":"","names":[5],"events":["W1"],"dates":[""],"competitor":[0],'
        '"event":[0],"partner":[-1],"outcome":[0],"order":[0],"left_out":[0],"played":[1],"fields":{}}',
        '{"format":2,"label":"P","by":"","names":["Ana"],"events":["W1"],"dates":["garbage"],'
        '"competitor":[0],"event":[0],"partner":[-1],"outcome":[0],"order":[0],"left_out":[0],'
        '"played":[1],"fields":{}}',
    ],
)
def test_damaged_kept_games_are_a_clear_error(data: str) -> None:
    if data == "[]":
        assert stats.Sides.from_json(data) is None, "not this version's layout"
        return
    with pytest.raises(stats.KeptGamesError, match="the games kept by the latest sync are damaged"):
        stats.Sides.from_json(data)

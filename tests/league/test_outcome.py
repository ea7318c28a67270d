"""Each event's placings (`league.outcome`): once the playoffs have a champion, the champion first, then by the round
each reached (by Swiss rank within a round), then everyone else in Swiss order; the prizes of the final standings follow
those places; the leaderboard keeps the Swiss scores and leaves a stage empty for a competitor who never played there.

The weekly W1 of six players, three Swiss rounds: Ana 3-0; Ben, Cy 2-1; Dan, Eve 1-2; Fay 0-3."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from jobs.config import load_ruleset
from league.cells import Cell, Grid
from league.evaluate import Evaluation, evaluate
from league.outcome import Reached
from league.pairing.bracket import resolve
from league.pairing.bracket_model import HEADERS, Playoff
from league.report import leaderboard_sheet, standings_sheets
from league.rules.ruleset import Prize

RULESET, CATALOG = load_ruleset("ogaming-mtg", Path("."))
PLAYERS = ("Ana", "Ben", "Cy", "Dan", "Eve", "Fay")
GAMES = (
    (1, "Ana", "Fay", 2, 0),
    (1, "Ben", "Eve", 2, 0),
    (1, "Cy", "Dan", 2, 1),
    (2, "Ana", "Cy", 2, 0),
    (2, "Ben", "Dan", 2, 1),
    (2, "Eve", "Fay", 2, 1),
    (3, "Ana", "Ben", 2, 1),
    (3, "Cy", "Eve", 2, 0),
    (3, "Dan", "Fay", 2, 0),
)
RESULTS = ["Round", "Table", "Player A", "Player B", "Wins A", "Wins B", "Draws", "Result", "Drop A", "Drop B", "Notes"]


def _tabs(w2: tuple[tuple[int, str, str, int, int], ...] = ()) -> dict[str, Grid]:
    events: Grid = [
        ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"],
        ["W1", "Weekly 1", "2026-11-23", "Shop", 16, "W1", "Results W1"],
    ]
    players: Grid = [
        ["Player", "Event", "Account Standing", "Deck", "Status"],
        *([p, "W1", "Good", "", ""] for p in PLAYERS),
    ]
    tabs: dict[str, Grid] = {
        "Events": events,
        "Players": players,
        "Results W1": [RESULTS, *([r, t, a, b, wa, wb, 0] for t, (r, a, b, wa, wb) in enumerate(GAMES, 1))],
    }
    if w2:
        events.append(["W2", "Weekly 2", "2026-11-30", "Shop", 16, "W2", "Results W2"])
        players += [[p, "W2", "Good", "", ""] for p in sorted({n for _, a, b, _, _ in w2 for n in (a, b)})]
        tabs["Results W2"] = [RESULTS, *([r, t, a, b, wa, wb, 0] for t, (r, a, b, wa, wb) in enumerate(w2, 1))]
    return tabs


def _played(seeds: list[str], games: dict[tuple[int, int], tuple[Cell, Cell]]) -> Playoff:
    """The playoff after typing `games` round by round, as judges do between syncs."""
    grid: Grid = [list(HEADERS)]
    for _ in range(3):
        done = resolve("W1", seeds, [3], grid)
        grid = [
            list(HEADERS),
            *([*r[:7], *games.get((int(str(r[0])), int(str(r[1]))), (r[7], r[8])), *r[9:]] for r in done.sheet.rows),
        ]
    return resolve("W1", seeds, [3], grid).playoff


def _swiss(ev: Evaluation) -> list[str]:
    return [ev.names[s.key] for s in ev.standings["W1"]]


def test_the_champion_first_then_by_the_round_reached() -> None:
    ev = evaluate(_tabs(), RULESET, CATALOG)
    swiss = _swiss(ev)
    assert swiss[0] == "Ana" and swiss[-1] == "Fay"
    seeds = swiss[:4]  # semi-finals: 1 v 4, 2 v 3; the 4th seed beats Ana, then the 2nd seed in the final
    playoff = _played(seeds, {(1, 1): (0, 2), (1, 2): (2, 1), (2, 1): (2, 0)})
    assert playoff.champion == seeds[3]
    ev = evaluate(_tabs(), RULESET, CATALOG, {"W1": playoff})
    [table] = standings_sheets(ev)
    head = table.header
    rank, swiss_rank, name, prize, note = (head.index(h) for h in ("Rank", "Swiss Rank", "Player", "Prize", "Note"))
    rows = [(r[rank], r[swiss_rank], r[name], r[prize], r[note]) for r in table.rows]
    assert rows[:4] == [
        (1, 4, seeds[3], "1st place; Top 4", "won the final"),
        (2, 2, seeds[1], "Top 4", f"lost the final to {seeds[3]}"),
        (3, 1, "Ana", "Top 4", f"lost the semi-final to {seeds[3]}"),  # semi-final losers by Swiss rank
        (4, 3, seeds[2], "Top 4", f"lost the semi-final to {seeds[1]}"),
    ]
    assert [r[:3] for r in rows[4:]] == [(5, 5, swiss[4]), (6, 6, "Fay")]
    placed = ev.placings["W1"]  # what the table shows, typed: every output reads these
    assert [(p.name, p.rank, p.swiss_rank) for p in placed] == [(r[2], r[0], r[1]) for r in rows]
    assert placed[0].reached == Reached(2, 2, won=True) and placed[2].reached == Reached(
        1, 2, out=True, beaten_by=seeds[3]
    )
    assert [a.prize for a in placed[0].awards if a.awarded] == ["1st place", "Top 4"] and placed[4].reached is None


def test_until_the_final_is_won_the_swiss_standings_stand() -> None:
    ev = evaluate(_tabs(), RULESET, CATALOG)
    seeds = _swiss(ev)[:4]
    playoff = _played(seeds, {(1, 1): (0, 2)})
    assert not playoff.champion
    [table] = standings_sheets(evaluate(_tabs(), RULESET, CATALOG, {"W1": playoff}))
    assert [r[2] for r in table.rows] == _swiss(ev) and all(r[0] == r[1] for r in table.rows)
    assert str(table.rows[0][-1]).startswith("lost the semi-final to ")  # how far Ana went, said at once
    assert not any(r[-2] for r in table.rows)  # the bracket decides the places: nobody is in line for them yet
    [plain] = standings_sheets(ev)
    assert "Swiss Rank" not in plain.header  # only an event with a bracket has the column


def test_everyone_else_follows_the_bracket_in_swiss_order_with_the_prizes_of_their_places() -> None:
    ruleset = replace(RULESET, event_prizes=(Prize("Top 3", (1, 3)),))
    ev = evaluate(_tabs(), ruleset, CATALOG)
    lines = ev.standings["W1"]
    playoff = _played(_swiss(ev)[:2], {(1, 1): (2, 0)})
    placed = evaluate(_tabs(), ruleset, CATALOG, {"W1": playoff}).placings["W1"]
    assert [p.rank for p in placed] == [1, 2, 3, 4, 5, 6]
    assert [tuple(a.prize for a in p.awards if a.awarded) for p in placed] == [("Top 3",)] * 3 + [()] * 3
    assert [p.key for p in placed[2:]] == [s.key for s in lines[2:]]


def test_the_leaderboard_leaves_an_event_never_played_empty() -> None:
    ev = evaluate(_tabs(w2=((1, "Ana", "Gus", 2, 0),)), RULESET, CATALOG)
    board = leaderboard_sheet(ev, None)
    cells = {r[1]: r[2:4] for r in board.rows}
    assert cells["Ana"] == (9, 3) and cells["Ben"] == (6, None) and cells["Gus"] == (None, 0)

"""What the exports say of where standings stand: never `Final` beside a line still to fix; the cut explained."""

from __future__ import annotations

from dataclasses import replace

from exporters.board import board, cut_note
from exporters.render import shown_board
from exporters.stands import NOT_SETTLED, event_stands, league_stands
from history.snapshot import EventInfo, Snapshot
from league.lifecycle import EventState, SeasonState
from league.outcome import Mark
from tests.exporters.tables import UPDATED, standings
from tests.support.export_lines import standings_lines

DONE = EventState("W1", 4, 4, 4, 4)
"""Every round of W1 played, every result in."""


def _shown(state: EventState, marks: dict[int, tuple[Mark, ...]]) -> tuple[str, bool, tuple[str, ...]]:
    """(where W1's standings say they stand, whether they are final, the lines' marks) as the exports show them."""
    table = standings("W1")
    lines = tuple(replace(p, marks=marks.get(i, ())) for i, p in enumerate(standings_lines(table)))
    snap = Snapshot(
        UPDATED,
        "abc",
        "L",
        (table,),
        (EventInfo("W1", "Weekly 1", "2024-09-07", "", state),),
        placings={table.name: lines},
    )
    shown = shown_board(snap, table)
    return shown.stands, shown.final, tuple(line.mark for line in shown.lines)


def test_final_standings_with_a_line_still_to_fix_are_not_called_final() -> None:
    assert event_stands(DONE) == "Final standings" and DONE.final
    assert event_stands(replace(DONE, to_fix=1)) == NOT_SETTLED == "All rounds played, results still to fix"
    assert (
        event_stands(EventState("W1", 4, 4, 4, 3, pending=1, to_fix=1)) == "round 4 of 4 under way: 3 of 4 results in"
    ), "a round still open says so"
    assert event_stands(EventState("W1", 4, 2, 4, 4, to_fix=1)) == "after round 2 of 4"
    swiss = replace(DONE, playoffs=True, cut=8)
    assert event_stands(swiss) == event_stands(replace(swiss, to_fix=1)) == "Swiss rounds complete, top 8 to play", (
        "Swiss standings before the playoffs are never called final (once `Final Swiss standings`)"
    )
    assert _shown(DONE, {}) == ("Final standings", True, ("",) * 8)
    assert _shown(replace(DONE, to_fix=1), {0: (Mark.NOT_FINAL,)}) == (NOT_SETTLED, False, ("*",) + ("",) * 7)
    dropped = _shown(DONE, {0: (Mark.DROPPED,)})
    assert dropped == ("Final standings", True, ("†",) + ("",) * 7), "a dropped player leaves the standings final"


def test_the_cut_lines_are_explained_only_when_drawn() -> None:
    lines = board(standings(), "W1", UPDATED).lines
    three = tuple(
        replace(line, cut="in" if i < 2 else "tiebreaker match" if i < 4 else "out") for i, line in enumerate(lines)
    )
    assert cut_note(three) == ("The lines mark the playoff cut: in, then tiebreaker match, then out",)
    two = tuple(replace(line, cut="in" if i < 4 else "out") for i, line in enumerate(lines))
    assert cut_note(two) == ("The line marks the playoff cut: in, then out",)
    assert cut_note(tuple(replace(line, cut="in") for line in lines)) == () and cut_note(lines) == ()


def test_the_league_says_which_event_is_under_way() -> None:
    done = EventState("W1", 3, 3, 4, 4)
    under_way = EventState("W2", 3, 2, 4, 2, pending=2)
    later = EventState("W3", 3, 0, 0, 0)
    both = EventState("W2", 3, 3, 4, 4)
    assert (
        league_stands(SeasonState(3, False, 3, 1, 2), [done, under_way, later])
        == "W2 round 2 of 3 under way: 2 of 4 results in; 1 of 3 events final"
    )
    assert league_stands(SeasonState(3, False, 3, 2, 2), [done, both, later]) == "after W2, 2 of 3 events final"
    assert league_stands(SeasonState(1, False, 1, 0, 1), [under_way]) == "round 2 of 3 under way: 2 of 4 results in", (
        "one event: where it stands"
    )
    assert league_stands(SeasonState(2, False, 2, 2, 2), [done, both]) == "Final standings"
    assert league_stands(SeasonState(3, False, 2, 2, 2), [done, both]) == "after W2, 2 of 3 events final", (
        "a season planned longer than its events so far is not final"
    )
    assert league_stands(SeasonState(None, False, 2, 2, 2), [done, both]) == "after W2, 2 events final", (
        "nor one whose number of events is not set"
    )
    assert league_stands(SeasonState(3, False, 1, 0, 0), [later]) == ""
    assert league_stands(None, [done, under_way]) == "", "nothing known of the season: nothing said"

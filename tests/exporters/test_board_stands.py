"""What the exports say of where standings stand: never `Final` beside a line still to fix; the cut explained."""

from __future__ import annotations

from dataclasses import replace

from exporters.board import board, cut_note, settled
from exporters.snapshot import league_stands
from league.lifecycle import EventState
from tests.exporters.tables import UPDATED, standings


def test_final_standings_with_a_line_still_to_fix_are_not_called_final() -> None:
    lines = board(standings(), "W1", UPDATED).lines
    assert settled("Final standings", lines) == "Final standings"
    marked = (replace(lines[0], mark="*"), *lines[1:])
    assert settled("Final standings", marked) == "All rounds played, results still to fix"
    assert settled("Final Swiss standings", marked) == "All rounds played, results still to fix"
    assert settled("after round 2 of 4", marked) == "after round 2 of 4"
    dropped = (replace(lines[0], mark="†"), *lines[1:])
    assert settled("Final standings", dropped) == "Final standings", "a dropped player leaves the standings final"


def test_the_cut_lines_are_explained_only_when_drawn() -> None:
    lines = board(standings(), "W1", UPDATED).lines
    three = tuple(replace(line, cut="in" if i < 2 else "tiebreaker match" if i < 4 else "out") for i, line in enumerate(lines))
    assert cut_note(three) == ("The lines mark the playoff cut: in, then tiebreaker match, then out",)
    two = tuple(replace(line, cut="in" if i < 4 else "out") for i, line in enumerate(lines))
    assert cut_note(two) == ("The line marks the playoff cut: in, then out",)
    assert cut_note(tuple(replace(line, cut="in") for line in lines)) == () and cut_note(lines) == ()


def test_the_league_says_which_event_is_under_way() -> None:
    done = EventState("W1", 3, 3, 4, 4)
    under_way = EventState("W2", 3, 2, 4, 2, pending=2)
    later = EventState("W3", 3, 0, 0, 0)
    assert league_stands([done, under_way, later]) == "W2 after round 1 of 3, 1 of 3 events complete"
    assert league_stands([done, EventState("W2", 3, 3, 4, 4), later]) == "after W2, 2 of 3 events complete"
    assert league_stands([under_way]) == "after round 1 of 3", "one event: where it stands"
    assert league_stands([done, EventState("W2", 3, 3, 4, 4)]) == "Final standings"
    assert league_stands([later]) == ""

"""The caption: headline, the top of the table, prize winners, movers, the next event, hashtags."""

from __future__ import annotations

from dataclasses import replace

from exporters.board import Board, Line, board
from exporters.caption import caption, hashtag
from history.snapshot import EventInfo
from tests.exporters.tables import UPDATED, leaderboard
from tests.support.export_lines import leaderboard_lines

EVENTS = (
    EventInfo("QR2-GB5", "QR2 at Greenbelt 5", "2024-09-07", "Greenbelt 5"),
    EventInfo("QR3-AE", "QR3 at Alter Ego", "2024-10-05", "Alter Ego"),
    EventInfo("QR4-AE", "QR4 at Alter Ego", "2024-11-02", "Alter Ego"),
)


def test_the_caption_has_every_part() -> None:
    table = leaderboard()
    text = caption(
        board(table, "Leaderboard", UPDATED, leaderboard_lines(table, awarded=False)),
        "GL Unmatched League",
        EVENTS,
        ("GLUnmatched", "#UnmatchedPH", "board games"),
    )
    head, top, prizes, movers, upcoming, tags = text.strip().split("\n\n")
    assert head == "GL Unmatched League: leaderboard (updated 2024-09-07)"
    assert top.splitlines()[:3] == [
        "Top 8",
        "🥇 1. Łukasz Żółć: 11 total wins, Health Ratio 0.5000 ▲2",
        "🥈 2. Ződ Örs Hegedűs: 10 total wins, Health Ratio 0.4990 ▼1",
    ]
    assert "🥉 3. Оксана Шевченко: 9 total wins, Health Ratio 0.4980" == top.splitlines()[3], (
        "no arrow for a kept place"
    )
    assert top.splitlines()[4].startswith("4. Niño Peña"), "medals for the podium only"
    assert prizes.splitlines()[0] == "In line for prizes", "a leaderboard not yet final names no winner"
    assert "Nationals finals slot: Łukasz Żółć, Ződ Örs Hegedűs, Оксана Шевченко, Niño Peña" in prizes
    assert movers.startswith("Biggest movers: Łukasz Żółć ▲2 (now 1)")
    assert upcoming == "Next: QR3 at Alter Ego on 2024-10-05 at Alter Ego"
    assert tags == "#GLUnmatched #UnmatchedPH #boardgames"


def test_no_next_event_and_no_hashtags_leave_their_parts_out() -> None:
    text = caption(board(leaderboard(), "Leaderboard", UPDATED), "League", EVENTS[:1], ())
    assert "Next:" not in text and "#" not in text


def test_a_hashtag_is_one_word() -> None:
    assert hashtag("#GL Unmatched!") == "#GLUnmatched" and hashtag("Łódź 2024") == "#Łódź2024" and hashtag("!!") == ""


def _line(rank: str, name: str, prizes: tuple[str, ...] = (), move: int | str | None = None) -> Line:
    return Line(rank, name, "3", "0.4286", prizes, move)


def _board(*lines: Line) -> Board:
    return Board("Leaderboard", "Wins", "Health Ratio", lines, UPDATED, True)


def test_prizes_are_listed_in_rank_order() -> None:
    shown = _board(
        _line("", "Out Cast", ("Best painted",)),
        _line("1", "Ana", ("1st place", "Top 4")),
        _line("2", "Bo", ("Top 4",)),
        _line("3", "Cy", ("Best painted",)),
    )
    text = caption(replace(shown, stands="Final standings", final=True), "League", (), ())
    prizes = text.split("\n\n")[2].splitlines()
    assert prizes == ["Prizes", "1st place: Ana", "Top 4: Ana, Bo", "Best painted: Cy, Out Cast"]


def test_only_moves_of_two_places_or_more_are_named_at_most_three() -> None:
    moves: tuple[int | str | None, ...] = (1, 5, 2, "new", 3, 4, 0, -3)
    shown = _board(*(_line(str(i), f"P{i}", (), m) for i, m in enumerate(moves, 1)))
    text = caption(shown, "League", (), ())
    assert "Biggest movers: P2 ▲5 (now 2); P6 ▲4 (now 6); P5 ▲3 (now 5)\n" in text
    small = caption(_board(_line("1", "A", (), 1), _line("2", "B", (), -1)), "League", (), ())
    assert "movers" not in small, "a move of one place is not news"


def test_the_link_comes_before_the_hashtags_when_a_url_is_set() -> None:
    shown = _board(_line("1", "Ana"))
    text = caption(shown, "League", (), ("GLUnmatched",), url="https://example.org/league/")
    assert text.endswith("Full standings: https://example.org/league/\n\n#GLUnmatched\n")
    assert "Full standings" not in caption(shown, "League", (), ("GLUnmatched",))


def test_the_top_lines_say_what_the_table_marks_with_the_footnotes_they_need() -> None:
    from tests.exporters.tables import standings

    shown = board(standings(), "QR2 at Greenbelt 5", UPDATED)
    lines = list(shown.lines)
    lines[1] = replace(lines[1], rank="2", mark="*", shared=True)
    lines[2] = replace(lines[2], rank="2", shared=True)
    lines[9:] = []
    shown = replace(
        shown,
        lines=tuple(lines),
        count_label="Record",
        footnotes=("* not final: results still to fix", "† dropped out"),
    )
    top = caption(shown, "GL", (), ()).split("\n\n")[1].splitlines()
    assert top[2] == "🥈 =2. Ződ Örs Hegedűs *: 6 wins, Record 7, Health Ratio 0.5900"
    assert top[3].startswith("🥈 =2. Оксана Шевченко: 5 wins"), "a shared second place: two silver medals"
    assert top[-1] == "* not final: results still to fix", "only the footnotes of marks the caption shows"


def test_a_right_to_left_name_is_isolated_so_its_figures_keep_their_place() -> None:
    shown = _board(_line("1", "محمد العلي", ("1st place",)), _line("2", "Ana", ()))
    text = caption(replace(shown, stands="after round 2 of 4"), "League", (), ())
    assert "1. \u2068محمد العلي\u2069: " in text and "2. Ana: " in text
    assert text.splitlines()[0] == "\u2068محمد العلي\u2069 leads the League after round 2 of 4"

"""The caption: headline, the top of the table, prize winners, movers, the next event, hashtags."""

from __future__ import annotations

from tests.exporters.tables import UPDATED, leaderboard

from exporters.board import board
from exporters.caption import caption, hashtag
from exporters.snapshot import EventInfo

EVENTS = (EventInfo("QR2-GB5", "QR2 at Greenbelt 5", "2024-09-07", "Greenbelt 5"),
          EventInfo("QR3-AE", "QR3 at Alter Ego", "2024-10-05", "Alter Ego"),
          EventInfo("QR4-AE", "QR4 at Alter Ego", "2024-11-02", "Alter Ego"))


def test_the_caption_has_every_part() -> None:
    text = caption(board(leaderboard(), "Leaderboard", UPDATED), "GL Unmatched League", EVENTS,
                   ("GLUnmatched", "#UnmatchedPH", "board games"))
    head, top, prizes, movers, upcoming, tags = text.strip().split("\n\n")
    assert head == "GL Unmatched League: leaderboard (updated 2024-09-07)"
    assert top.splitlines()[:3] == ["Top 8", "1. Łukasz Żółć: 11 total wins (0.5000) ▲2",
                                    "2. Ződ Örs Hegedűs: 10 total wins (0.4990) ▼1"]
    assert "3. Оксана Шевченко: 9 total wins (0.4980)" == top.splitlines()[3], "no arrow for a kept place"
    assert prizes.splitlines()[0] == "Prizes"
    assert "Nationals finals slot: Łukasz Żółć, Ződ Örs Hegedűs, Оксана Шевченко, Niño Peña" in prizes
    assert movers.startswith("Biggest movers: Łukasz Żółć ▲2 (now 1)")
    assert upcoming == "Next: QR3 at Alter Ego on 2024-10-05 at Alter Ego"
    assert tags == "#GLUnmatched #UnmatchedPH #boardgames"


def test_no_next_event_and_no_hashtags_leave_their_parts_out() -> None:
    text = caption(board(leaderboard(), "Leaderboard", UPDATED), "League", EVENTS[:1], ())
    assert "Next:" not in text and "#" not in text


def test_a_hashtag_is_one_word() -> None:
    assert hashtag("#GL Unmatched!") == "#GLUnmatched" and hashtag("Łódź 2024") == "#Łódź2024" and hashtag("!!") == ""

"""The champion card: the champion's name the largest text (a long one on more lines, never under the rest), the
event, its date, the record and the final's score, the rest of the final four or the podium; nothing under 9 px
tall on a phone. The bracket travels with the snapshot, as the history keeps it."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image
from pypdf import PdfReader

from exporters.board import board
from exporters.branding import Branding
from exporters.champion_card import Champion, Podium, champion_caption, champion_card
from exporters.playoff_files import champion_of
from exporters.poster import poster
from history.snapshot import EventInfo, Snapshot, from_json, to_json
from league.lifecycle import EventState
from tests.exporters.tables import UPDATED, leaderboard, standings
from tests.support.export_lines import standings_lines
from tests.support.playoff_league import bracket
from tests.support.text_heights import ink_height, recorded, tall

CARD = Champion(
    "O-Gaming Magic: the Gathering League",
    "Friday Night Magic W1",
    "2026-03-14",
    "Rafa Gomes",
    "Record 3-0-1 · Points 10",
    "Won the final 2-1 v Paulo Reis",
    (
        Podium("Runner-up", "Paulo Reis", 2),
        Podium("Semi-finalist", "Nico Barros", 3),
        Podium("Semi-finalist", "Olga Petrova", 3),
    ),
)
FINAL = EventState("QR2-GB5", 3, 3, 4, 4, champion="Łukasz Żółć")
"""An event without a bracket, every round played, nothing to fix: final, its champion the one ranked first."""


@pytest.mark.parametrize(
    "name",
    [
        "Rafa Gomes",
        "Bartholomew Featherstonehaugh-Cholmondeley of Little Snoring",
        "Wolfeschlegelsteinhausenbergerdorff",
        "محمد علي",
        "Оксана Шевченко",
    ],
)
def test_the_name_is_the_largest_text_and_nothing_is_under_9_px(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    shown = Champion(**{**CARD.__dict__, "name": name})
    with recorded(monkeypatch) as drawn:
        png = champion_card(shown, Branding(url="https://ogaming.example/league"))
    assert Image.open(io.BytesIO(png)).size == (1080, 1350)
    largest = max(d.px for d in drawn)
    assert {d.text for d in drawn if d.px == largest} <= set(name.split() + [name]) | {
        d.text for d in drawn if d.text in name
    }
    assert all(d.px < largest for d in drawn if d.text not in name)
    texts = [d.text for d in drawn]
    assert "Friday Night Magic W1 · 2026-03-14" in texts and CARD.record in texts and CARD.final in texts
    assert {"Runner-up", "Semi-finalist", "Paulo Reis", "Nico Barros", "Olga Petrova"} <= set(texts)
    heights = [(d.text, ink_height(png, d)) for d in drawn if tall(d.text)]
    assert min(h for _, h in heights) >= 9, heights


def test_the_caption_says_who_won_what_and_how() -> None:
    text = champion_caption(CARD, ("FNM", "#Magic"), "https://ogaming.example/league")
    assert text.splitlines()[0] == "🏆 Rafa Gomes wins Friday Night Magic W1 (2026-03-14)!"
    assert "Won the final 2-1 v Paulo Reis" in text and "Semi-finalists: Nico Barros, Olga Petrova" in text
    assert text.rstrip().endswith("#FNM #Magic") and "Full standings: https://ogaming.example/league" in text


def test_without_a_bracket_the_card_shows_the_podium() -> None:
    table = standings()
    events = (EventInfo("QR2-GB5", "Unmatched League QR2", "2024-09-07", "Greenbelt 5", FINAL),)
    snap = Snapshot(UPDATED, "abc", "GL", (leaderboard(), table), events, placings={table.name: standings_lines(table)})
    shown = champion_of(snap, "QR2-GB5", "GL", board(table, "QR2", UPDATED, standings_lines(table)))
    assert shown is not None and (shown.name, shown.final) == ("Łukasz Żółć", "")
    assert shown.record == "Matches 7 · Wins 7"
    assert [(p.label, p.name, p.place) for p in shown.others] == [
        ("2nd", "Ződ Örs Hegedűs", 2),
        ("3rd", "Оксана Шевченко", 3),
    ]


def test_no_card_before_the_event_is_final() -> None:
    table = standings()
    waiting = EventState("QR2-GB5", 3, 3, 4, 4, champion="Łukasz Żółć", to_fix=1)
    snap = Snapshot(
        UPDATED,
        "abc",
        "GL",
        (table,),
        (EventInfo("QR2-GB5", "QR2", "", "", waiting),),
        placings={table.name: standings_lines(table)},
    )
    assert champion_of(snap, "QR2-GB5", "GL", board(table, "QR2", UPDATED, standings_lines(table))) is None


def test_the_history_keeps_each_bracket_as_drawn() -> None:
    played = bracket(16, 3)
    snap = Snapshot(UPDATED, "abc", "GL", (standings(),), brackets={"W1": played})
    again = from_json(to_json(snap), 1, UPDATED, "abc")
    assert again.brackets == {"W1": played}
    assert from_json(to_json(Snapshot(UPDATED, "abc", "GL", ())), 1, UPDATED, "abc").brackets == {}


@pytest.mark.parametrize(("size", "images"), [(8, 1), (16, 3)])
def test_an_events_poster_ends_with_its_bracket(size: int, images: int) -> None:
    """After the standings, a page for each feed image of the bracket, the image as large as the page allows."""
    shown = board(standings(), "QR2", UPDATED, standings_lines(standings()))
    plain = PdfReader(io.BytesIO(poster(shown, "GL", Branding(), "a4"))).pages
    drawn = PdfReader(io.BytesIO(poster(replace(shown, bracket=bracket(size, 1)), "GL", Branding(), "a4"))).pages
    assert len(drawn) == len(plain) + images
    assert all(page.images and not page.extract_text().strip() for page in drawn[len(plain) :])

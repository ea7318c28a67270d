"""The bracket images: the tree from the first round to the champion, seeds before anything is played, a bracket of
64 split into parts that each stay readable, and no text under 9 px tall when a phone shows the image 390 px wide."""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import replace

import pytest
from PIL import Image

from exporters.bracket_image import FEED, LINK, Shown, render_bracket, standing
from exporters.bracket_layout import final_rounds, parts
from exporters.branding import Branding
from tests.support.playoff_league import NAMES, bracket
from tests.support.text_heights import ink_height, recorded, tall

WHEN = dt.datetime(2026, 3, 14, 20, 0, tzinfo=dt.UTC)
BRANDING = Branding(url="https://ogaming.example/league")


def _shown(size: int, rounds: int) -> Shown:
    """A bracket of an event with no row left to fix: its champion, once the final is won, is the event's."""
    played = bracket(size, rounds)
    return Shown(
        "O-Gaming Magic: the Gathering League",
        "Friday Night Magic W1 · 2026-03-14",
        played,
        WHEN,
        played.champion,
    )


@pytest.mark.parametrize(("size", "rounds"), [(8, 0), (8, 2), (8, 3), (6, 1), (2, 1), (16, 2), (64, 6)])
def test_no_text_is_under_9_px_on_a_phone(monkeypatch: pytest.MonkeyPatch, size: int, rounds: int) -> None:
    for layout in (FEED, LINK):
        with recorded(monkeypatch) as drawn:
            images = render_bracket(_shown(size, rounds), layout, BRANDING)
        assert len(images) == (1 if layout is LINK else len(parts(bracket(size, rounds))))
        assert all(Image.open(io.BytesIO(png)).size == (layout.width, layout.height) for png in images)
        # the texts of each image, measured on it: split the record where an image starts again (its band's title)
        starts = [i for i, d in enumerate(drawn) if d.text.startswith("O-Gaming")] + [len(drawn)]
        for png, (a, b) in zip(images, zip(starts, starts[1:])):
            heights = [(d.text, ink_height(png, d)) for d in drawn[a:b] if tall(d.text)]
            assert heights and min(h for _, h in heights) >= 9, [t for t in heights if t[1] < 9]


def test_a_bracket_not_yet_played_shows_its_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    with recorded(monkeypatch) as drawn:
        render_bracket(_shown(8, 0), FEED, BRANDING)
    texts = [d.text for d in drawn]
    assert {str(n) for n in range(1, 9)} <= set(texts), "each seed's number"
    assert all(any(t.startswith(name.split()[0]) for t in texts) for name in NAMES[:8]), "each seed's name"
    assert "Seeded: 8 competitors" in texts and "to be decided" in texts


def test_the_winners_advance_to_the_champion(monkeypatch: pytest.MonkeyPatch) -> None:
    played = bracket(8, 3)
    assert played.champion and standing(_shown(8, 3)) == f"Champion: {played.champion}"
    with recorded(monkeypatch) as drawn:
        render_bracket(_shown(8, 3), FEED, BRANDING)
    texts = [d.text for d in drawn]
    assert texts.count("Champion") == 1 and f"Champion: {played.champion}" in texts
    final = [m for m in played.matches if m.round == 3][0]
    assert final.winner == played.champion and final.games is not None
    assert {"Quarter-finals", "Semi-finals", "Final"} <= set(texts)
    assert "2" in texts and "1" in texts, "the games each side won"


def test_a_won_final_names_no_champion_while_the_event_is_not_final(monkeypatch: pytest.MonkeyPatch) -> None:
    """The event's state names the champion (a row still to fix keeps the event open), not the bracket alone."""
    played = bracket(8, 3)
    with recorded(monkeypatch) as drawn:
        render_bracket(replace(_shown(8, 3), champion=""), FEED, BRANDING)
    texts = [d.text for d in drawn]
    assert "to be decided" in texts and f"Champion: {played.champion}" not in texts


def test_a_bracket_of_64_takes_parts_of_eight_then_its_final_eight() -> None:
    played = bracket(64, 2)
    drawn = parts(played)
    assert [p.label for p in drawn] == [f"Part {k} of 8" for k in range(1, 9)] + ["Final 8"]
    assert [[c.heading for c in p.columns] for p in drawn[::8]] == [
        ["Round of 64", "Round of 32", "Round of 16"],
        ["Quarter-finals", "Semi-finals", "Final"],
    ]
    first = [m.match for p in drawn for m in p.columns[0].matches if m.round == 1]
    assert sorted(first) == list(range(1, 33)), "every first-round match on exactly one image"
    assert all(len(p.columns[0].matches) == 4 for p in drawn), "eight competitors an image"
    assert drawn[-1].ends and not any(p.ends for p in drawn[:-1])


def test_sixteen_split_into_halves_and_the_final_four() -> None:
    drawn = parts(bracket(16, 0))
    assert [p.label for p in drawn] == ["Top half", "Bottom half", "Final 4"]
    assert [c.heading for c in drawn[-1].columns] == ["Semi-finals", "Final"], "the final never alone"


def test_the_link_card_shows_the_final_eight_then_from_the_final_four() -> None:
    assert [c.heading for c in final_rounds(bracket(64, 0)).columns] == ["Quarter-finals", "Semi-finals", "Final"]
    assert [c.heading for c in final_rounds(bracket(8, 1)).columns] == ["Semi-finals", "Final"]

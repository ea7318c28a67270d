"""Names in every script the leagues meet draw with real glyphs in the images and the poster, shaped; what no font
holds is reported, drawn as U+FFFD, and nothing is printed on the terminal."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from exporters.board import Board, board
from exporters.branding import Branding
from exporters.fonts import REPLACEMENT, coverage, face_for, missing_glyphs, runs
from exporters.images import FEED, render
from exporters.poster import poster
from league.table import Table
from tests.exporters.tables import UPDATED, leaderboard
from tests.support.export_lines import leaderboard_lines


def _shown(table: Table) -> Board:
    """The leaderboard as a sync shows it: the top four lines hold its prizes, drawn under their names."""
    return board(table, "Leaderboard", UPDATED, leaderboard_lines(table))


CORPUS = {
    "Latin": "Żaneta Łukasiewicz",
    "Greek": "Γιώργος Παπαδόπουλος",
    "Cyrillic": "Дмитрий Иванов",
    "Arabic": "محمد علي",
    "Hebrew": "דוד כהן",
    "Devanagari": "राहुल शर्मा",
    "Thai": "สมชาย ใจดี",
    "CJK": "王小明",
    "Korean": "김민준",
    "emoji": "Ana 🎲🃏",
}
NOWHERE = "\U000f0000"
"""A private-use code point of plane 15: no font of the chain holds it."""


@pytest.mark.parametrize("script", CORPUS)
def test_every_character_has_a_face_that_holds_it(script: str) -> None:
    for char in CORPUS[script].replace(" ", ""):
        face = face_for(char)
        assert face is not None and ord(char) in coverage(face), (script, char)
    assert all(face is not None for _, face in runs(CORPUS[script]))
    assert missing_glyphs([CORPUS[script]]) == {}


def test_a_joined_script_stays_in_one_face_per_word() -> None:
    assert len(runs("محمد علي")) == 1 and len(runs("राहुल शर्मा")) == 1


def test_a_name_no_font_holds_is_reported_with_its_characters() -> None:
    name = f"Ana{NOWHERE}"
    assert missing_glyphs(["Ana", name, name]) == {name: NOWHERE}


def _ink(png: bytes, box: tuple[int, int, int, int]) -> int:
    from PIL import Image

    crop = Image.open(io.BytesIO(png)).convert("L").crop(box)
    return sum(1 for value in crop.tobytes() if value < 128)


@pytest.mark.parametrize("script", CORPUS)
def test_the_image_draws_the_name_not_the_replacement(script: str) -> None:
    """The name's row against the same row drawing U+FFFD in its place: real glyphs make different, non-empty ink."""
    name_row = (140, FEED.band + FEED.row, 700, FEED.band + 2 * FEED.row)
    drawn = render(_shown(leaderboard((CORPUS[script], "Other"))), FEED, Branding(), "L")[0]
    boxes = render(_shown(leaderboard((REPLACEMENT * len(CORPUS[script]), "Other"))), FEED, Branding(), "L")[0]
    assert _ink(drawn, name_row) > 30
    assert _ink(drawn, name_row) != _ink(boxes, name_row)


def test_the_poster_holds_every_name_as_text_and_prints_nothing(capfd: pytest.CaptureFixture[str]) -> None:
    names = (*CORPUS.values(), f"Bo{NOWHERE}")
    pdf = poster(_shown(leaderboard(names)), "League", Branding(), "a4")
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    for script, name in CORPUS.items():
        if script not in ("Arabic", "Hebrew", "Devanagari", "Thai"):  # shaped text comes back as glyph runs
            assert name.replace(" ", "") in text.replace(" ", ""), script
    assert "محمد" in text or "دمحم" in text
    assert f"Bo{REPLACEMENT}" in text, "a character no font holds is the replacement mark, not a box"
    out, err = capfd.readouterr()
    assert out == "" and err == ""

"""Every character of every demo name has a glyph in the font the images and posters use: no boxes."""

from __future__ import annotations

import pytest

from exporters.fonts import Face, coverage, font_file, missing_glyphs
from jobs.config import load_ruleset
from league.demos.gl import build_demo
from league.demos.magic import build_magic_demo
from tests.exporters.tables import NAMES


def _demo_names() -> set[str]:
    ruleset, catalog = load_ruleset("gl-unmatched", font_file().parent)
    names = {str(row[0]) for row in build_demo(ruleset, catalog).players}
    return names | {str(row[0]) for row in build_magic_demo().players}


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_every_demo_name_has_real_glyphs(bold: bool) -> None:
    names = _demo_names()
    assert len(names) > 50 and any(not n.isascii() for n in names)
    dejavu = coverage(Face(font_file(bold)))
    assert {c for c in "".join(names) if ord(c) not in dejavu and not c.isspace()} == set(), "all in DejaVu Sans"
    assert missing_glyphs(names) == {}


def test_the_scripts_the_leagues_use_are_covered_by_dejavu_itself() -> None:
    dejavu = coverage(Face(font_file()))
    assert all(ord(c) in dejavu for c in "".join(NAMES) + "ÑŁżőЖжÉçãâ▲▼★–…·\ufffd" if not c.isspace())

"""A league's own ruleset file `extends` a preset (or another file): it overrides what it names, inherits the rest."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from jobs.config import load_ruleset
from jobs.errors import ConfigError


def test_a_file_extending_a_preset_changes_only_what_it_names(tmp_path: Path) -> None:
    (tmp_path / "melee.toml").write_text(
        'extends = "ogaming-mtg"\n[percentages]\nfloor = "1/3"\nfloor_own_game_wins = false\n', encoding="utf-8"
    )
    mine, _ = load_ruleset("melee.toml", tmp_path)
    preset, _ = load_ruleset("ogaming-mtg", tmp_path)
    floors = {t.name: t.options["floor"] for t in mine.tiebreakers}
    assert floors == {"opponents_match_win": Fraction(1, 3), "game_win": 0, "opponents_game_win": Fraction(1, 3)}
    assert {t.name: t.options["floor"] for t in preset.tiebreakers} == dict.fromkeys(floors, Fraction(33, 100))
    assert (mine.results, mine.scoring, mine.registration) == (preset.results, preset.scoring, preset.registration)


def test_extends_chains_through_files_and_unknown_keys_are_still_refused(tmp_path: Path) -> None:
    (tmp_path / "base.toml").write_text('extends = "gl-unmatched"\n[format]\nrounds = 5\n', encoding="utf-8")
    (tmp_path / "mine.toml").write_text('extends = "base.toml"\ntitle = "Our league"\n', encoding="utf-8")
    mine, catalog = load_ruleset("mine.toml", tmp_path)
    assert (mine.title, mine.rounds, mine.name) == ("Our league", 5, "gl-unmatched") and catalog.pieces
    (tmp_path / "typo.toml").write_text('extends = "base.toml"\n[format]\nroundz = 3\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"typo\.toml: unknown key `format\.roundz`"):
        load_ruleset("typo.toml", tmp_path)


def test_a_circle_of_extends_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('extends = "b.toml"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('extends = "a.toml"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="goes round in a circle"):
        load_ruleset("a.toml", tmp_path)

"""The words judges type in `Result`: each preset's community words read as the ruleset's own, ignoring case,
spaces and dots; a ruleset whose words would read two ways is refused, naming the key."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest

from league.model.words import BOTH, Kind
from league.rules.load import parse_ruleset
from league.rules.schema import RulesetError


def _preset(name: str) -> dict[str, Any]:
    return tomllib.loads((resources.files("league.rules") / "presets" / f"{name}.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("preset", "typed", "means"),
    [
        ("ogaming-mtg", ["ID", "id", "I.D.", "i. d.", "Intentional Draw", "intentionaldraw"], "Intentional Draw"),
        ("ogaming-mtg", ["FF A", "ffa", "no-show a", "NS A", "N.S. A"], "Forfeit A"),
        ("nasef-lol", ["DFF", "Double No-Show", "double ns", "Double FF"], "Double Forfeit"),
        ("nasef-lol", ["ff b", "No Show B"], "Forfeit B"),
        ("mesbg-pairs", ["pauza", "BYE"], "Bye"),
        ("mesbg-pairs", ["WO A", "walkover a"], "Forfeit A"),
        ("gl-unmatched", ["FF", "no show", "W.O."], "Forfeit"),
        ("gl-unmatched", ["Disqualified"], "DQ"),
    ],
)
def test_a_community_word_means_the_rulesets_own(preset: str, typed: list[str], means: str) -> None:
    ruleset = parse_ruleset(_preset(preset), preset)
    assert [ruleset.word_of(word) for word in typed] == [ruleset.results.kinds[means]] * len(typed)


def test_the_words_keep_their_meaning() -> None:
    magic, nasef = (parse_ruleset(_preset(p), p) for p in ("ogaming-mtg", "nasef-lol"))
    drawn = magic.word_of("I.D.")
    assert drawn is not None and (drawn.kind, drawn.draw, drawn.games) == (Kind.PLAYED, True, (0, 0, 3))
    double = nasef.word_of("dff")
    assert double is not None and (double.kind, double.loser) == (Kind.FORFEIT, BOTH)
    assert magic.word_of("IDD") is None and magic.word_of("I-D") is None


@pytest.mark.parametrize(
    ("aliases", "message"),
    [
        (
            {"Draw": ["ID"]},
            "`results.aliases.Draw` is not a word of `results.kinds` "
            "('Bye', 'Intentional Draw', 'Forfeit A', 'Forfeit B')",
        ),
        (
            {"Forfeit A": ["FF"], "Forfeit B": ["ff"]},
            "`results.aliases.Forfeit B` lists 'ff', which reads as 'Forfeit A'",
        ),
        ({"Bye": ["Forfeit A"]}, "`results.aliases.Bye` lists 'Forfeit A', which reads as 'Forfeit A'"),
        ({"Bye": ["..."]}, "`results.aliases.Bye` lists '...', which reads as ''"),
        ({"Bye": "B"}, "`results.aliases.Bye` must be list, found 'B'"),
    ],
)
def test_words_that_would_read_two_ways_are_refused(aliases: dict[str, Any], message: str) -> None:
    data = _preset("ogaming-mtg")
    data["results"]["aliases"] = aliases
    with pytest.raises(RulesetError) as raised:
        parse_ruleset(data, "mine.toml")
    assert message in str(raised.value)


def test_two_words_of_kinds_that_read_alike_are_refused() -> None:
    data = _preset("ogaming-mtg")
    data["results"]["kinds"]["ForfeitA"] = "forfeit"
    with pytest.raises(RulesetError, match="`results.kinds` has 'Forfeit A' and 'ForfeitA', which read alike"):
        parse_ruleset(data, "mine.toml")

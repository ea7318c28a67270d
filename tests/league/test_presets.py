"""Finding a ruleset by preset name or file, `extends` and catalogs,
with the reading passed in: files held in memory."""

from __future__ import annotations

import posixpath
import re
from importlib import resources

import pytest

from league.rules.presets import RulesetFile, Sources, find_ruleset, preset_names, ruleset_data
from league.rules.schema import RulesetError

SHIPPED = {
    p.name: p.read_text(encoding="utf-8")
    for p in (resources.files("league") / "rules" / "presets").iterdir()
    if p.name.endswith(".toml")
}
"""The package's own presets and catalogs, read once here: the domain reads none itself."""


def sources(files: dict[str, str], shipped: dict[str, str] = SHIPPED) -> Sources:
    """Shipped files and an organiser's files (by path, `folder/name`), all in memory."""

    def file(spec: str, folder: str) -> RulesetFile:
        path = posixpath.normpath(posixpath.join(folder, spec))
        return RulesetFile(files.get(path), path, path.rpartition("/")[0])

    return Sources(lambda name: shipped.get(f"{name}.toml"), lambda: list(shipped), file)


def test_the_presets_are_the_rulesets_among_the_files_not_the_catalogs() -> None:
    assert preset_names(["b.toml", "a.toml", "unmatched-catalog.toml", "README.md"]) == ["a", "b"]
    assert preset_names(SHIPPED) == ["gl-unmatched", "mesbg-pairs", "nasef-lol", "ogaming-mtg"]


def test_a_file_extends_a_file_that_extends_a_preset_and_gets_the_catalog() -> None:
    found = sources(
        {
            "/league/base.toml": 'extends = "gl-unmatched"\n[format]\nrounds = 5\n',
            "/league/rules/mine.toml": 'extends = "../base.toml"\ntitle = "Our league"\n',
        }
    )
    ruleset, catalog = find_ruleset("rules/mine.toml", "/league", found)
    assert (ruleset.title, ruleset.rounds, ruleset.registration.tab, ruleset.source) == (
        "Our league",
        5,
        "Players",
        "/league/rules/mine.toml",
    )
    assert catalog.piece("Medusa") is not None


def test_a_preset_without_a_catalog_gets_the_empty_one() -> None:
    ruleset, catalog = find_ruleset("ogaming-mtg", "/league", sources({}))
    assert ruleset.name and not catalog.pieces and not catalog.maps


@pytest.mark.parametrize(
    ("files", "spec", "message"),
    [
        (
            {},
            "nope.toml",
            re.escape(
                "ruleset 'nope.toml' is neither a preset (gl-unmatched, mesbg-pairs, nasef-lol, ogaming-mtg) "
                "nor a file at /league/nope.toml"
            ),
        ),
        (
            {"/league/a.toml": 'extends = "b.toml"\n', "/league/b.toml": 'extends = "a.toml"\n'},
            "a.toml",
            r"/league/a.toml: `extends` goes round in a circle \(/league/a.toml -> /league/b.toml -> /league/a.toml\)",
        ),
        (
            {"/league/a.toml": "extends = 3\n"},
            "a.toml",
            "/league/a.toml: `extends` must be a preset name or a ruleset file, found 3",
        ),
        ({"/league/a.toml": "title = \n"}, "a.toml", r"/league/a.toml: not valid TOML \("),
        (
            {"/league/a.toml": 'extends = "gl-unmatched"\n[catalog]\nname = "lost"\n'},
            "a.toml",
            "/league/a.toml: catalog 'lost' is not shipped with the package",
        ),
    ],
    ids=["unknown", "circle", "extends-not-text", "bad-toml", "no-such-catalog"],
)
def test_a_ruleset_that_cannot_be_found_or_read_is_refused_by_name(
    files: dict[str, str], spec: str, message: str
) -> None:
    with pytest.raises(RulesetError, match=message):
        find_ruleset(spec, "/league", sources(files))


def test_a_file_overrides_key_by_key_and_lists_whole() -> None:
    data, source = ruleset_data(
        "mine.toml",
        "/x",
        sources(
            {
                "/x/mine.toml": 'extends = "ogaming-mtg"\n[format]\nrounds = 3\n'
                '[[tiebreakers]]\nname = "wins"\nlabel = "Wins"\n'
            }
        ),
    )
    assert source == "/x/mine.toml" and data["format"]["rounds"] == 3 and data["format"]["draws"] is True
    assert data["tiebreakers"] == [{"name": "wins", "label": "Wins"}]

"""The optional `[branding]` and `history` keys of league.toml: checked once, bad values named."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from exporters.branding import Branding
from jobs.config import Config, load_config
from jobs.errors import ConfigError

BASE = 'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n'


def _load(tmp_path: Path, extra: str) -> Config:
    (tmp_path / "league.toml").write_text(BASE + extra, encoding="utf-8")
    return load_config(tmp_path)


def test_without_the_table_every_default_holds(tmp_path: Path) -> None:
    config = _load(tmp_path, "")
    assert config.branding == Branding(hashtags=("GLUnmatched", "Unmatched")) and config.history is None
    assert not config.warnings
    assert config.formats == ("png", "txt", "html", "pdf", "csv")


def test_the_table_is_read(tmp_path: Path) -> None:
    Image.new("RGB", (40, 20), "white").save(tmp_path / "logo.png")
    config = _load(
        tmp_path,
        'history = "data/h.sqlite"\n[branding]\nprimary = "navy"\naccent = "#ffcc00"\n'
        'logo = "logo.png"\nhashtags = ["GL", "#Unmatched"]\ntitle = "GL 2024"\nsurprise = 1\n',
    )
    assert config.branding.primary == "navy" and config.branding.logo == tmp_path / "logo.png"
    assert config.branding.hashtags == ("GL", "#Unmatched") and config.branding.title == "GL 2024"
    assert config.history == tmp_path / "data" / "h.sqlite"
    assert config.warnings == (f"{tmp_path / 'league.toml'}: unknown key `branding.surprise` is ignored",)


@pytest.mark.parametrize(
    ("preset", "tags"),
    [
        ("gl-unmatched", ("GLUnmatched", "Unmatched")),
        ("mesbg-pairs", ("MESBG", "MiddleEarthSBG")),
        ("ogaming-mtg", ("MTG", "MagicTheGathering")),
        ("nasef-lol", ("NASEF", "Esports")),
    ],
)
def test_each_preset_brings_its_hashtags_until_branding_names_others(
    tmp_path: Path, preset: str, tags: tuple[str, ...]
) -> None:
    (tmp_path / "league.toml").write_text(f'ruleset = "{preset}"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    assert load_config(tmp_path).branding.hashtags == tags
    assert _load(tmp_path, '[branding]\nhashtags = ["WarsawLeague"]\n').branding.hashtags == ("WarsawLeague",)
    assert _load(tmp_path, "[branding]\nhashtags = []\n").branding.hashtags == ()


def test_a_ruleset_s_hashtags_must_be_strings(tmp_path: Path) -> None:
    ruleset = (Path(__file__).parents[2] / "league/rules/presets/gl-unmatched.toml").read_text(encoding="utf-8")
    (tmp_path / "mine.toml").write_text(
        ruleset.replace('hashtags = ["GLUnmatched", "Unmatched"]', "hashtags = [1]"), encoding="utf-8"
    )
    (tmp_path / "league.toml").write_text('ruleset = "mine.toml"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="hashtags.*must be a list of strings"):
        load_config(tmp_path)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('[branding]\nprimary = "not-a-colour"\n', "`branding.primary` must be a colour"),
        ('[branding]\nlogo = "missing.png"\n', "`branding.logo` names"),
        ('[branding]\nhashtags = "GL"\n', "`branding.hashtags` must be a list of strings"),
        ("[branding]\nfacebook_page_id = 123\n", "`branding.facebook_page_id` must be a string"),
        ('branding = "blue"\n', "`branding` must be a table"),
        ("history = 3\n", "`history` must be a string"),
        ('export_formats = ["gif"]\n', "`export_formats` must be a list of png, txt, html, pdf, csv"),
    ],
)
def test_a_bad_value_names_its_key(tmp_path: Path, extra: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        _load(tmp_path, extra)


def test_a_logo_that_melts_into_its_band_is_warned_of(tmp_path: Path) -> None:
    Image.new("RGB", (40, 20), "#1f3b80").save(tmp_path / "logo.png")
    config = _load(tmp_path, '[branding]\nprimary = "#1f3b73"\nlogo = "logo.png"\n')
    assert len(config.warnings) == 1 and "the logo hardly stands out against the band" in config.warnings[0]
    Image.new("RGB", (40, 20), "white").save(tmp_path / "logo.png")
    assert not _load(tmp_path, '[branding]\nprimary = "#1f3b73"\nlogo = "logo.png"\n').warnings


def test_a_sync_without_an_address_warns_that_the_link_image_is_relative() -> None:
    from exporters.html import relative_preview

    assert "og:image" in relative_preview(Branding(), ("html",))
    assert relative_preview(Branding(url="https://example.org/league/"), ("html",)) == ""
    assert relative_preview(Branding(), ("png", "csv")) == ""

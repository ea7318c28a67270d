"""Faults in a league's folder and its league.toml: each a located exit 2 or 3 naming the file or key, never a bug."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from jobs import locking
from jobs.cli import app
from jobs.config import load_config
from sync.xlsx import XlsxWorkbook

runner = CliRunner()
BASE = 'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n'


def _flat(text: str) -> str:
    """The output on one line: a long path may wrap anywhere."""
    return "".join(text.split())


class ReadOnlyFolder:
    """A lock whose file cannot be made, as in a folder the user running league may not write (tests run as root,
    so a folder's mode does not stop them)."""

    def __init__(self, path: str) -> None:
        self.lock_file = path

    def acquire(self, timeout: float) -> None:
        raise PermissionError(13, "Permission denied", self.lock_file)

    def release(self) -> None:
        raise AssertionError("never taken")


@pytest.mark.parametrize(
    "command", [["sync"], ["sync", "--dry-run"], ["pair", "--event", "EVENT-1"], ["bracket", "--event", "EVENT-1"]]
)
def test_a_lock_that_cannot_be_made_exits_3_naming_it(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    assert runner.invoke(app, ["init"]).exit_code == 0
    monkeypatch.setattr(locking, "FileLock", ReadOnlyFolder)
    result = runner.invoke(app, command)
    assert result.exit_code == 3, result.output
    assert "Permission denied" in result.output and _flat(str(in_tmp / ".league.xlsx.lock")) in _flat(result.output)
    assert "bug" not in result.output
    assert not any(t.startswith("Standings") for t in XlsxWorkbook(in_tmp / "league.xlsx").tab_names()), (
        "nothing written"
    )


def test_something_in_the_locks_place_exits_3(in_tmp: Path) -> None:
    assert runner.invoke(app, ["init"]).exit_code == 0
    (in_tmp / ".league.xlsx.lock").mkdir()
    result = runner.invoke(app, ["sync"])
    assert result.exit_code == 3, result.output
    assert "cannot make the lock file" in " ".join(result.output.split())


def _png_header(width: int, height: int) -> bytes:
    """A PNG that says its size and holds no pixels: enough for an image's size to be read, cheap to write."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IEND", b"")
    )


def _truncated_png(path: Path) -> None:
    Image.effect_noise((200, 200), 64).save(path)
    path.write_bytes(path.read_bytes()[:2000])


LOGOS = {
    "text": (lambda p: p.write_text("not a picture", encoding="utf-8"), "is not an image"),
    "bomb": (lambda p: p.write_bytes(_png_header(30_000, 30_000)), "more than a logo needs"),
    "large": (lambda p: p.write_bytes(_png_header(6_000, 6_000)), "is 6000x6000 pixels"),
    "truncated": (_truncated_png, "cannot be read as an image"),
}


@pytest.mark.parametrize("kind", LOGOS)
@pytest.mark.parametrize("command", [["check"], ["sync"], ["pair", "--event", "EVENT-1"]])
def test_a_logo_that_cannot_be_drawn_exits_2_in_every_command(in_tmp: Path, kind: str, command: list[str]) -> None:
    assert runner.invoke(app, ["init"]).exit_code == 0
    make, said = LOGOS[kind]
    make(in_tmp / "logo.png")
    (in_tmp / "league.toml").write_text(BASE + '[branding]\nlogo = "logo.png"\n', encoding="utf-8")
    result = runner.invoke(app, command)
    assert result.exit_code == 2, result.output
    assert "`branding.logo`" in result.output and said in " ".join(result.output.split())


def test_a_logo_that_is_an_image_is_kept(tmp_path: Path) -> None:
    Image.new("RGBA", (5000, 5000)).save(tmp_path / "logo.png")
    (tmp_path / "league.toml").write_text(BASE + '[branding]\nlogo = "logo.png"\n', encoding="utf-8")
    assert load_config(tmp_path).branding.logo == tmp_path / "logo.png"


@pytest.mark.parametrize(
    ("setting", "key"),
    [
        ('workbook = "a.xlsx\\u0000x"', "workbook"),
        ('ruleset = "gl\\u0000"\nworkbook = "league.xlsx"', "ruleset"),
        ('workbook = "league.xlsx"\nexports = "out\\u0000"', "exports"),
        ('workbook = "league.xlsx"\nhistory = "h\\u0000.sqlite"', "history"),
        ('spreadsheet_id = "abc"\ncredentials = "key\\u0000.json"', "credentials"),
        ('workbook = "league.xlsx"\nexports = "out\\nthere"', "exports"),
        ('workbook = "league.xlsx"\n[branding]\nlogo = "l\\u0000.png"', "branding.logo"),
    ],
)
def test_a_control_character_in_a_path_exits_2_naming_the_key(in_tmp: Path, setting: str, key: str) -> None:
    text = setting if setting.startswith("ruleset") else 'ruleset = "gl-unmatched"\n' + setting
    (in_tmp / "league.toml").write_text(text + "\n", encoding="utf-8")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 2, result.output
    assert f"`{key}` holds the control character" in result.output and "bug" not in result.output


def test_a_control_character_in_extends_exits_2(in_tmp: Path) -> None:
    (in_tmp / "mine.toml").write_text('extends = "gl\\u0000unmatched"\n', encoding="utf-8")
    (in_tmp / "league.toml").write_text('ruleset = "mine.toml"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 2, result.output
    assert "`extends` holds a control character" in result.output


def test_init_says_the_unknown_keys_as_every_command_does(in_tmp: Path) -> None:
    (in_tmp / "league.toml").write_text(BASE + 'exprts = "out"\n', encoding="utf-8")
    result = runner.invoke(app, ["init"])
    assert result.exit_code == 0, result.output
    assert "unknown key `exprts` is ignored; did you mean `exports`?" in " ".join(result.output.split())


def test_a_byte_order_mark_is_read_past(in_tmp: Path) -> None:
    """Windows Notepad starts a UTF-8 file with one; the file means what it says without it."""
    (in_tmp / "mine.toml").write_text('\ufeffextends = "gl-unmatched"\ntitle = "Mine"\n', encoding="utf-8")
    (in_tmp / "league.toml").write_text("\ufeff" + BASE.replace("gl-unmatched", "mine.toml"), encoding="utf-8")
    config = load_config(in_tmp)
    assert config.ruleset.title == "Mine" and config.workbook == in_tmp / "league.xlsx"


def test_a_misspelt_preset_gets_a_did_you_mean(in_tmp: Path) -> None:
    (in_tmp / "league.toml").write_text(BASE.replace("gl-unmatched", "gl-unmatchd"), encoding="utf-8")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 2 and "did you mean 'gl-unmatched'?" in result.output, result.output
    (in_tmp / "league.toml").unlink()
    init = runner.invoke(app, ["init", "--ruleset", "mesbg-pair"])
    assert init.exit_code == 2 and "did you mean 'mesbg-pairs'?" in init.output, init.output


def test_a_misspelt_ruleset_key_gets_a_did_you_mean(in_tmp: Path) -> None:
    (in_tmp / "mine.toml").write_text('extends = "gl-unmatched"\n[format]\nroundz = 3\n', encoding="utf-8")
    (in_tmp / "league.toml").write_text(BASE.replace("gl-unmatched", "mine.toml"), encoding="utf-8")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 2, result.output
    assert "unknown key `format.roundz`: did you mean `format.rounds`?" in " ".join(result.output.split())


def test_the_workbook_given_for_the_config_says_which_file_to_pass(in_tmp: Path) -> None:
    assert runner.invoke(app, ["init"]).exit_code == 0
    result = runner.invoke(app, ["check", "league.xlsx"])
    assert result.exit_code == 2, result.output
    flat = " ".join(result.output.split())
    assert "is a workbook, not the league's config" in flat and "not UTF-8" not in flat
    assert _flat(f"pass {in_tmp / 'league.toml'}") in _flat(result.output)

"""People's and servers' text printed exactly as it is, whatever it holds; a bug exits 4 whatever printed it;
every command says what league.toml holds that the tool does not know."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.errors import MarkupError
from typer.testing import CliRunner

from jobs import bracket_job, output
from jobs.bracket_job import BracketResult
from jobs.cli import app, main
from jobs.config import presets
from jobs.errors import ExitCode

runner = CliRunner()


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture()
def league(in_tmp: Path) -> Path:
    assert runner.invoke(app, ["init", "--ruleset", "ogaming-mtg", "--event", "W1"]).exit_code == 0
    return in_tmp


@pytest.mark.parametrize("typed", ["[/x]", "[bold]X", "Tom [/i] One", "[token]", "a\\[b]"])
def test_an_event_name_that_looks_like_markup_is_quoted_as_typed(league: Path, typed: str) -> None:
    result = runner.invoke(app, ["pair", "--event", typed])
    assert result.exit_code == ExitCode.USAGE, result.output
    assert f"there is no event {typed!r}" in _flat(result.output)


def test_a_refusal_naming_a_player_is_printed_as_it_is(league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    said = "a tie across the cut at rank 8 (Tom [/i] One, [token] Two): settle it first"
    monkeypatch.setattr(
        bracket_job, "run_bracket", lambda *_: BracketResult("W1", [], None, said, ExitCode.INPUT_ERRORS)
    )
    result = runner.invoke(app, ["bracket", "--event", "W1"])
    assert result.exit_code == ExitCode.INPUT_ERRORS and said in _flat(result.output)


def test_a_failure_while_printing_a_result_exits_4(
    league: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*_: object) -> None:
        raise MarkupError("closing tag '[/x]' at position 0 doesn't match any open tag")

    monkeypatch.setattr(output, "show_pairings", broken)
    with pytest.raises(SystemExit) as ended:
        main(["pair", "--event", "W1", "--dry-run"])
    assert ended.value.code == ExitCode.BUG
    err = _flat(capsys.readouterr().err)
    assert "unexpected error: MarkupError: closing tag '[/x]'" in err and "This is a bug in league" in err


@pytest.mark.parametrize(
    "command",
    [
        ["check"],
        ["pair", "--event", "W1", "--dry-run"],
        ["bracket", "--event", "W1"],
        ["export"],
        ["history"],
        ["publish", "--facebook"],
        ["sync", "--dry-run"],
    ],
)
def test_every_command_names_an_unknown_key_and_the_closest_known_one(league: Path, command: list[str]) -> None:
    with open(league / "league.toml", "a", encoding="utf-8") as toml:
        toml.write('exprts = "out"\n"[/x]" = 1\n')
    result = runner.invoke(app, command)
    assert "unknown key `exprts` is ignored; did you mean `exports`?" in _flat(result.output), result.output
    assert "unknown key `[/x]` is ignored" in _flat(result.output)


@pytest.mark.parametrize(
    ("toml", "says"),
    [
        (
            'rulset = "ogaming-mtg"\nworkbook = "league.xlsx"\n',
            "missing `ruleset` (`rulset` is not a key: did you mean `ruleset`?)",
        ),
        (
            'ruleset = "ogaming-mtg"\nworkbok = "league.xlsx"\n',
            "missing `workbook` (`workbok` is not a key: did you mean `workbook`?)",
        ),
    ],
)
def test_a_misspelt_required_key_says_did_you_mean(in_tmp: Path, toml: str, says: str) -> None:
    (in_tmp / "league.toml").write_text(toml, encoding="utf-8")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == ExitCode.USAGE and says in _flat(result.output), result.output


def test_help_lists_every_preset_and_prints_table_names_literally() -> None:
    demo = _flat(runner.invoke(app, ["demo", "--help"]).output)
    assert all(name in demo for name in presets())
    assert "Post to the Facebook Page in [branding]." in _flat(runner.invoke(app, ["publish", "--help"]).output)


def test_a_misspelt_branding_key_names_the_closest_one(league: Path) -> None:
    with open(league / "league.toml", "a", encoding="utf-8") as toml:
        toml.write('[branding]\nprimry = "#123456"\nurl = "ftp://example.org/league.html"\n')
    result = runner.invoke(app, ["check"])
    assert result.exit_code == ExitCode.USAGE and "`branding.url` must be the http:// or https:// address" in _flat(
        result.output
    )
    (league / "league.toml").write_text(
        (league / "league.toml").read_text(encoding="utf-8").replace("ftp://", "https://"), encoding="utf-8"
    )
    result = runner.invoke(app, ["check"])
    assert "unknown key `branding.primry` is ignored; did you mean `branding.primary`?" in _flat(result.output), (
        result.output
    )

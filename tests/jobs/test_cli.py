"""One smoke test per command through the real CLI, and the exit codes the manual promises."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from filelock import FileLock
from typer.testing import CliRunner

from jobs import locking, sync_job
from jobs.cli import app
from jobs.config import load_config
from jobs.errors import ConfigError, ExitCode, WorkbookError
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook

runner = CliRunner()


def test_every_command_has_help() -> None:
    commands = [c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands]
    assert len(commands) >= 9
    for command in commands:
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0, result.output
        assert "Usage" in result.output and "Options" in result.output


def test_init_makes_a_blank_workbook_and_config(in_tmp: Path) -> None:
    result = runner.invoke(app, ["init", "--event", "QR1-GB5", "--event", "QR1-SMN"])
    assert result.exit_code == 0, result.output
    book = XlsxWorkbook(in_tmp / "league.xlsx")
    assert book.tab_names()[:5] == ["Events", "Players", "Results QR1-GB5", "Results QR1-SMN", "Penalties"]
    tabs = book.read(book.tab_names())
    assert tabs["Players"][0] == [
        "Player",
        "Event",
        "Fighter 1",
        "Fighter 2",
        "Fighter 3",
        "Fighter 4",
        "Fighter 5",
        "Status",
    ]
    assert [r[0] for r in tabs["Events"][1:]] == ["QR1-GB5", "QR1-SMN"]
    assert load_config(in_tmp).workbook == (in_tmp / "league.xlsx").resolve()
    before = (in_tmp / "league.xlsx").read_bytes()
    again = runner.invoke(app, ["init", "--event", "qr1-gb5"])
    assert again.exit_code == 0 and "nothing to add" in again.output, (
        "a league that exists grows; here nothing is missing"
    )
    assert (in_tmp / "league.xlsx").read_bytes() == before


def test_check_on_a_fresh_workbook_is_clean(in_tmp: Path) -> None:
    runner.invoke(app, ["init"])
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert "0 error(s), 1 warning(s)" in result.output, "only: the event has no date yet"


def test_demo_then_sync_and_dry_run(in_tmp: Path) -> None:
    assert runner.invoke(app, ["demo", "demo"]).exit_code == 0, "the demo succeeds; its planted mistakes are expected"
    workbook = in_tmp / "demo" / "gl-unmatched-league.xlsx"
    before = workbook.read_bytes()
    dry = runner.invoke(app, ["sync", "demo", "--dry-run"])
    assert dry.exit_code == 1, dry.output
    assert "Leaderboard: unchanged" in dry.output and "Sync Log: 1 row(s) would be added" in dry.output
    assert workbook.read_bytes() == before
    assert runner.invoke(app, ["check", "demo"]).exit_code == 1
    assert runner.invoke(app, ["sync", "demo/league.toml"]).exit_code == 1


def test_missing_config_is_a_usage_error(in_tmp: Path) -> None:
    result = runner.invoke(app, ["sync"])
    assert result.exit_code == 2
    assert "no league config" in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('ruleset = "gl-unmatched"\n', "missing `workbook`"),
        ('workbook = "x.xlsx"\n', "missing `ruleset`"),
        ('ruleset = "no-such-preset"\nworkbook = "x.xlsx"\n', "neither a preset"),
        ('ruleset = "gl-unmatched"\nworkbook = 7\n', "`workbook` must be a string"),
        ('ruleset = "gl-unmatched\n', "not valid TOML"),
    ],
)
def test_bad_config_names_the_problem(in_tmp: Path, content: str, message: str) -> None:
    (in_tmp / "league.toml").write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_bad_ruleset_file_names_key_and_file(in_tmp: Path) -> None:
    preset = (Path(__file__).parents[2] / "league" / "rules" / "presets" / "gl-unmatched.toml").read_text(
        encoding="utf-8"
    )
    (in_tmp / "mine.toml").write_text(preset.replace("[format]\n", "[format]\nroundz = 3\n"), encoding="utf-8")
    (in_tmp / "league.toml").write_text('ruleset = "mine.toml"\nworkbook = "x.xlsx"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"mine\.toml: unknown key `format\.roundz`"):
        load_config(in_tmp)


@pytest.mark.parametrize("make", ["missing", "not-a-workbook", "empty-zip"])
def test_backend_failures_exit_3(in_tmp: Path, make: str) -> None:
    (in_tmp / "league.toml").write_text('ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    if make == "not-a-workbook":
        (in_tmp / "league.xlsx").write_text("Player,Event\nAna,QR1\n", encoding="utf-8")
    elif make == "empty-zip":
        zipfile.ZipFile(in_tmp / "league.xlsx", "w").close()
    result = runner.invoke(app, ["sync"])
    assert result.exit_code == 3, result.output
    assert "league.xlsx" in "".join(result.output.split())  # a long path may wrap anywhere
    assert "Traceback" not in result.output


def test_a_second_sync_waits_then_refuses(in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner.invoke(app, ["init"])
    config = load_config(in_tmp)
    monkeypatch.setattr(locking, "LOCK_WAIT_SECONDS", 0.2)
    with FileLock(str(in_tmp / ".league.xlsx.lock")):
        with pytest.raises(WorkbookError, match="another sync"):
            sync_job.run_sync(config, open_workbook(config))
    assert sync_job.run_sync(config, open_workbook(config)).code == 0


def test_two_configs_naming_one_workbook_share_its_lock(in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner.invoke(app, ["init"])
    (in_tmp / "other").mkdir()
    (in_tmp / "other" / "league.toml").write_text(
        'ruleset = "gl-unmatched"\nworkbook = "../league.xlsx"\n', encoding="utf-8"
    )
    monkeypatch.setattr(locking, "LOCK_WAIT_SECONDS", 0.2)
    first, second = load_config(in_tmp), load_config(in_tmp / "other")
    assert locking.lock_file(first) == locking.lock_file(second) == in_tmp / ".league.xlsx.lock"
    with FileLock(str(locking.lock_file(first))):
        with pytest.raises(WorkbookError, match="another sync"):
            sync_job.run_sync(second, open_workbook(second))


def test_init_follows_an_existing_config(in_tmp: Path) -> None:
    (in_tmp / "league.toml").write_text(
        'ruleset = "gl-unmatched"\nworkbook = "data/my-league.xlsx"\n', encoding="utf-8"
    )
    result = runner.invoke(app, ["init", "--event", "QR1-AE"])
    assert result.exit_code == 0, result.output
    assert (in_tmp / "data" / "my-league.xlsx").is_file() and not (in_tmp / "league.xlsx").exists()
    assert runner.invoke(app, ["sync"]).exit_code == 0


def test_init_refuses_an_event_id_that_cannot_name_a_tab(in_tmp: Path) -> None:
    result = runner.invoke(app, ["init", "--event", "QR1/AE"])
    assert result.exit_code == 2 and "QR1/AE" in result.output


def test_config_that_is_not_utf8_is_a_usage_error(in_tmp: Path) -> None:
    (in_tmp / "league.toml").write_bytes('ruleset = "gl-unmatched"\nworkbook = "l\xe9ague.xlsx"\n'.encode("latin-1"))
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 2 and "not UTF-8" in result.output


def test_exports_that_cannot_be_written_exit_5_after_the_sync(in_tmp: Path) -> None:
    """The workbook was written, so this is not exit 3 ("nothing was changed")."""
    runner.invoke(app, ["init"])
    (in_tmp / "notes.txt").write_text("mine", encoding="utf-8")
    config = in_tmp / "league.toml"
    config.write_text(config.read_text(encoding="utf-8").replace('"exports"', '"notes.txt"'), encoding="utf-8")
    result = runner.invoke(app, ["sync"])
    assert result.exit_code == ExitCode.EXPORTS_FAILED == 5, result.output
    assert "could not write the exports" in " ".join(result.output.split())
    assert (in_tmp / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert "Standings EVENT-1" in XlsxWorkbook(in_tmp / "league.xlsx").tab_names(), "the workbook itself was synced"


def test_an_unexpected_failure_is_reported_as_a_bug(in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner.invoke(app, ["init"])

    def broken(*_: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(sync_job, "evaluate_league", broken)
    result = runner.invoke(app, ["sync"])
    assert result.exit_code == 4 and "bug in league" in " ".join(result.output.split())
    monkeypatch.setenv("LEAGUE_DEBUG", "1")
    debug = runner.invoke(app, ["sync"])
    assert debug.exit_code == 4, "with the traceback shown, a bug is still a bug, not a sync with input errors"
    assert "Traceback" in debug.output and "ZeroDivisionError: boom" in debug.output


def test_a_spreadsheet_is_locked_by_its_id_beside_the_config(in_tmp: Path) -> None:
    (in_tmp / "league.toml").write_text(
        'ruleset = "gl-unmatched"\nspreadsheet_id = "1AbC-x_9/../z"\ncredentials = "k.json"\n', encoding="utf-8"
    )
    assert locking.lock_file(load_config(in_tmp)) == in_tmp / ".league-1AbC-x_9____z.lock"

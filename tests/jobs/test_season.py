"""What a season of unattended syncs leaves behind: no temporary copies, no stale exports, no library noise."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest
from filelock import FileLock
from typer.testing import CliRunner

from jobs import exports, locking
from jobs.cli import app
from jobs.config import load_config
from jobs.errors import WorkbookError
from jobs.locking import lock_file
from jobs.sync_job import run_sync
from league.sheet import Sheet
from league.table import Table
from sync import xlsx
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook

runner = CliRunner()


@pytest.fixture()
def league(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init", "--event", "QR1-AE", "--event", "QR1-GB5"]).exit_code == 0
    yield tmp_path


def _killed(monkeypatch: pytest.MonkeyPatch, module: object) -> None:
    """The next file swap dies as under SIGKILL: no cleanup runs, the temporary file stays."""

    def die(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(module, "replace", die)
    monkeypatch.setattr(module, "unlink", lambda *_: None)


def test_the_next_sync_removes_a_killed_syncs_temporary_files(league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = load_config(league)
    with monkeypatch.context() as patch:
        _killed(patch, xlsx.os)
        with pytest.raises(KeyboardInterrupt):
            run_sync(config, open_workbook(config))
    with monkeypatch.context() as patch:
        _killed(patch, exports.os)
        with pytest.raises(KeyboardInterrupt):
            exports.write_csv(config.exports, [Table.plain(Sheet("Leaderboard", ("Rank",), ((1,),)))])
    left = sorted(p.name for p in [*league.iterdir(), *config.exports.iterdir()] if p.name.endswith(".tmp"))
    assert len(left) == 2 and all(name.startswith((".league.xlsx.league-save-", ".league-export-")) for name in left)
    mine = [
        league / ".league.xlsx.backup.tmp",
        league / "notes.tmp",
        config.exports / "tmp1234.csv",
        config.exports / "league-export-x.tmp",
    ]
    for path in mine:
        path.write_text("mine", encoding="utf-8")
    assert run_sync(config, open_workbook(config)).code == 0
    assert not [p for p in [*league.iterdir(), *config.exports.iterdir()] if p.name in left]
    assert all(path.read_text(encoding="utf-8") == "mine" for path in mine), "only the tool's own names go"


def test_leftovers_stay_while_another_sync_holds_the_lock(league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = load_config(league)
    leftover = league / ".league.xlsx.league-save-abcd1234.tmp"
    leftover.write_bytes(b"PK")
    monkeypatch.setattr(locking, "LOCK_WAIT_SECONDS", 0.1)
    with FileLock(str(lock_file(config))), pytest.raises(WorkbookError):
        run_sync(config, open_workbook(config))
    assert leftover.exists(), "it may be the running sync's save in progress"
    run_sync(config, open_workbook(config))
    assert not leftover.exists()


def test_a_retyped_event_id_takes_its_old_export_with_it(league: Path) -> None:
    config = load_config(league)
    run_sync(config, open_workbook(config))
    assert (config.exports / "standings-qr1-gb5.csv").is_file()
    (config.exports / "my-standings.csv").write_text("mine", encoding="utf-8")
    (config.exports / "notes.csv").write_text("mine", encoding="utf-8")
    book = openpyxl.load_workbook(league / "league.xlsx")
    book["Events"]["A3"] = "QR1-GB6"
    book.save(league / "league.xlsx")
    result = run_sync(config, open_workbook(config))
    names = sorted(p.name for p in config.exports.iterdir())
    assert [n for n in names if n.endswith(".csv")] == sorted(
        ["leaderboard.csv", "standings-qr1-ae.csv", "standings-qr1-gb6.csv", "my-standings.csv", "notes.csv"]
    )
    assert not [n for n in names if "qr1-gb5" in n], "its images and caption go with it"
    assert "standings-qr1-gb6-1080x1350.png" in names
    assert sorted(p.name for p in result.exported if p.suffix == ".csv") == [
        "leaderboard.csv",
        "standings-qr1-ae.csv",
        "standings-qr1-gb6.csv",
    ]


def test_a_library_warning_is_one_line_without_a_source_path(league: Path) -> None:
    long_tab = "Results of the first qualifying round"
    book = openpyxl.load_workbook(league / "league.xlsx")
    with pytest.warns(UserWarning):
        book.create_sheet(long_tab)
    book.save(league / "league.xlsx")
    result = runner.invoke(app, ["check"])
    text = " ".join(result.output.split())
    assert "warning: Title is more than 31 characters" in text
    assert ".py:" not in text and "warnings.warn" not in text and os.sep + "openpyxl" not in text
    with pytest.warns(UserWarning):
        assert XlsxWorkbook(league / "league.xlsx").tab_names()[-1] == long_tab


def test_a_job_prints_nothing_and_tells_its_progress(league: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = load_config(league)
    seen: list[str] = []
    result = run_sync(config, open_workbook(config), dry_run=True, progress=seen.append)
    assert capsys.readouterr().out == ""
    assert seen[0].startswith("Reading") and result.preview and not result.exported

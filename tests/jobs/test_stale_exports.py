"""After a sync killed or failed midway, the next sync leaves the exports a clean run leaves, byte for byte; every
file is drawn again when anything it shows changes (standings, the league's name, an event's name)."""

from __future__ import annotations

import datetime as dt
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any

import pytest

from jobs import exports
from jobs.config import Config, load_config
from jobs.errors import ExitCode
from jobs.export_job import history_file
from jobs.sync_job import run_sync
from league.cells import Grid
from sync.memory import MemoryWorkbook
from tests.conftest import as_in_a_test
from tests.jobs.test_history_sync import T1, lift_someone, new_league

T2, T3 = T1 + dt.timedelta(days=1), T1 + dt.timedelta(days=2)


class Killed(BaseException):
    """A `kill -9` as the sync sees it: nothing after it runs, no handler catches it."""


def _files(config: Config) -> dict[str, bytes]:
    """Every file of the exports folder, by name."""
    return {p.name: p.read_bytes() for p in sorted(config.exports.iterdir())}


@dataclass(frozen=True)
class Changed:
    """A league synced at T1 whose results then changed (`folder`, `tabs`), and the files a clean sync of that
    change at T2 leaves."""

    folder: Path
    tabs: dict[str, Grid]
    clean: dict[str, bytes]

    def copy(self, folder: Path) -> tuple[Config, MemoryWorkbook]:
        """A copy of the changed league of its own (history and exports included), not yet synced at T2."""
        shutil.copytree(self.folder, folder)
        return load_config(folder), MemoryWorkbook(self.tabs)


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Changed]:
    """Built once for the module (each test syncs a copy of its own): two syncs of the demo league drawing every
    file, under the frozen clock and on one core as every test's syncs are."""
    root = tmp_path_factory.mktemp("changed")
    with as_in_a_test():
        clean, other = new_league(root / "clean"), new_league(root / "other")
        for config, book in (clean, other):
            run_sync(config, book, now=T1)
            lift_someone(book)
        run_sync(*clean, now=T2)
        yield Changed(root / "other", other[1].tabs, _files(clean[0]))


@pytest.mark.parametrize(
    "killed_at", ["leaderboard-1080x1350.png", "standings-qr2-gb5.txt", "league.html", exports.MANIFEST]
)
def test_a_sync_killed_while_exporting_is_made_whole_by_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, changed: Changed, killed_at: str
) -> None:
    """Killed after the history recorded the new standings, as the export swaps `killed_at` in: every rendered file
    goes through one loop of `write_files`, so one kill per place in it: at its first file, inside a group of files
    (some of the captions swapped in), between two groups (the page, every image and caption swapped in), and after
    every file, as the record of what they show is swapped in."""
    config, book = changed.copy(tmp_path / "killed")
    real = exports._atomic

    @contextmanager
    def atomic(path: Path, *args: Any, **kwargs: Any) -> Iterator[IO[Any]]:
        if path.name == killed_at:
            raise Killed
        with real(path, *args, **kwargs) as out:
            yield out

    with monkeypatch.context() as patch:
        patch.setattr(exports, "_atomic", atomic)
        with pytest.raises(Killed):
            run_sync(config, book, now=T2)
    assert run_sync(config, book, now=T3).code == ExitCode.INPUT_ERRORS
    assert _files(config) == changed.clean


def test_a_failed_export_is_made_whole_by_the_next_sync(tmp_path: Path, changed: Changed) -> None:
    config, book = changed.copy(tmp_path / "failed")
    blocker = config.exports / "standings-qr2-gb5.txt"  # a folder where a caption goes: its swap fails
    blocker.unlink()
    (blocker / "mine").mkdir(parents=True)
    assert run_sync(config, book, now=T2).code == ExitCode.EXPORTS_FAILED
    shutil.rmtree(blocker)
    run_sync(config, book, now=T3)
    assert _files(config) == changed.clean


def test_a_new_league_title_and_event_name_are_drawn_at_once(tmp_path: Path) -> None:
    """Neither changes the standings (the history adds nothing), yet every file showing them is drawn again, also
    after the files were deleted; all of them as a first sync with that title and name draws them."""
    (config, book), (clean, clean_book) = new_league(tmp_path / "renamed"), new_league(tmp_path / "clean")
    run_sync(config, book, now=T1)
    config, clean = _renamed(config, book), _renamed(clean, clean_book)
    run_sync(config, book, now=T2)
    run_sync(clean, clean_book, now=T1)
    drawn = _files(config)
    assert drawn == _files(clean)
    assert b"Grand Opening Night" in drawn["league.html"] and b"Metro Unmatched 2024" in drawn["leaderboard.txt"]
    for path in config.exports.iterdir():
        path.unlink()
    run_sync(config, book, now=T3)
    assert _files(config) == drawn


def _renamed(config: Config, book: MemoryWorkbook) -> Config:
    """The first event renamed in the Events tab, and the league given a title of its own in `[branding]`."""
    events = book.tabs["Events"]
    events[1][events[0].index("Name")] = "Grand Opening Night"
    return replace(config, branding=replace(config.branding, title="Metro Unmatched 2024"))


def test_a_new_history_draws_every_file_again(tmp_path: Path) -> None:
    """A damaged history moved aside (or a new demo): the standings are recorded again at this sync's time, and
    every file shows it, as a first sync draws them, even the images of tables that did not change."""
    (config, book), (clean, clean_book) = new_league(tmp_path / "moved"), new_league(tmp_path / "clean")
    run_sync(config, book, now=T1)
    history_file(config).rename(history_file(config).with_suffix(".damaged"))
    run_sync(config, book, now=T2)
    run_sync(clean, clean_book, now=T2)
    assert _files(config) == _files(clean)

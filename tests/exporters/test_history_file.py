"""The history file when it is not a healthy history: held by another process (wait, then say so: it passes),
damaged (say to move it aside) or another application's database (left as it is); the permissions a new one gets;
and the attempts a post leaves in it."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

import history
from history.database import SCHEMA, HistoryCorrupt, HistoryError, HistoryForeign, HistoryLocked
from history.snapshot import Snapshot
from history.store import Attempt
from jobs.config import load_config
from jobs.errors import ExitCode
from jobs.sync_job import run_sync
from league.demos.gl import build_demo
from league.sheet import LEADERBOARD_TAB
from sync.memory import MemoryWorkbook

WHEN = dt.datetime(2024, 9, 8, 21, 0, tzinfo=dt.UTC)


@pytest.fixture()
def path(tmp_path: Path, snapshot: Snapshot) -> Path:
    file = tmp_path / "league-history.sqlite"
    history.record(file, snapshot)
    return file


@pytest.fixture()
def held(path: Path) -> Iterator[sqlite3.Connection]:
    """Another process's connection holding the history in an exclusive transaction (a sync writing it)."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN EXCLUSIVE")
    yield other
    if other.in_transaction:
        other.rollback()
    other.close()


def _damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    damaged = {
        "truncated": data[: len(data) // 2],
        "header only": data[:100],
        "random": os.urandom(len(data)),
        "text": b"league history, typed over by hand\n" * 40,
    }
    path.write_bytes(damaged[how])


USES: dict[str, Callable[[Path], object]] = {
    "latest": history.latest,
    "entries": history.entries,
    "record": lambda p: history.record(p, Snapshot(WHEN, "f", "GL", ())),
}


@pytest.mark.parametrize("use", USES)
def test_a_locked_history_waits_then_says_to_try_again(
    path: Path, held: sqlite3.Connection, use: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history.database, "LOCK_WAIT", 0.3)
    started = time.monotonic()
    with pytest.raises(HistoryLocked) as failed:
        USES[use](path)
    assert 0.25 <= time.monotonic() - started < 5, "it waited for the lock, bounded"
    message = str(failed.value)
    assert "held by another process" in message and "try again when it has finished" in message
    assert "move it aside" not in message, "a passing lock is no reason to throw the history away"
    assert isinstance(failed.value, HistoryError), "callers catching HistoryError still catch it"


def test_a_lock_released_within_the_wait_is_waited_for(
    path: Path, held: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history.database, "LOCK_WAIT", 5.0)
    threading.Timer(0.2, held.rollback).start()
    latest = history.latest(path)
    assert latest is not None and latest.id == 1


@pytest.mark.parametrize("how", ["truncated", "header only", "random", "text"])
@pytest.mark.parametrize("use", USES)
def test_a_damaged_history_says_to_move_it_aside(path: Path, snapshot: Snapshot, how: str, use: str) -> None:
    for n in range(2, 40):  # enough pages that cutting the file in half loses some of them
        history.record(path, Snapshot(WHEN, f"f{n}", "GL", snapshot.tables[:1] * (n % 3 + 1)))
    _damage(path, how)
    with pytest.raises(HistoryCorrupt, match="move it aside to start a new one") as failed:
        USES[use](path)
    assert isinstance(failed.value, HistoryError) and "held by another process" not in str(failed.value)


def test_another_failure_is_neither_locked_nor_damaged(tmp_path: Path) -> None:
    folder = tmp_path / "history.sqlite"
    folder.mkdir()  # a folder where the file should be
    with pytest.raises(HistoryError) as failed:
        history.record(folder, Snapshot(WHEN, "f", "GL", ()))
    assert type(failed.value) is HistoryError and "move it aside" not in str(failed.value)


def test_a_post_is_in_doubt_from_before_it_is_sent_until_its_outcome_is_known(path: Path, snapshot: Snapshot) -> None:
    snap = history.latest(path)
    assert snap is not None and history.in_doubt(path, snap, "facebook") is None
    first = history.begin_post(path, snap, "facebook", WHEN)
    doubt = history.in_doubt(path, snap, "facebook")
    assert doubt is not None and (doubt.state, doubt.time, doubt.note) == (Attempt.SENDING, WHEN, "")
    history.end_post(path, first, Attempt.UNKNOWN, "the connection broke")
    assert history.in_doubt(path, snap, "facebook") == history.Doubt(WHEN, Attempt.UNKNOWN, "the connection broke")
    assert history.in_doubt(path, snap, "elsewhere") is None
    second = history.begin_post(path, snap, "facebook", WHEN)
    history.end_post(path, second, Attempt.FAILED, "refused")
    assert history.in_doubt(path, snap, "facebook") is not None, "a later refusal says nothing of the earlier post"
    history.record_post(path, snap, "facebook", "123_4", WHEN, history.begin_post(path, snap, "facebook", WHEN))
    assert history.posted(path, snap, "facebook") == "123_4"
    with sqlite3.connect(path) as db:
        states = [row[0] for row in db.execute("SELECT state FROM attempts ORDER BY id")]
    assert states == ["unknown", "failed", "posted"]


@pytest.mark.parametrize("umask", [0o002, 0o022, 0o077])
def test_a_new_history_follows_the_umask_as_the_exports_do(tmp_path: Path, umask: int) -> None:
    file = tmp_path / "league-history.sqlite"
    before = os.umask(umask)
    try:
        history.record(file, Snapshot(WHEN, "f", "GL", ()))
    finally:
        os.umask(before)
    assert file.stat().st_mode & 0o777 == 0o666 & ~umask
    assert history.latest(file) is not None


def _foreign(path: Path, script: str) -> bytes:
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript(script)
    return path.read_bytes()


FOREIGN = {
    "tables": "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); "
    "INSERT INTO customers (name) VALUES ('Ada');",
    "a table of the same name": "CREATE TABLE snapshots (id INTEGER); CREATE TABLE invoices (id INTEGER);",
    "marked, no tables yet": "PRAGMA application_id = 1196444487;",  # a GeoPackage's mark ("GPKG")
}


@pytest.mark.parametrize("kind", FOREIGN)
@pytest.mark.parametrize("use", USES)
def test_another_applications_database_is_refused_and_left_as_it_is(tmp_path: Path, kind: str, use: str) -> None:
    file = tmp_path / "shop.sqlite"
    before = _foreign(file, FOREIGN[kind])
    with pytest.raises(HistoryForeign) as failed:
        USES[use](file)
    message = str(failed.value)
    assert str(file) in message and "not a league history" in message and "`history` in league.toml" in message
    assert isinstance(failed.value, HistoryError) and "move it aside" not in message
    assert file.read_bytes() == before, "none of the history's tables added"


def test_a_history_made_before_the_mark_is_still_read(tmp_path: Path, snapshot: Snapshot) -> None:
    file = tmp_path / "league-history.sqlite"
    _foreign(file, SCHEMA)
    history.record(file, snapshot)
    assert [e.id for e in history.entries(file)] == [1]


def test_a_sync_whose_history_is_another_database_is_exit_5(tmp_path: Path) -> None:
    (tmp_path / "league.toml").write_text(
        'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\nhistory = "shop.sqlite"\n', encoding="utf-8"
    )
    config = load_config(tmp_path)
    demo = build_demo(config.ruleset, config.catalog)
    book = MemoryWorkbook(
        {s.name: [list(s.header), *(list(r) for r in s.rows)] for s in demo.sheets(config.ruleset, config.catalog)}
    )
    before = _foreign(tmp_path / "shop.sqlite", FOREIGN["tables"])
    result = run_sync(config, book, now=WHEN)
    assert result.code == ExitCode.EXPORTS_FAILED and str(tmp_path / "shop.sqlite") in result.export_problem
    assert book.read([LEADERBOARD_TAB]), "the workbook itself was synced"
    assert (tmp_path / "shop.sqlite").read_bytes() == before


def test_the_time_a_snapshot_will_be_stamped_is_the_time_it_is_recorded_with(
    tmp_path: Path, snapshot: Snapshot
) -> None:
    file = tmp_path / "league-history.sqlite"
    later = replace(snapshot, time=snapshot.time + dt.timedelta(hours=1))
    moved = replace(later, tables=later.tables[:1])

    def told(snap: Snapshot) -> dt.datetime:
        return history.stamped(file, snap)[0]

    assert told(snapshot) == snapshot.time and not file.exists(), "no history yet: its own time"
    assert told(snapshot) == history.record(file, snapshot)[0].time
    assert told(later) == snapshot.time == history.record(file, later)[0].time, "unchanged: kept"
    assert told(moved) == later.time == history.record(file, moved, history.stamped(file, moved)[1])[0].time
    assert not history.record(file, moved, history.stamped(file, moved)[1])[1], "its digest handed back: unchanged"

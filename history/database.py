"""The history's SQLite file: opened, told apart from another application's database, locked and damaged files
said as such; the tables every part of the history keeps."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS snapshots (
    id INTEGER PRIMARY KEY,
    time TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    digest TEXT NOT NULL,
    board_digest TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS posts (
    id INTEGER PRIMARY KEY,
    snapshot INTEGER NOT NULL REFERENCES snapshots(id),
    board_digest TEXT NOT NULL,
    target TEXT NOT NULL,
    post_id TEXT NOT NULL,
    time TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY,
    snapshot INTEGER NOT NULL REFERENCES snapshots(id),
    board_digest TEXT NOT NULL,
    target TEXT NOT NULL,
    state TEXT NOT NULL,
    time TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS brackets (
    event TEXT PRIMARY KEY,
    seeds TEXT NOT NULL,
    games TEXT NOT NULL,
    time TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS said (
    digest TEXT PRIMARY KEY,
    time TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    time TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    data TEXT NOT NULL
);
"""
APPLICATION_ID = 0x4C475545
"""`PRAGMA application_id` of a history ("LGUE"):
set in every history, so a file of another application is told apart."""
TABLES = frozenset(("snapshots", "posts", "attempts", "brackets", "games", "said"))
LOCK_WAIT = 10.0
"""Seconds to wait for another process (a sync, a publish) to release the history before giving up."""
_BUSY = {5, 6}
"""SQLITE_BUSY and SQLITE_LOCKED: another connection holds the file."""
_DAMAGED = {11, 26}
"""SQLITE_CORRUPT and SQLITE_NOTADB: the file is not (or no longer) a whole SQLite database."""


class HistoryError(Exception):
    """The history file can't be read or written (not an SQLite file, a read-only folder, held by another process)."""


class HistoryLocked(HistoryError):
    """Another process held the history for longer than LOCK_WAIT: it is fine, try again when that one is done."""


class HistoryCorrupt(HistoryError):
    """The history file is not an SQLite database, or a damaged one (truncated, overwritten)."""


class HistoryForeign(HistoryError):
    """The history file is an SQLite database of something else:
    it is left as it is, never given the history's tables."""


@contextmanager
def _open(path: Path) -> Iterator[sqlite3.Connection]:
    try:
        _create(path)
        with closing(sqlite3.connect(path, timeout=LOCK_WAIT)) as db, db:
            _claim(path, db)
            db.executescript(SCHEMA)
            yield db
    except sqlite3.Error as exc:
        raise _failure(path, exc) from None


def _create(path: Path) -> None:
    """Make a missing history file with the umask's permissions, as the exports are made: SQLite would make it 0644
    whatever the umask, shutting out the group that shares the league's folder. SQLite takes an empty file as a
    new database."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
    except FileExistsError:
        pass
    except OSError as exc:
        raise HistoryError(
            f"cannot make the history file {path} ({exc.strerror or exc}); check that its folder can be written"
        ) from None


def _claim(path: Path, db: sqlite3.Connection) -> None:
    """Refuse a database of another application before the history's tables are added to it; mark a new history
    as the tool's (a history made before the mark is told by its tables)."""
    own = int(db.execute("PRAGMA application_id").fetchone()[0])
    names = {
        str(row[0]) for row in db.execute("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite!_%' ESCAPE '!'")
    }
    if own not in (0, APPLICATION_ID) or names - TABLES:
        shown = f"it holds {', '.join(sorted(names - TABLES)[:5])}" if names - TABLES else f"application id {own:#x}"
        raise HistoryForeign(
            f"the history file {path} is a database of another application ({shown}), not a league "
            "history; it was left as it is: set `history` in league.toml to a file of its own"
        )
    if not names and own == 0:
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


@contextmanager
def _writing(path: Path) -> Iterator[sqlite3.Connection]:
    """The history open for a write, its folder made first if it is missing."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HistoryError(f"cannot make the folder of the history file {path} ({exc.strerror or exc})") from None
    with _open(path) as db:
        yield db


def _failure(path: Path, exc: sqlite3.Error) -> HistoryError:
    """The error for what SQLite said: only a damaged file is worth moving aside; a lock passes."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    if code in _BUSY:
        return HistoryLocked(
            f"the history file {path} is held by another process (a `league sync` or `league "
            f"publish`) for more than {LOCK_WAIT:g} s; try again when it has finished"
        )
    if code in _DAMAGED:
        return HistoryCorrupt(
            f"the history file {path} is damaged or not a history ({exc}); move it aside to start "
            "a new one (the standings are recorded again at the next sync)"
        )
    return HistoryError(
        f"the history file {path} can't be used ({exc}); check that it and its folder can be read and written"
    )


def unsaid(path: Path, lines: Sequence[str]) -> list[str]:
    """The `Sync Log` lines the history has not seen said yet (an answer a judge set aside is logged by one sync, not
    by each); all of them before the history's first sync."""
    if not lines or not path.is_file():
        return list(lines)
    with _open(path) as db:
        said = {str(row[0]) for row in db.execute("SELECT digest FROM said")}
    return [line for line in lines if _digest(line) not in said]


def keep_said(path: Path, lines: Sequence[str], when: dt.datetime) -> None:
    """Record that these `Sync Log` lines were said, so no later sync says them again."""
    if lines:
        with _writing(path) as db:
            db.executemany(
                "INSERT OR IGNORE INTO said (digest, time) VALUES (?, ?)",
                [(_digest(line), when.isoformat()) for line in lines],
            )


def _digest(line: str) -> str:
    return hashlib.sha256(line.encode()).hexdigest()

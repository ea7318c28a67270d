"""The league's history: an SQLite file with one snapshot per sync that changed the standings.

`Move` compares with the latest snapshot, every export renders from it, and publishing records
there which leaderboard was posted, so a sync that changes nothing adds nothing and posts nothing."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from exporters.snapshot import Snapshot, digest, from_json, to_json
from league.cells import as_text, name_key

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
"""


class HistoryError(Exception):
    """The history file can't be read or written (not an SQLite file, a read-only folder)."""


@dataclass(frozen=True)
class Entry:
    """One past sync as `league history` lists it."""

    id: int
    time: dt.datetime
    fingerprint: str
    competitors: int
    leader: str


@contextmanager
def _open(path: Path) -> Iterator[sqlite3.Connection]:
    try:
        with closing(sqlite3.connect(path)) as db, db:
            db.executescript(SCHEMA)
            yield db
    except sqlite3.Error as exc:
        raise HistoryError(f"the history file {path} can't be used ({exc}); move it aside to start a new one") from None


def record(path: Path, snapshot: Snapshot) -> tuple[Snapshot, bool]:
    """Store the snapshot unless its tables equal the latest one's; returns the latest and whether it was added."""
    new = digest(snapshot.tables)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HistoryError(f"cannot make the folder of the history file {path} ({exc.strerror or exc})") from None
    with _open(path) as db:
        row = db.execute("SELECT id, time, fingerprint, data, digest FROM snapshots ORDER BY id DESC LIMIT 1").fetchone()
        if row and row[4] == new:
            return from_json(row[3], row[0], _time(row[1]), row[2]), False
        board = digest(tuple(t for t in snapshot.tables if t is snapshot.leaderboard))
        cursor = db.execute("INSERT INTO snapshots (time, fingerprint, digest, board_digest, data) VALUES (?, ?, ?, ?, ?)",
                            (snapshot.time.isoformat(), snapshot.fingerprint, new, board, to_json(snapshot)))
        return replace(snapshot, id=int(cursor.lastrowid or 0)), True


def latest(path: Path) -> Snapshot | None:
    """The newest snapshot, or None before the first sync (no file yet is not an error)."""
    return at(path, None)


def at(path: Path, number: int | None) -> Snapshot | None:
    """Snapshot number `number` (1 is the first), or the newest when None."""
    if not path.is_file():
        return None
    with _open(path) as db:
        query = "SELECT id, time, fingerprint, data FROM snapshots "
        row = db.execute(query + ("WHERE id = ?" if number is not None else "ORDER BY id DESC LIMIT 1"),
                         (number,) if number is not None else ()).fetchone()
    return from_json(row[3], row[0], _time(row[1]), row[2]) if row else None


def entries(path: Path) -> list[Entry]:
    """Every stored sync, oldest first."""
    return [Entry(s.id, s.time, s.fingerprint, len(s.leaderboard.rows) if s.leaderboard else 0,
                  as_text(s.leaderboard.rows[0][1]) if s.leaderboard and s.leaderboard.rows else "")
            for s in _all(path)]


def ranks(path: Path, player: str) -> list[tuple[int, dt.datetime, str, str]]:
    """A competitor's leaderboard rank and move at each stored sync where they appear (names matched as readers match them)."""
    key, out = name_key(player), []
    for snap in _all(path):
        board = snap.leaderboard
        if board is None:
            continue
        move = board.header.index("Move") if "Move" in board.header else None
        for row in board.rows:
            if name_key(row[1]) == key:
                out.append((snap.id, snap.time, as_text(row[0]), as_text(row[move]) if move is not None else ""))
    return out


def _all(path: Path) -> list[Snapshot]:
    if not path.is_file():
        return []
    with _open(path) as db:
        rows = db.execute("SELECT id, time, fingerprint, data FROM snapshots ORDER BY id").fetchall()
    return [from_json(r[3], r[0], _time(r[1]), r[2]) for r in rows]


def posted(path: Path, snapshot: Snapshot, target: str) -> str | None:
    """The post id if this snapshot's leaderboard was already posted to `target`."""
    with _open(path) as db:
        row = db.execute("SELECT p.post_id FROM posts p JOIN snapshots s ON s.board_digest = p.board_digest "
                         "WHERE s.id = ? AND p.target = ?", (snapshot.id, target)).fetchone()
    return str(row[0]) if row else None


def record_post(path: Path, snapshot: Snapshot, target: str, post_id: str, when: dt.datetime) -> None:
    """Remember that this leaderboard was posted, so the same one is never posted twice."""
    with _open(path) as db:
        db.execute("INSERT INTO posts (snapshot, board_digest, target, post_id, time) "
                   "SELECT id, board_digest, ?, ?, ? FROM snapshots WHERE id = ?",
                   (target, post_id, when.isoformat(), snapshot.id))


def _time(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)

"""The league's history: an SQLite file with one snapshot per sync that changed the standings.

`Move` compares with the latest snapshot, every export renders from it, and publishing records
there which leaderboard was posted, so a sync that changes nothing adds nothing and posts nothing.
A post is recorded twice: as an attempt before it is sent, then with its id once Facebook gives one,
so a post whose outcome is not known is never sent again blind. Each playoff bracket is kept too: its seeds
and the games last typed for each of its matches, so a bracket tab nobody can scramble is drawn from them."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

from history.changes import what_changed
from history.database import HistoryError, _open, _writing
from history.snapshot import Snapshot, digest, from_json, standing, to_json
from league.cells import Cell, as_text, name_key
from league.pairing.bracket_model import Kept
from league.table import Role, Table


class Attempt(StrEnum):
    """Where a post stands in the `attempts` table."""

    SENDING = "sending"
    """Recorded before sending; still so when the run ended before the outcome, or could not record its post id."""
    UNKNOWN = "unknown"
    """Sent, but the answer was lost or unclear: the post may be on the Page."""
    FAILED = "failed"
    """Surely not posted (refused, or never sent)."""
    POSTED = "posted"
    """Posted; its id is in `posts`."""


UNRESOLVED = (Attempt.SENDING, Attempt.UNKNOWN)


@dataclass(frozen=True)
class Doubt:
    """An earlier post of a leaderboard whose outcome is not known: it may be on the Page."""

    time: dt.datetime
    """When it was about to be sent."""
    state: Attempt
    note: str
    """What went wrong, as the run that sent it reported it."""


@dataclass(frozen=True)
class Entry:
    """One past sync as `league history` lists it."""

    id: int
    time: dt.datetime
    fingerprint: str
    competitors: int
    leader: str
    changed: tuple[str, ...] = ()
    """What this sync changed against the one before it (`W1 round 3 paired`, `W1 a bracket game`)."""


def record(path: Path, snapshot: Snapshot, digested: str = "") -> tuple[Snapshot, bool]:
    """Store the snapshot unless its tables equal the latest one's; returns the latest and whether it was added.
    `digested`: the snapshot's digest, when `stamped` worked it out already."""
    new = digested or digest(snapshot.tables, standing(snapshot))
    with _writing(path) as db:
        row = db.execute(
            "SELECT id, time, fingerprint, data, digest FROM snapshots ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row and row[4] == new:
            return from_json(row[3], row[0], _time(row[1]), row[2]), False
        board = digest(tuple(t for t in snapshot.tables if t is snapshot.leaderboard))
        cursor = db.execute(
            "INSERT INTO snapshots (time, fingerprint, digest, board_digest, data) VALUES (?, ?, ?, ?, ?)",
            (snapshot.time.isoformat(), snapshot.fingerprint, new, board, to_json(snapshot)),
        )
        return replace(snapshot, id=int(cursor.lastrowid or 0)), True


def stamped(path: Path, snapshot: Snapshot) -> tuple[dt.datetime, str]:
    """The time `record` will give the snapshot, told without recording it: the latest one's when its tables are the
    same, else its own (a sync works out what it will draw before it writes, while nothing else records); and the
    snapshot's digest, for `record`."""
    new = digest(snapshot.tables, standing(snapshot))
    if not path.is_file():
        return snapshot.time, new
    with _open(path) as db:
        row = db.execute("SELECT time, digest FROM snapshots ORDER BY id DESC LIMIT 1").fetchone()
    return (_time(row[0]) if row and row[1] == new else snapshot.time), new


def latest(path: Path) -> Snapshot | None:
    """The newest snapshot, or None before the first sync (no file yet is not an error)."""
    return at(path, None)


def at(path: Path, number: int | None) -> Snapshot | None:
    """Snapshot number `number` (1 is the first), or the newest when None."""
    if not path.is_file():
        return None
    with _open(path) as db:
        query = "SELECT id, time, fingerprint, data FROM snapshots "
        row = db.execute(
            query + ("WHERE id = ?" if number is not None else "ORDER BY id DESC LIMIT 1"),
            (number,) if number is not None else (),
        ).fetchone()
    return from_json(row[3], row[0], _time(row[1]), row[2]) if row else None


def first_time(path: Path) -> dt.datetime | None:
    """When the first snapshot was taken, without reading any snapshot's tables (what files drawn from this history
    record as its origin); None before the first sync."""
    if not path.is_file():
        return None
    with _open(path) as db:
        row = db.execute("SELECT time FROM snapshots ORDER BY id LIMIT 1").fetchone()
    return _time(row[0]) if row else None


def entries(path: Path) -> list[Entry]:
    """Every stored sync, oldest first."""
    snaps = _all(path)
    return [
        Entry(
            s.id,
            s.time,
            s.fingerprint,
            len(s.leaderboard.rows) if s.leaderboard else 0,
            _leader(s.leaderboard),
            what_changed(snaps[i - 1] if i else None, s),
        )
        for i, s in enumerate(snaps)
    ]


def _leader(board: Table | None) -> str:
    name = board.find(Role.COMPETITOR) if board else None
    return as_text(board.rows[0][name]) if board and board.rows and name is not None else ""


def ranks(path: Path, player: str) -> list[tuple[int, dt.datetime, str, str]]:
    """A competitor's leaderboard rank and move at each stored sync
    where they appear (names matched as readers match them)."""
    key, out = name_key(player), []
    for snap in _all(path):
        board = snap.leaderboard
        if board is None:
            continue
        rank, name, move = (board.find(role) for role in (Role.RANK, Role.COMPETITOR, Role.MOVE))
        if rank is None or name is None:
            continue
        out += [
            (snap.id, snap.time, as_text(row[rank]), as_text(row[move]) if move is not None else "")
            for row in board.rows
            if name_key(row[name]) == key
        ]
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
        row = db.execute(
            "SELECT p.post_id FROM posts p JOIN snapshots s ON s.board_digest = p.board_digest "
            "WHERE s.id = ? AND p.target = ?",
            (snapshot.id, target),
        ).fetchone()
    return str(row[0]) if row else None


def board_digest(path: Path, snapshot: Snapshot) -> str:
    """The digest the ledger knows this snapshot's leaderboard by (`posted` matches posts on it): a post keyed so is
    that leaderboard's, whichever way it was posted."""
    with _open(path) as db:
        row = db.execute("SELECT board_digest FROM snapshots WHERE id = ?", (snapshot.id,)).fetchone()
    if row is None:
        raise HistoryError(f"the history file {path} has no snapshot #{snapshot.id}; run `league sync` again")
    return str(row[0])


def in_doubt(path: Path, snapshot: Snapshot, target: str) -> Doubt | None:
    """The latest post of this snapshot's leaderboard to `target` whose outcome is not known, if any."""
    with _open(path) as db:
        row = db.execute(
            "SELECT a.time, a.state, a.note FROM attempts a JOIN snapshots s ON s.board_digest = a.board_digest "
            f"WHERE s.id = ? AND a.target = ? AND a.state IN ({', '.join('?' * len(UNRESOLVED))}) "
            "ORDER BY a.id DESC LIMIT 1",
            (snapshot.id, target, *UNRESOLVED),
        ).fetchone()
    return Doubt(_time(row[0]), Attempt(row[1]), str(row[2])) if row else None


def begin_post(path: Path, snapshot: Snapshot, target: str, when: dt.datetime) -> int:
    """Record, before sending, that this leaderboard is being posted; returns the attempt's number for `end_post`.
    Until the attempt ends, `in_doubt` reports it: a run that stops midway leaves it so."""
    with _open(path) as db:
        cursor = db.execute(
            "INSERT INTO attempts (snapshot, board_digest, target, state, time) "
            "SELECT id, board_digest, ?, ?, ? FROM snapshots WHERE id = ?",
            (target, Attempt.SENDING, when.isoformat(), snapshot.id),
        )
        return int(cursor.lastrowid or 0)


def end_post(path: Path, attempt: int, state: Attempt, note: str = "") -> None:
    """Record how an attempt ended when no post id came back: FAILED (not posted) or UNKNOWN (it may be)."""
    with _open(path) as db:
        db.execute("UPDATE attempts SET state = ?, note = ? WHERE id = ?", (state, note, attempt))


def record_post(
    path: Path, snapshot: Snapshot, target: str, post_id: str, when: dt.datetime, attempt: int | None = None
) -> None:
    """Remember that this leaderboard was posted, so the same one is never posted twice; the attempt ends with it."""
    with _open(path) as db:
        db.execute(
            "INSERT INTO posts (snapshot, board_digest, target, post_id, time) "
            "SELECT id, board_digest, ?, ?, ? FROM snapshots WHERE id = ?",
            (target, post_id, when.isoformat(), snapshot.id),
        )
        if attempt is not None:
            db.execute("UPDATE attempts SET state = ? WHERE id = ?", (Attempt.POSTED, attempt))


def _time(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


def brackets(path: Path) -> dict[str, Kept]:
    """Event id (folded) -> its bracket as kept; empty before the first bracket (no file yet is not an error)."""
    if not path.is_file():
        return {}
    with _open(path) as db:
        rows = db.execute("SELECT event, seeds, games FROM brackets").fetchall()
    return {
        str(event): Kept(
            tuple(json.loads(seeds)),
            {(int(r), int(m), str(a), str(b)): (ga, gb) for r, m, a, b, ga, gb in json.loads(games)},
        )
        for event, seeds, games in rows
    }


def keep_bracket(path: Path, event: str, kept: Kept, when: dt.datetime) -> None:
    """Keep an event's bracket (its seeds and every match's games), replacing what was kept for that event."""
    games = [[*key, _cell(a), _cell(b)] for key, (a, b) in sorted(kept.games.items())]
    with _writing(path) as db:
        db.execute(
            "INSERT OR REPLACE INTO brackets (event, seeds, games, time) VALUES (?, ?, ?, ?)",
            (
                event.casefold(),
                json.dumps(list(kept.seeds), ensure_ascii=False),
                json.dumps(games, ensure_ascii=False),
                when.isoformat(),
            ),
        )


def _cell(value: Cell) -> Cell:
    """A typed game count as JSON keeps it: numbers and text as they are, anything else (a date) as its text."""
    return value if value is None or isinstance(value, (int, float, str)) else as_text(value)


@dataclass(frozen=True)
class KeptGames:
    """The counted games of the latest sync, for `league stats` (`league.stats.Sides` as JSON)."""

    time: dt.datetime
    fingerprint: str
    data: str


def keep_games(path: Path, games: KeptGames) -> None:
    """Keep the latest sync's counted games, replacing the last ones kept."""
    with _writing(path) as db:
        db.execute(
            "INSERT OR REPLACE INTO games (id, time, fingerprint, data) VALUES (1, ?, ?, ?)",
            (games.time.isoformat(), games.fingerprint, games.data),
        )


def kept_games(path: Path) -> KeptGames | None:
    """The games the latest sync kept; None before (no file yet is not an error)."""
    if not path.is_file():
        return None
    with _open(path) as db:
        row = db.execute("SELECT time, fingerprint, data FROM games WHERE id = 1").fetchone()
    return KeptGames(_time(row[0]), row[1], row[2]) if row else None


def table_posted(path: Path, table_digest: str, target: str) -> str | None:
    """The post id if a table other than the leaderboard (the stats chart) with this digest was posted to `target`."""
    with _open(path) as db:
        row = db.execute(
            "SELECT post_id FROM posts WHERE board_digest = ? AND target = ?", (table_digest, target)
        ).fetchone()
    return str(row[0]) if row else None


def table_in_doubt(path: Path, table_digest: str, target: str) -> Doubt | None:
    """The latest post of that table to `target` whose outcome is not known, if any."""
    with _open(path) as db:
        row = db.execute(
            f"SELECT time, state, note FROM attempts WHERE board_digest = ? AND target = ? AND state IN "
            f"({', '.join('?' * len(UNRESOLVED))}) ORDER BY id DESC LIMIT 1",
            (table_digest, target, *UNRESOLVED),
        ).fetchone()
    return Doubt(_time(row[0]), Attempt(row[1]), str(row[2])) if row else None


def begin_table_post(path: Path, snapshot: Snapshot, table_digest: str, target: str, when: dt.datetime) -> int:
    """Record, before sending, that the table is being posted (with the latest snapshot); its number for `end_post`."""
    with _open(path) as db:
        cursor = db.execute(
            "INSERT INTO attempts (snapshot, board_digest, target, state, time) VALUES (?, ?, ?, ?, ?)",
            (snapshot.id, table_digest, target, Attempt.SENDING, when.isoformat()),
        )
        return int(cursor.lastrowid or 0)


def record_table_post(
    path: Path, snapshot: Snapshot, table_digest: str, target: str, post_id: str, when: dt.datetime, attempt: int
) -> None:
    """Remember that the table was posted, so the same one is never posted twice; the attempt ends with it."""
    with _open(path) as db:
        db.execute(
            "INSERT INTO posts (snapshot, board_digest, target, post_id, time) VALUES (?, ?, ?, ?, ?)",
            (snapshot.id, table_digest, target, post_id, when.isoformat()),
        )
        db.execute("UPDATE attempts SET state = ? WHERE id = ?", (Attempt.POSTED, attempt))

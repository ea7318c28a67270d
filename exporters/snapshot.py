"""What the exports render from: the standings tables of one sync, with the league's events."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass

from league.cells import Cell, Grid
from league.sheet import LEADERBOARD_TAB, STANDINGS_PREFIX, Sheet


@dataclass(frozen=True)
class EventInfo:
    """An event as the exports name it: the caption's next event, the title of its standings."""

    id: str
    name: str
    date: str
    """YYYY-MM-DD, or empty when the Events tab has no date for it."""
    venue: str


@dataclass(frozen=True)
class Snapshot:
    """The standings tables of a sync that changed them: the history keeps one per change."""

    time: dt.datetime
    """When the standings took this shape (UTC)."""
    fingerprint: str
    """The input fingerprint of that sync, as in the `Sync Log`."""
    title: str
    """The league's name."""
    tables: tuple[Sheet, ...]
    """The leaderboard and each event's standings, as written to the workbook."""
    events: tuple[EventInfo, ...] = ()
    id: int = 0
    """Its number in the history (1, 2, ...); 0 before it is stored."""

    def table(self, name: str) -> Sheet | None:
        """The table of that tab name, if this sync wrote one."""
        return next((t for t in self.tables if t.name == name), None)

    @property
    def leaderboard(self) -> Sheet | None:
        return self.table(LEADERBOARD_TAB)

    def event_title(self, sheet: Sheet) -> str:
        """An event's standings are titled by its name and date; the leaderboard is the "Leaderboard"."""
        if sheet.name == LEADERBOARD_TAB:
            return "Leaderboard"
        event_id = sheet.name.removeprefix(STANDINGS_PREFIX)
        info = next((e for e in self.events if e.id == event_id), None)
        if info is None:
            return event_id
        return " · ".join(p for p in (info.name or info.id, info.date) if p)


def shown_tables(sheets: tuple[Sheet, ...] | list[Sheet]) -> tuple[Sheet, ...]:
    """The tables the exports show, leaderboard first: the league table and each event's standings."""
    board = [s for s in sheets if s.name == LEADERBOARD_TAB]
    return (*board, *(s for s in sheets if s.name.startswith(STANDINGS_PREFIX)))


def digest(sheets: tuple[Sheet, ...]) -> str:
    """A hash of the tables' content: equal digests mean a sync changed nothing anyone would see."""
    data = [[s.name, list(s.header), [list(r) for r in s.rows]] for s in sheets]
    return hashlib.sha256(json.dumps(data, ensure_ascii=False, default=str).encode()).hexdigest()


def as_grid(sheet: Sheet) -> Grid:
    """A table as the rows of a tab (header first), as the workbook holds it."""
    return [list(sheet.header), *(list(row) for row in sheet.rows)]


def to_json(snapshot: Snapshot) -> str:
    """The snapshot as the history stores it."""
    return json.dumps({
        "title": snapshot.title,
        "tables": [{"name": s.name, "header": list(s.header), "rows": [list(r) for r in s.rows],
                    "formats": [list(f) for f in s.number_formats]} for s in snapshot.tables],
        "events": [[e.id, e.name, e.date, e.venue] for e in snapshot.events],
    }, ensure_ascii=False, default=str)


def from_json(text: str, id: int, time: dt.datetime, fingerprint: str) -> Snapshot:
    """A stored snapshot read back."""
    data = json.loads(text)
    tables = tuple(Sheet(t["name"], tuple(t["header"]), tuple(tuple(_cell(c) for c in r) for r in t["rows"]),
                         number_formats=tuple((int(c), str(p)) for c, p in t["formats"])) for t in data["tables"])
    events = tuple(EventInfo(*map(str, e)) for e in data["events"])
    return Snapshot(time, fingerprint, str(data["title"]), tables, events, id)


def _cell(value: object) -> Cell:
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)

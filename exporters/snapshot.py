"""What the exports render from: the standings tables of one sync, with the league's events."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from league.cells import Cell, Grid
from league.lifecycle import EventState, Phase, league_status
from league.sheet import LEADERBOARD_TAB, STANDINGS_PREFIX, Sheet
from league.table import Column, Display, Role, Table


@dataclass(frozen=True)
class EventInfo:
    """An event as the exports name it: the caption's next event, the title of its standings."""

    id: str
    name: str
    date: str
    """YYYY-MM-DD, or empty when the Events tab has no date for it."""
    venue: str
    stands: str = ""
    """Where its standings stand: `after round 2 of 4`, `Final standings`; empty before its first round (and in
    history files written before snapshots carried it)."""
    champion: str = ""
    """Its champion once it is complete (the bracket's winner, or the one competitor ranked first)."""


@dataclass(frozen=True)
class Snapshot:
    """The standings tables of a sync that changed them: the history keeps one per change."""

    time: dt.datetime
    """When the standings took this shape (UTC)."""
    fingerprint: str
    """The input fingerprint of that sync, as in the `Sync Log`."""
    title: str
    """The league's name."""
    tables: tuple[Table, ...]
    """The leaderboard and each event's standings, as written to the workbook."""
    events: tuple[EventInfo, ...] = ()
    id: int = 0
    """Its number in the history (1, 2, ...); 0 before it is stored."""
    stands: str = ""
    """Where the league stands: `after W2, 1 of 3 events complete`, `Final standings`; empty before any round."""
    worked: dict[tuple[str, str], Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """What the exports work out once per table (its board, the digest of its rows), since a sync draws every format
    of the same tables: keyed by (what, tab name)."""

    def table(self, name: str) -> Table | None:
        """The table of that tab name, if this sync wrote one."""
        return next((t for t in self.tables if t.name == name), None)

    @property
    def leaderboard(self) -> Table | None:
        return self.table(LEADERBOARD_TAB)

    def event_info(self, sheet: Sheet) -> EventInfo | None:
        """The event whose standings the table holds; None for the leaderboard or an event no longer listed."""
        event_id = sheet.name.removeprefix(STANDINGS_PREFIX)
        if sheet.name == LEADERBOARD_TAB or not sheet.name.startswith(STANDINGS_PREFIX):
            return None
        return next((e for e in self.events if e.id == event_id), None)

    def event_title(self, sheet: Sheet) -> str:
        """An event's standings are titled by its name and date; the leaderboard is the "Leaderboard"."""
        if sheet.name == LEADERBOARD_TAB:
            return "Leaderboard"
        info = self.event_info(sheet)
        if info is None:
            return sheet.name.removeprefix(STANDINGS_PREFIX)
        return " · ".join(p for p in (info.name or info.id, info.date) if p)


def event_stands(state: EventState | None) -> tuple[str, str]:
    """(where an event's standings stand, its champion) as the exports say it; nothing before its first round,
    since an event whose results carry no round numbers has standings without a phase."""
    if state is None or state.phase is Phase.NOT_STARTED:
        return "", ""
    return state.text, state.champion if state.phase is Phase.COMPLETE else ""


def league_stands(states: Sequence[EventState]) -> str:
    """Where the league stands, for the leaderboard: `after W2, 1 of 3 events complete` once W2 is, `W3 after round
    2 of 4, 2 of 3 events complete` while W3 is under way, `Final standings`; a league of one event stands where its
    event does. `states` in the order the events are played (the last one with a round names where the league is)."""
    started = [s for s in states if s.paired]
    if not started:
        return ""
    if len(states) == 1:
        return states[0].text
    status, last = league_status(states), started[-1]
    if status == "complete":
        return "Final standings"
    return f"after {last.event}, {status}" if last.complete else f"{last.event} {last.text}, {status}"


def shown_tables(sheets: tuple[Sheet, ...] | list[Sheet]) -> tuple[Table, ...]:
    """The tables the exports show, leaderboard first: the league table and each event's standings."""
    tables = [s for s in sheets if isinstance(s, Table)]
    board = [t for t in tables if t.name == LEADERBOARD_TAB]
    return (*board, *(t for t in tables if t.name.startswith(STANDINGS_PREFIX)))


def digest(sheets: tuple[Sheet, ...], stands: object = ()) -> str:
    """A hash of the tables' content (and where the events stand, when given): equal digests mean a sync changed
    nothing anyone would see."""
    data = [[s.name, list(s.header), [list(r) for r in s.rows]] for s in sheets]
    return hashlib.sha256(json.dumps([data, stands] if stands else data, ensure_ascii=False, default=str).encode()).hexdigest()


def standing(snapshot: Snapshot) -> list[object]:
    """Where the league and each event stand, as the exports say it: a snapshot whose tables are unchanged but
    whose playoffs moved on (the final now under way) is new to `league export` and `league publish`."""
    return [snapshot.stands, [[e.id, e.stands, e.champion] for e in snapshot.events]]


def as_grid(sheet: Sheet) -> Grid:
    """A table as the rows of a tab (header first), as the workbook holds it."""
    return [list(sheet.header), *(list(row) for row in sheet.rows)]


def to_json(snapshot: Snapshot) -> str:
    """The snapshot as the history stores it."""
    return json.dumps({
        "title": snapshot.title,
        "tables": [{"name": t.name, "columns": [[c.label, c.role.value, c.display.value] for c in t.columns],
                    "rows": [list(r) for r in t.rows]} for t in snapshot.tables],
        "events": [[e.id, e.name, e.date, e.venue, e.stands, e.champion] for e in snapshot.events],
        "stands": snapshot.stands,
    }, ensure_ascii=False, default=str)


def from_json(text: str, id: int, time: dt.datetime, fingerprint: str) -> Snapshot:
    """A stored snapshot read back."""
    data = json.loads(text)
    tables = tuple(Table.of(t["name"], _columns(t), tuple(tuple(_cell(c) for c in r) for r in t["rows"])) for t in data["tables"])
    events = tuple(EventInfo(*map(str, e[:6])) for e in data["events"])  # older files: id, name, date and venue only
    return Snapshot(time, fingerprint, str(data["title"]), tables, events, id, str(data.get("stands", "")))


def _cell(value: object) -> Cell:
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def _columns(stored: dict[str, Any]) -> tuple[Column, ...]:
    """A stored table's typed columns; history files written before tables carried them hold a header and
    number patterns, read here as the tool wrote them then."""
    if "columns" in stored:
        return tuple(Column(str(label), Role(role), Display(display)) for label, role, display in stored["columns"])
    header = [str(h) for h in stored["header"]]
    patterns = {int(c): str(p) for c, p in stored["formats"]}
    board = stored["name"] == LEADERBOARD_TAB
    score = next((i for i, h in enumerate(header) if h.startswith("Total ")), 2) if board else 2
    shown = {"0.00%": Display.PERCENT, "0": Display.WHOLE, "0.0000": Display.DECIMAL}

    def column(i: int, label: str) -> Column:
        if i in patterns:
            role = Role.MOVE if label == "Move" else Role.TIEBREAKER
            return Column(label, role, Display.MOVE if role is Role.MOVE else shown.get(patterns[i], Display.DECIMAL))
        fixed = {0: Role.RANK, 1: Role.COMPETITOR, score: Role.SCORE}
        role = fixed.get(i) or {"Prize": Role.PRIZE, "Note": Role.NOTE, "Matches": Role.COUNT, "Record": Role.COUNT,
                                "Losses": Role.COUNT}.get(label, Role.PART if board and 1 < i < score else Role.OTHER)
        return Column(label, role, Display.NUMBER if role in (Role.RANK, Role.SCORE, Role.PART) else Display.TEXT)
    return tuple(column(i, label) for i, label in enumerate(header))

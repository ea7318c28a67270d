"""A snapshot of one sync's standings as the history keeps it: the tables, the events' and the season's states and
every line as placed, and how they are stored (older files still open)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from league.cells import Cell
from league.lifecycle import EventState, SeasonState
from league.outcome import Award, Mark, Placing, Reached, plain_placings
from league.pairing.bracket_model import BracketMatch, Finish, Playoff
from league.rules.ruleset import Follows
from league.sheet import LEADERBOARD_TAB, STANDINGS_PREFIX, Sheet
from league.table import Column, CutZone, Display, Role, Table


@dataclass(frozen=True)
class EventInfo:
    """An event as the exports name it: the caption's next event, the title of its standings, where it stands."""

    id: str
    name: str
    date: str
    """YYYY-MM-DD, or empty when the Events tab has no date for it."""
    venue: str
    state: EventState | None = None
    """How far it has come; None in history files written before snapshots carried it."""

    @property
    def champion(self) -> str:
        """Its champion once it is final."""
        return self.state.winner if self.state else ""


@dataclass(frozen=True)
class Snapshot:
    """The standings of a sync that changed them, as typed records: the history keeps one per change."""

    time: dt.datetime
    """When the standings took this shape (UTC)."""
    fingerprint: str
    """The input fingerprint of that sync, as in the `Sync Log`."""
    title: str
    """The league's name."""
    tables: tuple[Table, ...]
    """The leaderboard and each event's standings, as written to the workbook (the figures the exports show)."""
    events: tuple[EventInfo, ...] = ()
    id: int = 0
    """Its number in the history (1, 2, ...); 0 before it is stored."""
    season: SeasonState | None = None
    """Where the league's season stands; None in history files written before snapshots carried it."""
    placings: Mapping[str, tuple[Placing, ...]] = field(default_factory=dict)
    """Tab name -> its lines as placed (marks, prizes, playoff finishes, the cut), in the table's row order."""
    brackets: Mapping[str, Playoff] = field(default_factory=dict)
    """Event id -> its bracket as drawn (seeds, matches, games, winners): what the bracket images, the page and the
    posters draw its tree from."""
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

    @property
    def played(self) -> list[EventState]:
        """The events' states in the order they are played (by date, then as listed)."""
        dated = sorted(enumerate(self.events), key=lambda p: (p[1].date or "9999", p[0]))
        return [e.state for _, e in dated if e.state is not None]


def shown_tables(sheets: tuple[Sheet, ...] | list[Sheet]) -> tuple[Table, ...]:
    """The tables the exports show, leaderboard first: the league table and each event's standings."""
    tables = [s for s in sheets if isinstance(s, Table)]
    board = [t for t in tables if t.name == LEADERBOARD_TAB]
    return (*board, *(t for t in tables if t.name.startswith(STANDINGS_PREFIX)))


def digest(sheets: tuple[Sheet, ...], stands: object = ()) -> str:
    """A hash of the tables' content (and where the events stand, when given): equal digests mean a sync changed
    nothing anyone would see."""
    data = [[s.name, list(s.header), [list(r) for r in s.rows]] for s in sheets]
    return hashlib.sha256(
        json.dumps([data, stands] if stands else data, ensure_ascii=False, default=str).encode()
    ).hexdigest()


def standing(snapshot: Snapshot) -> list[object]:
    """Where the league and each event stand, as typed values: a snapshot whose tables are unchanged but whose
    playoffs moved on (the final now under way) is new to `league export` and `league publish`."""
    return [
        asdict(snapshot.season) if snapshot.season else None,
        [[e.id, asdict(e.state) if e.state else None] for e in snapshot.events],
        {name: [stored_placing(p) for p in lines] for name, lines in sorted(snapshot.placings.items())},
        *([{event: stored_playoff(p) for event, p in sorted(snapshot.brackets.items())}] if snapshot.brackets else []),
    ]


def to_json(snapshot: Snapshot) -> str:
    """The snapshot as the history stores it."""
    return json.dumps(
        {
            "title": snapshot.title,
            "tables": [
                {
                    "name": t.name,
                    "columns": [[c.label, c.role.value, c.display.value] for c in t.columns],
                    "rows": [list(r) for r in t.rows],
                }
                for t in snapshot.tables
            ],
            "events": [[e.id, e.name, e.date, e.venue] for e in snapshot.events],
            "states": {e.id: asdict(e.state) for e in snapshot.events if e.state},
            "season": asdict(snapshot.season) if snapshot.season else None,
            "placings": {name: [stored_placing(p) for p in lines] for name, lines in snapshot.placings.items()},
            "brackets": {event: stored_playoff(p) for event, p in snapshot.brackets.items()},
        },
        ensure_ascii=False,
        default=str,
    )


def from_json(text: str, id: int, time: dt.datetime, fingerprint: str) -> Snapshot:
    """A stored snapshot read back; one written before snapshots carried typed states and lines opens with its tables,
    its lines placed as its rows stand (no marks or prizes) and no state."""
    data = json.loads(text)
    tables = tuple(
        Table.of(t["name"], _columns(t), tuple(tuple(_cell(c) for c in r) for r in t["rows"])) for t in data["tables"]
    )
    states = {str(k): EventState(**v) for k, v in (data.get("states") or {}).items()}
    events = tuple(EventInfo(str(e[0]), str(e[1]), str(e[2]), str(e[3]), states.get(str(e[0]))) for e in data["events"])
    season = SeasonState(**data["season"]) if data.get("season") else None
    placings = {
        str(name): tuple(_placing(p) for p in lines) for name, lines in (data.get("placings") or {}).items()
    } or {t.name: plain_placings(t) for t in tables}
    brackets = {str(event): _playoff(p) for event, p in (data.get("brackets") or {}).items()}
    return Snapshot(time, fingerprint, str(data["title"]), tables, events, id, season, placings, brackets)


def stored_placing(p: Placing) -> list[object]:
    """A line as the history stores it: a flat list, in `Placing`'s field order (a 2,000-player league has 6,000 lines
    a sync; `dataclasses.asdict` took 0.6 s of them)."""
    reached = (
        [p.reached.round, p.reached.rounds, p.reached.won, p.reached.out, p.reached.beaten_by] if p.reached else None
    )
    return [
        p.key,
        p.name,
        p.rank,
        p.swiss_rank,
        reached,
        [m.value for m in p.marks],
        [[a.prize, a.follows.value, a.awarded, a.undecided] for a in p.awards],
        p.cut.value if p.cut else None,
        list(p.tie),
    ]


def _placing(stored: list[Any]) -> Placing:
    key, name, rank, swiss_rank, reached, marks, awards, cut, tie = stored
    return Placing(
        key,
        name,
        rank,
        swiss_rank,
        Reached(*reached) if reached else None,
        tuple(Mark(m) for m in marks),
        tuple(Award(prize, Follows(follows), awarded, undecided) for prize, follows, awarded, undecided in awards),
        CutZone(cut) if cut else None,
        tuple(tie),
    )


def stored_playoff(p: Playoff) -> list[object]:
    """A bracket as the history stores it: flat lists, in `Playoff`'s and `BracketMatch`'s field order."""
    return [
        list(p.seeds),
        p.rounds,
        p.champion,
        {key: [f.name, f.out_in, f.beaten_by] for key, f in p.finishes.items()},
        [
            [m.row, m.round, m.match, m.best_of, m.a, m.b, list(m.games) if m.games else None, m.winner]
            for m in p.matches
        ],
    ]


def _playoff(stored: list[Any]) -> Playoff:
    seeds, rounds, champion, finishes, matches = stored
    return Playoff(
        tuple(seeds),
        int(rounds),
        str(champion),
        {str(key): Finish(str(name), out_in, str(by)) for key, (name, out_in, by) in finishes.items()},
        tuple(
            BracketMatch(row, number, match, best_of, a, b, (games[0], games[1]) if games else None, winner)
            for row, number, match, best_of, a, b, games, winner in matches
        ),
    )


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
        role = fixed.get(i) or {
            "Prize": Role.PRIZE,
            "Note": Role.NOTE,
            "Matches": Role.COUNT,
            "Record": Role.COUNT,
            "Losses": Role.COUNT,
        }.get(label, Role.PART if board and 1 < i < score else Role.OTHER)
        return Column(label, role, Display.NUMBER if role in (Role.RANK, Role.SCORE, Role.PART) else Display.TEXT)

    return tuple(column(i, label) for i, label in enumerate(header))

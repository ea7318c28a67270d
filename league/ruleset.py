"""Rulesets: a league format as data, checked once into a frozen record."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from typing import Any

from league.cells import name_key


class RulesetError(Exception):
    """A ruleset file is wrong; the message names the file and the key."""


class Kind(StrEnum):
    """What a results row records, whatever word the ruleset lets judges type for it."""

    PLAYED = "played"
    FORFEIT = "forfeit"
    BYE = "bye"
    DQ = "dq"


class Status(StrEnum):
    """A competitor's standing in an event's registration."""

    ACTIVE = "active"
    DROPPED = "dropped"
    DQ = "dq"


@dataclass(frozen=True)
class Registration:
    """The registration tab: who plays in which event, with which roster."""

    tab: str
    """Tab name, e.g. `Players`."""
    name: str
    """Header of the competitor's name."""
    event: str
    """Header of the event id."""
    status: str
    """Header of the status (empty, Dropped, DQ)."""
    roster: tuple[str, ...] = ()
    """Headers of the roster entries (fighters); empty when the format has no roster."""
    roster_label: str = "piece"
    """What one roster entry is called in messages."""
    roster_distinct: bool = True
    """Roster entries must all differ."""
    one_event_per_stage: bool = True
    """A competitor may register for only one event of each stage."""


@dataclass(frozen=True)
class Results:
    """The results tab of every event: headers, with `{side}` standing for A or B."""

    round: str
    table: str
    competitor: str
    piece: str
    figures: Mapping[str, str]
    """Per-side numbers by name, e.g. `health -> "Health {side}"`."""
    venue_item: str
    """Header of the map (or board) played on; empty if the format has none."""
    winner: str
    result: str
    kinds: Mapping[str, Kind]
    """Result words as judges should type them (matched ignoring case) to what they mean."""
    order: tuple[str, ...]
    """Every header in the order `league init` writes them."""
    sides: tuple[str, ...] = ("A", "B")

    def side_header(self, template: str, side: str) -> str:
        """A per-side header such as `Player A`."""
        return template.replace("{side}", side)


@dataclass(frozen=True)
class Health:
    """Remaining-health figures and what a played match implies for them."""

    remaining: str
    starting: str
    loser_at_zero: bool = True


@dataclass(frozen=True)
class Score:
    """Points per match outcome; the score is their sum."""

    label: str
    points: Mapping[str, Fraction]
    """Points for `win`, `draw`, `loss` and `bye`."""


@dataclass(frozen=True)
class Tiebreaker:
    """One named measure from the tiebreaker registry, with its settings."""

    name: str
    label: str
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Ban:
    """A banned set, piece or map, optionally only for events in a date window."""

    what: str
    """`set`, `piece` or `map`."""
    name: str
    since: dt.date | None = None
    """First event date the ban applies to (inclusive)."""
    before: dt.date | None = None
    """Events on or after this date are not affected."""

    def applies(self, day: dt.date | None) -> bool:
        """Whether the ban is in force for an event on `day` (undated events: always)."""
        if day is None:
            return True
        return (self.since is None or day >= self.since) and (self.before is None or day < self.before)


@dataclass(frozen=True)
class Prize:
    """A prize for a range of ranks, or for everyone who played enough matches."""

    name: str
    ranks: tuple[int, int] | None = None
    min_played: int | None = None


@dataclass(frozen=True)
class Ruleset:
    """A whole league format: tabs, limits, score, tiebreakers, bans and prizes."""

    name: str
    title: str
    source: str
    """Where the ruleset came from (preset name or file path), for messages."""
    competitor: str
    competitors: str
    registration: Registration
    results: Results
    rounds: int
    matches_per_round: int
    statuses: Mapping[str, Status]
    score: Score
    tiebreakers: tuple[Tiebreaker, ...]
    bans: tuple[Ban, ...] = ()
    event_prizes: tuple[Prize, ...] = ()
    league_prizes: tuple[Prize, ...] = ()
    penalty_kinds: tuple[str, ...] = ()
    penalty_ends_event: tuple[str, ...] = ()
    health: Health | None = None
    catalog: str = ""
    no_rematch_from: int | None = None
    """In an event with at least this many competitors, nobody should meet the same opponent twice."""
    spread_byes: bool = False
    """No competitor gets a second bye before every competitor of the event has had one."""

    @cached_property
    def _kinds(self) -> dict[str, Kind]:
        return {name_key(w): k for w, k in self.results.kinds.items()}

    @cached_property
    def _statuses(self) -> dict[str, Status]:
        return {name_key(w): s for w, s in self.statuses.items()}

    def kind_of(self, word: str) -> Kind | None:
        """What a `Result` cell means (ignoring case), or None for a word the ruleset does not know."""
        return self._kinds.get(name_key(word))

    def status_of(self, word: str) -> Status | None:
        """What a `Status` cell means (ignoring case), or None for an unknown word."""
        return self._statuses.get(name_key(word))


class _Section:
    """Reads one TOML table, remembering which keys were used so the rest can be refused."""

    def __init__(self, data: Mapping[str, Any], where: str, source: str) -> None:
        if not isinstance(data, Mapping):
            raise RulesetError(f"{source}: `{where}` must be a table")
        self.data, self.where, self.source, self.used = data, where, source, set[str]()

    def _path(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise RulesetError(f"{self.source}: missing key `{self._path(key)}`")
            return default
        value = self.data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise RulesetError(f"{self.source}: `{self._path(key)}` must be {expected}, found {value!r}")
        return value

    def section(self, key: str, default: Mapping[str, Any] | None = None) -> _Section:
        value = self.get(key, dict, default if default is not None else ...)
        return _Section(value, self._path(key), self.source)

    def done(self) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise RulesetError(f"{self.source}: unknown key `{self._path(unknown[0])}`; check its spelling")


def _strings(section: _Section, key: str, default: Any = ...) -> tuple[str, ...]:
    values = section.get(key, list, default)
    if not all(isinstance(v, str) for v in values):
        raise RulesetError(f"{section.source}: `{section._path(key)}` must be a list of strings")
    return tuple(values)


def _choices(section: _Section, key: str, enum: type[StrEnum]) -> dict[str, Any]:
    table = section.section(key)
    out: dict[str, Any] = {}
    for word in table.data:
        meaning = table.get(word, str)
        try:
            out[word] = enum(meaning)
        except ValueError:
            known = ", ".join(e.value for e in enum)
            raise RulesetError(f"{section.source}: `{table._path(word)}` is {meaning!r}; use one of {known}") from None
    table.done()
    return out


def _registration(s: _Section) -> Registration:
    reg = Registration(
        tab=s.get("tab", str), name=s.get("name", str), event=s.get("event", str),
        status=s.get("status", str), roster=_strings(s, "roster", []),
        roster_label=s.get("roster_label", str, "piece"),
        roster_distinct=s.get("roster_distinct", bool, True),
        one_event_per_stage=s.get("one_event_per_stage", bool, True),
    )
    s.done()
    return reg


def _results(s: _Section) -> Results:
    figures = s.section("figures", {})
    fig = {k: figures.get(k, str) for k in list(figures.data)}
    figures.done()
    res = Results(
        round=s.get("round", str), table=s.get("table", str), competitor=s.get("competitor", str),
        piece=s.get("piece", str, ""), figures=fig, venue_item=s.get("venue_item", str, ""),
        winner=s.get("winner", str), result=s.get("result", str), kinds=_choices(s, "kinds", Kind),
        order=_strings(s, "order"), sides=_strings(s, "sides", ["A", "B"]),
    )
    _strings(s, "extra", [])
    s.done()
    return res


def _tiebreakers(s: _Section) -> tuple[Tiebreaker, ...]:
    out = []
    for i, raw in enumerate(s.get("tiebreakers", list, [])):
        t = _Section(raw, f"tiebreakers[{i}]", s.source)
        name, label = t.get("name", str), t.get("label", str)
        out.append(Tiebreaker(name, label, {k: v for k, v in raw.items() if k not in ("name", "label")}))
    return tuple(out)


def _bans(s: _Section) -> tuple[Ban, ...]:
    out = []
    for i, raw in enumerate(s.get("bans", list, [])):
        b = _Section(raw, f"bans[{i}]", s.source)
        what = [k for k in ("set", "piece", "map") if k in raw]
        if len(what) != 1:
            raise RulesetError(f"{s.source}: `bans[{i}]` needs exactly one of set, piece or map")
        out.append(Ban(what[0], b.get(what[0], str), b.get("since", dt.date, None), b.get("before", dt.date, None)))
        b.done()
    return tuple(out)


def _prizes(s: _Section, key: str) -> tuple[Prize, ...]:
    out = []
    for i, raw in enumerate(s.get(key, list, [])):
        p = _Section(raw, f"{s._path(key)}[{i}]", s.source)
        ranks = p.get("ranks", list, None)
        if ranks is not None and (len(ranks) != 2 or not all(isinstance(r, int) for r in ranks) or ranks[0] > ranks[1]):
            raise RulesetError(f"{s.source}: `{p._path('ranks')}` must be [first, last], found {ranks!r}")
        out.append(Prize(p.get("name", str), tuple(ranks) if ranks else None, p.get("min_played", int, None)))
        p.done()
    return tuple(out)


def parse_ruleset(data: Mapping[str, Any], source: str) -> Ruleset:
    """Check a parsed TOML ruleset once; any bad or unknown key raises RulesetError naming it."""
    top = _Section(data, "", source)
    comp = top.section("competitor")
    fmt = top.section("format")
    score = top.section("score")
    points = score.section("points")
    health = top.section("health", {})
    prizes = top.section("prizes", {})
    penalties = top.section("penalties", {})
    ruleset = Ruleset(
        name=top.get("name", str), title=top.get("title", str), source=source,
        competitor=comp.get("label", str), competitors=comp.get("plural", str),
        registration=_registration(top.section("registration")),
        results=_results(top.section("results")),
        rounds=fmt.get("rounds", int), matches_per_round=fmt.get("matches_per_round", int, 1),
        statuses=_choices(fmt, "statuses", Status),
        score=Score(score.get("label", str), {k: Fraction(points.get(k, (int, float))) for k in ("win", "draw", "loss", "bye")}),
        tiebreakers=_tiebreakers(top), bans=_bans(top),
        event_prizes=_prizes(prizes, "event"), league_prizes=_prizes(prizes, "league"),
        penalty_kinds=_strings(penalties, "kinds", []), penalty_ends_event=_strings(penalties, "ends_event", []),
        health=Health(health.get("remaining", str), health.get("starting", str), health.get("loser_at_zero", bool, True)) if health.data else None,
        catalog=top.get("catalog", str, ""),
        no_rematch_from=fmt.get("no_rematch_from", int, None), spread_byes=fmt.get("spread_byes", bool, False),
    )
    for section in (comp, fmt, points, score, health, prizes, penalties, top):
        section.done()
    return ruleset

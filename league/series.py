"""A series across leagues (store championships feeding a regional final): points per final place, a competitor's
best events counted, one person across stores by `Player ID` or by name, ties on points left for the organiser.

Pure: each store's final places come in as the `Placing`s its evaluation settled (the playoffs decide)."""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from league.cells import name_key
from league.evaluate import Evaluation
from league.outcome import Placing
from league.read.registrations import PLAYER_ID


@dataclass(frozen=True)
class SeriesPoints:
    """`[series]` of federation.toml."""

    points: tuple[int, ...]
    """Points for 1st, 2nd, ... place in each event; none below the last."""
    best: int | None = None
    """Only a competitor's best `best` events count; None: every event."""


@dataclass(frozen=True)
class StoreEvent:
    """One finished event of a store: its final places."""

    event: str
    placings: tuple[Placing, ...]


@dataclass(frozen=True)
class Store:
    """What the series needs of one league: its name, its finished events and who carries which `Player ID`."""

    name: str
    events: tuple[StoreEvent, ...]
    ids: Mapping[str, str] = field(default_factory=dict)
    """Competitor key -> their `Player ID`, where the registration tab has one."""


@dataclass(frozen=True)
class SeriesLine:
    """One competitor's line of the series, in rank order."""

    identity: str
    name: str
    rank: int
    points: int
    """Points of the events that count (the best `best`)."""
    events: int
    """Events placed in, across every store."""
    by_store: Mapping[str, int]
    """Store name -> the counted points earned there (a store where they played but nothing counted: 0)."""
    tie: tuple[str, ...] = ()
    """Names of everyone on the same points (itself included) when others share them: for the organiser to decide."""


@dataclass(frozen=True)
class Series:
    lines: tuple[SeriesLine, ...]
    stores: tuple[str, ...]
    near_names: tuple[tuple[str, str, str, str], ...] = ()
    """(name, its store, a nearly equal name, its store): counted as two people, perhaps one person typed twice."""

    @property
    def ties(self) -> list[SeriesLine]:
        """The first line of each tie on points, in rank order."""
        return [
            line for i, line in enumerate(self.lines) if line.tie and (i == 0 or self.lines[i - 1].rank != line.rank)
        ]


def store_of(name: str, ev: Evaluation) -> Store:
    """A league's finished events (the final places its evaluation settled) and its competitors' `Player ID`s."""
    events = tuple(
        StoreEvent(event, ev.placings[event])
        for event, state in ev.states.items()
        if state.final and event in ev.placings
    )
    ids: dict[str, str] = {}
    for entrant in ev.league.registrations:
        given = entrant.fields.get(PLAYER_ID, "").strip()
        if given:
            ids.setdefault(entrant.key, given)
    return Store(name, events, ids)


@dataclass
class _Person:
    name: str
    store: str
    earned: list[tuple[int, int, int, str]] = field(default_factory=list)
    """(points, store order, event order, store) of each event placed in."""


def series(stores: Sequence[Store], rules: SeriesPoints) -> Series:
    """The series table: each ranked place's points, a competitor's best events summed, ranked by points (equal
    points share a rank, listed by name: the organiser breaks such a tie, not the order of the rows)."""
    people: dict[str, _Person] = {}
    joined = _ids_by_name(stores)
    for s_at, store in enumerate(stores):
        for e_at, event in enumerate(store.events):
            for line in event.placings:
                if line.rank is None:
                    continue
                who = _identity(store, line.key, joined)
                person = people.setdefault(who, _Person(line.name, store.name))
                person.earned.append((_points(rules, line.rank), s_at, e_at, store.name))
    rows = []
    for who, person in people.items():
        counted = sorted(person.earned, key=lambda e: (-e[0], e[1], e[2]))[: rules.best]
        by_store: dict[str, int] = defaultdict(int)
        for _, _, _, store_name in person.earned:
            by_store[store_name] += 0
        for points, _, _, store_name in counted:
            by_store[store_name] += points
        rows.append((sum(p for p, *_ in counted), person.name, who, len(person.earned), dict(by_store)))
    rows.sort(key=lambda r: (-r[0], name_key(r[1]), r[2]))
    groups: dict[int, list[str]] = defaultdict(list)
    for points, name, *_ in rows:
        groups[points].append(name)
    lines: list[SeriesLine] = []
    for at, (points, name, who, events, by_store) in enumerate(rows):
        rank = at + 1 if at == 0 or rows[at - 1][0] != points else lines[-1].rank
        tie = tuple(groups[points]) if len(groups[points]) > 1 else ()
        lines.append(SeriesLine(who, name, rank, points, events, by_store, tie))
    return Series(tuple(lines), tuple(s.name for s in stores), near_names(people.items()))


def _points(rules: SeriesPoints, rank: int) -> int:
    return rules.points[rank - 1] if rank <= len(rules.points) else 0


def _ids_by_name(stores: Sequence[Store]) -> dict[str, str]:
    """Name key -> the one `Player ID` registered under that name anywhere, so a store without the column joins the
    person; a name carrying two IDs is two people, and a store without IDs can't say which: it stays by name."""
    seen: dict[str, set[str]] = defaultdict(set)
    for store in stores:
        for key, given in store.ids.items():
            seen[key].add(given)
    return {key: next(iter(ids)) for key, ids in seen.items() if len(ids) == 1}


def _identity(store: Store, key: str, joined: Mapping[str, str]) -> str:
    given = store.ids.get(key) or joined.get(key)
    return f"id:{given}" if given else f"name:{key}"


def loose(name: str) -> str:
    """A name with accents, punctuation, spaces and case gone: `José-Luis` and `jose luis` alike."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if c.isalnum())


def near_names(people: Iterable[tuple[str, _Person]]) -> tuple[tuple[str, str, str, str], ...]:
    """Pairs of people of different stores whose names are equal but for accents, punctuation or spaces, or one
    letter apart (one typed, dropped or changed): a warning, never a merge. Each name's one-letter deletions are
    indexed, so a series of thousands of names is compared in one pass, not pair by pair."""
    variants: dict[str, list[tuple[str, _Person]]] = defaultdict(list)
    for who, person in people:
        base = loose(person.name)
        for variant in {base, *(base[:i] + base[i + 1 :] for i in range(len(base)))} if len(base) > 3 else {base}:
            variants[variant].append((who, person))
    found: dict[tuple[str, str], tuple[str, str, str, str]] = {}
    for group in variants.values():
        for i, (a, pa) in enumerate(group):
            for b, pb in group[i + 1 :]:
                if a != b and pa.store != pb.store and name_key(pa.name) != name_key(pb.name):
                    first, second = sorted(((a, pa), (b, pb)), key=lambda p: (name_key(p[1].name), p[0]))
                    found.setdefault(
                        (first[0], second[0]), (first[1].name, first[1].store, second[1].name, second[1].store)
                    )
    return tuple(found[k] for k in sorted(found))


def series_placings(table: Series) -> tuple[Placing, ...]:
    """The series' lines as the exports place them: a tie on points shows as one, for the organiser to decide."""
    groups: dict[int, list[str]] = defaultdict(list)
    for line in table.lines:
        groups[line.rank].append(line.identity)
    return tuple(
        Placing(line.identity, line.name, line.rank, tie=tuple(groups[line.rank]) if line.tie else ())
        for line in table.lines
    )

"""Win rates, matchups and records over the games a league counted: what a community posts after the standings.

Pure Python and numpy over the evaluated league. The `Stats` tab, `league stats`, the chart and the notebook API
(`league.open`) all read these figures. Only played games count: a bye, a forfeit or a disqualification is no game.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from league.cells import Cell, name_key
from league.evaluate import Evaluation
from league.match_table import KINDS, Flags, Ints, MatchTable, Outcome, build_table
from league.model.league import League
from league.model.match import Match, Side
from league.model.words import Kind
from league.rules.ruleset import StatsField
from league.sheet import Sheet
from league.table import Column, Display, Role, Table

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""
OTHER = "other"
"""The row grouping every entry with fewer games than the minimum."""
MIN_GAMES = 10
TOP_MATCHUPS = 8
STATS_TAB = "Stats"


class StatsError(ValueError):
    """Stats asked of something the league does not record (a field, an event); the message names what exists."""


@dataclass(frozen=True)
class Games:
    """One row per side of every counted match, in the order they were played (event date, round, results row)."""

    matches: list[Match]
    """What `table.match` indexes."""
    table: MatchTable
    side: Ints
    """The side's place in its results row (0: side A)."""
    played: Flags
    """Rows of games played by both sides: not byes, forfeits or disqualifications."""

    def __len__(self) -> int:
        return len(self.side)

    def opponent_row(self) -> Ints:
        """Each row's partner row, or the row itself for a bye (so indexing never fails)."""
        partner = self.table.partner
        return np.where(partner >= 0, partner, np.arange(len(partner)))

    def sides(self) -> list[Side]:
        """Each row's side as typed."""
        return [self.matches[m].sides[s] for m, s in zip(self.table.match.tolist(), self.side.tolist())]


@dataclass(frozen=True)
class Entries:
    """What each row's side fielded in one field: an entry code per row (-1: nothing recorded) and the entries' names."""

    field: str
    names: list[str]
    codes: Ints
    unknown: tuple[str, ...] = ()
    """Entries of a catalog field that the catalog does not list (misspelt or unofficial), counted as typed."""


@dataclass(frozen=True)
class Rate:
    """One entry's games (mirror matches left out) and its win rate, a draw counted as half a win."""

    entry: str
    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float
    low: float
    high: float
    """The 95 % Wilson interval of the win rate."""
    mirrors: int = 0
    """Games against the same entry, left out."""


@dataclass(frozen=True)
class Matchups:
    """Row entry against column entry: the row's score (wins plus half the draws) and the games between them."""

    entries: list[str]
    score: list[list[float]]
    games: list[list[int]]


@dataclass(frozen=True)
class Record:
    """A competitor's played games: record, win streaks and events played."""

    competitor: str
    wins: int
    draws: int
    losses: int
    current: int
    """Games won in a row up to the latest."""
    longest: int
    events: int


def games(ev: Evaluation, event: str | None = None, since: dt.date | None = None) -> Games:
    """The counted matches, of one event or of events dated `since` or later, side by side in the order played."""
    lg = ev.league
    order = {e.id: (e.date or dt.date.max, i) for i, e in enumerate(lg.events)}
    if event is not None:
        found = lg.event_id(event)
        if found is None:
            raise StatsError(f"there is no event {event!r}; events: {', '.join(e.id for e in lg.events) or 'none'}")
        event = found
    dates = {e.id: e.date for e in lg.events}
    chosen = [m for m in ev.results if (event is None or m.event == event)
              and (since is None or ((day := dates.get(m.event)) is not None and day >= since))]
    chosen.sort(key=lambda m: (order.get(m.event, (dt.date.max, len(order))), m.round or 0, m.row))
    stages = {e.id: e.stage or e.id for e in lg.events}
    table = build_table(chosen, lg.ruleset, stages)
    side = [i for m in chosen for i, s in enumerate(m.sides) if s.name]
    played = (table.kind == KINDS.index(Kind.PLAYED)) & (table.partner >= 0)
    return Games(chosen, table, np.array(side, dtype=np.int64), played)


def stats_field(lg: League, by: str | None) -> StatsField:
    """The field `by` names (ignoring case), or the ruleset's own; one the ruleset does not record is an error
    naming those it does."""
    rules = lg.ruleset.stats
    if rules is None:
        raise StatsError(f"the ruleset {lg.ruleset.name!r} records nothing to group games by (it has no [stats] table)")
    wanted = by if by is not None else rules.by
    found = next((f for name, f in rules.fields.items() if name_key(name) == name_key(wanted)), None)
    if found is None:
        raise StatsError(f"the ruleset {lg.ruleset.name!r} does not record {wanted!r} per game; "
                         f"fields: {', '.join(rules.fields)}")
    return found


def entries(g: Games, field: StatsField, lg: League) -> Entries:
    """Each row's entry in `field`: names matched ignoring case and spacing ("Sherlock" and "sherlock "), a catalog
    field's by the catalog (an alias is its official name), shown as the catalog or most people spell them."""
    keys: dict[str, int] = {}
    spellings: list[Counter[str]] = []
    official: dict[int, str] = {}
    unknown: set[int] = set()
    codes = np.full(len(g), -1, dtype=np.int64)
    registered: dict[tuple[str, str], dict[str, str]] = {}
    for row, (m, s) in enumerate(zip((g.matches[i] for i in g.table.match.tolist()), g.sides())):
        typed = _typed(field, m, s, lg, registered)
        if not typed:
            continue
        piece = lg.catalog.piece(typed) if field.catalog else None
        key = name_key(piece.name if piece else typed)
        code = keys.setdefault(key, len(keys))
        if code == len(spellings):
            spellings.append(Counter())
            if piece:
                official[code] = piece.name
            elif field.catalog and lg.catalog.pieces:
                unknown.add(code)
        spellings[code][" ".join(typed.split())] += 1
        codes[row] = code
    names = [official.get(c) or max(seen, key=lambda w: (seen[w], -list(seen).index(w))) for c, seen in enumerate(spellings)]
    return Entries(field.name, names, codes, tuple(sorted((names[c] for c in unknown), key=str.casefold)))


def _typed(field: StatsField, m: Match, s: Side, lg: League, registered: dict[tuple[str, str], dict[str, str]]) -> str:
    """What a side fielded, as typed: its results text, or its registration cell (the header found ignoring case)."""
    if field.text:
        return s.texts.get(field.text, "").strip()
    header = field.registration
    for text, value in s.texts.items():
        header = header.replace(f"{{{text}}}", value.strip())
    cells = registered.get((m.event, s.key))
    if cells is None:
        entrant = lg.entrant(m.event, s.name)
        cells = registered[(m.event, s.key)] = {name_key(h): v for h, v in entrant.fields.items()} if entrant else {}
    return cells.get(name_key(header), "").strip()


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate `score`/`n`: unlike rate ± z·se it stays within 0-1 and is fair to
    entries with few games."""
    if n == 0:
        return 0.0, 1.0
    p, z2 = score / n, z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate(entry: str, wins: int, draws: int, losses: int, mirrors: int = 0) -> Rate:
    n = wins + draws + losses
    score = wins + draws / 2
    low, high = wilson(score, n)
    return Rate(entry, n, wins, draws, losses, score / n if n else 0.0, low, high, mirrors)


def _faced(g: Games, e: Entries) -> tuple[Flags, Ints]:
    """Rows of played games whose side recorded an entry, mirror matches left out; and each row's opponent's entry."""
    opponent = np.where(g.table.partner >= 0, e.codes[g.opponent_row()], -1)
    return g.played & (e.codes >= 0) & (opponent != e.codes), opponent


def win_rates(g: Games, e: Entries, min_games: int = MIN_GAMES) -> list[Rate]:
    """Each entry's games and win rate, best first; entries with fewer than `min_games` games as one "other" row, last."""
    use, _ = _faced(g, e)
    mirrors = np.bincount(e.codes[g.played & (e.codes >= 0) & ~use], minlength=len(e.names))
    counts = [np.bincount(e.codes[use & (g.table.outcome == o)], minlength=len(e.names)) for o in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)]
    rates = [_rate(name, int(counts[0][c]), int(counts[1][c]), int(counts[2][c]), int(mirrors[c])) for c, name in enumerate(e.names)]
    rates = [r for r in rates if r.games or r.mirrors]
    few = [r for r in rates if r.games < min_games]
    kept = sorted((r for r in rates if r.games >= min_games), key=lambda r: (-r.win_rate, -r.games, r.entry.casefold()))
    if few:
        kept.append(_rate(OTHER, sum(r.wins for r in few), sum(r.draws for r in few), sum(r.losses for r in few),
                          sum(r.mirrors for r in few)))
    return kept


def matchups(g: Games, e: Entries, top: int = TOP_MATCHUPS) -> Matchups:
    """The `top` most played entries against each other: the row's score and the games, mirror matches left out."""
    use, opponent = _faced(g, e)
    played = np.bincount(e.codes[use], minlength=len(e.names))
    chosen = sorted((c for c in range(len(e.names)) if played[c]), key=lambda c: (-played[c], e.names[c].casefold()))[:top]
    at = np.full(len(e.names) + 1, -1, dtype=np.int64)
    at[chosen] = np.arange(len(chosen))
    rows, cols = at[e.codes[use]], at[opponent[use]]
    both = (rows >= 0) & (cols >= 0)
    cell = rows[both] * len(chosen) + cols[both]
    size = len(chosen) * len(chosen)
    outcome = g.table.outcome[use][both]
    score = (np.bincount(cell, weights=(outcome == Outcome.WIN) + 0.5 * (outcome == Outcome.DRAW), minlength=size)
             .reshape(len(chosen), len(chosen)))
    count = np.bincount(cell, minlength=size).reshape(len(chosen), len(chosen))
    return Matchups([e.names[c] for c in chosen], [[float(x) for x in row] for row in score], count.tolist())


def records(g: Games, names: dict[str, str]) -> list[Record]:
    """Each competitor's played games: wins, draws, losses, the current and the longest win streak, events played;
    the longest current streaks first."""
    table = g.table
    played = np.flatnonzero(g.played)
    tally: dict[int, list[int]] = {}
    events: dict[int, set[int]] = {}
    for who, outcome, event in zip(table.competitor[played].tolist(), table.outcome[played].tolist(), table.event[played].tolist()):
        t = tally.setdefault(who, [0, 0, 0, 0, 0])  # wins, draws, losses, current, longest
        t[outcome] += 1
        t[3] = t[3] + 1 if outcome == Outcome.WIN else 0
        t[4] = max(t[4], t[3])
        events.setdefault(who, set()).add(event)
    out = [Record(names.get(table.names[c], table.names[c]), t[0], t[1], t[2], t[3], t[4], len(events[c])) for c, t in tally.items()]
    return sorted(out, key=lambda r: (-r.current, -r.longest, -r.wins, r.competitor.casefold()))


def percent(score: float, games: int) -> str:
    """A matchup cell: the row's win rate and the games, `58% (12)`; empty when they never met."""
    return f"{score / games:.0%} ({games})" if games else ""


def rates_table(rates: Sequence[Rate], label: str) -> Table:
    """The win rates as a table: entry, games, wins, draws, losses, win rate and its interval."""
    columns = (Column(label, Role.COMPETITOR), *(Column(h, Role.OTHER, Display.NUMBER) for h in ("Games", "Wins", "Draws", "Losses")),
               *(Column(h, Role.OTHER, Display.PERCENT) for h in ("Win Rate", "Low", "High")))
    rows = tuple((r.entry, r.games, r.wins, r.draws, r.losses, r.win_rate, r.low, r.high) for r in rates)
    return Table.of(f"Win rates by {label}", columns, rows)


def matchups_table(m: Matchups, label: str) -> Table:
    """The matchups as a table: a row per entry, its win rate against each column's entry with the games played."""
    columns = (Column(f"{label} against", Role.COMPETITOR), *(Column(name, Role.OTHER) for name in m.entries))
    rows = tuple((name, *(percent(s, n) for s, n in zip(m.score[i], m.games[i]))) for i, name in enumerate(m.entries))
    return Table.of("Matchups", columns, rows)


def records_table(rs: Sequence[Record], label: str) -> Table:
    """The competitors' records and streaks."""
    columns = (Column(label, Role.COMPETITOR), Column("Record", Role.OTHER),
               *(Column(h, Role.OTHER, Display.NUMBER) for h in ("Current Streak", "Longest Streak", "Events")))
    rows = tuple((r.competitor, f"{r.wins}-{r.losses}-{r.draws}", r.current, r.longest, r.events) for r in rs)
    return Table.of("Records", columns, rows)


def stats_sheet(ev: Evaluation, min_games: int = MIN_GAMES) -> Sheet:
    """The `Stats` tab: the win rates by the ruleset's field, then the matchups, then every competitor's record, one
    block under the other with its own header row."""
    lg = ev.league
    g = games(ev)
    blocks = [records_table(records(g, ev.names), lg.ruleset.competitor)]
    if lg.ruleset.stats:
        field = stats_field(lg, None)
        e = entries(g, field, lg)
        blocks[:0] = [rates_table(win_rates(g, e, min_games), field.name), matchups_table(matchups(g, e), field.name)]
    first, rest = blocks[0], blocks[1:]
    rows: list[tuple[Cell, ...]] = list(first.rows)
    for block in rest:
        rows += [(), block.header, *block.rows]
    return Sheet(STATS_TAB, first.header, tuple(rows), number_formats=first.number_formats)

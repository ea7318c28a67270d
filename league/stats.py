"""Win rates, matchups and records over the games a league counted: what a community posts after the standings.

Pure Python and numpy. Every figure is counted from `Sides`: one row per side of every counted match, with what the
side fielded in each `[stats]` field of the ruleset (the fighter, the deck, the army). A sync keeps the latest `Sides`
in the history (`to_json`), so `league stats` answers without reading the workbook again; the `Stats` tab, the chart
and the notebook API (`league.open`) count from the same rows. Only played games count: a bye, a forfeit or a
disqualification is no game.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from league.cells import Cell, Grid, as_text, header_key, name_key, parse_whole
from league.checks import affected
from league.evaluate import Evaluation
from league.match_table import KINDS, Flags, Ints, MatchTable, Outcome, build_table
from league.model.league import League
from league.model.match import Match, Side
from league.model.words import Kind, ResultWord
from league.pairing.bracket import BYE, bracket_tab
from league.rules.ruleset import StatsField
from league.sheet import BRACKET_PREFIX, STATS_TAB, Sheet
from league.table import Column, Display, Role, Table

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""
OTHER = "other"
"""The row grouping every entry with fewer games than the minimum."""
MIN_GAMES = 10
TOP_MATCHUPS = 8
FORMAT = 2
"""The version of `to_json`'s layout: a history written by another version is read again from the workbook."""


class StatsError(ValueError):
    """Stats asked of something the league does not record (a field, an event); the message names what exists."""


@dataclass(frozen=True)
class Entries:
    """What each row's side fielded in one field: an entry code per row (-1: nothing recorded) and the entries' names."""

    names: list[str]
    codes: Ints
    unknown: tuple[str, ...] = ()
    """Entries of a catalog field that the catalog does not list (misspelt or unofficial), counted as typed."""


@dataclass(frozen=True)
class Sides:
    """One row per side of every counted match: who, in which event, against which row, how it ended, and what it
    fielded in each `[stats]` field of the ruleset."""

    label: str
    """What the ruleset calls a competitor (`Player`, `Pair`, `Team`)."""
    by: str
    """The ruleset's own field to group by; empty when it has no `[stats]` table."""
    names: list[str]
    """Competitor code -> name as registered."""
    events: list[str]
    dates: list[str]
    """Event code -> its date (YYYY-MM-DD), empty when the Events tab has none."""
    competitor: Ints
    event: Ints
    partner: Ints
    """Row of the other side; -1 for a bye."""
    outcome: Ints
    played: Flags
    """Games played by both sides: not byes, forfeits or disqualifications, nor a result word deciding the match by
    itself (an intentional draw)."""
    order: Ints
    """Each row's place in the order the games were played (event date, round, results row): the streaks follow it."""
    fields: Mapping[str, Entries]
    left_out: Ints
    """Event code -> its results and bracket rows left out for an error (as from the standings)."""

    def __len__(self) -> int:
        return len(self.competitor)

    def only(self, event: str | None = None, since: dt.date | None = None) -> Sides:
        """The rows of one event of the league (named ignoring case), or of events dated `since` or later; an event
        with no game counted yet gives no rows."""
        chosen = np.ones(len(self.events) + 1, dtype=np.bool_)
        chosen[-1] = False
        if event is not None:
            code = next((i for i, e in enumerate(self.events) if name_key(e) == name_key(event)), None)
            if code is None:
                raise StatsError(f"there is no event {event!r}; events: {', '.join(self.events) or 'none'}")
            chosen[:-1] = np.arange(len(self.events)) == code
        if since is not None:
            chosen[:-1] &= np.array([bool(d) and dt.date.fromisoformat(d) >= since for d in self.dates], dtype=np.bool_)
        keep = chosen[self.event]
        index = np.flatnonzero(keep)
        renumber = np.full(len(self) + 1, -1, dtype=np.int64)
        renumber[index] = np.arange(len(index))
        partner = self.partner[index]
        return replace(self, competitor=self.competitor[index], event=self.event[index],
                       partner=np.where(partner >= 0, renumber[partner], -1), outcome=self.outcome[index],
                       played=self.played[index] & (partner >= 0) & keep[np.maximum(partner, 0)], order=self.order[index],
                       fields={k: replace(e, codes=e.codes[index]) for k, e in self.fields.items()},
                       left_out=np.where(chosen[:-1], self.left_out, 0))

    def field(self, by: str | None) -> tuple[str, Entries]:
        """The field `by` names (ignoring case), or the ruleset's own; one the ruleset does not record is an error
        naming those it does."""
        if not self.fields:
            raise StatsError("the ruleset records nothing to group games by (it has no [stats] table)")
        wanted = by if by is not None else self.by
        found = next((name for name in self.fields if name_key(name) == name_key(wanted)), None)
        if found is None:
            raise StatsError(f"the ruleset does not record {wanted!r} per game; fields: {', '.join(self.fields)}")
        return found, self.fields[found]

    def to_json(self) -> str:
        """The rows as compact JSON, for the history."""
        data = {"format": FORMAT, "label": self.label, "by": self.by, "names": self.names, "events": self.events,
                "dates": self.dates, **{k: getattr(self, k).tolist() for k in INTS},
                "played": self.played.astype(np.int64).tolist(),
                "fields": {k: {"names": e.names, "codes": e.codes.tolist(), "unknown": list(e.unknown)} for k, e in self.fields.items()}}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Sides | None:
        """The rows `to_json` wrote; None for another version's layout. Damaged rows (cut short, edited by hand) are a
        `KeptGamesError` saying so."""
        try:
            data: dict[str, Any] = json.loads(text)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                return None
            ints = {k: np.array(data[k], dtype=np.int64) for k in INTS}
            fields = {k: Entries(list(e["names"]), np.array(e["codes"], dtype=np.int64), tuple(e["unknown"]))
                      for k, e in data["fields"].items()}
            out = cls(str(data["label"]), str(data["by"]), list(data["names"]), list(data["events"]), list(data["dates"]),
                      ints["competitor"], ints["event"], ints["partner"], ints["outcome"], np.array(data["played"], dtype=np.bool_),
                      ints["order"], fields, ints["left_out"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise KeptGamesError(f"the games kept by the latest sync are damaged ({type(exc).__name__}: {exc})") from None
        sizes = {len(out.competitor), *(len(getattr(out, k)) for k in ("event", "partner", "outcome", "played", "order")),
                 *(len(e.codes) for e in fields.values())}
        n = len(out.competitor)
        inside = [(out.competitor, 0, len(out.names)), (out.event, 0, len(out.events)), (out.partner, -1, n),
                  (out.outcome, 0, len(Outcome)), *((e.codes, -1, len(e.names)) for e in fields.values())]
        texts = [out.label, out.by, *out.names, *out.events, *out.dates, *(n for e in fields.values() for n in (*e.names, *e.unknown))]
        if (len(sizes) > 1 or len(out.left_out) != len(out.events) or len(out.dates) != len(out.events)
                or not all(isinstance(t, str) for t in texts) or not all(_is_date(d) for d in out.dates)
                or any(len(a) and (int(a.min()) < low or int(a.max()) >= high) for a, low, high in inside)):
            raise KeptGamesError("the games kept by the latest sync are damaged (their columns do not fit together)")
        return out


def _is_date(text: str) -> bool:
    """An event's date as kept: empty, or YYYY-MM-DD."""
    try:
        return not text or bool(dt.date.fromisoformat(text))
    except (TypeError, ValueError):
        return False


INTS = ("competitor", "event", "partner", "outcome", "order", "left_out")
"""The integer columns of `Sides.to_json`."""


class KeptGamesError(StatsError):
    """The games a sync kept in the history can't be read back: damaged, not another version's layout."""


def counted(ev: Evaluation, event: str | None = None, since: dt.date | None = None
            ) -> tuple[list[Match], MatchTable, Ints, list[Match]]:
    """The counted Swiss matches (of one event, or of events dated `since` or later) in the order played, their match
    table, each row's place in its results row (0: side A), and the playoff games played in the events' brackets:
    what `sides` and the notebook API's matches read."""
    lg = ev.league
    if event is not None:
        found = lg.event_id(event)
        if found is None:
            raise StatsError(f"there is no event {event!r}; events: {', '.join(e.id for e in lg.events) or 'none'}")
        event = found
    dates = {e.id: e.date for e in lg.events}

    def wanted(m: Match) -> bool:
        return (event is None or m.event == event) and (since is None or ((day := dates.get(m.event)) is not None and day >= since))

    chosen = [m for m in ev.results if wanted(m)]
    chosen.sort(key=played_order(lg))
    table = build_table(chosen, lg.ruleset, {e.id: e.stage or e.id for e in lg.events})
    side = np.array([i for m in chosen for i, s in enumerate(m.sides) if s.name], dtype=np.int64)
    return chosen, table, side, [m for m in playoff_games(ev) if wanted(m)]


def played_order(lg: League) -> Callable[[Match], tuple[object, ...]]:
    """The order games were played: event date (then the Events tab's order), the Swiss rounds before the playoffs,
    round, row."""
    order = {e.id: (e.date or dt.date.max, i) for i, e in enumerate(lg.events)}
    return lambda m: (order.get(m.event, (dt.date.max, len(order))), m.tab.startswith(BRACKET_PREFIX), m.round or 0, m.row)


def playoff_games(ev: Evaluation) -> list[Match]:
    """Every bracket match played (its games typed and ending it, a winner drawn), as a results row would hold it: its
    tab and row the bracket's, its round the bracket's round, each side's games. Brackets record no per-side text."""
    out = []
    for e in ev.league.events:
        playoff = ev.playoffs.get(e.id)
        for m in playoff.matches if playoff else ():
            if m.games is None or not m.winner or m.bye:
                continue
            out.append(Match(e.id, bracket_tab(e.id), m.row, m.round, "",
                             tuple(Side(n, name_key(n), games=g) for n, g in zip((m.a, m.b), m.games)), PLAYOFF_WORD,
                             m.winner, name_key(m.winner)))
    return out


PLAYOFF_WORD = ResultWord(Kind.PLAYED)
"""A bracket match: played, decided by its games."""


def is_game(m: Match) -> bool:
    """A match played by both sides: not a bye, forfeit or disqualification, nor decided by its result word alone (an
    `Intentional Draw`, whose kind may be `played` for the standings, is no game)."""
    return m.kind is Kind.PLAYED and not (m.word and (m.word.draw or m.word.loser))


def sides(ev: Evaluation) -> Sides:
    """The sides of every counted match, from the evaluation's own match table (nothing is ranked or built again),
    then those of the playoff games in the brackets."""
    lg = ev.league
    table = ev.table if ev.table is not None else build_table(ev.results, lg.ruleset, {})
    swiss = [ev.results[i] for i in table.match.tolist()]
    side = [i for m in ev.results for i, s in enumerate(m.sides) if s.name]
    playoffs = playoff_games(ev)
    matches = swiss + [m for m in playoffs for _ in m.sides]
    rows = [m.sides[i] for m, i in zip(swiss, side)] + [s for m in playoffs for s in m.sides]
    names = {k: i for i, k in enumerate(table.names)}
    events = {k: i for i, k in enumerate(table.events)}
    for e in lg.events:
        events.setdefault(e.id, len(events))
    extra = len(swiss)
    competitor = np.array([names.setdefault(s.key, len(names)) for s in rows[extra:]], dtype=np.int64)
    decided = np.array([not is_game(m) for m in swiss], dtype=np.bool_)
    order = played_order(lg)
    keyed = sorted(range(len(matches)), key=lambda i: (*order(matches[i]), i))
    place = np.empty(len(matches), dtype=np.int64)
    place[keyed] = np.arange(len(matches))
    by_id = {e.id: e for e in lg.events}
    rules = lg.ruleset.stats
    fields = {name: entries(matches, rows, f, lg) for name, f in rules.fields.items()} if rules else {}
    won = np.array([s.key == m.winner_key for m, s in zip(matches[extra:], rows[extra:])], dtype=np.bool_)
    pair = extra + (np.arange(len(matches) - extra, dtype=np.int64) ^ 1)  # the two sides of a playoff game are neighbours
    return Sides(lg.ruleset.competitor, rules.by if rules else "", [ev.names.get(k, k) for k in names], list(events),
                 [d.isoformat() if (d := by_id[e].date if e in by_id else None) else "" for e in events],
                 np.concatenate([table.competitor, competitor]),
                 np.concatenate([table.event, np.array([events[m.event] for m in matches[extra:]], dtype=np.int64)]),
                 np.concatenate([table.partner, pair]),
                 np.concatenate([table.outcome, np.where(won, int(Outcome.WIN), int(Outcome.LOSS))]),
                 np.concatenate([(table.kind == KINDS.index(Kind.PLAYED)) & (table.partner >= 0) & ~decided,
                                 np.ones(len(matches) - extra, dtype=np.bool_)]),
                 place, fields, _left_out(ev, list(events)))


def _left_out(ev: Evaluation, events: Sequence[str]) -> Ints:
    """Each event's results and bracket rows with an error: left out of the standings and so of the stats."""
    bad = {tab.casefold(): rows for tab, rows in affected(ev.problems).items()}
    out = np.zeros(len(events), dtype=np.int64)
    at = {e: i for i, e in enumerate(events)}
    for m in ev.league.matches:
        if m.row in bad.get(m.tab.casefold(), ()) and m.event in at:
            out[at[m.event]] += 1
    for e, i in at.items():
        out[i] += len(bad.get(bracket_tab(e).casefold(), ()))
    return out


def entries(matches: Sequence[Match], rows: Sequence[Side], field: StatsField, lg: League) -> Entries:
    """Each side's entry in `field`: names matched ignoring case and spacing ("Sherlock" and "sherlock "), a catalog
    field's by the catalog (an alias is its official name), shown as the catalog or most people spell them."""
    keys: dict[str, int] = {}
    spellings: list[Counter[str]] = []
    official: dict[int, str] = {}
    unknown: set[int] = set()
    codes = np.full(len(rows), -1, dtype=np.int64)
    registered: dict[tuple[str, str], dict[str, str]] = {}
    seen: dict[str, tuple[int, str]] = {}  # each spelling's entry, worked out once: a league types few, many times
    for row, (m, s) in enumerate(zip(matches, rows)):
        typed = _typed(field, m, s, lg, registered)
        if not typed:
            continue
        if typed not in seen:
            piece = lg.catalog.piece(typed) if field.catalog else None
            code = keys.setdefault(name_key(piece.name if piece else typed), len(keys))
            if code == len(spellings):
                spellings.append(Counter())
                if piece:
                    official[code] = piece.name
                elif field.catalog and lg.catalog.pieces:
                    unknown.add(code)
            seen[typed] = code, " ".join(typed.split())
        code, spelt = seen[typed]
        spellings[code][spelt] += 1
        codes[row] = code
    names = [official.get(c) or max(seen, key=lambda w: (seen[w], -list(seen).index(w))) for c, seen in enumerate(spellings)]
    return Entries(names, codes, tuple(sorted((names[c] for c in unknown), key=str.casefold)))


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
    """Games against the same entry, left out (one per side)."""


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


def _faced(s: Sides, e: Entries) -> tuple[Flags, Ints]:
    """Rows of played games whose side recorded an entry, mirror matches left out; and each row's opponent's entry."""
    opponent = np.where(s.partner >= 0, e.codes[np.maximum(s.partner, 0)], -1)
    return s.played & (e.codes >= 0) & (opponent != e.codes), opponent


def win_rates(s: Sides, e: Entries, min_games: int = MIN_GAMES) -> list[Rate]:
    """Each entry's games and win rate, best first; entries with fewer than `min_games` games as one "other" row, last."""
    use, _ = _faced(s, e)
    size = len(e.names)
    mirrors = np.bincount(e.codes[s.played & (e.codes >= 0) & ~use], minlength=size)
    counts = [np.bincount(e.codes[use & (s.outcome == o)], minlength=size) for o in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)]
    rates = [_rate(name, int(counts[0][c]), int(counts[1][c]), int(counts[2][c]), int(mirrors[c])) for c, name in enumerate(e.names)]
    rates = [r for r in rates if r.games or r.mirrors]
    few = [r for r in rates if r.games < min_games]
    kept = sorted((r for r in rates if r.games >= min_games), key=lambda r: (-r.win_rate, -r.games, r.entry.casefold()))
    if few:
        kept.append(_rate(OTHER, sum(r.wins for r in few), sum(r.draws for r in few), sum(r.losses for r in few),
                          sum(r.mirrors for r in few)))
    return kept


def fold(rates: Sequence[Rate], most: int) -> list[Rate]:
    """The first `most` entries of `win_rates`, every entry past them grouped with "other" (what a chart of `most`
    bars shows, so that nothing is silently left off)."""
    named = [r for r in rates if r.entry != OTHER]
    if len(named) <= most:
        return list(rates)
    rest = named[most:] + [r for r in rates if r.entry == OTHER]
    return [*named[:most], _rate(OTHER, sum(r.wins for r in rest), sum(r.draws for r in rest), sum(r.losses for r in rest),
                                 sum(r.mirrors for r in rest))]


def matchups(s: Sides, e: Entries, top: int = TOP_MATCHUPS) -> Matchups:
    """The `top` most played entries against each other: the row's score and the games, mirror matches left out."""
    use, opponent = _faced(s, e)
    played = np.bincount(e.codes[use], minlength=len(e.names))
    chosen = sorted((c for c in range(len(e.names)) if played[c]), key=lambda c: (-played[c], e.names[c].casefold()))[:top]
    at = np.full(len(e.names) + 1, -1, dtype=np.int64)
    at[chosen] = np.arange(len(chosen))
    rows, cols = at[e.codes[use]], at[opponent[use]]
    both = (rows >= 0) & (cols >= 0)
    cell = rows[both] * len(chosen) + cols[both]
    size = len(chosen) * len(chosen)
    outcome = s.outcome[use][both]
    score = np.bincount(cell, weights=(outcome == Outcome.WIN) + 0.5 * (outcome == Outcome.DRAW), minlength=size)
    count = np.bincount(cell, minlength=size).reshape(len(chosen), len(chosen))
    return Matchups([e.names[c] for c in chosen], [[float(x) for x in row] for row in score.reshape(len(chosen), len(chosen))],
                    count.tolist())


def records(s: Sides) -> list[Record]:
    """Each competitor's played games: wins, draws, losses, the current and the longest win streak, events played;
    the longest current streaks first."""
    rows = np.flatnonzero(s.played)
    rows = rows[np.argsort(s.order[rows], kind="stable")]
    tally: dict[int, list[int]] = {}
    events: dict[int, set[int]] = {}
    for who, outcome, event in zip(s.competitor[rows].tolist(), s.outcome[rows].tolist(), s.event[rows].tolist()):
        t = tally.setdefault(who, [0, 0, 0, 0, 0])  # wins, draws, losses, current, longest
        t[outcome] += 1
        t[3] = t[3] + 1 if outcome == Outcome.WIN else 0
        t[4] = max(t[4], t[3])
        events.setdefault(who, set()).add(event)
    out = [Record(s.names[c], t[0], t[1], t[2], t[3], t[4], len(events[c])) for c, t in tally.items()]
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


def matchups_table(m: Matchups, label: str, numbered: bool = False) -> Table:
    """The matchups as a table: a row per entry, its win rate against each column's entry with the games played;
    `numbered` (for a terminal 80 columns wide), the rows numbered and the columns named by those numbers."""
    heads = [str(i) for i in range(1, len(m.entries) + 1)] if numbered else m.entries
    columns = (Column(f"{label} against", Role.COMPETITOR), *(Column(name, Role.OTHER) for name in heads))
    rows = tuple((f"{i + 1} {name}" if numbered else name, *(percent(s, n) for s, n in zip(m.score[i], m.games[i])))
                 for i, name in enumerate(m.entries))
    return Table.of("Matchups", columns, rows)


def records_table(rs: Sequence[Record], label: str) -> Table:
    """The competitors' records (W-L-D) and win streaks."""
    columns = (Column(label, Role.COMPETITOR), Column("Record", Role.OTHER),
               *(Column(h, Role.OTHER, Display.NUMBER) for h in ("Current Streak", "Longest Streak", "Events")))
    rows = tuple((r.competitor, f"{r.wins}-{r.losses}-{r.draws}", r.current, r.longest, r.events) for r in rs)
    return Table.of("Records", columns, rows)


def stats_tables(s: Sides, by: str | None = None, min_games: int = MIN_GAMES, top: int = TOP_MATCHUPS,
                 numbered: bool = False) -> list[Table]:
    """The win rates by a field (the ruleset's own by default) and its matchups (`numbered` for a terminal), when the
    ruleset records one, then every competitor's record."""
    out = []
    if s.fields or by is not None:
        name, e = s.field(by)
        out += [rates_table(win_rates(s, e, min_games), name), matchups_table(matchups(s, e, top), name, numbered)]
    return [*out, records_table(records(s), s.label)]


def stats_sheet(s: Sides, min_games: int = MIN_GAMES) -> Sheet:
    """The `Stats` tab: the win rates by the ruleset's field, then the matchups, then every competitor's record, one
    block under the other with its own header row (bold, as row 1; the percentages formatted in the first block only)."""
    first, *rest = stats_tables(s, min_games=min_games)
    rows: list[tuple[Cell, ...]] = list(first.rows)
    headings = []
    for block in rest:
        rows.append(())
        headings.append(len(rows))
        rows += [block.header, *block.rows]
    return Sheet(STATS_TAB, first.header, tuple(rows), number_formats=first.number_formats, headings=tuple(headings))

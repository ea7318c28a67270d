"""Counting the games of an evaluated league: the Swiss matches it counted and the playoff games of its brackets,
each side with what it fielded in the ruleset's `[stats]` fields, as `Sides`.

The only part of the stats that reads the evaluation; the figures and the tab count from its `Sides`."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from league.cells import name_key
from league.checks import affected
from league.evaluate import Evaluation
from league.match_table import KINDS, Ints, MatchTable, Outcome, build_table
from league.model.league import League
from league.model.match import Match, Side
from league.model.words import Kind, ResultWord
from league.pairing.bracket_model import bracket_tab
from league.rules.stats_rules import StatsField
from league.sheet import BRACKET_PREFIX
from league.stats.rows import Entries, Sides, StatsError


def counted(
    ev: Evaluation, event: str | None = None, since: dt.date | None = None
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
        return (event is None or m.event == event) and (
            since is None or ((day := dates.get(m.event)) is not None and day >= since)
        )

    chosen = [m for m in ev.results if wanted(m)]
    chosen.sort(key=played_order(lg))
    table = build_table(chosen, lg.ruleset, {e.id: e.stage or e.id for e in lg.events})
    side = np.array([i for m in chosen for i, s in enumerate(m.sides) if s.name], dtype=np.int64)
    return chosen, table, side, [m for m in playoff_games(ev) if wanted(m)]


def played_order(lg: League) -> Callable[[Match], tuple[object, ...]]:
    """The order games were played: event date (then the Events tab's order), the Swiss rounds before the playoffs,
    round, row."""
    order = {e.id: (e.date or dt.date.max, i) for i, e in enumerate(lg.events)}
    return lambda m: (
        order.get(m.event, (dt.date.max, len(order))),
        m.tab.startswith(BRACKET_PREFIX),
        m.round or 0,
        m.row,
    )


def playoff_games(ev: Evaluation) -> list[Match]:
    """Every bracket match played (its games typed and ending it, a winner drawn), as a results row would hold it: its
    tab and row the bracket's, its round the bracket's round, each side's games. Brackets record no per-side text."""
    out = []
    for e in ev.league.events:
        playoff = ev.playoffs.get(e.id)
        for m in playoff.matches if playoff else ():
            if m.games is None or not m.winner or m.bye:
                continue
            out.append(
                Match(
                    e.id,
                    bracket_tab(e.id),
                    m.row,
                    m.round,
                    "",
                    tuple(Side(n, name_key(n), games=g) for n, g in zip((m.a, m.b), m.games)),
                    PLAYOFF_WORD,
                    m.winner,
                    name_key(m.winner),
                )
            )
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
    pair = extra + (
        np.arange(len(matches) - extra, dtype=np.int64) ^ 1
    )  # the two sides of a playoff game are neighbours
    return Sides(
        lg.ruleset.competitor,
        rules.by if rules else "",
        [ev.names.get(k, k) for k in names],
        list(events),
        [d.isoformat() if (d := by_id[e].date if e in by_id else None) else "" for e in events],
        np.concatenate([table.competitor, competitor]),
        np.concatenate([table.event, np.array([events[m.event] for m in matches[extra:]], dtype=np.int64)]),
        np.concatenate([table.partner, pair]),
        np.concatenate([table.outcome, np.where(won, int(Outcome.WIN), int(Outcome.LOSS))]),
        np.concatenate(
            [
                (table.kind == KINDS.index(Kind.PLAYED)) & (table.partner >= 0) & ~decided,
                np.ones(len(matches) - extra, dtype=np.bool_),
            ]
        ),
        place,
        fields,
        _left_out(ev, list(events)),
    )


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
    names = [
        official.get(c) or max(seen, key=lambda w: (seen[w], -list(seen).index(w))) for c, seen in enumerate(spellings)
    ]
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

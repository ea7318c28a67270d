"""What the live pages show at one moment, built once per sync from its evaluation: no page reads the workbook."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from exporters.branding import Branding
from exporters.snapshot import event_stands, league_stands
from jobs.config import Config
from league.cells import as_text, name_key, parse_whole
from league.evaluate import Evaluation
from league.lifecycle import EventState, Phase
from league.model.event import Event
from league.pairing.bracket import BYE, HEADERS, bracket_tab
from league.report import leaderboard_sheet, standings_sheets, standings_tab
from league.sheet import LEADERBOARD_TAB, Sheet
from league.table import Table


@dataclass(frozen=True)
class Pairing:
    """One table of the current round: who sits there, and whether its result is in."""

    table: str
    """The table number as the judges typed it (a playoff match: its number in the bracket)."""
    sides: tuple[str, ...]
    """The competitors' names as registered; one name for a bye."""
    done: bool
    """Its result is typed (a playoff match: it has a winner)."""


@dataclass(frozen=True)
class LiveEvent:
    """An event under way (or finished today), as the live pages show it."""

    id: str
    title: str
    """Its name and date, as the exports title its standings (`W1 Weekly · 2026-03-14`)."""
    stands: str
    """Where its standings stand: `after round 2 of 4`, `Final standings`."""
    champion: str
    round: str
    """The round its pairings are of: `Round 3 of 4`, `Playoffs: semi-finals`; empty when there is none."""
    progress: str
    """How far that round is: `5 of 8 results in`."""
    pairings: tuple[Pairing, ...]
    standings: Table
    final: bool = False
    """The event is complete: its standings are final."""
    playoff: bool = False
    """The pairings are bracket matches (numbered by match, not by table)."""


@dataclass(frozen=True)
class LiveView:
    """Everything the live pages show after one sync; `version` grows with every different view published."""

    league: str
    """The league's name, as every export titles it."""
    branding: Branding
    logo: bytes | None
    events: tuple[LiveEvent, ...]
    """The events under way first, then those finished on the latest day played."""
    leaderboard: Table
    league_stands: str
    synced: dt.datetime
    version: int = 0


def live_view(config: Config, evaluation: Evaluation, now: dt.datetime, tables: Sequence[Sheet] = ()) -> LiveView:
    """The view of a sync. `tables` are the tables the sync wrote (`SyncResult.changes.replace`): with them the
    standings are the final ones once a bracket has its champion, `Move` is the workbook's, and the playoff matches
    are read from the bracket tabs; without them the standings are built from the evaluation alone."""
    ev = evaluation
    written = {t.name.casefold(): t for t in tables}  # tab names are unique ignoring case, as the judges may type them
    built = {t.name.casefold(): t for t in standings_sheets(ev)}
    order = sorted(ev.league.events, key=_played_order)
    states = [ev.states[e.id] for e in order if e.id in ev.states]
    shown = _running(order, ev.states)
    events = tuple(_event(e, ev, ev.states[e.id], _table(written, built, standings_tab(e.id)),
                          written.get(bracket_tab(e.id).casefold())) for e in shown)
    board = written.get(LEADERBOARD_TAB.casefold())
    leaderboard = board if isinstance(board, Table) else leaderboard_sheet(ev, None)
    branding = config.branding
    return LiveView(branding.title or ev.league.ruleset.title, branding, _logo(branding), events, leaderboard,
                    league_stands(states), now)


def _logo(branding: Branding) -> bytes | None:
    """The logo drawn in the pages' header, as the page export draws it; none when it can't be read now (the
    sync's exports say why)."""
    try:
        return branding.logo.read_bytes() if branding.logo else None
    except OSError:
        return None


def _played_order(event: Event) -> tuple[str, int]:
    return (event.date.isoformat() if event.date else "9999", event.row)


def _running(order: list[Event], states: dict[str, EventState]) -> list[Event]:
    """The events the pages show: each one with a round or playoffs under way, then those whose rounds are all
    played on the latest day an event was played (so the final standings stay up once the champion is known, and
    leave when the next event day starts)."""
    started = [e for e in order if e.id in states and states[e.id].phase is not Phase.NOT_STARTED]
    latest = max((e.date for e in started if e.date), default=None)
    playing = [e for e in started if states[e.id].phase in (Phase.ROUNDS, Phase.PLAYOFFS)]
    return playing + [e for e in started if e not in playing and (e.date is None or e.date == latest)]


def _table(written: dict[str, Sheet], built: dict[str, Table], name: str) -> Table:
    table = written.get(name.casefold())
    return table if isinstance(table, Table) else built[name.casefold()]


def _event(event: Event, ev: Evaluation, state: EventState, standings: Table, bracket: Sheet | None) -> LiveEvent:
    stands, champion = event_stands(state)
    title = " · ".join(p for p in (event.name or event.id, event.date.isoformat() if event.date else "") if p)
    if state.phase is Phase.COMPLETE and state.bracket:
        return LiveEvent(event.id, title, stands, champion, "", "", (), standings, final=True)
    if state.phase is Phase.PLAYOFFS:
        matches = _bracket_round(bracket) if bracket is not None else ()
        done = sum(p.done for p in matches)
        return LiveEvent(event.id, title, stands, champion, f"Playoffs: {state.bracket_round}",
                         f"{done} of {len(matches)} matches decided" if matches else "", matches, standings, playoff=True)
    pairings = _round(ev, event.id, state.paired)
    done = sum(p.done for p in pairings)
    return LiveEvent(event.id, title, stands, champion, f"Round {state.paired} of {state.rounds}",
                     f"{done} of {len(pairings)} results in", pairings, standings, final=state.phase is Phase.COMPLETE)


def _round(ev: Evaluation, event: str, number: int) -> tuple[Pairing, ...]:
    """The tables of one round, from its results rows: a round of two games a table (MESBG) is one pairing, done
    once both games are in; names as registered, in table order."""
    found: dict[tuple[str, frozenset[str]], Pairing] = {}
    for m in ev.league.matches:
        if m.event != event or m.round != number or not ev.league.ruleset.counts(m):
            continue
        names = tuple(ev.names.get(s.key, s.name) for s in m.sides if s.name)
        key = (m.table, frozenset(name_key(n) for n in names))
        before = found.get(key)
        found[key] = Pairing(m.table, before.sides if before else names, (before.done if before else True) and not m.pending)
    return tuple(sorted(found.values(), key=_table_order))


def _table_order(p: Pairing) -> tuple[int, float, str]:
    number = p.table.strip()
    try:
        return (0, float(number), number)
    except ValueError:
        return (1, 0.0, number.casefold())


def _bracket_round(sheet: Sheet) -> tuple[Pairing, ...]:
    """The playoff matches under way: the earliest bracket round with a match still to decide."""
    at = {h: i for i, h in enumerate(sheet.header)}
    if not set(HEADERS) <= set(at):
        return ()
    rows = [r for r in sheet.rows if all(as_text(r[at[h]]) for h in ("Round", "Competitor A", "Competitor B"))]
    open_rounds = [parse_whole(r[at["Round"]]) for r in rows if not as_text(r[at["Winner"]])]
    current = min((n for n in open_rounds if n is not None), default=None)
    if current is None:
        return ()
    return tuple(Pairing(as_text(r[at["Match"]]),
                         tuple(n for n in (as_text(r[at["Competitor A"]]), as_text(r[at["Competitor B"]]))
                               if n.casefold() != BYE),
                         bool(as_text(r[at["Winner"]])))
                 for r in rows if parse_whole(r[at["Round"]]) == current)

"""What the live pages show at one moment, built once per sync from its evaluation: no page reads the workbook."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from exporters.branding import Branding
from exporters.stands import event_stands, league_stands
from league.checks import affected
from league.evaluate import Evaluation
from league.lifecycle import EventState, Phase, SeasonState, pairings
from league.model.event import Event
from league.outcome import Placing
from league.pairing.bracket_model import Playoff
from league.report import leaderboard_sheet, standings_sheets, standings_tab
from league.sheet import LEADERBOARD_TAB, Sheet
from league.table import Table


@dataclass(frozen=True)
class Seating:
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
    state: EventState
    round: str
    """The round its pairings are of: `Round 3 of 4`, `Playoffs: semi-finals`; empty when there is none."""
    progress: str
    """How far that round is: `5 of 8 results in`."""
    pairings: tuple[Seating, ...]
    standings: Table
    placings: tuple[Placing, ...]
    """Its lines as placed (marks, prizes, playoff finishes), one per row of `standings`."""
    playoff: bool = False
    """The pairings are bracket matches (numbered by match, not by table)."""
    bracket: Playoff | None = None
    """Its bracket once seeded: the pages draw its tree."""

    @property
    def stands(self) -> str:
        """Where its standings stand: `after round 2 of 4`, `Final standings`."""
        return event_stands(self.state)

    @property
    def champion(self) -> str:
        return self.state.winner

    @property
    def final(self) -> bool:
        """Its standings are final."""
        return self.state.final


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
    board: tuple[Placing, ...]
    """The leaderboard's lines as placed."""
    season: SeasonState
    league_stands: str
    synced: dt.datetime
    version: int = 0


def live_view(branding: Branding, evaluation: Evaluation, now: dt.datetime, tables: Sequence[Sheet] = ()) -> LiveView:
    """The view of a sync. `tables` are the tables the sync wrote (`SyncResult.changes.replace`): with them `Move` is
    the workbook's; without them the tables are built from the evaluation alone. The standings, states and playoff
    matches are the evaluation's typed records either way."""
    ev = evaluation
    written = {t.name.casefold(): t for t in tables}  # tab names are unique ignoring case, as the judges may type them
    built = {t.name.casefold(): t for t in standings_sheets(ev)}
    order = sorted(ev.league.events, key=_played_order)
    states = [ev.states[e.id] for e in order if e.id in ev.states]
    shown = _running(order, ev.states)
    events = tuple(_event(e, ev, ev.states[e.id], _table(written, built, standings_tab(e.id))) for e in shown)
    board = written.get(LEADERBOARD_TAB.casefold())
    leaderboard = board if isinstance(board, Table) else leaderboard_sheet(ev, None)
    return LiveView(
        branding.title or ev.league.ruleset.title,
        branding,
        _logo(branding),
        events,
        leaderboard,
        ev.board,
        ev.season,
        league_stands(ev.season, states),
        now,
    )


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


def _event(event: Event, ev: Evaluation, state: EventState, standings: Table) -> LiveEvent:
    title = " · ".join(p for p in (event.name or event.id, event.date.isoformat() if event.date else "") if p)
    placings = ev.placings[event.id]
    playoff = ev.playoffs.get(event.id) if state.bracket else None
    if state.phase is Phase.COMPLETE and state.bracket:
        return LiveEvent(event.id, title, state, "", "", (), standings, placings, bracket=playoff)
    if state.phase is Phase.PLAYOFFS:
        matches = _bracket_round(playoff) if playoff else ()
        done = sum(p.done for p in matches)
        return LiveEvent(
            event.id,
            title,
            state,
            f"Playoffs: {state.bracket_round}",
            f"{done} of {len(matches)} matches decided" if matches else "",
            matches,
            standings,
            placings,
            playoff=True,
            bracket=playoff,
        )
    pairings = _round(ev, event.id, state.paired)
    return LiveEvent(
        event.id, title, state, f"Round {state.paired} of {state.rounds}", state.progress, pairings, standings, placings
    )


def _round(ev: Evaluation, event: str, number: int) -> tuple[Seating, ...]:
    """The tables of one round, paired as its state counts them (`pairings`): done once every row of it is typed and
    none has an error; names as registered, in table order."""
    bad = affected(ev.problems)
    rows = (m for m in ev.league.matches if m.event == event and m.round == number and ev.league.ruleset.counts(m))
    found = (
        Seating(
            ms[0].table,
            tuple(ev.names.get(s.key, s.name) for s in ms[0].sides if s.name),
            not any(m.pending or m.row in bad[m.tab] for m in ms),
        )
        for ms in pairings(rows).values()
    )
    return tuple(sorted(found, key=_table_order))


def _table_order(p: Seating) -> tuple[int, float, str]:
    number = p.table.strip()
    try:
        return (0, float(number), number)
    except ValueError:
        return (1, 0.0, number.casefold())


def _bracket_round(playoff: Playoff) -> tuple[Seating, ...]:
    """The playoff matches under way: those of the earliest bracket round with a match still to decide."""
    if playoff.champion:
        return ()
    return tuple(
        Seating(str(m.match), (m.a,) if m.bye else (m.a, m.b), bool(m.winner))
        for m in playoff.round_matches(playoff.under_way)
    )

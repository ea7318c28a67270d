"""What `league watch --discord` tells a store's Discord channel, from the typed records of a sync: each round's
pairings while it is played, each playoff round as the bracket is seeded and advances, and each event's champion.

Pairings are text a phone reads, one line per table (`Table 3 · Ana Souza vs Bruno Lima`), split into messages under
Discord's 2,000 characters. Every name and word people typed is escaped; the key says what is announced, so that each
round, playoff round and champion is announced once."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from exporters.discord_text import escaped, titled
from league.cells import name_key
from league.evaluate import Evaluation
from league.lifecycle import EventState, Phase, pairings
from league.model.event import Event
from league.pairing.bracket_model import BracketMatch, Playoff


@dataclass(frozen=True)
class Announcement:
    """Messages announcing one thing, in order, and what they announce."""

    key: str
    """What is announced, the same at every sync: `w1 round 3`, `w1 bracket 2`, `w1 champion`."""
    what: str
    """How the watch's lines name it: `W1 round 3 pairings`."""
    messages: tuple[str, ...]


def announcements(ev: Evaluation) -> list[Announcement]:
    """What the sync has to announce, events in the order played: the round under way of each event in its Swiss
    rounds, the playoff round under way, the champion of each final event."""
    events = sorted(ev.league.events, key=lambda e: (e.date.isoformat() if e.date else "9999", e.row))
    return [found for event in events if event.id in ev.states for found in _of_event(ev, event, ev.states[event.id])]


def _of_event(ev: Evaluation, event: Event, state: EventState) -> Iterator[Announcement]:
    name, key = escaped(event.name or event.id), event.id.casefold()
    if state.under_way:
        lines = _round_lines(ev, event.id, state.paired)
        yield Announcement(
            f"{key} round {state.paired}",
            f"{event.id} round {state.paired} pairings",
            tuple(titled(f"{name} · Round {state.paired} of {state.rounds}", lines)),
        )
    playoff = ev.playoffs.get(event.id)
    if state.phase is Phase.PLAYOFFS and playoff is not None and not playoff.champion:
        lines = _bracket_lines(playoff, playoff.under_way)
        yield Announcement(
            f"{key} bracket {playoff.under_way}",
            f"{event.id} {state.bracket_round}",
            tuple(titled(f"{name} · Playoffs: {state.bracket_round}", lines)),
        )
    if state.winner:
        yield Announcement(
            f"{key} champion", f"{event.id} champion", (f"🏆 **{name}** · champion: **{escaped(state.winner)}**",)
        )


def _round_lines(ev: Evaluation, event: str, number: int) -> list[str]:
    """One line per table of the round, in table order: `Table 3 · Ana Souza vs Bruno Lima`, `Table 9 · Cy Ong · bye`;
    names as registered."""
    rows = (m for m in ev.league.matches if m.event == event and m.round == number and ev.league.ruleset.counts(m))
    seated = []
    for ms in pairings(rows).values():
        names = [escaped(ev.names.get(s.key, s.name)) for s in ms[0].sides if s.name]
        table = ms[0].table.strip()
        sides = " vs ".join(names) if len(names) > 1 else f"{''.join(names)} · bye"
        seated.append((_table_order(table), f"Table {escaped(table)} · {sides}" if table else sides))
    return [line for _, line in sorted(seated)]


def _table_order(table: str) -> tuple[int, float, str]:
    """Tables by number, then those named otherwise."""
    try:
        return (0, float(table), table)
    except ValueError:
        return (1, 0.0, table.casefold())


def _bracket_lines(playoff: Playoff, number: int) -> list[str]:
    """One line per match of the playoff round, with each side's seed: `Match 1 · Ana Souza (1) vs Dan Wu (8)`."""
    seeds = {name_key(name): n for n, name in enumerate(playoff.seeds, 1)}
    return [f"Match {m.match} · {_sides(m, seeds)}" for m in playoff.round_matches(number)]


def _sides(m: BracketMatch, seeds: Mapping[str, int]) -> str:
    def seeded(name: str) -> str:
        seed = seeds.get(name_key(name))
        return escaped(name) + (f" ({seed})" if seed else "")

    return f"{seeded(m.a)} · bye" if m.bye else f"{seeded(m.a)} vs {seeded(m.b)}"

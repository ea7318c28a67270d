"""The files of an event's end: its bracket images while it has a bracket (`bracket-<event>-1080x1350.png`, further
parts `-2`, `-3`, and `bracket-<event>-1200x630.png`) and its champion card once it is final
(`champion-<event>-1080x1350.png`), drawn from the snapshot's typed records: the bracket, the event's state, its
lines as placed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from exporters.bracket_image import FEED, SIZES, Shown, render_bracket
from exporters.champion_card import Champion, Podium, champion_card
from league.cells import name_key
from league.pairing.bracket_model import Playoff
from league.sheet import STANDINGS_PREFIX

if TYPE_CHECKING:
    from exporters.board import Board
    from exporters.branding import Branding
    from history.snapshot import EventInfo, Snapshot

File = tuple[str, bytes]
BRACKET, CHAMPION = "bracket", "champion"
"""The groups of files a sync draws per event, as `bracket:<event id>` and `champion:<event id>`."""


def bracket_events(snapshot: Snapshot) -> list[str]:
    """The events listed whose bracket is seeded, in the order listed."""
    return [e.id for e in snapshot.events if e.id in snapshot.brackets and snapshot.brackets[e.id].seeds]


def champion_events(snapshot: Snapshot) -> list[str]:
    """The events that are final with a champion, in the order listed."""
    return [e.id for e in snapshot.events if e.champion]


def bracket_files(snapshot: Snapshot, branding: Branding, event: str, league: str, stem: str) -> list[File]:
    """An event's bracket images at both sizes: `bracket-<stem>-1080x1350.png` (then `-2`, `-3`: its further parts)
    and `bracket-<stem>-1200x630.png`."""
    info = _info(snapshot, event)
    champion = info.champion if info else ""
    shown = Shown(league, _title(info, event), snapshot.brackets[event], snapshot.time, champion)
    return [
        (f"{BRACKET}-{stem}-{size.label}{f'-{n}' if n > 1 else ''}.png", png)
        for size in SIZES
        for n, png in enumerate(render_bracket(shown, size, branding), 1)
    ]


def champion_files(
    snapshot: Snapshot, branding: Branding, event: str, league: str, stem: str, board: Board
) -> list[File]:
    """An event's champion card, `champion-<stem>-1080x1350.png`; none before the event is final."""
    shown = champion_of(snapshot, event, league, board)
    return [(f"{CHAMPION}-{stem}-{FEED.label}.png", champion_card(shown, branding))] if shown else []


def champion_of(snapshot: Snapshot, event: str, league: str, board: Board) -> Champion | None:
    """What the event's champion card shows, once the event is final: the champion's figures from the standings,
    the final's score, and the rest of the final four (the podium without a bracket)."""
    info = _info(snapshot, event)
    if info is None or not info.champion:
        return None
    winner = info.champion
    line = next((li for li in board.lines if name_key(li.name) == name_key(winner)), None)
    figures = [(board.count_label, line.count), (board.score_label, line.score)] if line else []
    record = " · ".join(f"{label} {value}" for label, value in figures if label and value)
    playoff = snapshot.brackets.get(event)
    return Champion(
        league,
        info.name or info.id,
        info.date,
        winner,
        record,
        _final(playoff, winner) if playoff else "",
        _others(snapshot, event, winner, playoff),
    )


def _final(playoff: Playoff, winner: str) -> str:
    """`Won the final 2-1 v Li Wei`."""
    final = next((m for m in playoff.matches if m.round == playoff.rounds), None)
    if final is None or not final.games:
        return ""
    first = name_key(final.a) == name_key(winner)
    won, lost = final.games if first else final.games[::-1]
    return f"Won the final {won}-{lost} v {final.b if first else final.a}"


def _others(snapshot: Snapshot, event: str, winner: str, playoff: Playoff | None) -> tuple[Podium, ...]:
    """The runner-up and the semi-finalists of a bracket, else those placed second and third (ties included)."""
    lines = snapshot.placings.get(STANDINGS_PREFIX + event, ())
    if playoff is not None:
        out = [
            Podium("Runner-up", p.name, 2)
            for p in lines
            if p.reached and p.reached.out and p.reached.round == playoff.rounds
        ]
        out += [
            Podium("Semi-finalist", p.name, 3)
            for p in lines
            if p.reached and p.reached.out and p.reached.round == playoff.rounds - 1
        ]
        return tuple(out)
    return tuple(
        Podium(_ordinal(p.rank), p.name, p.rank)
        for p in lines
        if p.rank is not None and 2 <= p.rank <= 3 and name_key(p.name) != name_key(winner)
    )


def _ordinal(n: int) -> str:
    return f"{n}{'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _info(snapshot: Snapshot, event: str) -> EventInfo | None:
    return next((e for e in snapshot.events if e.id == event), None)


def _title(info: EventInfo | None, event: str) -> str:
    """The event as every export titles it: its name and date."""
    return " · ".join(p for p in (info.name or info.id, info.date) if p) if info else event

"""The text of a Facebook post: the champion, a headline saying where the standings stand, the top of the table,
prize winners in rank order, movers that matter, next event, the link,
hashtags."""

from __future__ import annotations

import datetime as dt
import re

from exporters.board import MEANINGS, PLAYOFF_NOTE, SIGNS, Board, Line, move_text, plain
from history.snapshot import EventInfo
from league.outcome import Mark
from league.plain_text import one_line

TOP = 10
MOVERS = 3
"""At most this many movers are named."""
MOVE_THAT_MATTERS = 2
"""A mover is named only when they gained at least this many places."""


def caption(
    board: Board,
    league: str,
    events: tuple[EventInfo, ...],
    hashtags: tuple[str, ...],
    zone: dt.tzinfo = dt.UTC,
    url: str = "",
) -> str:
    """A caption ready to paste: plain text, one blank line between its parts; dates in the league's `zone`; `url`
    (the `[branding] url`) is the link to the league's page, left out when empty. Every text on one line: the
    caption's line breaks are its own."""
    board, league, url = plain(board), one_line(league), one_line(url)
    updated = board.updated.astimezone(zone)
    parts = ["\n".join(p for p in (_what_happened(board, league), _headline(board, league, updated)) if p)]
    ranked = [line for line in board.lines if line.rank]
    if ranked:
        top = [_top_line(board, line) for line in ranked[:TOP]]
        signs = {line.mark for line in ranked[:TOP]}
        notes = [note for note in board.footnotes if note.split(" ", 1)[0] in signs]
        notes += [PLAYOFF_NOTE] if any(line.finish for line in ranked[:TOP]) else []
        playing = MEANINGS[SIGNS[Mark.PLAYING]] in board.footnotes  # a half-played round: no one's top yet
        parts.append("\n".join(["So far" if playing else f"Top {min(TOP, len(ranked))}", *top, *notes]))
    else:
        parts.append("No results yet.")
    prizes = _prize_winners(board.lines)
    if prizes:
        heading = "Prizes" if board.final else "In line for prizes"
        parts.append(
            "\n".join([heading, *(f"{prize}: {', '.join(map(_shown, names))}" for prize, names in prizes.items())])
        )
    movers = _movers(board.lines)
    if movers:
        parts.append(
            "Biggest movers: "
            + "; ".join(f"{_shown(line.name)} {move_text(line.move)} (now {line.rank})" for line in movers)
        )
    upcoming = next_event(events, updated.date())
    if upcoming:
        where = f" at {one_line(upcoming.venue)}" if upcoming.venue else ""
        parts.append(f"Next: {one_line(upcoming.name or upcoming.id)} on {upcoming.date}{where}")
    if url.strip():
        parts.append(f"Full standings: {url.strip()}")
    tags = [hashtag(t) for t in hashtags if hashtag(t)]
    if tags:
        parts.append(" ".join(tags))
    return "\n\n".join(parts) + "\n"


def _what_happened(board: Board, league: str) -> str:
    """The first line Facebook shows: `Dan Wu wins W1` once an event has a champion; else who is first, where the
    standings stand: `Żaneta Torres leads the GL Unmatched League after QR2, 1 of 3 events complete`, `Ana Souza and
    Bruno Lima share the lead of W2 after round 2 of 4`, `Kátia Ramos wins the O-Gaming League` once the league's
    standings are final; nothing before a first result."""
    what = board.event or f"the {league}"
    if board.final and board.champion:
        return f"{_shown(board.champion)} wins {what}"
    first = [line.name for line in board.lines if line.rank == "1"]
    if not first or not board.stands:
        return ""
    if board.final:
        return f"{_names(first)} wins {what}" if len(first) == 1 else f"{_names(first)} share first place in {what}"
    stands = board.stands
    after = f" {stands}" if stands.startswith("after ") else f" ({stands})"
    return (
        f"{_names(first)} leads {what}{after}"
        if len(first) == 1
        else f"{_names(first)} share the lead of {what}{after}"
    )


def _names(names: list[str]) -> str:
    """`Ana and Bo`, `Ana, Bo and Cy`; `5 players` past three; each name isolated (`shown`)."""
    if len(names) > 3:
        return f"{len(names)} players"
    shown = [_shown(n) for n in names]
    return ", ".join(shown[:-1]) + f" and {shown[-1]}" if len(shown) > 1 else shown[0]


RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
"""Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms: letters written right to left."""


def _shown(name: str) -> str:
    """A name as the caption prints it: a right-to-left name between Unicode isolates (FSI ... PDI), so the figures
    after it in a left-to-right post keep their place instead of joining the name's run."""
    return f"\u2068{name}\u2069" if RTL.search(name) else name


def _label(label: str) -> str:
    """A heading as words in a sentence: lower case, but an abbreviation kept (`Total VP` -> `total VP`)."""
    return " ".join(w if len(w) > 1 and w.isupper() else w.lower() for w in label.split())


def _headline(board: Board, league: str, updated: dt.datetime) -> str:
    """`League: leaderboard after W2, 1 of 3 events complete (updated …)`; `League: W1 · 2026-03-07 — Final
    standings (updated …)`."""
    what = board.title.lower() if board.title == "Leaderboard" else board.title
    stands = board.stands
    if stands:
        what += f" {stands}" if stands.startswith("after ") and board.title == "Leaderboard" else f" — {stands}"
    return f"{league}: {what} (updated {updated:%Y-%m-%d})"


MEDALS = {"1": "🥇", "2": "🥈", "3": "🥉"}


def _top_line(board: Board, line: Line) -> str:
    """`🥇 1. Łukasz Żółć: 11 total wins, Health Ratio 0.5000 ▲2`: a medal for the podium, a shared rank as `=2`, the
    line's mark (`*` not final, `†` dropped), the format's count (`Record 3-1-0`), the tiebreaker named, and how far
    a bracket competitor went (`— Won the final · Swiss #3`)."""
    medal = f"{MEDALS[line.rank]} " if line.rank in MEDALS else ""
    mark = f" {line.mark}" if line.mark else ""
    count = f", {board.count_label} {line.count}" if board.count_label and line.count else ""
    tiebreak = f", {board.tiebreak_label} {line.tiebreak}" if line.tiebreak else ""
    finish = f" — {line.finish}" if line.finish else ""
    return (
        f"{medal}{line.shown_rank}. {_shown(line.name)}{mark}: "
        f"{line.score} {_label(board.score_label)}{count}{tiebreak}{finish}{_arrow(line)}"
    )


def _rank_key(line: Line) -> float:
    """A line's place for sorting: its rank's number (`3` of `3=`), unranked lines last."""
    digits = re.match(r"\d+", line.rank)
    return int(digits.group()) if digits else float("inf")


def _arrow(line: Line) -> str:
    text = move_text(line.move)
    return f" {text}" if text and text != "–" else ""


def _prize_winners(lines: tuple[Line, ...]) -> dict[str, list[str]]:
    """Each prize with who holds it, in rank order (the prize of the best-placed holder first); a `?` prize is one a
    tie leaves to the judges."""
    out: dict[str, list[str]] = {}
    for line in sorted(lines, key=_rank_key):
        for prize in line.prizes:
            out.setdefault(prize, []).append(line.name)
    return out


def _movers(lines: tuple[Line, ...]) -> list[Line]:
    """The lines that gained the most places, at least `MOVE_THAT_MATTERS` (ties in table order); none before a
    second changed sync."""
    up = [line for line in lines if isinstance(line.move, int) and line.move >= MOVE_THAT_MATTERS and line.rank]
    return sorted(up, key=lambda line: -int(line.move or 0))[:MOVERS]


def next_event(events: tuple[EventInfo, ...], today: dt.date) -> EventInfo | None:
    """The first event dated after `today`, if the Events tab has one."""
    later = sorted((e for e in events if e.date and e.date > today.isoformat()), key=lambda e: e.date)
    return later[0] if later else None


def hashtag(text: str) -> str:
    """A hashtag as Facebook links it: a `#` and letters, digits or underscores only
    (`GL Unmatched` -> `#GLUnmatched`)."""
    word = re.sub(r"[^\w]", "", text)
    return f"#{word}" if word else ""

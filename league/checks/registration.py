"""Rules over the registration tab: once per stage, within capacity, each player in one competitor."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator

from league.cells import name_key, parse_whole
from league.checks.base import at, check
from league.model.competitor import Entrant
from league.model.league import League
from league.plain_text import CONTROL, has_control
from league.problems import Problem, Severity
from league.read.events import EVENTS_TAB


@check
def registration_once_per_stage(lg: League) -> Iterator[Problem]:
    """A competitor registers once per event, and for one event per stage at most."""
    reg = lg.ruleset.registration
    first: dict[tuple[str, str], Entrant] = {}
    for e in lg.entrants:
        stage = lg.event_by_id[e.event].stage if reg.one_event_per_stage else e.event
        earlier = first.setdefault((stage or e.event, e.key), e)
        if earlier is e:
            continue
        if earlier.event == e.event:
            yield at(
                lg,
                reg.tab,
                e.row,
                reg.name,
                "duplicate-row",
                f"{e.name} is registered for {e.event} twice (first in row {earlier.row})",
                "delete the repeated row",
            )
        else:
            yield at(
                lg,
                reg.tab,
                e.row,
                reg.event,
                "two-events",
                f"{e.name} is registered for {earlier.event} (row {earlier.row}) and {e.event}, both in stage {stage}",
                "keep only the event the player actually plays; one venue per stage",
            )


@check
def capacity(lg: League) -> Iterator[Problem]:
    """An event holds at most its capacity."""
    reg = lg.ruleset.registration
    count: Counter[str] = Counter()
    seen: set[tuple[str, str]] = set()
    for e in lg.entrants:
        if (e.event, e.key) in seen:
            continue
        seen.add((e.event, e.key))
        count[e.event] += 1
        cap = lg.event_by_id[e.event].capacity
        if cap is not None and count[e.event] == cap + 1:
            yield at(
                lg,
                reg.tab,
                e.row,
                reg.event,
                "over-capacity",
                f"{e.event} holds at most {cap} {lg.ruleset.competitors.lower()}; {e.name} is number {cap + 1}",
                "move the extra registrations to another event or raise Capacity in the Events tab",
            )


@check
def members(lg: League) -> Iterator[Problem]:
    """A competitor with members names each of them, and no player is in two competitors of one event."""
    reg = lg.ruleset.registration
    first: dict[tuple[str, str], Entrant] = {}
    for e in lg.entrants:
        for header, player in zip(reg.members, e.members):
            if not player:
                yield at(
                    lg,
                    reg.tab,
                    e.row,
                    header,
                    "missing-value",
                    f"{header} of {e.name} is empty",
                    f"type the name of every {lg.ruleset.competitor.lower()} member",
                )
                continue
            earlier = first.setdefault((e.event, name_key(player)), e)
            if earlier.key != e.key:
                yield at(
                    lg,
                    reg.tab,
                    e.row,
                    header,
                    "member-twice",
                    f"{player} is already in {earlier.name} (row {earlier.row}) at {e.event}",
                    f"a player belongs to one {lg.ruleset.competitor.lower()} per event: fix one of the two rows",
                )
    seen: dict[str, tuple[str, int]] = {}
    if lg.ruleset.members is not None:
        tab = lg.ruleset.members
        for m in lg.members:
            owner, row = seen.setdefault(name_key(m.name), (m.competitor, m.row))
            if row != m.row:
                again = name_key(owner) == m.competitor_key
                yield at(
                    lg,
                    tab.tab,
                    m.row,
                    tab.name,
                    "member-twice",
                    f"{m.name} is {'listed twice on' if again else 'already on'} {owner}'s roster (row {row})",
                    "a player is on one roster only, once: remove one of the two rows",
                )


DIRECTION = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]")
"""Direction controls: invisible, yet they make a name display reversed or out of place in every output."""
ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")
"""Zero-width characters: invisible, yet `Ana\u200bReyes` is another name than `AnaReyes` to every lookup."""
JOINERS = "\u200c\u200d"


@check
def hidden_characters(lg: League) -> Iterator[Problem]:
    """A name holding an invisible direction-control or zero-width
    character is shown as typed, with a warning at its cell."""
    if not _any_name(lg, HIDDEN):
        return
    for tab, row, header, text in typed_names(lg):
        found = hidden_character(text)
        if found:
            yield at(
                lg,
                tab,
                row,
                header,
                "hidden-character",
                f"{quoted(text)} holds {found}",
                "retype the name without it",
                Severity.WARNING,
            )


LONGEST_NAME = 200
"""Characters a name may have without a warning: a longer one is cut with an ellipsis on every image and poster."""
FORMULA_START = ("=", "+", "-", "@")
"""What a spreadsheet reads a formula from;
every output keeps such a name as text, but a judge may not have meant it."""


@check
def name_shapes(lg: League) -> Iterator[Problem]:
    """A name holding a control character (a line break, a tab, an escape sequence), shaped like a formula or over
    `LONGEST_NAME` characters is shown (on one line, as text, cut to fit) with a warning at its cell: the cell holds
    more than any output shows."""
    if not _any_name(lg, SHAPES, LONGEST_NAME):
        return
    for tab, row, header, text in typed_names(lg):
        if has_control(text):
            codes = ", ".join(dict.fromkeys(f"U+{ord(c):04X}" for c in "".join(CONTROL.findall(text))))
            yield at(
                lg,
                tab,
                row,
                header,
                "control-character",
                f"{quoted(text)} holds a control character ({codes}): "
                "a line break, a tab or an escape a terminal acts on",
                "retype the name on one line; until then every image, page and file shows a space for it",
                Severity.WARNING,
            )
        if text.startswith(FORMULA_START):
            yield at(
                lg,
                tab,
                row,
                header,
                "formula-like",
                f"{quoted(text)} starts with {text[0]!r}, as a formula does",
                f"every output shows it as text; if {text[0]!r} was not meant, retype the name without it",
                Severity.WARNING,
            )
        if len(text) > LONGEST_NAME:
            yield at(
                lg,
                tab,
                row,
                header,
                "long-name",
                f"{quoted(text)} is {len(text):,} characters long",
                f"shorten it to {LONGEST_NAME} characters at most; the images and posters cut it",
                Severity.WARNING,
            )


def typed_names(lg: League) -> Iterator[tuple[str, int, str, str]]:
    """Every name a judge typed, with where: (tab, row, header, text). Registered names, their members, the members
    tab, the names in results rows and the events' ids and names."""
    reg, res = lg.ruleset.registration, lg.ruleset.results
    for e in lg.registrations:
        yield reg.tab, e.row, reg.name, e.name
        yield from ((reg.tab, e.row, header, member) for header, member in zip(reg.members, e.members))
    roster = lg.ruleset.members
    if roster is not None:
        for m in lg.members:
            yield from ((roster.tab, m.row, roster.competitor, m.competitor), (roster.tab, m.row, roster.name, m.name))
    headers = [res.side_header(res.competitor, side) for side in res.sides]
    for match in lg.matches:
        yield from ((match.tab, match.row, header, s.name) for header, s in zip(headers, match.sides))
    for event in lg.events:
        yield from (
            (EVENTS_TAB, event.row, header, text) for header, text in (("Event", event.id), ("Name", event.name))
        )


SEPARATOR = "\uffff"
"""Between the names `_any_name` searches at once: a noncharacter no pattern here matches."""
HIDDEN = re.compile(f"{DIRECTION.pattern}|{ZERO_WIDTH.pattern}")
SHAPES = re.compile(f"{CONTROL.pattern}|(?:^|{SEPARATOR})[{re.escape(''.join(FORMULA_START))}]")


def _any_name(lg: League, pattern: re.Pattern[str], longest: int | None = None) -> bool:
    """Whether any typed name matches `pattern` (or is over `longest` characters): one search over all the names
    joined, so a league of clean names (the usual one) costs one pass, not a check per name."""
    names = [
        *(e.name for e in lg.registrations),
        *(m for e in lg.registrations for m in e.members),
        *(n for m in lg.members for n in (m.competitor, m.name)),
        *(s.name for m in lg.matches for s in m.sides),
        *(n for e in lg.events for n in (e.id, e.name)),
    ]  # what `typed_names` yields, without where
    if longest is not None and max(map(len, names), default=0) > longest:
        return True
    return pattern.search(SEPARATOR.join(names)) is not None


def quoted(text: str, most: int = 40) -> str:
    """The text as a problem quotes it: escaped (a control character as `\\x1b`), its first `most` characters."""
    return repr(text) if len(text) <= most else repr(text[:most]) + "…"


def hidden_character(text: str) -> str:
    """What invisible character a name holds that changes how it shows or matches, or "" for none.

    A joiner inside an emoji sequence (👩‍💻) or between letters of a script that writes with it (Persian,
    the Indic scripts) is part of the name, not hidden."""
    found = DIRECTION.search(text)
    if found:
        return f"an invisible direction-control character (U+{ord(found.group()):04X}) that can show it reversed"
    for found in ZERO_WIDTH.finditer(text):
        if found.group() in JOINERS and _joins(text, found.start()):
            continue
        return (
            f"an invisible zero-width character (U+{ord(found.group()):04X}) that makes it another name "
            "than the one it looks like"
        )
    return ""


def _joins(text: str, index: int) -> bool:
    """Whether the joiner at `index` sits between two emoji, or two letters of a script other than Latin."""
    if index == 0 or index == len(text) - 1:
        return False
    sides = (text[index - 1], text[index + 1])
    if all(unicodedata.category(c) in ("So", "Sk") or c == "\ufe0f" for c in sides):
        return True
    return all(
        unicodedata.category(c)[0] in "LM"
        and not c.isascii()
        and not unicodedata.name(c, "").startswith(("LATIN", "COMBINING"))
        for c in sides
    )


@check
def judge_decisions(lg: League) -> Iterator[Problem]:
    """A judge's decision on a tie is a place: 1, 2, ... (empty where no decision was needed)."""
    column, tab = lg.ruleset.judge_column, lg.ruleset.registration.tab
    for e in lg.registrations if column else ():
        typed = e.fields.get(column, "")
        place = parse_whole(typed)
        if typed and (place is None or place < 1):
            yield at(
                lg,
                tab,
                e.row,
                column,
                "unreadable",
                f"{column} {typed!r} is not a place (1, 2, ...)",
                f"type the place the judges decided, 1 for the first, or leave {column} empty",
            )

"""Which part of a playoff bracket each drawing shows: the whole tree when it is small enough to read on a phone,
else its first rounds in parts of up to eight competitors each and then the rounds after them.

Its own module so the images, the page and the screen split a bracket alike, apart from how each one draws it."""

from __future__ import annotations

from dataclasses import dataclass

from league.cells import name_key
from league.pairing.bracket_model import BracketMatch, Playoff, round_name

SPAN = 3
"""The most rounds one drawing shows side by side (eight competitors): a name keeps a third of a phone's width."""


@dataclass(frozen=True)
class BracketRound:
    """One round of a drawing: its matches from top to bottom."""

    round: int
    heading: str
    """`Quarter-finals`, `Semi-finals`, `Final`, `Round of 16`."""
    matches: tuple[BracketMatch, ...]


@dataclass(frozen=True)
class Part:
    """One drawing of a bracket: a run of rounds over some of its matches."""

    columns: tuple[BracketRound, ...]
    label: str
    """Which part it is (`Top half`, `Quarter 2 of 4`, `Final four`); empty for the whole bracket."""
    ends: bool
    """It ends with the final: the champion is drawn after it."""


def heading(number: int, rounds: int) -> str:
    """A round's heading: `Final`, `Semi-finals`, `Quarter-finals`, `Round of 16`."""
    name = round_name(number, rounds)
    return {"final": "Final", "semi-final": "Semi-finals", "quarter-final": "Quarter-finals"}.get(
        name, name.capitalize()
    )


def seed_of(playoff: Playoff, name: str) -> int | None:
    """The seed a competitor was drawn with (1 is the top seed); None for a bye or an empty slot."""
    key = name_key(name)
    return next((n for n, seed in enumerate(playoff.seeds, 1) if name_key(seed) == key), None) if name else None


def parts(playoff: Playoff, span: int = SPAN) -> list[Part]:
    """The drawings a bracket takes: one for up to `span` rounds; else its first `span` rounds cut into parts of
    2 ** span competitors each, then the rounds left (recursively; the final never alone, its semi-finals with it),
    the last part ending with the final."""
    return _parts(playoff, 1, span)


def final_rounds(playoff: Playoff, span: int = SPAN) -> Part:
    """The last `span` rounds as one drawing (the final eight), what a link card has room for; from the final four
    on once the first of them is decided, its names then drawn wider."""
    first = max(1, playoff.rounds - span + 1)
    if first < playoff.rounds - 1 and all(m.winner for m in playoff.matches if m.round == first):
        first += 1
    label = ""  # its rounds are named over them: the card's band keeps its room for the event
    return Part(_columns(playoff, first, playoff.rounds, 0, 1 << (playoff.rounds - first)), label, True)


def _parts(playoff: Playoff, first: int, span: int) -> list[Part]:
    left = playoff.rounds - first + 1
    if left <= span:
        label = "" if first == 1 else "Final" if left == 1 else f"Final {2**left}"
        return [Part(_columns(playoff, first, playoff.rounds, 0, 1 << (left - 1)), label, True)]
    count = 1 << (left - span)  # parts of the first `span` rounds, each of 2 ** (span - 1) first-round matches
    wide = 1 << (span - 1)
    out = [
        Part(_columns(playoff, first, first + span - 1, k * wide, wide), _part_label(k, count), False)
        for k in range(count)
    ]
    return out + _parts(playoff, min(first + span, playoff.rounds - 1), span)  # a final alone comes with its semis


def _part_label(k: int, count: int) -> str:
    if count == 2:
        return ("Top half", "Bottom half")[k]
    if count == 4:
        return f"Quarter {k + 1} of 4"
    return f"Part {k + 1} of {count}"


def _columns(playoff: Playoff, first: int, last: int, start: int, wide: int) -> tuple[BracketRound, ...]:
    """Rounds `first` to `last`, over the `wide` matches of round `first` from its `start`-th (0-based) on."""
    out = []
    for number in range(first, last + 1):
        shift = number - first
        lo, count = start >> shift, max(wide >> shift, 1)
        found = sorted(
            (m for m in playoff.matches if m.round == number and lo < m.match <= lo + count), key=lambda m: m.match
        )
        out.append(BracketRound(number, heading(number, playoff.rounds), tuple(found)))
    return tuple(out)

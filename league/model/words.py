"""What the words judges type mean once read: a results row's kind, a competitor's status, a result word."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from league.cells import name_key


class Kind(StrEnum):
    """What a results row records, whatever word the ruleset lets judges type for it."""

    PLAYED = "played"
    FORFEIT = "forfeit"
    BYE = "bye"
    DQ = "dq"


class Status(StrEnum):
    """A competitor's standing in an event's registration."""

    ACTIVE = "active"
    DROPPED = "dropped"
    DQ = "dq"


BOTH = "both"
"""The `loser` of a result word by which both sides lose (a double forfeit)."""


@dataclass(frozen=True)
class ResultWord:
    """What a word typed in `Result` means: its kind, and whether it decides the match by itself."""

    kind: Kind
    loser: str = ""
    """The side that lost by this word alone (`Forfeit A`: side A), `both` (a double forfeit), or empty."""
    draw: bool = False
    """The word makes the match a draw (`Intentional Draw`)."""
    games: tuple[int, ...] = ()
    """Games (side A, side B[, drawn]) recorded when the games cells are left empty."""


@lru_cache(maxsize=4096)
def word_key(text: str) -> str:
    """How a `Result` word is matched: as names are, and with its spaces and dots left out, since judges type `I.D.`,
    `i d` or `ID` for the same word. Kept per text: a league's 14,000 result cells hold a handful of words."""
    return name_key(text).replace(" ", "").replace(".", "")


DROP_MARKS = frozenset({"yes", "x", "drop"})
"""What a drop cell of a results row (`Drop A`)
says when the competitor leaves the event after that round (any case)."""
NO_DROP_MARKS = frozenset({"", "no"})
"""What it says otherwise; any other text is reported."""

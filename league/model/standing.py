"""A competitor's line in an event's standings or the league leaderboard."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class Standing:
    """One competitor's line in an event's standings or the league leaderboard."""

    key: str
    rank: int | None
    """Shared by competitors tied on score and every tiebreaker; None when not ranked (DQ)."""
    score: Fraction
    matches: int
    played: int
    tiebreaks: tuple[Fraction | None, ...]
    record: tuple[int, int, int] = (0, 0, 0)
    """Matches won (byes included), lost and drawn."""
    stage_scores: dict[str, Fraction] = field(default_factory=dict)
    tie: tuple[str, ...] = ()
    """Everyone sharing this rank, this competitor included (one tuple shared by the whole group)."""
    prizes: tuple[str, ...] = ()
    undecided: tuple[str, ...] = ()
    """Prizes a tie straddles: the judges decide who gets them."""

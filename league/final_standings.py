"""An event's final standings once its playoffs have a champion: the champion first, then by the round each
bracket competitor reached (by Swiss rank within a round), then everyone else in Swiss order; prizes follow."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from league.model.standing import Standing
from league.pairing.bracket import Playoff
from league.rules.ruleset import Prize


@dataclass(frozen=True)
class Placed:
    """A standings line as shown: its place, prizes and ties, and how far it went in the playoffs."""

    line: Standing
    rank: int | None
    prizes: tuple[str, ...]
    undecided: tuple[str, ...]
    """Prizes a tie of this line straddles: the judges decide."""
    tie: tuple[str, ...]
    """The competitors sharing this place (keys), this one included; () when not a tie to report."""
    finish: str = ""
    """`won the final`, `lost the semi-final to X`; empty outside the playoffs or while still in them."""


def as_ranked(lines: Sequence[Standing], playoff: Playoff | None = None) -> list[Placed]:
    """The Swiss standings as they are, with the playoff finishes so far."""
    finishes = playoff.finishes if playoff else {}
    return [Placed(s, s.rank, s.prizes, s.undecided, s.tie, finishes[s.key].note if s.key in finishes else "") for s in lines]


def final_standings(lines: Sequence[Standing], playoff: Playoff, prizes: Sequence[Prize]) -> list[Placed]:
    """The final standings of an event whose bracket has a champion; the Swiss standings until then."""
    if not playoff.champion:
        return as_ranked(lines, playoff)
    finishes = playoff.finishes
    swiss = {s.key: i for i, s in enumerate(lines)}
    bracket = sorted((s for s in lines if s.key in finishes),
                     key=lambda s: (-(finishes[s.key].out_in or playoff.rounds + 1), swiss[s.key]))
    out = [Placed(s, place, _won(prizes, s, place, place), (), (), finishes[s.key].note) for place, s in enumerate(bracket, 1)]
    others = [s for s in lines if s.key not in finishes]
    groups: dict[int, list[str]] = defaultdict(list)
    for s in others:
        if s.rank is not None:
            groups[s.rank].append(s.key)
    first = 0
    for i, s in enumerate(others):
        if s.rank is None:
            out.append(Placed(s, None, (), (), ()))
            continue
        if i == 0 or others[i - 1].rank != s.rank:
            first = i
        low = len(bracket) + first + 1
        high = low + len(groups[s.rank]) - 1
        tie = tuple(groups[s.rank]) if s.tie and high > low else ()
        out.append(Placed(s, low, _won(prizes, s, low, high), _straddled(prizes, low, high) if tie else (), tie))
    return out


def _won(prizes: Sequence[Prize], line: Standing, low: int, high: int) -> tuple[str, ...]:
    """The prizes of a line holding places `low` to `high`: place prizes it wins outright, and those for matches
    played as the Swiss standings gave them."""
    return tuple(p.name for p in prizes if (p.ranks[0] <= low and high <= p.ranks[1] if p.ranks else p.name in line.prizes))


def _straddled(prizes: Sequence[Prize], low: int, high: int) -> tuple[str, ...]:
    """The place prizes a tie over places `low` to `high` straddles."""
    return tuple(p.name for p in prizes if p.ranks and not (p.ranks[0] <= low and high <= p.ranks[1])
                 and low <= p.ranks[1] and high >= p.ranks[0])

"""Each competitor's line as every output shows it, decided once: its place, Swiss rank and playoff finish, its
marks (named kinds, not words), the prizes it holds or is in line for, and its side of the cut.

The workbook writer turns these into cell text; the exports, live pages, history and API read them as they are."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from league.cells import Cell, as_text, name_key
from league.lifecycle import EventState, Phase
from league.model.standing import Standing
from league.pairing.bracket_model import Playoff, round_name
from league.rules.ruleset import Follows, Prize
from league.table import CutZone, Role, Table


class Mark(StrEnum):
    """What sets a line apart from a settled one."""

    NOT_FINAL = "not final"
    """An error among its rows is still to fix."""
    DISQUALIFIED = "disqualified"
    """Not ranked."""
    DROPPED = "dropped"
    """Left the event: a `Drop` penalty, a drop typed in the results, or its status."""
    PLAYING = "still playing"
    """Its match of the round under way has no result typed yet: its place may still rise past those who lost."""


@dataclass(frozen=True)
class Award:
    """A prize a line holds, or is in line for while what it follows is not final."""

    prize: str
    follows: Follows
    awarded: bool
    """False: in line for it (the standings it follows are not final yet)."""
    undecided: bool = False
    """A tie of this line straddles the prize's places: the judges decide."""


@dataclass(frozen=True)
class Reached:
    """How far a seeded competitor went in the playoffs."""

    round: int
    """The bracket round they went out in, won (the final) or are in."""
    rounds: int
    """The bracket's rounds."""
    won: bool = False
    """Won the final."""
    out: bool = False
    """Lost in `round`; False while still in it, and for the champion."""
    beaten_by: str = ""

    @property
    def stage(self) -> str:
        """The round by name: `final`, `semi-final`, `quarter-final`, `round of 16`."""
        return round_name(self.round, self.rounds)


@dataclass(frozen=True)
class Placing:
    """One competitor's line in an event's standings or the leaderboard, in the order the tab shows them."""

    key: str
    name: str
    rank: int | None
    """Its place: the playoffs' once they have a champion, else the Swiss rank; None when not ranked (DQ)."""
    swiss_rank: int | None = None
    """Its rank after the Swiss rounds, in an event with a bracket."""
    reached: Reached | None = None
    marks: tuple[Mark, ...] = ()
    awards: tuple[Award, ...] = ()
    cut: CutZone | None = None
    tie: tuple[str, ...] = ()
    """The competitors (keys) sharing its place, itself included, when that is a tie to report."""


MarkOf = Callable[[Standing], tuple[Mark, ...]]


def event_placings(
    lines: Sequence[Standing],
    state: EventState,
    prizes: Sequence[Prize],
    names: Mapping[str, str],
    marks: MarkOf,
    zones: Mapping[str, CutZone],
    playoff: Playoff | None = None,
) -> tuple[Placing, ...]:
    """An event's lines in the tab's order: the Swiss standings, then (once its bracket has a champion) the final
    ones, each bracket competitor first by how far they went; every prize placed by the standings it follows, none
    while a round is half played (nobody is in line for a prize by a round's half)."""
    prizes = () if state.under_way else prizes
    reached = _reached(playoff) if playoff and playoff.seeds else {}
    decided = bool(playoff and playoff.champion)
    order, final_rank, final_tie = _final_order(lines, reached) if decided else (list(lines), {}, {})
    out = []
    for s in order:
        rank = final_rank.get(s.key, s.rank) if decided else s.rank
        tie = final_tie.get(s.key, ()) if decided else s.tie
        kept = (s.prizes, s.undecided) if prizes else ((), ())  # each worked out once a line, not once a prize
        awards = tuple(a for p in prizes for a in _event_award(p, kept, rank, tie, state, decided, bool(reached)))
        out.append(
            Placing(
                s.key,
                names[s.key],
                rank,
                s.rank if reached else None,
                reached.get(s.key),
                marks(s),
                awards,
                zones.get(s.key),
                tie,
            )
        )
    return tuple(out)


def board_placings(
    lines: Sequence[Standing],
    prizes: Sequence[Prize],
    names: Mapping[str, str],
    marks: MarkOf,
    final: bool,
    last_event: Sequence[Placing] = (),
) -> tuple[Placing, ...]:
    """The leaderboard's lines: a prize that follows the league's points goes by rank, one that follows the final
    standings to those placed so in the season's last event (`last_event`: its lines once every round of it is
    played, its playoffs' included); all awarded only once the season is `final`."""
    by_final = {p.key: p.rank for p in last_event if p.rank is not None}
    out = []
    for s in lines:
        awards = []
        won, straddled = (s.prizes, s.undecided) if prizes else ((), ())  # once a line, not once a prize
        for p in prizes:
            if p.follows is Follows.FINAL and p.ranks:
                place = by_final.get(s.key)
                if place is not None and p.ranks[0] <= place <= p.ranks[1]:
                    awards.append(Award(p.name, p.follows, final))
            elif p.name in won or p.name in straddled:
                awards.append(Award(p.name, p.follows, final and p.name in won, p.name in straddled))
        out.append(Placing(s.key, names[s.key], s.rank, marks=marks(s), awards=tuple(awards), tie=s.tie))
    return tuple(out)


def _reached(playoff: Playoff) -> dict[str, Reached]:
    """Competitor key -> how far each seeded competitor went, or the round they are in."""
    out = {}
    for seed in playoff.seeds:
        finish = playoff.finishes.get(name_key(seed))
        if finish is None:
            out[name_key(seed)] = Reached(playoff.under_way or playoff.rounds, playoff.rounds)
        elif finish.out_in is None:
            out[name_key(seed)] = Reached(playoff.rounds, playoff.rounds, won=True)
        else:
            out[name_key(seed)] = Reached(finish.out_in, playoff.rounds, out=True, beaten_by=finish.beaten_by)
    return out


def _final_order(
    lines: Sequence[Standing], reached: Mapping[str, Reached]
) -> tuple[list[Standing], dict[str, int], dict[str, tuple[str, ...]]]:
    """The final standings: the champion first, then by the round each bracket competitor reached (by Swiss rank within
    a round), then everyone else in Swiss order, their places counted on from the bracket's (a tie keeps its group)."""
    swiss = {s.key: i for i, s in enumerate(lines)}
    bracket = sorted(
        (s for s in lines if s.key in reached),
        key=lambda s: (not reached[s.key].won, -reached[s.key].round, swiss[s.key]),
    )
    ranks = {s.key: place for place, s in enumerate(bracket, 1)}
    ties: dict[str, tuple[str, ...]] = {}
    others = [s for s in lines if s.key not in reached]
    groups: dict[int, list[str]] = defaultdict(list)
    for s in others:
        if s.rank is not None:
            groups[s.rank].append(s.key)
    first = 0
    for i, s in enumerate(others):
        if s.rank is None:
            continue
        if i == 0 or others[i - 1].rank != s.rank:
            first = i
        ranks[s.key] = len(bracket) + first + 1
        if s.tie and len(groups[s.rank]) > 1:
            ties[s.key] = tuple(groups[s.rank])
    return [*bracket, *others], ranks, ties


def _event_award(
    prize: Prize,
    line: tuple[tuple[str, ...], tuple[str, ...]],
    rank: int | None,
    tie: tuple[str, ...],
    state: EventState,
    decided: bool,
    seeded: bool,
) -> list[Award]:
    """The award a line gets of one event prize, if any: a Swiss prize by the Swiss standings, once they are final; a
    final prize by the final standings (by the Swiss ones while no bracket is seeded), once the event is final. `line`
    is the prizes the line's Swiss standing holds and those a tie there straddles."""
    won, straddled = line
    if prize.follows is Follows.SWISS or not prize.ranks:
        held, open_ = prize.name in won, prize.name in straddled
        awarded = state.swiss_final if prize.follows is Follows.SWISS else state.final
        return _award(prize, held, open_, awarded)
    if decided:
        low = rank or 0
        high = low + len(tie) - 1 if tie else low
        if rank is not None and prize.ranks[0] <= low and high <= prize.ranks[1]:
            return [Award(prize.name, prize.follows, state.final)]
        if tie and low <= prize.ranks[1] and high >= prize.ranks[0]:
            return [Award(prize.name, prize.follows, False, True)]
        return []
    if seeded or state.phase is Phase.SWISS_COMPLETE and state.playoffs:
        return []  # the playoffs decide the places: nobody is in line for them before
    return _award(prize, prize.name in won, prize.name in straddled, state.final)


def _award(prize: Prize, held: bool, open_: bool, final: bool) -> list[Award]:
    """A prize by the standings it follows: held (awarded once they are final, else in line for it), or straddled by
    a tie, which is for the judges only once they are final (before, a round to come may break it: like the
    leaderboard's, such a tie is in line for nothing)."""
    if open_:
        return [Award(prize.name, prize.follows, False, True)] if final else []
    return [Award(prize.name, prize.follows, final)] if held else []


def plain_placings(table: Table) -> tuple[Placing, ...]:
    """A table's lines as its rows stand, nothing more known of them (a snapshot from before lines were kept)."""
    rank, name = table.find(Role.RANK), table.find(Role.COMPETITOR)
    if rank is None or name is None:
        return ()
    return tuple(Placing(name_key(as_text(row[name])), as_text(row[name]), _rank(row[rank])) for row in table.rows)


def _rank(cell: Cell) -> int | None:
    return cell if isinstance(cell, int) and not isinstance(cell, bool) else None

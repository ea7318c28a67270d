"""The match table: one row per competitor per counted match, as integer codes and numpy arrays.

Every rule that needs results reads this one table: scoring (points from the whole match: outcome,
games, the opponent's figures), tiebreakers (opponents, games, figures), standings and pairings."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import IntEnum
from itertools import chain

import numpy as np
import numpy.typing as npt

from league.model.match import Match
from league.model.words import BOTH, Kind
from league.rules.ruleset import Ruleset

Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]
KINDS = tuple(Kind)
"""Kind codes of the `kind` column, in this order."""


class Outcome(IntEnum):
    """How a match ended for one side."""

    WIN = 0
    DRAW = 1
    LOSS = 2
    BYE = 3


@dataclass(frozen=True)
class MatchTable:
    """One row per side of every counted match; codes index `names`, `events` and `stages`."""

    names: list[str]
    """Competitor code -> name key."""
    events: list[str]
    stages: list[str]
    event: Ints
    stage: Ints
    round: Ints
    match: Ints
    """Index of the match in the league: both sides of one match share it."""
    competitor: Ints
    opponent: Ints
    """Competitor code of the other side; -1 for a bye."""
    partner: Ints
    """Row index of the other side; -1 for a bye."""
    kind: Ints
    """Index into KINDS."""
    outcome: Ints
    """An Outcome value."""
    games_won: Ints
    games_lost: Ints
    games_drawn: Ints
    figures: Mapping[str, Ints]
    """Per-side whole numbers by the ruleset's figure names; 0 where not typed."""
    known: Mapping[str, Flags]
    """Where each figure was typed."""
    deducted: Ints | None = None
    """Points taken off each row's score (penalties in points); None when nobody has any."""

    def __len__(self) -> int:
        return len(self.competitor)

    def where(self, mask: Flags) -> MatchTable:
        """Only the rows in `mask` (codes kept; partners renumbered, or -1 when outside)."""
        index = np.flatnonzero(mask)
        renumber = np.full(len(self) + 1, -1, dtype=np.int64)
        renumber[index] = np.arange(len(index))
        partner = np.where(self.partner[index] >= 0, renumber[self.partner[index]], -1)
        return replace(
            self,
            event=self.event[index],
            stage=self.stage[index],
            round=self.round[index],
            match=self.match[index],
            competitor=self.competitor[index],
            opponent=self.opponent[index],
            partner=partner,
            kind=self.kind[index],
            outcome=self.outcome[index],
            games_won=self.games_won[index],
            games_lost=self.games_lost[index],
            games_drawn=self.games_drawn[index],
            figures={k: v[index] for k, v in self.figures.items()},
            known={k: v[index] for k, v in self.known.items()},
            deducted=None if self.deducted is None else self.deducted[index],
        )

    def of_event(self, event: str) -> MatchTable:
        """The rows of one event."""
        code = self.events.index(event) if event in self.events else -1
        return self.where(self.event == code)

    def is_kind(self, *kinds: Kind) -> Flags:
        """Rows whose result is one of `kinds`."""
        if len(kinds) == 1:  # one comparison: several times faster than np.isin over a million rows
            equal: Flags = self.kind == KINDS.index(kinds[0])
            return equal
        return np.isin(self.kind, [KINDS.index(k) for k in kinds])

    def per_competitor(self, values: Ints, mask: Flags | None = None) -> Ints:
        """Exact per-competitor sums of whole numbers (of the rows in `mask`)."""
        if mask is None:
            return sums(self.competitor, values, len(self.names))
        return sums(self.competitor[mask], values[mask], len(self.names))

    def count(self, mask: Flags | None = None) -> Ints:
        """Rows per competitor (of the rows in `mask`)."""
        codes = self.competitor if mask is None else self.competitor[mask]
        return np.bincount(codes, minlength=len(self.names)).astype(np.int64)


EXACT_FLOAT = 2**53
"""Whole numbers up to this are exact in a float64, and so is every sum that stays within it."""


def sums(index: Ints, values: Ints, size: int) -> Ints:
    """Exact sums of whole `values` by `index` (0..size-1).

    np.bincount is several times faster than np.add.at but sums in floats: it is used only when no
    partial sum can pass 2**53, where every float sum of whole numbers is exact."""
    if not len(values):
        return np.zeros(size, dtype=np.int64)
    if max(int(values.max()), -int(values.min())) * len(values) < EXACT_FLOAT:
        return np.bincount(index, weights=values, minlength=size).astype(np.int64)
    out = np.zeros(size, dtype=np.int64)
    np.add.at(out, index, values)
    return out


def _outcome(ruleset: Ruleset, m: Match, side: int) -> Outcome:
    """How the match ended for one side: the result word where it decides (a forfeit, a draw), else a typed
    winner where the ruleset has one, else games won."""
    if m.kind is Kind.BYE:
        return Outcome.BYE
    if m.word and m.word.loser:
        return Outcome.LOSS if m.word.loser in (ruleset.results.sides[side], BOTH) else Outcome.WIN
    if m.word and m.word.draw:
        return Outcome.DRAW
    if ruleset.results.winner:
        winner = m.winner_key
        return Outcome.DRAW if not winner else Outcome.WIN if winner == m.sides[side].key else Outcome.LOSS
    if ruleset.results.compare:
        figure = ruleset.results.compare
        mine, theirs = m.sides[side].figures.get(figure) or 0, m.sides[1 - side].figures.get(figure) or 0
    else:
        mine, theirs = typed_games(ruleset, m)[side], typed_games(ruleset, m)[1 - side]
    return Outcome.WIN if mine > theirs else Outcome.LOSS if mine < theirs else Outcome.DRAW


def typed_games(ruleset: Ruleset, m: Match) -> tuple[int, int, int]:
    """Games won by side A and side B and games drawn: as typed, or as the result word records them when left empty
    (a forfeit in a best-of series: the minimum winning score of the row's series)."""
    a, b = (s.games for s in m.sides[:2])
    if a is not None or b is not None or m.word is None:
        return a or 0, b or 0, m.drawn or 0
    default = next(
        (g for c in ruleset.components if (g := c.forfeit_games(ruleset.results, m)) is not None), m.word.games
    )
    if default:
        return default[0], default[1], default[2] if len(default) > 2 else 0
    return 0, 0, m.drawn or 0


def _games(ruleset: Ruleset, m: Match, side: int, outcome: Outcome) -> tuple[int, int, int]:
    """Games won, lost and drawn by one side: as typed, a bye as the ruleset says, else the match as one game."""
    games = ruleset.results.games
    if outcome is Outcome.BYE:
        return (*games.bye, 0) if games else (1, 0, 0)
    if games:
        typed = typed_games(ruleset, m)
        return typed[side], typed[1 - side], typed[2]
    return int(outcome is Outcome.WIN), int(outcome is Outcome.LOSS), int(outcome is Outcome.DRAW)


def build_table(matches: Iterable[Match], ruleset: Ruleset, stages: Mapping[str, str]) -> MatchTable:
    """The match table of counted results rows (each with a round and a known result), sides in row order.

    Each side's values go into one tuple, turned into columns by one numpy call at the end."""
    names: dict[str, int] = {}
    events: dict[str, tuple[int, int]] = {}
    stage_codes: dict[str, int] = {}
    kind_codes = {k: i for i, k in enumerate(KINDS)}
    figure_names = list(ruleset.results.figures)
    one_game = {Outcome.WIN: (1, 0, 0), Outcome.LOSS: (0, 1, 0), Outcome.DRAW: (0, 0, 1)}
    by_winner = bool(ruleset.results.winner) and ruleset.results.games is None
    rows: list[tuple[int, ...]] = []
    typed: list[tuple[int | None, ...]] = []
    deducted: list[int] = []
    for index, m in enumerate(matches):
        sides, kind = m.sides, m.kind or Kind.PLAYED
        present = [i for i, s in enumerate(sides) if s.name]
        keys = [sides[i].key for i in present]
        codes = [names.setdefault(key, len(names)) for key in keys]
        if m.event not in events:
            events[m.event] = (len(events), stage_codes.setdefault(stages.get(m.event, ""), len(stage_codes)))
        event, stage = events[m.event]
        paired = len(present) == 2 and kind is not Kind.BYE
        # the common row, a played match won by a typed name and counted as one game: settled here, not in _outcome
        winner = m.winner_key if by_winner and paired and m.word and not (m.word.loser or m.word.draw) else None
        first, code, rnd = len(rows), kind_codes[kind], m.round or 0
        for j, i in enumerate(present):
            if winner is None:
                ended = _outcome(ruleset, m, i)
                games = _games(ruleset, m, i, ended)
            else:
                ended = Outcome.DRAW if not winner else Outcome.WIN if winner == keys[j] else Outcome.LOSS
                games = one_game[ended]
            rows.append(
                (
                    event,
                    stage,
                    rnd,
                    index,
                    codes[j],
                    codes[1 - j] if paired else -1,
                    first + 1 - j if paired else -1,
                    code,
                    ended,
                    *games,
                )
            )
            deducted.append(sides[i].deducted)
            figures = sides[i].figures
            typed.append(tuple(map(figures.get, figure_names)))
    (event_, stage_, round_, match_, competitor, opponent, partner, kind_, outcome, won, lost, drawn) = (
        np.ascontiguousarray(c) for c in np.array(rows, dtype=np.int64).reshape(len(rows), 12).T
    )
    # the figures as one object array, emptied cells then zeroed: a tenth of the time of a Python pass per value
    values = np.array(list(chain.from_iterable(typed)), dtype=object).reshape(len(rows), len(figure_names))
    known: Flags = np.asarray(values != None, dtype=np.bool_)  # noqa: E711 (elementwise over the array, not identity)
    values[~known] = 0
    return MatchTable(
        list(names),
        list(events),
        list(stage_codes),
        event_,
        stage_,
        round_,
        match_,
        competitor,
        opponent,
        partner,
        kind_,
        outcome,
        won,
        lost,
        drawn,
        {f: values[:, k].astype(np.int64) for k, f in enumerate(figure_names)},
        {f: np.ascontiguousarray(known[:, k]) for k, f in enumerate(figure_names)},
        np.array(deducted, dtype=np.int64) if any(deducted) else None,
    )

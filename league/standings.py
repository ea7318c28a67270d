"""Scores, exact tiebreaks, shared ranks and prizes over a frame of match results."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pandas as pd

from league.cells import name_key
from league.records import MatchRow
from league.ruleset import Kind, Prize, Ruleset
from league.tiebreakers import find_tiebreaker

OUTCOMES = ("win", "draw", "loss", "bye")


def match_frame(matches: Iterable[MatchRow], ruleset: Ruleset, stages: dict[str, str]) -> pd.DataFrame:
    """One row per competitor per counted match: event, stage, round, competitor key, kind, outcome, figures.

    Figures are whole numbers kept as integers, so sums stay exact however large they get."""
    rows: list[dict[str, object]] = []
    figures = list(ruleset.results.figures)
    for m in matches:
        winner = name_key(m.winner)
        for s in m.sides:
            if not s.name or m.kind is None:
                continue
            key = name_key(s.name)
            outcome = "bye" if m.kind is Kind.BYE else "win" if key == winner else "loss" if winner else "draw"
            rows.append({"event": m.event, "stage": stages.get(m.event, ""), "round": m.round, "competitor": key,
                         "kind": m.kind, "outcome": outcome,
                         **{f: int(v) if (v := s.figures.get(f)) is not None else None for f in figures}})
    columns = ["event", "stage", "round", "competitor", "kind", "outcome", *figures]
    return pd.DataFrame(rows, columns=columns).astype({f: "Int64" for f in figures})


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
    stage_scores: dict[str, Fraction] = field(default_factory=dict)
    tie: tuple[str, ...] = ()
    """Everyone sharing this rank, this competitor included (one tuple shared by the whole group)."""
    prizes: tuple[str, ...] = ()
    undecided: tuple[str, ...] = ()
    """Prizes a tie straddles: the judges decide who gets them."""


@dataclass(frozen=True)
class Grouped:
    """A match frame with competitors as integer codes, factorised once for every measure."""

    frame: pd.DataFrame
    codes: npt.NDArray[np.intp]
    """Competitor code of each frame row."""
    names: list[str]
    """Competitor key of each code."""

    @classmethod
    def of(cls, frame: pd.DataFrame) -> Grouped:
        codes, names = pd.factorize(frame["competitor"])
        return cls(frame, codes, [str(n) for n in names])

    def total(self, values: npt.NDArray[np.int64], mask: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.int64]:
        """Exact per-competitor sums of whole numbers (of the rows in `mask`)."""
        out = np.zeros(len(self.names), dtype=np.int64)
        np.add.at(out, self.codes if mask is None else self.codes[mask], values if mask is None else values[mask])
        return out


def _points(frame: pd.DataFrame, ruleset: Ruleset) -> tuple[npt.NDArray[np.int64], int]:
    """Each row's points as whole numbers over one common denominator, so sums stay exact."""
    denominator = math.lcm(*(ruleset.score.points[o].denominator for o in OUTCOMES))
    codes, outcomes = pd.factorize(frame["outcome"])
    table = np.array([int(ruleset.score.points[str(o)] * denominator) for o in outcomes] or [0], dtype=np.int64)
    return table[codes], denominator


def rank(frame: pd.DataFrame, ruleset: Ruleset, competitors: Sequence[str], prizes: Sequence[Prize],
         unranked: Iterable[str] = ()) -> list[Standing]:
    """Rank `competitors` (keys) by score then tiebreakers, exactly; full ties share a rank.

    `unranked` competitors (disqualified) are listed last with no rank and no prize."""
    grouped = Grouped.of(frame)
    points, denominator = _points(frame, ruleset)
    score = {name: Fraction(int(t), denominator) for name, t in zip(grouped.names, grouped.total(points))}
    matches = dict(zip(grouped.names, np.bincount(grouped.codes, minlength=len(grouped.names)).tolist()))
    played_mask = (frame["kind"] == Kind.PLAYED).to_numpy()
    played = dict(zip(grouped.names, np.bincount(grouped.codes[played_mask], minlength=len(grouped.names)).tolist()))
    stages = _stage_scores(grouped, points, denominator)
    values = [find_tiebreaker(tb, ruleset).compute(grouped, tb.options, ruleset) for tb in ruleset.tiebreakers]
    out_of_rank = set(unranked)

    def exact(c: str) -> tuple[object, ...]:
        parts: list[object] = [c in out_of_rank, -score.get(c, 0)]
        for v in values:
            parts += [0, -v[c]] if c in v else [1, 0]
        return tuple(parts)

    def rough(c: str) -> tuple[float, ...]:
        """The exact key in floats: correctly rounded, so it never reverses an order, at most merges."""
        parts = [float(c in out_of_rank), -float(score.get(c, 0))]
        for v in values:
            parts += [0.0, -float(v[c])] if c in v else [1.0, 0.0]
        return tuple(parts)

    result: list[Standing] = []
    position = 1
    for group in _tied_groups(list(dict.fromkeys(competitors)), rough, exact):
        ranked = group[0] not in out_of_rank
        last = position + len(group) - 1
        started = any(matches.get(c, 0) for c in group)  # before anyone plays, nobody holds a place yet
        won, undecided = (_prizes_for(prizes, position, last, [played.get(c, 0) for c in group], started) if ranked
                          else ([()] * len(group), ()))
        tie = tuple(group) if ranked and started and len(group) > 1 else ()
        for c, mine in zip(group, won):
            result.append(Standing(
                c, position if ranked else None, score.get(c, Fraction(0)), matches.get(c, 0), played.get(c, 0),
                tuple(v.get(c) for v in values), stages.get(c, {}), tie, mine, undecided))
        position = last + 1
    return result


def _tied_groups(competitors: list[str], rough: Callable[[str], tuple[float, ...]],
                 exact: Callable[[str], tuple[object, ...]]) -> Iterator[list[str]]:
    """Competitors in rank order, in groups of full ties: sorted on floats, settled exactly where floats meet."""
    keyed = sorted(((rough(c), c) for c in competitors), key=lambda kc: kc[0])
    i = 0
    while i < len(keyed):
        j = i + 1
        while j < len(keyed) and keyed[j][0] == keyed[i][0]:
            j += 1
        run = sorted((c for _, c in keyed[i:j]), key=exact)
        for _, tied in itertools.groupby(run, key=exact):
            yield list(tied)
        i = j


def _stage_scores(grouped: Grouped, points: npt.NDArray[np.int64], denominator: int) -> dict[str, dict[str, Fraction]]:
    """Each competitor's score per stage they played in, for the leaderboard's stage columns."""
    stage_codes, stage_names = pd.factorize(grouped.frame["stage"])
    width = max(len(stage_names), 1)
    cells = grouped.codes * width + stage_codes
    sums = np.zeros(len(grouped.names) * width, dtype=np.int64)
    np.add.at(sums, cells, points)
    seen = np.bincount(cells, minlength=len(sums)) > 0
    out: dict[str, dict[str, Fraction]] = {}
    for cell in np.flatnonzero(seen).tolist():
        code, stage = divmod(cell, width)
        out.setdefault(grouped.names[code], {})[str(stage_names[stage])] = Fraction(int(sums[cell]), denominator)
    return out


def _prizes_for(prizes: Sequence[Prize], first: int, last: int, played: list[int],
                started: bool) -> tuple[list[tuple[str, ...]], tuple[str, ...]]:
    """Prizes of each member of a tied group at positions first..last, and those the tie leaves undecided.

    Places are only awarded (or left to the judges) once the group has played."""
    won: list[list[str]] = [[] for _ in played]
    undecided: list[str] = []
    for prize in prizes:
        if prize.ranks and started:
            low, high = prize.ranks
            if low <= first and last <= high:
                for w in won:
                    w.append(prize.name)
            elif first <= high and last >= low:
                undecided.append(prize.name)
        elif prize.min_played is not None:
            for w, n in zip(won, played):
                if n >= prize.min_played:
                    w.append(prize.name)
    return [tuple(w) for w in won], tuple(undecided)

"""Scores, exact tiebreaks, shared ranks and prizes over the match table of an event or the league."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from league.match_table import MatchTable, Outcome
from league.model.standing import Standing
from league.rules.ruleset import Kind, Prize, Ruleset
from league.scoring import SCORINGS
from league.tiebreakers import TIEBREAKERS, Exact, Scope


def scope_of(table: MatchTable, ruleset: Ruleset) -> Scope:
    """The ruleset's points for every row of `table`, and each competitor's score and match count."""
    points = SCORINGS[ruleset.scoring.name].compute(table, ruleset.scoring.options)
    return Scope(table, points, table.per_competitor(points.values), table.count())


def rank(table: MatchTable, ruleset: Ruleset, competitors: Sequence[str], prizes: Sequence[Prize],
         unranked: Iterable[str] = ()) -> list[Standing]:
    """Rank `competitors` (keys) by score then tiebreakers, exactly; full ties share a rank.

    `unranked` competitors (disqualified) are listed last with no rank and no prize."""
    scope = scope_of(table, ruleset)
    values = [TIEBREAKERS[tb.name].compute(scope, tb.options) for tb in ruleset.tiebreakers]
    code_of = {name: i for i, name in enumerate(table.names)}
    keys = list(dict.fromkeys(competitors))
    codes = np.array([code_of.get(k, -1) for k in keys], dtype=np.int64)
    excluded = set(unranked)
    out_of_rank = np.array([k in excluded for k in keys], dtype=np.bool_)
    denominator = scope.points.denominator
    score = _gather(scope.score, codes, 0)
    matches = _gather(scope.matches, codes, 0)
    played = _gather(table.count(table.is_kind(Kind.PLAYED)), codes, 0)
    wins, losses, draws = (_gather(table.count(np.isin(table.outcome, list(outcomes))), codes, 0).tolist()
                        for outcomes in ((Outcome.WIN, Outcome.BYE), (Outcome.LOSS,), (Outcome.DRAW,)))
    stages = _stage_scores(table, scope.points.values, denominator)

    exact_values = [v.values(codes.tolist()) for v in values]

    def exact(i: int) -> tuple[object, ...]:
        parts: list[object] = [bool(out_of_rank[i]), -int(score[i])]
        for column in exact_values:
            value = column[i]
            parts += [0, -value] if value is not None else [1, 0]
        return tuple(parts)

    scores: dict[int, Fraction] = {}  # few distinct scores: build each Fraction once
    result: list[Standing] = []
    position = 1
    groups = _tied_groups(_sort_keys(out_of_rank, score, values, codes), exact)
    excluded_, score_, matches_, played_, codes_ = (a.tolist() for a in (out_of_rank, score, matches, played, codes))
    for group in groups:
        ranked = not excluded_[group[0]]
        last = position + len(group) - 1
        started = any(matches_[i] for i in group)  # before anyone plays, nobody holds a place yet
        won, undecided = (_prizes_for(prizes, position, last, [played_[i] for i in group], started) if ranked
                          else ([()] * len(group), ()))
        tie = tuple(keys[i] for i in group) if ranked and started and len(group) > 1 else ()
        for i, mine in zip(group, won):
            code, points = codes_[i], score_[i]
            result.append(Standing(
                keys[i], position if ranked else None, scores[points] if points in scores else scores.setdefault(points, Fraction(points, denominator)),
                matches_[i], played_[i], tuple(column[i] for column in exact_values), (wins[i], losses[i], draws[i]), stages.get(code, {}),
                tie, mine, undecided))
        position = last + 1
    return result


def _gather(per_code: npt.NDArray[np.int64], codes: npt.NDArray[np.int64], missing: int) -> npt.NDArray[np.int64]:
    """Per competitor of the list: its value, or `missing` for a competitor with no rows."""
    return np.where(codes >= 0, per_code[np.maximum(codes, 0)] if len(per_code) else missing, missing)


def _sort_keys(out_of_rank: npt.NDArray[np.bool_], score: npt.NDArray[np.int64], values: list[Exact],
               codes: npt.NDArray[np.int64]) -> list[list[float]]:
    """Rank order keys, most significant first: out of rank, score (exact), then per tiebreaker absent and value."""
    keys: list[list[float]] = [out_of_rank.astype(np.float64).tolist(), (-score).tolist()]
    for v in values:
        rough = v.rough() if len(v.present) else np.zeros(0)
        present = np.where(codes >= 0, v.present[np.maximum(codes, 0)] if len(v.present) else False, False)
        keys += [np.where(present, 0.0, 1.0).tolist(), np.where(present, -rough[np.maximum(codes, 0)] if len(rough) else 0.0, 0.0).tolist()]
    return keys


def _tied_groups(keys: list[list[float]], exact: Callable[[int], tuple[object, ...]]) -> Iterator[list[int]]:
    """Positions in rank order, in groups of full ties: sorted on floats, settled exactly where floats meet."""
    count = len(keys[0])
    if not count:
        return
    columns = tuple(np.array(k, dtype=np.float64) for k in keys)
    order = np.lexsort(columns[::-1])
    rough = np.stack(columns, axis=1)[order]
    starts = np.flatnonzero(np.r_[True, (rough[1:] != rough[:-1]).any(axis=1)]).tolist()
    ends = [*starts[1:], count]
    positions = order.tolist()
    for i, j in zip(starts, ends):
        if j - i == 1:
            yield [positions[i]]
            continue
        run = sorted(positions[i:j], key=exact)
        for _, tied in itertools.groupby(run, key=exact):
            yield list(tied)


def _stage_scores(table: MatchTable, points: npt.NDArray[np.int64], denominator: int) -> dict[int, dict[str, Fraction]]:
    """Each competitor's score per stage they played in, for the leaderboard's stage columns."""
    width = max(len(table.stages), 1)
    cells = table.competitor * width + table.stage
    sums = np.zeros(len(table.names) * width, dtype=np.int64)
    np.add.at(sums, cells, points)
    seen = np.flatnonzero(np.bincount(cells, minlength=len(sums)) > 0)
    made = {int(v): Fraction(int(v), denominator) for v in np.unique(sums[seen]).tolist()}  # few distinct sums
    out: dict[int, dict[str, Fraction]] = {}
    codes, stages = np.divmod(seen, width)
    for code, stage, total in zip(codes.tolist(), stages.tolist(), sums[seen].tolist()):
        found = out.get(code)
        if found is None:
            out[code] = found = {}
        found[table.stages[stage]] = made[total]
    return out


def _prizes_for(prizes: Sequence[Prize], first: int, last: int, played: list[int],
                started: bool) -> tuple[list[tuple[str, ...]], tuple[str, ...]]:
    """Prizes of each member of a tied group at positions first..last, and those the tie leaves undecided.

    Places are only awarded (or left to the judges) once the group has played."""
    if not prizes:
        return [()] * len(played), ()
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

"""Scores, exact tiebreaks, shared ranks and prizes over the match table of an event or the league."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cached_property

import numpy as np

from league.match_table import Flags, Ints, MatchTable, Outcome, sums
from league.model.standing import Ranking, Standing
from league.model.words import Kind
from league.rules.ruleset import Prize, Ruleset
from league.scoring import SCORINGS
from league.tiebreakers import TIEBREAKERS, Scope, Value


def scope_of(table: MatchTable, ruleset: Ruleset, decisions: Mapping[str, int] | None = None) -> Scope:
    """The ruleset's points for every row of `table`, and each competitor's score and match count."""
    points = SCORINGS[ruleset.scoring.name].compute(table, ruleset.scoring.options)
    if table.deducted is not None:
        points = replace(points, values=points.values - table.deducted * points.denominator)
    return Scope(table, points, table.per_competitor(points.values), table.count(), decisions or {})


def rank(
    table: MatchTable,
    ruleset: Ruleset,
    competitors: Sequence[str],
    prizes: Sequence[Prize],
    unranked: Iterable[str] = (),
    decisions: Mapping[str, int] | None = None,
    report_ties: bool = True,
) -> list[Standing]:
    """Rank `competitors` (keys) by score then tiebreakers, exactly; full ties share a rank.

    `unranked` competitors (disqualified) are listed last with no rank and no prize. Every sort key
    is a whole number (scores, and each tiebreaker's rank among its exact values), so one stable
    sort orders the lines and neighbours equal on every key are the full ties. Without `report_ties`, a tie across
    a prize is not left to the judges (nobody of it wins that prize): the league's, before its last event."""
    scope = scope_of(table, ruleset, decisions)
    values = [TIEBREAKERS[tb.name].compute(scope, tb.options) for tb in ruleset.tiebreakers]
    code_of = dict(zip(table.names, itertools.count()))
    keys = list(dict.fromkeys(competitors))
    codes = np.fromiter(map(code_of.get, keys, itertools.repeat(-1)), dtype=np.int64, count=len(keys))
    excluded = set(unranked)
    out_of_rank = (
        np.array([k in excluded for k in keys], dtype=np.bool_) if excluded else np.zeros(len(keys), dtype=np.bool_)
    )

    def gather(per_code: Ints, missing: int = 0) -> Ints:
        """Per competitor of the list: its value, or `missing` for a competitor with no rows."""
        return (
            np.where(codes >= 0, per_code[np.maximum(codes, 0)], missing)
            if len(per_code)
            else np.full(len(codes), missing)
        )

    score, matches = gather(scope.score), gather(scope.matches)
    columns = [out_of_rank.astype(np.int64), -score]
    for v in values:
        place = gather(v.order(), -1)
        columns += [(place < 0).astype(np.int64), -place]
    order = np.lexsort(columns[::-1])
    new = np.zeros(len(order), dtype=np.bool_)
    new[:1] = True
    for column in columns:
        ranked_column = column[order]
        new[1:] |= ranked_column[1:] != ranked_column[:-1]
    return _lines(table, scope, keys, values, order, new, codes, out_of_rank, score, matches, prizes, report_ties)


def _lines(
    table: MatchTable,
    scope: Scope,
    keys: list[str],
    values: Sequence[Value],
    order: Ints,
    new: Flags,
    codes: Ints,
    out_of_rank: Flags,
    score: Ints,
    matches: Ints,
    prizes: Sequence[Prize],
    report_ties: bool = True,
) -> list[Standing]:
    """The ranked columns and their line views, from the rank order and where each group of full ties starts."""
    count = len(order)
    line = np.arange(count)
    starts = np.flatnonzero(new)
    group = np.cumsum(new) - 1
    first, last = starts[group] + 1, np.r_[starts[1:], count][group]  # places the group spans
    ranked = ~out_of_rank[order]
    started = (np.maximum.reduceat((matches[order] > 0).astype(np.int8), starts) > 0)[group] if count else ranked
    tie = ranked & started & (last - first > 0)
    codes_ = codes[order]
    totals = _Totals(table, scope.points.values, scope.points.denominator)
    won, undecided = _prizes(prizes, first, last, ranked, started, lambda: totals.played_of(codes_))
    ranks = first.tolist() if ranked.all() else [p if r else None for p, r in zip(first.tolist(), ranked.tolist())]
    ranking = Ranking(
        keys=[keys[i] for i in order.tolist()],
        codes=codes_.tolist(),
        ranks=ranks,
        scores=score[order].tolist(),
        denominator=scope.points.denominator,
        matches=matches[order].tolist(),
        played=totals.played,
        records=totals.record,
        tiebreakers=[v.value for v in values],
        stages=totals.stage_scores,
        groups=list(zip(np.where(tie, starts[group], line).tolist(), np.where(tie, last, line).tolist())),
        prizes=won,
        undecided=undecided if report_ties else [],
    )
    return [Standing(ranking, i) for i in range(count)]


def _prizes(
    prizes: Sequence[Prize], first: Ints, last: Ints, ranked: Flags, started: Flags, played: Callable[[], Ints]
) -> tuple[list[tuple[str, list[bool]]], list[tuple[str, list[bool]]]]:
    """Per prize, the lines that win it and the lines whose tie straddles it (the judges decide).

    Places are only awarded (or left to the judges) once the group has played; unranked lines win nothing."""
    won: list[tuple[str, list[bool]]] = []
    undecided: list[tuple[str, list[bool]]] = []
    for prize in prizes:
        by_play = played() >= prize.min_played if prize.min_played is not None else np.zeros(len(first), dtype=np.bool_)
        if prize.ranks:
            low, high = prize.ranks
            inside = (low <= first) & (last <= high)
            by_place = np.where(started, inside, by_play)
            open_ = ranked & started & ~inside & (first <= high) & (last >= low)
            if open_.any():
                undecided.append((prize.name, open_.tolist()))
        else:
            by_place = by_play
        winners = ranked & by_place
        if winners.any():
            won.append((prize.name, winners.tolist()))
    return won, undecided


class _Totals:
    """Per competitor code, what only some outputs show (matches played, the record, the score per stage):
    counted on first use, so ranking itself never pays for them."""

    def __init__(self, table: MatchTable, points: Ints, denominator: int) -> None:
        self._table, self._points, self._denominator = table, points, denominator

    @cached_property
    def _played(self) -> Ints:
        return self._table.count(self._table.is_kind(Kind.PLAYED))

    @cached_property
    def _outcomes(self) -> Ints:
        """Competitors x outcomes: rows that ended so."""
        table = self._table
        return np.bincount(
            table.competitor * len(Outcome) + table.outcome, minlength=len(Outcome) * len(table.names)
        ).reshape(-1, len(Outcome))

    @cached_property
    def _stages(self) -> tuple[Ints, Flags]:
        """Competitors x stages: the sum of points, and where any row was played."""
        table = self._table
        width = max(len(table.stages), 1)
        cells = table.competitor * width + table.stage
        size = len(table.names) * width
        return sums(cells, self._points, size).reshape(-1, width), (np.bincount(cells, minlength=size) > 0).reshape(
            -1, width
        )

    def played_of(self, codes: Ints) -> Ints:
        """Matches played by each of `codes` (-1: none)."""
        return (
            np.where(codes >= 0, self._played[np.maximum(codes, 0)], 0)
            if len(self._played)
            else np.zeros(len(codes), dtype=np.int64)
        )

    def played(self, code: int) -> int:
        return int(self._played[code]) if code >= 0 else 0

    def record(self, code: int) -> tuple[int, int, int]:
        """Matches won (byes included), lost and drawn."""
        if code < 0:
            return 0, 0, 0
        row = self._outcomes[code].tolist()
        return row[Outcome.WIN] + row[Outcome.BYE], row[Outcome.LOSS], row[Outcome.DRAW]

    def stage_scores(self, code: int) -> dict[str, Fraction]:
        if code < 0:
            return {}
        totals, seen = self._stages
        row = totals[code].tolist()
        return {self._table.stages[s]: Fraction(row[s], self._denominator) for s in np.flatnonzero(seen[code]).tolist()}

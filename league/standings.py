"""Scores, exact tiebreaks, shared ranks and prizes over a frame of match results."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

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
    tied_with: tuple[str, ...] = ()
    prizes: tuple[str, ...] = ()
    undecided: tuple[str, ...] = ()
    """Prizes a tie straddles: the judges decide who gets them."""


def rank(frame: pd.DataFrame, ruleset: Ruleset, competitors: Sequence[str], prizes: Sequence[Prize],
         unranked: Iterable[str] = ()) -> list[Standing]:
    """Rank `competitors` (keys) by score then tiebreakers, exactly; full ties share a rank.

    `unranked` competitors (disqualified) are listed last with no rank and no prize."""
    points = frame["outcome"].map({o: float(ruleset.score.points[o]) for o in OUTCOMES}).astype("float64")
    score = {c: _exact(v) for c, v in points.groupby(frame["competitor"], sort=False).sum().items()}
    matches = frame.groupby("competitor", sort=False).size().to_dict()
    played = frame[frame["kind"] == Kind.PLAYED].groupby("competitor", sort=False).size().to_dict()
    stage = points.groupby([frame["competitor"], frame["stage"]], sort=False).sum()
    values = [find_tiebreaker(tb, ruleset).compute(frame, tb.options, ruleset) for tb in ruleset.tiebreakers]
    out_of_rank = set(unranked)

    def key(c: str) -> tuple[object, ...]:
        parts: list[object] = [c in out_of_rank, -score.get(c, 0)]
        for v in values:
            parts += [0, -v[c]] if c in v else [1, 0]
        return tuple(parts)

    ordered = sorted(dict.fromkeys(competitors), key=key)
    keys = [key(c) for c in ordered]
    stages: dict[str, dict[str, Fraction]] = {}
    for (c, s), v in zip(stage.index, stage):
        stages.setdefault(str(c), {})[str(s)] = _exact(v)
    result: list[Standing] = []
    start = 0
    while start < len(ordered):
        end = start
        while end + 1 < len(ordered) and keys[end + 1] == keys[start]:
            end += 1
        group = ordered[start:end + 1]
        ranked = group[0] not in out_of_rank
        won, undecided = _prizes_for(prizes, start + 1, end + 1, [int(played.get(c, 0)) for c in group]) if ranked else ([()] * len(group), ())
        for c, mine in zip(group, won):
            result.append(Standing(
                c, start + 1 if ranked else None, score.get(c, Fraction(0)), int(matches.get(c, 0)), int(played.get(c, 0)),
                tuple(v.get(c) for v in values), stages.get(c, {}),
                tuple(o for o in group if o != c) if ranked else (), mine, undecided))
        start = end + 1
    return result


def _exact(total: float) -> Fraction:
    """A sum of per-match points back as an exact number (points have small denominators)."""
    return Fraction(total).limit_denominator(10**6)


def _prizes_for(prizes: Sequence[Prize], first: int, last: int, played: list[int]) -> tuple[list[tuple[str, ...]], tuple[str, ...]]:
    """Prizes of each member of a tied group at positions first..last, and those the tie leaves undecided."""
    won: list[list[str]] = [[] for _ in played]
    undecided: list[str] = []
    for prize in prizes:
        if prize.ranks:
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

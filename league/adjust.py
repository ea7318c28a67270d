"""What a ruleset changes in the counted matches before scoring, beyond game and match losses: a disqualified
competitor's games lost, then what each of its components changes (figures reduced by a judge's penalty, points
deducted from a score). Each change is explained in a remark on the competitor's standings line."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace

from league.model.league import League
from league.model.match import Match
from league.model.words import BOTH, Kind, ResultWord, Status

Remarks = dict[tuple[str, str], list[str]]
"""(event id or "" for the league, competitor key) -> what was changed in that competitor's results and why."""


def adjusted(matches: Iterable[Match], lg: League) -> tuple[list[Match], Remarks]:
    """The counted matches with every disqualification of the ruleset, then every change of its components, applied."""
    remarks: Remarks = defaultdict(list)
    out = [_disqualified(m, lg, remarks) for m in matches] if lg.ruleset.dq_loses_every_game else list(matches)
    for component in lg.ruleset.components:
        out = component.adjust(out, lg, remarks)
    order = {e.id: i for i, e in enumerate(lg.events)}
    for (event, key), said in sorted(remarks.items(), key=lambda item: order.get(item[0][0], len(order))):
        remarks[("", key)] += [f"{event}: {text}" for text in said]  # the leaderboard line says it all, event by event
    return out, remarks


def remark(remarks: Remarks, event: str, key: str, text: str) -> None:
    """Add what was changed in a competitor's line and why, once."""
    said = remarks[(event, key)]
    if text not in said:
        said.append(text)


def _disqualified(m: Match, lg: League, remarks: Remarks) -> Match:
    """A game with a disqualified side is lost by that side (both, when both are) whatever was typed; figures stay."""
    if m.kind is Kind.BYE or len(m.sides) < 2:
        return m
    res = lg.ruleset.results
    out = [i for i, s in enumerate(m.sides) if (e := lg.entrant(m.event, s.name)) is not None and e.status is Status.DQ]
    if not out:
        return m
    for i in range(len(m.sides)):
        if i not in out:
            other = lg.entrant(m.event, m.sides[1 - i].name)
            remark(remarks, m.event, m.sides[i].key, f"round {m.round} won: {other.name if other else ''} disqualified")
    return replace(m, word=ResultWord(Kind.DQ, loser=BOTH if len(out) > 1 else res.sides[out[0]]))

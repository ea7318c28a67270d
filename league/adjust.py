"""What a ruleset changes in the counted matches before scoring, beyond game and match losses: a disqualified
competitor's games lost, figures reduced by a judge's penalty, points deducted from a score. Each change is
explained in a remark on the competitor's standings line."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace

from league.cells import name_key
from league.model.league import League
from league.model.match import Match
from league.rules.components.deductions import DeductionRules, game_of, missed
from league.model.words import BOTH, Kind, ResultWord, Status

Remarks = dict[tuple[str, str], list[str]]
"""(event id or "" for the league, competitor key) -> what was changed in that competitor's results and why."""


def adjusted(matches: Iterable[Match], lg: League) -> tuple[list[Match], Remarks]:
    """The counted matches with every disqualification, figure penalty and point deduction of the ruleset applied."""
    remarks: Remarks = defaultdict(list)
    out = [_disqualified(m, lg, remarks) for m in matches] if lg.ruleset.dq_loses_every_game else list(matches)
    rules = lg.ruleset.component(DeductionRules)
    if rules is not None:
        out = _figures(out, lg, rules, remarks)
        out = _points(out, lg, rules, remarks)
    order = {e.id: i for i, e in enumerate(lg.events)}
    for (event, key), said in sorted(remarks.items(), key=lambda item: order.get(item[0][0], len(order))):
        remarks[("", key)] += [f"{event}: {text}" for text in said]  # the leaderboard line says it all, event by event
    return out, remarks


def _remark(remarks: Remarks, event: str, key: str, text: str) -> None:
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
            _remark(remarks, m.event, name_key(m.sides[i].name), f"round {m.round} won: {other.name if other else ''} disqualified")
    return replace(m, word=ResultWord(Kind.DQ, loser=BOTH if len(out) > 1 else res.sides[out[0]]))


def _figures(matches: list[Match], lg: League, rules: DeductionRules, remarks: Remarks) -> list[Match]:
    """Each figure penalty taken off the figure of the one game it names (never below 0), before that game is scored."""
    cut: dict[tuple[str, int, int], list[tuple[str, int]]] = defaultdict(list)
    for p in lg.penalties:
        event, figure = lg.event_id(p.event), rules.figure_of(p.kind)
        if event is None or figure is None or not p.points or p.round is None:
            continue
        games = game_of(lg, rules, p, event)
        if len(games) == 1:
            m, side = lg.matches[games[0][0]], games[0][1]
            cut[(m.tab, m.row, side)].append((figure, p.points))
            fielded = m.sides[side].texts.get(rules.game_text, "") if rules.game_text else ""
            _remark(remarks, event, name_key(p.competitor),
                    f"-{p.points} {p.kind.lower()} in round {p.round}" + (f" ({fielded})" if fielded else ""))
    if not cut:
        return matches
    out = []
    for m in matches:
        sides = list(m.sides)
        for i, s in enumerate(sides):
            figures = dict(s.figures)
            for figure, points in cut.get((m.tab, m.row, i), []):
                typed = figures.get(figure)
                figures[figure] = None if typed is None else max(0, typed - points)
            sides[i] = replace(s, figures=figures)
        out.append(replace(m, sides=tuple(sides)))
    return out


def _points(matches: list[Match], lg: League, rules: DeductionRules, remarks: Remarks) -> list[Match]:
    """Points deducted for registration requirements missed and for penalties in points, carried by the competitor's
    first counted match of the event (so the event, its stage and the league all count them once)."""
    label = lg.ruleset.scoring.label
    owed: dict[tuple[str, str], int] = defaultdict(int)
    for e in lg.roster.values():
        for header, points in missed(rules, e.fields):
            owed[(e.event, e.key)] += points
            _remark(remarks, e.event, e.key, f"-{points} {label}: {header} {e.fields[header].lower()}")
    for p in lg.penalties:
        event = lg.event_id(p.event)
        if event is not None and rules.is_score(p.kind) and p.points and lg.entrant(event, p.competitor) is not None:
            owed[(event, name_key(p.competitor))] += p.points
            _remark(remarks, event, name_key(p.competitor), f"-{p.points} {label}: penalty" + (f" in round {p.round}" if p.round else ""))
    if not owed:
        return matches
    out = list(matches)
    for index, m in sorted(enumerate(out), key=lambda im: (im[1].round or 0, im[1].row)):
        sides = [replace(s, deducted=s.deducted + owed.pop((m.event, name_key(s.name)), 0)) if s.name else s for s in m.sides]
        if sides != list(m.sides):
            out[index] = replace(m, sides=tuple(sides))
    for (event, key) in owed:
        _remark(remarks, event, key, f"deducted once a result of {event} counts")
    return out

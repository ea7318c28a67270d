"""Penalties that change a round's result (a game loss, a match loss), applied to the matches before scoring."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from league.cells import name_key
from league.model.league import League
from league.model.match import Match
from league.model.penalty import Penalty
from league.model.words import Kind, ResultWord
from league.rules.ruleset import Effect


def effects(lg: League) -> dict[tuple[str, int, str], list[tuple[Effect, Penalty]]]:
    """(event id, round, name key) -> the result-changing penalties given to that competitor in that round."""
    by_word = {name_key(word): effect for word, effect in lg.ruleset.penalties.effects.items()}
    out: dict[tuple[str, int, str], list[tuple[Effect, Penalty]]] = {}
    for p in lg.penalties:
        event, effect = lg.event_id(p.event), by_word.get(name_key(p.kind))
        if event is not None and effect is not None and p.round is not None:
            out.setdefault((event, p.round, p.key), []).append((effect, p))
    return out


def penalised(matches: Iterable[Match], lg: League) -> list[Match]:
    """The matches with every game loss and match loss applied to the round it was given in."""
    given = effects(lg)
    if not given:
        return list(matches)
    out = []
    for m in matches:
        for i, side in enumerate(m.sides):
            for effect, _ in given.get((m.event, m.round or 0, side.key), []) if side.name else []:
                m = _apply(lg, m, i, effect)
        out.append(m)
    return out


def _apply(lg: League, m: Match, loser: int, effect: Effect) -> Match:
    """One penalty on one match: the penalised side loses a game, or the whole match."""
    res = lg.ruleset.results
    if m.kind is Kind.BYE or len(m.sides) < 2:
        return m
    other = 1 - loser
    if effect is Effect.GAME and res.games:
        games = [s.games or 0 for s in m.sides]
        games[other] += 1
        return replace(m, sides=tuple(replace(s, games=g) for s, g in zip(m.sides, games)))
    if res.games:
        won = res.games.bye[0] or 1
        word = ResultWord(
            m.kind or Kind.PLAYED, loser=res.sides[loser], games=tuple(won if i == other else 0 for i in range(2))
        )
        return replace(m, word=word, sides=tuple(replace(s, games=None) for s in m.sides), drawn=None)
    return replace(m, winner=m.sides[other].name)

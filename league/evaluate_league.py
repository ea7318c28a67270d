"""`evaluate` for a league already read and checked: what a sync that reads the league once (its players' reports
filled in) ranks. Pure: no I/O."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from league.adjust import adjusted
from league.cells import Grid
from league.checks import affected
from league.evaluate import Evaluation, _champion, _decisions, _event_order, _notes, event_brackets
from league.lifecycle import event_states
from league.match_table import build_table
from league.model.competitor import Entrant
from league.model.league import League
from league.model.words import Status
from league.penalties import penalised
from league.problems import Problem
from league.rules.components.base import ranked_problems
from league.standings import rank


def evaluate_league(lg: League, problems: list[Problem], outputs: Mapping[str, Grid] | None = None) -> Evaluation:
    """What `evaluate` gives for the tabs `lg` was read from, `problems` being those met reading it, then those
    `run_checks` found in it: each event and the league ranked on the rows without errors.

    The same steps as `evaluate` after its read and checks, which `tests/league/test_evaluate_league.py` holds
    them to."""
    ruleset = lg.ruleset
    problems = sorted(problems, key=Problem.sort_key)
    bad = affected(problems)
    counted, remarks = adjusted(penalised((m for m in lg.matches if m.row not in bad[m.tab] and m.kind is not None
                                           and m.round is not None and not m.pending and ruleset.counts(m)), lg), lg)
    brackets = event_brackets(lg, outputs or {})
    states = event_states(lg, brackets)
    stage_of = {e.id: e.stage or e.id for e in lg.events}
    table = build_table(counted, ruleset, stage_of)
    names: dict[str, str] = {}
    for e in lg.entrants:
        names.setdefault(e.key, e.name)
    notes = _notes(lg, bad)
    by_event: dict[str, list[Entrant]] = defaultdict(list)
    for (event_id, _), entrant in lg.roster.items():
        by_event[event_id].append(entrant)
    standings = {}
    for event in lg.events:
        entrants = by_event[event.id]
        prizes = ruleset.event_prizes if states[event.id].complete else ()  # no prize while the event is under way
        standings[event.id] = rank(table.of_event(event.id), ruleset, [e.key for e in entrants],
                                   prizes, [e.key for e in entrants if e.status is Status.DQ], _decisions(entrants, ruleset))
        states[event.id] = _champion(states[event.id], standings[event.id], names)
    disqualified = {e.key for e in lg.entrants if e.status is Status.DQ}
    # league prize positions all season; a tie across one is for the judges only once every event is complete
    leaderboard = rank(table, ruleset, list(names), ruleset.league_prizes, disqualified,
                       report_ties=all(s.complete for s in states.values()))
    stages = list(dict.fromkeys(stage_of[e.id] for e in sorted(lg.events, key=_event_order)))
    seen = ranked_problems(lg, standings)  # found in the standings themselves (a cut decided against the places left)
    problems = sorted([*problems, *seen], key=Problem.sort_key) if seen else problems
    return Evaluation(lg, problems, standings, leaderboard, stages, names, notes, len(counted), remarks, states, tuple(counted),
                      table, brackets)

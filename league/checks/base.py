"""The registry of validation rules, and how a rule reports a problem at a cell."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator

from league.model.league import League
from league.model.match import Match
from league.problems import Problem, Severity
from league.registry import Registry

Check = Callable[[League], Iterator[Problem]]
CHECKS: Registry[Check] = Registry("check")
"""Every validation rule by function name: the general ones (registered with `@check`) and those each registered
component declares (registered with the component); a name taken twice fails at import."""
NEEDS: dict[str, type] = {}
"""Rule name -> the component a ruleset must have for the rule to run (the component that declares it)."""


def check(fn: Check) -> Check:
    """Register a general validation rule, run for every ruleset, under its function name."""
    return CHECKS.add(fn.__name__, fn)


def at(
    lg: League, tab: str, row: int, header: str, code: str, problem: str, fix: str, severity: Severity = Severity.ERROR
) -> Problem:
    """A problem at the cell of `tab` under `header` in `row`."""
    return Problem(severity, code, tab, row, header, lg.columns.get(tab, {}).get(header), problem, fix)


UNPLAYED = "unplayed-round"
"""The problem of a pending row whose event has paired a later round: the one a pending row may have at its result."""


def run_checks(lg: League) -> list[Problem]:
    """Every general rule, then the rules of each of the ruleset's components; a pending row's empty result cells
    are not reported (no rule needs to know about pending rows), only that a later round is paired."""
    rules = [fn for name, fn in CHECKS.items() if name not in NEEDS]
    rules += [fn for component in lg.ruleset.components for fn in component.checks()]
    problems = [p for fn in rules for p in fn(lg)]
    pending = {(m.tab, m.row): _untyped(lg, m) for m in lg.matches if m.pending}
    if not pending:
        return problems
    return [p for p in problems if p.column not in pending.get((p.tab, p.row or 0), ()) or p.code == UNPLAYED]


def _untyped(lg: League, m: Match) -> frozenset[str]:
    """The headers of a pending row left empty: its result, and what the judges type with it (fighters, map)."""
    res = lg.ruleset.results
    texts = {
        res.side_header(res.texts[name], side)
        for side, s in zip(res.sides, m.sides)
        for name, text in s.texts.items()
        if not text
    }
    return frozenset(
        {*res.outcome_headers, *texts, *(res.row_texts[name] for name, text in m.row_texts.items() if not text)}
    )


def affected(problems: list[Problem]) -> defaultdict[str, set[int]]:
    """Tab -> rows with an error, which are left out of the standings."""
    out: defaultdict[str, set[int]] = defaultdict(set)
    for p in problems:
        if p.severity is Severity.ERROR and p.row is not None:
            out[p.tab].add(p.row)
    return out

"""The registry of validation rules, and how a rule reports a problem at a cell."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator

from league.model.league import League
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


def at(lg: League, tab: str, row: int, header: str, code: str, problem: str, fix: str,
       severity: Severity = Severity.ERROR) -> Problem:
    """A problem at the cell of `tab` under `header` in `row`."""
    return Problem(severity, code, tab, row, header, lg.columns.get(tab, {}).get(header), problem, fix)


def run_checks(lg: League) -> list[Problem]:
    """Every general rule, then the rules of each of the ruleset's components."""
    rules = [fn for name, fn in CHECKS.items() if name not in NEEDS]
    rules += [fn for component in lg.ruleset.components for fn in component.checks()]
    return [p for fn in rules for p in fn(lg)]


def affected(problems: list[Problem]) -> defaultdict[str, set[int]]:
    """Tab -> rows with an error, which are left out of the standings."""
    out: defaultdict[str, set[int]] = defaultdict(set)
    for p in problems:
        if p.severity is Severity.ERROR and p.row is not None:
            out[p.tab].add(p.row)
    return out

"""The registry of validation rules, and how a rule reports a problem at a cell."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import overload

from league.model.league import League
from league.problems import Problem, Severity

Check = Callable[[League], Iterator[Problem]]
CHECKS: dict[str, Check] = {}
"""Every validation rule by name: the general ones and those of each component."""
NEEDS: dict[str, type] = {}
"""Rule name -> the component a ruleset must have for the rule to run."""


@overload
def check(fn: Check) -> Check: ...
@overload
def check(*, needs: type) -> Callable[[Check], Check]: ...
def check(fn: Check | None = None, *, needs: type | None = None) -> Callable[[Check], Check] | Check:
    """Register a validation rule under its function name; `needs` limits it to rulesets with that component."""
    def register(f: Check) -> Check:
        CHECKS[f.__name__] = f
        if needs is not None:
            NEEDS[f.__name__] = needs
        return f
    return register(fn) if fn is not None else register


def at(lg: League, tab: str, row: int, header: str, code: str, problem: str, fix: str,
       severity: Severity = Severity.ERROR) -> Problem:
    """A problem at the cell of `tab` under `header` in `row`."""
    return Problem(severity, code, tab, row, header, lg.columns.get(tab, {}).get(header), problem, fix)


def run_checks(lg: League) -> list[Problem]:
    """Every registered rule that applies to the league's ruleset."""
    return [p for name, fn in CHECKS.items()
            if name not in NEEDS or lg.ruleset.component(NEEDS[name]) is not None
            for p in fn(lg)]


def affected(problems: list[Problem]) -> defaultdict[str, set[int]]:
    """Tab -> rows with an error, which are left out of the standings."""
    out: defaultdict[str, set[int]] = defaultdict(set)
    for p in problems:
        if p.severity is Severity.ERROR and p.row is not None:
            out[p.tab].add(p.row)
    return out

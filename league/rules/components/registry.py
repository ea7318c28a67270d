"""Every component a ruleset may use, one line each, in the order their tables are read and their checks run.

A new component is a module in this folder (a `Component` subclass with its table, options, checks and hooks) and
a line here; no engine file names it."""

from __future__ import annotations

from collections.abc import Iterable

from league.checks.base import CHECKS, NEEDS
from league.registry import Registry
from league.rules.components.alignment import AlignmentRules
from league.rules.components.base import Component
from league.rules.components.catalog import CatalogRules
from league.rules.components.cut import CutRules
from league.rules.components.deductions import DeductionRules
from league.rules.components.eligibility import EligibilityRules
from league.rules.components.health import HealthRules
from league.rules.components.lineup import LineupRules
from league.rules.components.restricted import RestrictedRules
from league.rules.components.roster import RosterRules
from league.rules.components.series import SeriesRules
from league.rules.components.stages import StageRules


class Components(Registry[type[Component]]):
    """Components by their TOML table; registering one registers its checks beside the general ones, each name once."""

    def __init__(self, components: Iterable[type[Component]] = ()) -> None:
        super().__init__("component", ((c.table, c) for c in components))

    def add(self, name: str, entry: type[Component]) -> type[Component]:
        """Register a component and its checks; a table or a check name already taken raises ValueError."""
        if not entry.table or name != entry.table:
            raise ValueError(
                f"component {entry.__name__} is registered as {name!r} but reads the table {entry.table!r}: "
                f"declare it as `class {entry.__name__}(Component, table={name!r})`"
            )
        self.free(name)
        checks = entry.checks()
        names = [fn.__name__ for fn in checks]
        for fn in checks:
            CHECKS.free(fn.__name__)
            if names.count(fn.__name__) > 1:
                raise ValueError(f"check {fn.__name__!r} is registered twice by component {entry.__name__}")
        for fn in checks:
            CHECKS.add(fn.__name__, fn)
            NEEDS[fn.__name__] = entry
        return super().add(name, entry)

    def remove(self, name: str) -> None:
        """Take a component and its checks out (a test's own component, once the test is done)."""
        component = self[name]
        for check in [check for check, owner in NEEDS.items() if owner is component]:
            CHECKS.remove(check)
            del NEEDS[check]
        super().remove(name)

    def register(self, component: type[Component]) -> type[Component]:
        """Register a component under its own table (usable as a class decorator)."""
        return self.add(component.table, component)


COMPONENTS = Components(
    [
        CatalogRules,
        RosterRules,
        HealthRules,
        EligibilityRules,
        SeriesRules,
        AlignmentRules,
        RestrictedRules,
        DeductionRules,
        LineupRules,
        StageRules,
        CutRules,
    ]
)
"""Every component a ruleset may use, by TOML table."""

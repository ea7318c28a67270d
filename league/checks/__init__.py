"""Validation: every rule registered by name, run over the whole league, each returning located problems.

General rules live beside this file, one module per tab or concern, each registered with `@check` in `base.py`; the
rules of a component (catalog, roster, health) live with it in `league/rules/components/` and run only for rulesets
that use that component."""

from league.checks import matches, pairings, penalties, registration, rounds  # noqa: F401  (importing registers the rules)
from league.checks.base import CHECKS, Check, affected, run_checks

__all__ = ["CHECKS", "Check", "affected", "run_checks"]

"""Every registry of named rules refuses a second entry under a taken name, so a clash fails at import."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from league.checks import CHECKS
from league.checks.base import check
from league.model.league import League
from league.pairing import SYSTEMS
from league.problems import Problem
from league.registry import Registry
from league.scoring import SCORINGS
from league.tiebreakers import TIEBREAKERS


def test_a_registry_refuses_a_name_twice_when_built() -> None:
    with pytest.raises(ValueError, match="tiebreaker 'ratio' is registered twice"):
        Registry("tiebreaker", [("ratio", 1), ("wins", 2), ("ratio", 3)])


def test_a_registry_keeps_the_order_of_registration_and_looks_up_by_name() -> None:
    reg = Registry("scoring", [("b", 1), ("a", 2)])
    assert list(reg) == ["b", "a"] and reg["a"] == 2 and reg.get("c") is None and len(reg) == 2 and "b" in reg


def test_an_entry_added_for_a_block_is_gone_after_it() -> None:
    reg = Registry("check", [("a", 1)])
    with reg.added("b", 2):
        assert dict(reg) == {"a": 1, "b": 2}
    assert dict(reg) == {"a": 1}
    with pytest.raises(ValueError, match="check 'a' is registered twice"), reg.added("a", 3):
        pass  # pragma: no cover
    assert dict(reg) == {"a": 1}


@pytest.mark.parametrize("registry", [TIEBREAKERS, SCORINGS, SYSTEMS, CHECKS], ids=lambda r: r.what)
def test_the_rule_registries_refuse_a_taken_name(registry: Registry[Any]) -> None:
    taken = next(iter(registry))
    before = dict(registry)
    with pytest.raises(ValueError, match=f"{registry.what} {taken!r} is registered twice"):
        registry.add(taken, registry[taken])
    assert dict(registry) == before


def test_the_rule_registries_are_registries() -> None:
    """A plain dict literal would keep the last of two entries under one name without a word."""
    for registry in (TIEBREAKERS, SCORINGS, SYSTEMS, CHECKS):
        assert isinstance(registry, Registry) and isinstance(registry, Mapping)


def test_a_second_check_under_a_taken_name_fails_where_it_is_declared() -> None:
    """`@check` keys rules by function name: a second `def match_players` in another module would have replaced the
    first without a word; now importing that module fails."""

    def match_players(lg: League) -> Iterator[Problem]:
        return iter(())

    before = dict(CHECKS)
    with pytest.raises(ValueError, match="check 'match_players' is registered twice"):
        check(match_players)
    assert dict(CHECKS) == before

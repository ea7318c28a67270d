"""The example league of each preset that has one, for `league demo --ruleset NAME`."""

from __future__ import annotations

from collections.abc import Callable

from league.demos.base import DemoLeague
from league.demos.gl import build_demo
from league.demos.magic import build_magic_demo
from league.demos.mesbg import build_mesbg_demo
from league.demos.nasef import build_nasef_demo
from league.rules.catalog import Catalog
from league.rules.ruleset import Ruleset

DEMOS: dict[str, Callable[[Ruleset, Catalog], DemoLeague]] = {
    "gl-unmatched": build_demo,
    "ogaming-mtg": lambda ruleset, catalog: build_magic_demo(),
    "mesbg-pairs": lambda ruleset, catalog: build_mesbg_demo(),
    "nasef-lol": lambda ruleset, catalog: build_nasef_demo(),
}
"""Preset name -> the builder of its example league (seeded: the same league every time)."""

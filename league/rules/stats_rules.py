"""`[stats]` of a ruleset: the fields games are grouped by for win rates, and whether a sync writes the `Stats` tab."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class StatsField:
    """What one side of a game fielded, for win rates (`[stats.fields]`): a text the judges type per side (the fighter),
    or a registration column of the competitor (the deck)."""

    name: str
    text: str = ""
    """A key of `results.texts`: the side's text in the results row."""
    registration: str = ""
    """A registration header; `{text}` in it stands for that results text of the side (`{army} Army`: the pair's
    `Good Army` in the games it fielded Good)."""
    catalog: bool = False
    """The names are the catalog's pieces: an alias or another spelling counts as the official name."""


@dataclass(frozen=True)
class StatsRules:
    """`[stats]`: the fields whose win rates `league stats`, the `Stats` tab and the API work out."""

    fields: Mapping[str, StatsField]
    by: str
    """The field the `Stats` tab, the chart and `league stats` group by unless told another."""
    tab: bool = False
    """A sync writes the `Stats` tab (league.toml's `stats = true` turns it on too)."""

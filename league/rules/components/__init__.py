"""Components: each rule concept a ruleset may use (a catalog with bans, rosters, hero health) owns its
TOML section, its checks and what it adds to the input tabs. A ruleset combines the ones it names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from league.rules.ruleset import Results
from league.rules.schema import Section


class Component(Protocol):
    """A rule concept of a ruleset; its checks register themselves with `needs=` its class."""

    @property
    def registration_fields(self) -> tuple[str, ...]:
        """Headers it needs on the registration tab."""
        ...


Parser = Callable[[Section, Results], Component]


def parsers() -> dict[str, Parser]:
    """TOML section name -> the parser of the component it configures (importing them registers their checks)."""
    from league.checks import lineup as lineup_checks  # noqa: F401  (the lineup's checks)
    from league.rules.components import catalog, cut, eligibility, health, lineup, pieces, roster, series, stages  # noqa: F401  (pieces: checks only)
    from league.rules.components import alignment, deductions, restricted

    return {"catalog": catalog.parse, "roster": roster.parse, "health": health.parse, "eligibility": eligibility.parse,
            "series": series.parse, "alignment": alignment.parse, "restricted": restricted.parse, "deductions": deductions.parse,
            "lineup": lineup.parse, "stages": stages.parse, "cut": cut.parse}

"""`[ratings]` of a ruleset: how the skill ratings carry a competitor from one season into the next, and when a
rating has games enough to be ranked with the others."""

from __future__ import annotations

from dataclasses import dataclass

from league.rules.schema import Section

NEW_SIGMA = 25 / 3
"""A newcomer's uncertainty (OpenSkill's default sigma): no returning competitor is ever less known than one."""


@dataclass(frozen=True)
class RatingRules:
    """`[ratings]`: the settings of `league ratings`, the `Ratings` tab and `lg.ratings()`."""

    widen: float = 3.0
    """How far a skill may drift between seasons: each returning competitor's uncertainty grows to
    `sqrt(sigma^2 + widen^2)` when a new season starts, at most to a newcomer's; a summer away makes a rating less
    certain, and its shown figure lower, but the estimate stays."""
    provisional: int = 5
    """A competitor with fewer games than this is listed apart, as provisional, not ranked with the others."""
    members: bool = True
    """A pair whose players the registration names is rated as the two players (a player keeps their rating when
    they change partners); false: the pair as one side, as a team always is."""


def rating_rules(s: Section) -> RatingRules:
    """`[ratings]` checked: `widen` a number of rating points 0 or more, `provisional` a whole number of games."""
    default = RatingRules()
    widen = s.get("widen", (int, float), default.widen)
    if not 0 <= widen <= NEW_SIGMA:
        raise s.error("widen", f"must be between 0 and {NEW_SIGMA:.2f} (a newcomer's uncertainty), found {widen!r}")
    provisional = s.get("provisional", int, default.provisional)
    if provisional < 0:
        raise s.error("provisional", f"must be a whole number of games, 0 or more, found {provisional!r}")
    rules = RatingRules(float(widen), provisional, s.get("members", bool, default.members))
    s.done()
    return rules

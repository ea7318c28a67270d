"""The health component: a hero's remaining and starting health per side, and the checks on them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from league.checks.base import at
from league.checks.matches import distinct_sides
from league.model.league import League
from league.model.words import Kind
from league.problems import Problem, Severity
from league.rules.catalog import Piece
from league.rules.components.base import Component
from league.rules.components.catalog import CatalogRules
from league.rules.ruleset import Results
from league.rules.schema import Section


@dataclass(frozen=True)
class HealthRules(Component, table="health"):
    """Which results figures hold remaining and starting health, and what a played match implies for them."""

    remaining: str
    starting: str
    loser_at_zero: bool = True
    """A defeated hero has 0 health left; a winner more than 0."""

    @classmethod
    def parse(cls, s: Section, results: Results) -> HealthRules:
        """The `[health]` section; both figures must be results figures."""
        for key in ("remaining", "starting"):
            s.key_of(key, results.figures, "results.figures")
        rules = HealthRules(s.data["remaining"], s.data["starting"], s.get("loser_at_zero", bool, True))
        s.done()
        return rules


@HealthRules.check
def match_health(lg: League) -> Iterator[Problem]:
    """Remaining health is within 0..starting; a played match leaves the loser at 0, the winner above."""
    health, res = lg.ruleset.component(HealthRules), lg.ruleset.results
    assert health is not None, "the check runs only for rulesets with health"
    catalog = lg.ruleset.component(CatalogRules)
    piece_text = catalog.piece if catalog and catalog.piece else ""
    headers = {
        side: (
            res.side_header(res.figures[health.remaining], side),
            res.side_header(res.figures[health.starting], side),
        )
        for side in res.sides
    }  # looked up once: this runs for both sides of every row
    officials: dict[str, Piece | None] = {}  # piece as typed -> the official one: a few dozen, typed thousands of times
    for m in lg.matches:
        played = m.kind is Kind.PLAYED
        playing: set[str] | None = None
        for side, s in distinct_sides(res.sides, m):
            if not s.name:
                continue
            left, start = s.figures.get(health.remaining), s.figures.get(health.starting)
            h_left, h_start = headers[side]
            if played:
                for header, value in ((h_left, left), (h_start, start)):
                    if value is None and header not in s.unreadable:
                        yield at(
                            lg,
                            m.tab,
                            m.row,
                            header,
                            "missing-value",
                            f"{header} is empty",
                            f"type {header} from the match sheet",
                        )
            if start is not None and start <= 0:
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    h_start,
                    "health-range",
                    f"{h_start} is {start}; it must be above 0",
                    "type the hero's starting health",
                )
                continue
            piece = s.texts.get(piece_text, "") if piece_text else ""
            if piece not in officials:
                officials[piece] = lg.catalog.piece(piece) if piece else None
            official = officials[piece] if start is not None else None
            if start is not None and official and official.health and start != official.health:
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    h_start,
                    "start-health",
                    f"{official.name} starts with {official.health} health, not {start}",
                    "check the hero card",
                    Severity.WARNING,
                )
            if left is None or start is None:
                continue
            if not 0 <= left <= start:
                yield at(
                    lg,
                    m.tab,
                    m.row,
                    h_left,
                    "health-range",
                    f"{h_left} is {left}; it must be between 0 and {h_start} ({start})",
                    "type the hero's remaining health from the match sheet",
                )
                continue
            if not played or not health.loser_at_zero:
                continue
            if playing is None:
                playing = {o.key for o in m.sides}
            winner = m.winner_key
            if winner in playing:
                won = winner == s.key
                if won and left == 0:
                    yield at(
                        lg,
                        m.tab,
                        m.row,
                        h_left,
                        "winner-health",
                        f"{s.name} won with 0 health left",
                        "check the winner, or the remaining health",
                    )
                elif not won and left > 0:
                    yield at(
                        lg,
                        m.tab,
                        m.row,
                        h_left,
                        "loser-health",
                        f"{s.name} lost with {left} health left",
                        "a defeated hero has 0 health: check the winner, or write 0",
                    )

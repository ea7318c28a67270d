"""The optional `Avoid` tab: pairs of competitors the organiser asks never to pair (family, a dispute, one club)."""

from __future__ import annotations

from dataclasses import dataclass

from league.cells import Grid
from league.problems import Problem
from league.read.columns import locate

AVOID_TAB = "Avoid"
AVOID_HEADERS = ("Event", "Competitor A", "Competitor B", "Reason")


@dataclass(frozen=True)
class Avoid:
    """Two competitors not to pair in an event (empty event: in every event)."""

    event: str
    first: str
    second: str
    row: int


def read_avoid(tabs: dict[str, Grid], columns: dict[str, dict[str, int]]) -> tuple[list[Avoid], list[Problem]]:
    """The pairs to keep apart, if the tab exists."""
    if AVOID_TAB not in tabs:
        return [], []
    table, problems = locate(AVOID_TAB, tabs[AVOID_TAB], AVOID_HEADERS[1:3], (AVOID_HEADERS[0], AVOID_HEADERS[3]))
    if table is None:
        return [], problems
    columns[table.tab] = table.columns
    return [
        Avoid(table.text(cells, "Event"), table.text(cells, "Competitor A"), table.text(cells, "Competitor B"), row)
        for row, cells in table.rows
    ], problems

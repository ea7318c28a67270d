"""The `Penalties` tab (optional: most events have none)."""

from __future__ import annotations

from league.cells import Grid, as_text, name_key, parse_whole
from league.model.penalty import Penalty
from league.problems import Problem
from league.read.columns import locate, unreadable

PENALTIES_TAB = "Penalties"
PENALTY_HEADERS = ("Event", "Round", "Competitor", "Penalty", "Points", "Infraction", "Reason", "Judge")


def read_penalties(
    tabs: dict[str, Grid], columns: dict[str, dict[str, int]], extra: tuple[str, ...] = ()
) -> tuple[list[Penalty], list[Problem]]:
    """Penalties, if the tab exists; `extra` optional headers are kept as text."""
    if PENALTIES_TAB not in tabs:
        return [], []
    table, problems = locate(PENALTIES_TAB, tabs[PENALTIES_TAB], PENALTY_HEADERS[:4], (*PENALTY_HEADERS[4:], *extra))
    if table is None:
        return [], problems
    columns[table.tab] = table.columns
    out = []
    for row, cells in table.rows:
        round_cell = table.cell(cells, "Round")
        rnd = parse_whole(round_cell)
        if rnd is None and as_text(round_cell):
            problems.append(unreadable(table, row, "Round", round_cell, "a round number"))
        points_cell = table.cell(cells, "Points")
        points = parse_whole(points_cell)
        bad = frozenset({"Points"}) if points is None and as_text(points_cell) else frozenset()
        if bad:
            problems.append(unreadable(table, row, "Points", points_cell, "a whole number"))
        competitor = table.text(cells, "Competitor")
        out.append(
            Penalty(
                table.text(cells, "Event"),
                rnd,
                competitor,
                name_key(competitor),
                table.text(cells, "Penalty"),
                row,
                table.text(cells, "Infraction"),
                points,
                {h: table.text(cells, h) for h in extra},
                bad,
            )
        )
    return out, problems

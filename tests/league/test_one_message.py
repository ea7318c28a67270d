"""One mistake, one message: a judge's mistake planted in each preset's demo league is one problem at one cell,
never two at the same cell (a whole score typed into one cell, a drawn series, an impossible best of three)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from jobs.config import load_ruleset
from league.cells import Cell, Grid, a1, as_text
from league.demos import DEMOS
from league.evaluate import evaluate
from league.rules.ruleset import Ruleset

Plant = Callable[[Ruleset, list[Cell], list[str]], str]
"""A mistake typed over a played results row (its cells, the tab's header): returns the header of the cell it is
reported at, or "" where either games cell may be."""


def _played(ruleset: Ruleset, row: list[Cell], header: list[str]) -> bool:
    """A row with both competitors and every per-side number typed, no result word."""
    res = ruleset.results
    per_side = [*res.figures.values(), *([res.games.won] if res.games else [])]
    cells = [res.side_header(t, s) for t in [res.competitor, *per_side] for s in res.sides]
    return not as_text(row[header.index(res.result)]) and all(as_text(row[header.index(h)]) for h in cells)


def _score_in_one_cell(template: str, separator: str) -> Plant:
    """The whole score typed into side A's cell of a per-side number, side B's left empty."""

    def plant(ruleset: Ruleset, row: list[Cell], header: list[str]) -> str:
        res = ruleset.results
        first, second = (header.index(res.side_header(template, s)) for s in res.sides)
        row[first], row[second] = f"{as_text(row[first])}{separator}{as_text(row[second])}", None
        return header[first]

    return plant


def _games(a: int, b: int) -> Plant:
    """Games won typed as `a`-`b` (2-2: a drawn series; 3-0: past the best of three)."""

    def plant(ruleset: Ruleset, row: list[Cell], header: list[str]) -> str:
        res = ruleset.results
        assert res.games is not None
        first, second = (header.index(res.side_header(res.games.won, s)) for s in res.sides)
        row[first], row[second] = a, b
        if res.games.drawn:
            row[header.index(res.games.drawn)] = None
        return ""

    return plant


def _mistakes(ruleset: Ruleset) -> list[Plant]:
    res = ruleset.results
    per_side = [*res.figures.values(), *([res.games.won] if res.games else [])]
    plants = [_score_in_one_cell(t, sep) for t in per_side for sep in ("-", ":", "–")]
    return plants + ([_games(2, 2), _games(3, 0)] if res.games else [])


@pytest.mark.parametrize("preset", sorted(DEMOS))
def test_no_cell_holds_two_problems_of_one_mistake(preset: str) -> None:
    ruleset, catalog = load_ruleset(preset, Path("."))
    tabs: dict[str, Grid] = {
        k: [list(r) for r in v] for k, v in DEMOS[preset](ruleset, catalog).tabs(ruleset, catalog).items()
    }
    before = evaluate(tabs, ruleset, catalog).problems
    results = [name for name, grid in tabs.items() if [as_text(h) for h in grid[0]] == list(ruleset.results.order)]
    rows = [
        (tab, n, row)
        for tab in results
        for n, row in enumerate(tabs[tab][1:], start=2)
        if _played(ruleset, row, [as_text(h) for h in tabs[tab][0]])
        and not any(p.tab == tab and p.row == n for p in before)
    ]
    planted: dict[tuple[str, int], str] = {}
    for plant, (tab, n, row) in zip(
        _mistakes(ruleset), rows[::7]
    ):  # rows apart: no two mistakes share a round's pairing
        header = [as_text(h) for h in tabs[tab][0]]
        typed = plant(ruleset, row, header)
        planted[(tab, n)] = a1(n, header.index(typed)) if typed else ""
    assert len(planted) == len(_mistakes(ruleset))
    problems = evaluate(tabs, ruleset, catalog).problems
    per_cell = Counter((p.tab, p.cell) for p in problems)
    assert [p for p in problems if per_cell[(p.tab, p.cell)] > 1] == []
    for (tab, n), cell in planted.items():
        [found] = [p for p in problems if p.tab == tab and p.row == n]
        assert found.severity.value == "error" and found.cell == (cell or found.cell), (tab, n)

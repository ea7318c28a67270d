"""The Magic demo league on event day: W3's last round paired, half its results typed (the live pages' tests and
benchmark)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from jobs.config import Config, load_ruleset
from league.cells import Grid
from league.demos import DEMOS
from league.evaluate import Evaluation, evaluate
from serve.app import RunningServer, start_server
from serve.board import LiveBoard
from serve.view import LiveView

NOW = dt.datetime(2026, 3, 14, 18, 0, 30, tzinfo=dt.UTC)
RESULT_CELLS = {
    "ogaming-mtg": ("Wins A", "Wins B", "Draws", "Result", "Drop A", "Drop B"),
    "mesbg-pairs": ("Scenario A", "Scenario B", "Result"),
}
"""The cells a pending row leaves empty, by preset."""
HOSTILE = (
    "<script>alert(1)</script>",
    '=HYPERLINK("http://evil.example","win")',
    'Zoë "Q" O\'Neil & <b>Co</b>',
    "محمد علي",
)
"""Names a judge may type: markup, a formula, quotes and ampersands, right-to-left script."""


def demo_tabs(preset: str) -> tuple[Config, dict[str, Grid]]:
    """The preset's demo league's input tabs, and a config of it whose exports folder is never written."""
    ruleset, catalog = load_ruleset(preset, Path("."))
    tabs = DEMOS[preset](ruleset, catalog).tabs(ruleset, catalog)
    return Config(Path("league.toml"), ruleset, catalog, Path("league.xlsx"), Path("exports")), tabs


def pend(tabs: dict[str, Grid], tab: str, round_: int, keep: int, preset: str = "ogaming-mtg") -> None:
    """Empty the result cells of round `round_` of `tab` after its first `keep` rows: paired, results not in."""
    grid = tabs[tab]
    head = [str(h) for h in grid[0]]
    rows = [r for r in grid[1:] if r[0] == round_]
    for row in rows[keep:]:
        if row[head.index("Result")] == "Bye":
            continue
        for cell in RESULT_CELLS[preset]:
            row[head.index(cell)] = None


def rename(tabs: dict[str, Grid], old: str, new: str) -> None:
    """A competitor renamed in every input tab (registration and results)."""
    for grid in tabs.values():
        for row in grid:
            for i, cell in enumerate(row):
                if cell == old:
                    row[i] = new


def event_day(hostile: bool = False) -> tuple[Config, Evaluation]:
    """The Magic demo with W3 in its fourth round: its first three tables and the bye have results, the rest wait;
    with `hostile`, four of its players go by the names in HOSTILE."""
    config, tabs = demo_tabs("ogaming-mtg")
    pend(tabs, "Results W3", 4, 3)
    if hostile:
        for old, new in zip(("Kátia Ramos", "Bruno Lima", "Carla Mendes", "Fábio Nunes"), HOSTILE):
            rename(tabs, old, new)
    return config, evaluate(tabs, config.ruleset, config.catalog)


@contextmanager
def serving(view: LiveView | None, exports: Path) -> Iterator[tuple[RunningServer, LiveBoard]]:
    """A live server on a free loopback port showing `view` (nothing yet when None), stopped after."""
    board = LiveBoard()
    if view is not None:
        board.publish(view)
    server = start_server(board, "127.0.0.1", 0, exports)
    try:
        yield server, board
    finally:
        server.stop()

"""An event's results tab: one row per match (or game), each cell parsed and located."""

from __future__ import annotations

from league.cells import Cell, Grid, as_text, parse_whole
from league.model.match import Match, Side
from league.problems import Problem, Severity
from league.read.columns import Table, locate, unreadable
from league.rules.ruleset import Ruleset


def _whole(table: Table, cells: list[Cell], row: int, header: str, problems: list[Problem], bad: set[str]) -> int | None:
    """A whole-number cell; text that is not one is reported at its cell (and remembered in `bad`)."""
    cell = table.cell(cells, header)
    value = parse_whole(cell)
    if value is None and as_text(cell):
        problems.append(unreadable(table, row, header, cell, "a whole number"))
        bad.add(header)
    return value


def read_matches(tab: str, grid: Grid, ruleset: Ruleset, event: str,
                 columns: dict[str, dict[str, int]]) -> tuple[list[Match], list[Problem]]:
    """An event's results rows, each cell parsed; unreadable cells are reported where they are."""
    res = ruleset.results
    required = list(res.required)
    table, problems = locate(tab, grid, required, [h for h in res.order if h not in required])
    if table is None:
        return [], problems
    columns[table.tab] = table.columns
    matches: list[Match] = []
    sides_headers = [(res.side_header(res.competitor, side), [(n, res.side_header(t, side)) for n, t in res.figures.items()],
                      res.side_header(res.games.won, side) if res.games else "",
                      [(n, res.side_header(t, side)) for n, t in res.texts.items()]) for side in res.sides]
    for row, cells in table.rows:
        round_cell = table.cell(cells, res.round)
        rnd = parse_whole(round_cell)
        if rnd is None or rnd < 1:
            problems.append(unreadable(table, row, res.round, round_cell, "a round number (1, 2, ...)"))
            rnd = None
        sides = []
        for competitor, figure_headers, games_header, text_headers in sides_headers:
            bad: set[str] = set()
            figures = {name: _whole(table, cells, row, header, problems, bad) for name, header in figure_headers}
            games = _whole(table, cells, row, games_header, problems, bad) if games_header else None
            texts = {name: table.text(cells, header) for name, header in text_headers}
            sides.append(Side(table.text(cells, competitor), figures, texts, games, frozenset(bad)))
        drawn = _whole(table, cells, row, res.games.drawn, problems, set()) if res.games and res.games.drawn else None
        word = table.text(cells, res.result)
        meaning = ruleset.word_of(word)
        if meaning is None:
            words = ", ".join(repr(w) for w in res.kinds if w)
            problems.append(table.problem(Severity.ERROR, "unknown-result", row, res.result,
                                          f"result {word!r} is not known", f"leave it empty for a played match or use {words}"))
        matches.append(Match(event, tab, row, rnd, table.text(cells, res.table), tuple(sides), meaning,
                             table.text(cells, res.winner) if res.winner else "",
                             {name: table.text(cells, h) for name, h in res.row_texts.items()}, drawn,
                             table.text(cells, "Judge"), table.text(cells, "Notes")))
    return matches, problems

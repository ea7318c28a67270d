"""An event's results tab: one row per match (or game), each cell parsed and located."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from league.cells import LARGEST, Cell, Grid, as_text, name_key, parse_whole
from league.model.match import Match, Side
from league.model.words import DROP_MARKS, NO_DROP_MARKS
from league.problems import Problem, Severity
from league.read.columns import LocatedTab, locate, unreadable
from league.rules.ruleset import Results, Ruleset

_NONE: frozenset[str] = frozenset()
_SCORE = re.compile(r"\s*(\d{1,9})\s*[-:–—]\s*(\d{1,9})\s*(?:[-:–—]\s*(\d{1,9})\s*)?")
"""A whole score typed into one cell: `2-1`, `2:1`, `2–1`, or `1-1-1` with the drawn games."""
Pair = tuple[tuple[tuple[str, int], ...], tuple[str, int] | None]
"""The cells of a per-side number, (header, position) for each side, and the drawn games' cell a score may go on to."""


def _score(
    table: LocatedTab, cell: list[Cell], row: int, pairs: Sequence[Pair], problems: list[Problem]
) -> frozenset[str]:
    """A whole score typed into one cell of a per-side pair (`2-1` in `Wins A`, `Wins B` empty) is one mistake: one
    problem at that cell saying what to type where; returns the headers it speaks for, reported no further."""
    spoken: set[str] = set()
    for places, drawn in pairs:
        for header, i in places:
            typed = cell[i]
            found = _SCORE.fullmatch(typed) if isinstance(typed, str) else None
            if found is None:
                continue
            into = [*places, *([drawn] if drawn and found[3] is not None else [])]
            numbers = [n for n in found.groups() if n is not None]
            if len(numbers) != len(into) or any(as_text(cell[j]) for h, j in into if j != i):
                continue
            where = [f"{int(n)} in {h}" for n, (h, _) in zip(numbers, into)]
            problems.append(
                table.problem(
                    Severity.ERROR,
                    "unreadable",
                    row,
                    header,
                    f"{header} {typed!r} is the whole score in one cell",
                    f"type {', '.join(where[:-1])} and {where[-1]}",
                )
            )
            spoken.update(h for h, _ in into)
    return frozenset(spoken)


def _whole(table: LocatedTab, cell: Cell, row: int, header: str, problems: list[Problem], bad: set[str]) -> int | None:
    """A whole-number cell; text that is not one is reported at its cell (and remembered in `bad`)."""
    if type(cell) is int and -LARGEST < cell < LARGEST:  # most cells: parse_whole's first case, without the call
        return cell
    value = parse_whole(cell)
    if value is None and as_text(cell):
        problems.append(unreadable(table, row, header, cell, "a whole number"))
        bad.add(header)
    return value


def _count(table: LocatedTab, cell: Cell, row: int, header: str, problems: list[Problem], bad: set[str]) -> int | None:
    """A count of games: a whole number of 0 or more;
    a negative one is reported at its cell (and remembered in `bad`)."""
    value = _whole(table, cell, row, header, problems, bad)
    if value is not None and value < 0:
        problems.append(unreadable(table, row, header, cell, "a whole number of 0 or more"))
        bad.add(header)
        return None
    return value


def _pairs(res: Results, position: Callable[[str], int]) -> list[Pair]:
    """The per-side numbers a whole score may be typed into, each with the drawn games' cell for games won; only
    those whose every cell the tab has."""
    out: list[Pair] = []
    drawn = res.games.drawn if res.games else ""
    for template in [*res.figures.values(), *([res.games.won] if res.games else [])]:
        places = tuple((h, position(h)) for h in (res.side_header(template, side) for side in res.sides))
        extra = (drawn, position(drawn)) if drawn and res.games and template == res.games.won else None
        if all(i >= 0 for _, i in places):
            out.append((places, extra if extra and extra[1] >= 0 else None))
    return out


def read_matches(
    tab: str, grid: Grid, ruleset: Ruleset, event: str, columns: dict[str, dict[str, int]]
) -> tuple[list[Match], list[Problem]]:
    """An event's results rows, each cell parsed; unreadable cells are reported where they are."""
    res = ruleset.results
    required = list(res.required)
    table, problems = locate(tab, grid, required, [h for h in res.order if h not in required])
    if table is None:
        return [], problems
    columns[table.tab] = table.columns
    matches: list[Match] = []
    at = table.columns.get  # every row reads the same columns: their positions are looked up once here

    def position(header: str) -> int:
        found = at(header) if header else None
        return -1 if found is None else found

    sides = [
        (
            position(res.side_header(res.competitor, side)),
            [(n, h, position(h)) for n, h in ((n, res.side_header(t, side)) for n, t in res.figures.items())],
            (res.side_header(res.games.won, side), position(res.side_header(res.games.won, side)))
            if res.games
            else None,
            [(n, position(res.side_header(t, side))) for n, t in res.texts.items()],
            (res.side_header(res.drop, side), position(res.side_header(res.drop, side))),
        )
        for side in res.sides
    ]
    row_texts = [(n, position(h)) for n, h in res.row_texts.items()]
    drawn_header = res.games.drawn if res.games and res.games.drawn else ""
    pairs = _pairs(res, position)
    places = [position(h) for h in (res.round, res.result, res.table, res.winner, drawn_header, "Judge", "Notes")]
    round_at, result_at, table_at, winner_at, drawn_at, judge_at, notes_at = places
    end = 1 + max(table.columns.values(), default=-1)
    blanks: list[Cell] = [None] * (end + 1)
    for row, cells in table.rows:
        cell = (
            cells + blanks[: max(1, end + 1 - len(cells))]
        )  # a short row padded; an absent column (-1) reads the None at the end
        typed = cell[round_at]
        rnd = (
            typed if type(typed) is int and -LARGEST < typed < LARGEST else parse_whole(typed)
        )  # most rounds: an int cell
        if rnd is None or rnd < 1:
            problems.append(unreadable(table, row, res.round, cell[round_at], "a round number (1, 2, ...)"))
            rnd = None
        parsed = []
        spoken = _score(table, cell, row, pairs, problems) if pairs else _NONE
        for competitor, figure_at, games_at, text_at, (drop_header, drop_at) in sides:
            bad: set[str] = set(spoken)
            figures = {
                name: None if header in spoken else _whole(table, cell[i], row, header, problems, bad)
                for name, header, i in figure_at
            }
            games = (
                (None if games_at[0] in spoken else _count(table, cell[games_at[1]], row, games_at[0], problems, bad))
                if games_at
                else None
            )
            texts = {name: as_text(cell[i]) for name, i in text_at}
            name = as_text(cell[competitor])
            mark = as_text(cell[drop_at]).casefold() if drop_at >= 0 else ""
            if mark not in NO_DROP_MARKS and mark not in DROP_MARKS:
                problems.append(
                    table.problem(
                        Severity.WARNING,
                        "unknown-drop-mark",
                        row,
                        drop_header,
                        f"{drop_header} {as_text(cell[drop_at])!r} is not a drop mark",
                        f"type yes, x or drop if {name or 'the competitor'} left the event after this "
                        "round; no or nothing if not",
                    )
                )
            parsed.append(
                Side(
                    name,
                    name_key(name),
                    figures,
                    texts,
                    games,
                    frozenset(bad) if bad else _NONE,
                    drops=mark in DROP_MARKS,
                )
            )
        drawn = (
            _count(table, cell[drawn_at], row, drawn_header, problems, set())
            if drawn_header and drawn_header not in spoken
            else None
        )
        word = as_text(cell[result_at])
        meaning = ruleset.word_of(word)
        if meaning is None:
            words = ", ".join(repr(w) for w in res.kinds if w)
            problems.append(
                table.problem(
                    Severity.ERROR,
                    "unknown-result",
                    row,
                    res.result,
                    f"result {word!r} is not known",
                    f"leave it empty for a played match or use {words}",
                )
            )
        winner = as_text(cell[winner_at])
        at_table = as_text(cell[table_at])
        pending = (
            not word
            and not winner
            and drawn is None
            and (at_table or table_at < 0)
            and all(
                s.name and s.games is None and not s.unreadable and all(v is None for v in s.figures.values())
                for s in parsed
            )
            and not as_text(cell[drawn_at])
        )
        matches.append(
            Match(
                event,
                tab,
                row,
                rnd,
                at_table,
                tuple(parsed),
                meaning,
                winner,
                name_key(winner),
                {name: as_text(cell[i]) for name, i in row_texts},
                drawn,
                as_text(cell[judge_at]),
                as_text(cell[notes_at]),
                pending,
            )
        )
    return matches, problems

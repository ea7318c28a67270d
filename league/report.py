"""The output tabs of a sync, built from an evaluation: standings, leaderboard, problems, log."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Sequence
from fractions import Fraction

from league.cells import Cell, Grid, as_text, header_key, name_key
from league.evaluate import Evaluation
from league.model.standing import Standing
from league.outcome import Mark, Placing, Reached
from league.problems import Problem
from league.ratings import Rating, Ratings
from league.rules.components.base import standings_cells, standings_columns
from league.rules.ruleset import Rule, Ruleset
from league.series import Series
from league.sheet import (
    LEADERBOARD_TAB,
    PROBLEMS_TAB,
    RATINGS_TAB,
    STANDINGS_PREFIX,
    SYNC_LOG_TAB,
    Link,
    Sheet,
    is_output_tab,
)
from league.table import Column, Display, Role, Table

TIE_NAMES = 5
"""A note names at most this many tied competitors; a bigger tie is counted instead."""
PROBLEM_HEADERS = ("Severity", "Tab", "Cell", "Row", "Column", "Problem", "Fix")
SYNC_LOG_HEADERS = ("Time", "Fingerprint", "Events", "Competitors", "Results Counted", "Errors", "Warnings", "Outcome")


def standings_tab(event: str) -> str:
    """The output tab of one event's standings."""
    return STANDINGS_PREFIX + event


def number(value: Fraction) -> int | float:
    """A score as a sheet number: whole numbers stay whole."""
    return int(value) if value.denominator == 1 else float(value)


def _tiebreaks(line: Standing, ruleset: Ruleset) -> list[Cell]:
    """Decimal tiebreaks rounded to the four places shown; percentages at full precision, the sheet shows them as %."""
    return [
        None
        if v is None
        else float(v)
        if t.display == "percent"
        else round(v)
        if t.display == "whole"
        else round(float(v), 4)
        for v, t in zip(line.tiebreaks, ruleset.tiebreakers)
        if t.display != "hidden"
    ]


def shown_tiebreakers(ruleset: Ruleset) -> list[Rule]:
    """The tiebreakers with a column of their own (a `hidden` one, such as a judge's decision, breaks ties unseen)."""
    return [t for t in ruleset.tiebreakers if t.display != "hidden"]


def _tiebreak_columns(ruleset: Ruleset) -> tuple[Column, ...]:
    return tuple(Column(t.label, Role.TIEBREAKER, Display(t.display)) for t in shown_tiebreakers(ruleset))


COUNT_HEADERS = {"matches": "Matches", "record": "Record", "losses": "Losses"}
COUNT_DISPLAY = {"matches": Display.NUMBER, "record": Display.TEXT, "losses": Display.NUMBER}


def _count_column(ruleset: Ruleset) -> tuple[Column, ...]:
    """The count column, if the ruleset shows one: its losses marked to be drawn after the score as one record
    (`7-1`) in the exports when `[format] record_in_exports` says so."""
    if ruleset.count not in COUNT_HEADERS:
        return ()
    display = Display.LOSSES if ruleset.record_in_exports else COUNT_DISPLAY[ruleset.count]
    return (Column(COUNT_HEADERS[ruleset.count], Role.COUNT, display),)


def _count(line: Standing, ruleset: Ruleset) -> tuple[Cell, ...]:
    """The column after the score: matches played, the record (W-L-D), the losses, or nothing."""
    shown: dict[str, Cell] = {
        "matches": line.matches,
        "record": "-".join(map(str, line.record)),
        "losses": line.record[1],
    }
    return (shown[ruleset.count],) if ruleset.count in shown else ()


def _note(ev: Evaluation, scope: str, line: Placing) -> str:
    """What a line's Note cell says: how far it went in the playoffs, its marks, ties for the judges, what the ruleset
    changed, and the rows to fix before it is final."""
    parts = [_reached(line.reached)] if line.reached else []
    if Mark.DISQUALIFIED in line.marks:
        parts.append("disqualified: not ranked")
    elif Mark.DROPPED in line.marks:
        entrant = ev.league.entrant(scope, line.name) if scope else None
        parts.append(entrant.status.value if entrant and entrant.status.value != "active" else Mark.DROPPED.value)
    elif Mark.PLAYING in line.marks:
        parts.append("still playing: the result of this round is not in yet")
    if line.tie:
        others = [k for k in line.tie if k != line.key]
        named = ", ".join(ev.names[k] for k in others) if len(others) <= TIE_NAMES else f"{len(others)} others"
        parts.append(f"tied with {named}: judge decision")
    for award in line.awards:
        if award.undecided:
            parts.append(f"tie straddles {award.prize}: judges decide")
    parts += ev.remarks.get((scope, line.key), [])
    rows = ev.notes.get((scope, line.key), [])
    if rows:
        shown = ", ".join(rows[:3]) + (f" and {len(rows) - 3} more" if len(rows) > 3 else "")
        parts.append(f"not final: fix {shown}")
    return "; ".join(parts)


def _reached(reached: Reached) -> str:
    """`won the final`, `lost the semi-final to X`, `in the final` while it is played."""
    if reached.won:
        return "won the final"
    return f"lost the {reached.stage} to {reached.beaten_by}" if reached.out else f"in the {reached.stage}"


def _prize(line: Placing) -> str:
    """The Prize cell: prizes awarded, then those the line is in line for while its standings are not final, then
    those a tie leaves to the judges (`Top 4?`)."""
    won = [a.prize for a in line.awards if a.awarded and not a.undecided]
    waiting = [a.prize for a in line.awards if not a.awarded and not a.undecided]
    return "; ".join(
        [
            *won,
            *([f"in line for {', '.join(waiting)}"] if waiting else []),
            *(f"{a.prize}?" for a in line.awards if a.undecided),
        ]
    )


def undecided_prizes(ev: Evaluation) -> list[str]:
    """One line per prize that a tie straddles, naming the tab and the tied competitors: judges decide."""
    tables = [(standings_tab(event), lines) for event, lines in ev.placings.items()] + [(LEADERBOARD_TAB, ev.board)]
    out = []
    for tab, lines in tables:
        seen: set[tuple[str, ...]] = set()
        for line in lines:
            undecided = [a.prize for a in line.awards if a.undecided]
            if undecided and line.tie not in seen:
                seen.add(line.tie)
                names = ", ".join(ev.names[k] for k in line.tie[:TIE_NAMES]) + (
                    " …" if len(line.tie) > TIE_NAMES else ""
                )
                out.append(f"{tab}: {' and '.join(undecided)} tied at rank {line.rank} between {names}")
    return out


def standings_sheets(ev: Evaluation) -> list[Table]:
    """One `Standings <Event>` table per event, its lines as the evaluation placed them (an event whose bracket has a
    champion: its final standings); an event with a seeded bracket has a `Swiss Rank` column."""
    rs = ev.league.ruleset
    tail = (
        Column(rs.competitor, Role.COMPETITOR),
        Column(rs.scoring.label, Role.SCORE, Display.NUMBER),
        *_count_column(rs),
        *_tiebreak_columns(rs),
        *standings_columns(rs),
        Column("Prize", Role.PRIZE),
        Column("Note", Role.NOTE),
    )
    tables = []
    for event, lines in ev.standings.items():
        extra = standings_cells(ev.league, event, lines)
        by_key = {line.key: line for line in lines}
        seeded = event in ev.playoffs and bool(ev.playoffs[event].seeds)
        swiss: tuple[Column, ...] = (Column("Swiss Rank", Role.SWISS_RANK, Display.NUMBER),) if seeded else ()
        rows = tuple(
            (
                placed.rank,
                *((line.rank,) if seeded else ()),
                placed.name,
                number(line.score),
                *_count(line, rs),
                *_tiebreaks(line, rs),
                *extra[line.key],
                _prize(placed),
                _note(ev, event, placed),
            )
            for placed in ev.placings[event]
            for line in (by_key[placed.key],)
        )
        tables.append(Table.of(standings_tab(event), (Column("Rank", Role.RANK, Display.NUMBER), *swiss, *tail), rows))
    return tables


def leaderboard_sheet(ev: Evaluation, previous: Table | None) -> Table:
    """The league table; `Move` compares with the previous leaderboard and is kept while ranks stand still."""
    rs = ev.league.ruleset
    columns = (
        Column("Rank", Role.RANK, Display.NUMBER),
        Column(rs.competitor, Role.COMPETITOR),
        *(Column(s, Role.PART, Display.NUMBER) for s in ev.stages),
        Column(f"Total {rs.scoring.label}", Role.SCORE, Display.NUMBER),
        *_tiebreak_columns(rs),
        Column("Prize", Role.PRIZE),
        Column("Move", Role.MOVE, Display.MOVE),
        Column("Note", Role.NOTE),
    )
    moves = _moves(ev.leaderboard, ev.names, previous)
    rows = tuple(
        (
            line.rank,
            ev.names[line.key],
            *_stage_cells(line, ev.stages),
            number(line.score),
            *_tiebreaks(line, rs),
            _prize(placed),
            moves[line.key],
            _note(ev, "", placed),
        )
        for placed, line in zip(ev.board, ev.leaderboard)
    )
    return Table.of(LEADERBOARD_TAB, columns, rows)


SERIES_TAB = "Series"


def series_sheet(series: Series) -> Table:
    """The federation's `Series` tab: rank, player, counted points, events played, then the points each store gave;
    a tie on points shares its rank (`series` lists it by name, for the organiser to decide)."""
    columns = (
        Column("Rank", Role.RANK, Display.NUMBER),
        Column("Player", Role.COMPETITOR),
        Column("Points", Role.SCORE, Display.NUMBER),
        Column("Events", Role.COUNT, Display.NUMBER),
        *(Column(store, Role.PART, Display.NUMBER) for store in series.stores),
    )
    rows = tuple(
        (line.rank, line.name, line.points, line.events, *(line.by_store.get(s) for s in series.stores))
        for line in series.lines
    )
    return Table.of(SERIES_TAB, columns, rows)


def _stage_cells(line: Standing, stages: Sequence[str]) -> list[Cell]:
    """The score of each stage, empty (not 0) for a stage the competitor has no results in."""
    scores = line.stage_scores
    return [number(scores[s]) if s in scores else None for s in stages]


def _moves(lines: Sequence[Standing], names: dict[str, str], previous: Table | None) -> dict[str, Cell]:
    """Places gained (2) or lost (-1) since the last sync that changed the ranks; "new" for a newcomer."""
    old: dict[str, tuple[Cell, Cell]] = {}
    rank, name, move = (
        (previous.find(role) for role in (Role.RANK, Role.COMPETITOR, Role.MOVE)) if previous else (None,) * 3
    )
    if previous and rank is not None and name is not None and move is not None:
        old = {name_key(row[name]): (row[rank], row[move]) for row in previous.rows}
    if old and all(name_key(names[s.key]) in old and old[name_key(names[s.key])][0] == s.rank for s in lines):
        return {s.key: old[name_key(names[s.key])][1] for s in lines}
    out: dict[str, Cell] = {}
    for s in lines:
        before = old.get(name_key(names[s.key]))
        if not previous:
            out[s.key] = None
        elif before is None or not isinstance(before[0], (int, float)) or s.rank is None:
            out[s.key] = "new" if before is None else None
        else:
            out[s.key] = int(before[0]) - s.rank
    return out


def read_leaderboard(grid: Grid) -> Table | None:
    """The `Leaderboard` tab as an earlier sync wrote it (rank first, competitor second, a `Move` column), for
    `Move` before the history holds a leaderboard; None when the tab is empty or not the tool's."""
    heads = [header_key(h) for h in grid[0]] if grid else []
    if not {"rank", "move"} <= set(heads) or len(heads) < 2:
        return None
    columns = tuple(
        Column(str(h), Role.RANK if i == 0 else Role.COMPETITOR if i == 1 else Role.MOVE if k == "move" else Role.OTHER)
        for i, (h, k) in enumerate(zip(grid[0], heads))
    )
    move = heads.index("move")
    rows = tuple(
        tuple(_move(c) if i == move else c for i, c in enumerate((list(row) + [None] * len(heads))[: len(heads)]))
        for row in grid[1:]
    )
    return Table.of(LEADERBOARD_TAB, columns, rows)


def _move(cell: Cell) -> Cell:
    """A `Move` cell read back: a whole number (older files hold it as text such as `+2` or `=`), "new", or empty."""
    text = as_text(cell)
    if text == "=":
        return 0
    if re.fullmatch(r"[+-]?\d+", text):
        return int(text)
    return "new" if text == "new" else None


def problems_sheet(problems: Sequence[Problem], checked: dt.datetime) -> Sheet:
    """Every problem with its cell; a single all-clear line when there are none."""
    if not problems:
        return Sheet(
            PROBLEMS_TAB,
            PROBLEM_HEADERS,
            (("ok", "", "", None, "", f"No problems found (checked {checked:%Y-%m-%d %H:%M} UTC)", ""),),
        )
    rows = tuple((p.severity.value, p.tab, p.cell, p.row, p.column, p.problem, p.fix) for p in problems)
    cell = PROBLEM_HEADERS.index("Cell")
    links = tuple(Link(i, cell, p.tab, p.cell) for i, p in enumerate(problems) if p.cell)
    return Sheet(PROBLEMS_TAB, PROBLEM_HEADERS, rows, links=links)


def fingerprint(tabs: dict[str, Grid]) -> str:
    """A short hash of every input tab's text, so the log shows when the inputs changed (text and whole numbers,
    most cells, are turned into text here: this runs for every cell of every tab)."""
    data = {
        name: [[c.strip() if type(c) is str else str(c) if type(c) is int else as_text(c) for c in row] for row in grid]
        for name, grid in sorted(tabs.items())
        if not is_output_tab(name)
    }
    return hashlib.sha256(json.dumps(data, ensure_ascii=False).encode()).hexdigest()[:12]


def sync_log_row(ev: Evaluation, tabs: dict[str, Grid], when: dt.datetime, outcome: str) -> Sheet:
    """The one row a sync appends to `Sync Log`."""
    row = (
        f"{when:%Y-%m-%d %H:%M:%S} UTC",
        fingerprint(tabs),
        len(ev.league.events),
        len(ev.names),
        ev.counted,
        ev.errors,
        ev.warnings,
        outcome,
    )
    return Sheet(SYNC_LOG_TAB, SYNC_LOG_HEADERS, (row,))


PROVISIONAL = "Provisional"
"""The title of the ratings of competitors with too few games to be ranked."""


def ratings_tables(ratings: Ratings, label: str, top: int | None = None) -> list[Table]:
    """The ranked ratings, best first (the first `top`), then the provisional ones apart, when there are any: rank,
    name, rating (`mu - 3 sigma`), its uncertainty (sigma, in the tiebreaker's role: the figure the images draw
    beside the score), games, and the change since the previous event (`new` for one first rated in the latest)."""
    columns = (
        Column("Rank", Role.RANK, Display.NUMBER),
        Column(label, Role.COMPETITOR),
        Column("Rating", Role.SCORE, Display.NUMBER),
        Column("Uncertainty", Role.TIEBREAKER, Display.NUMBER),
        Column("Games", Role.COUNT, Display.NUMBER),
        Column("Change", Role.OTHER, Display.NUMBER),
    )
    ranked = ratings.ranked[:top]
    out = [Table.of(RATINGS_TAB, columns, tuple((i + 1, *_rating_cells(r)) for i, r in enumerate(ranked)))]
    if ratings.provisional:
        out.append(Table.of(PROVISIONAL, columns, tuple((None, *_rating_cells(r)) for r in ratings.provisional)))
    return out


def _rating_cells(r: Rating) -> tuple[Cell, ...]:
    return (r.name, round(r.rating, 1), round(r.sigma, 1), r.games, "new" if r.change is None else round(r.change, 1))


def ratings_sheet(ratings: Ratings, label: str, provisional: int) -> Sheet:
    """The `Ratings` tab: the ranked ratings, then under a heading row the provisional ones (fewer than `provisional`
    games), and a last line saying how the rating is worked out."""
    first, *rest = ratings_tables(ratings, label)
    rows: list[tuple[Cell, ...]] = list(first.rows)
    headings = []
    for block in rest:
        rows += [(), (f"{PROVISIONAL}: fewer than {provisional} games",)]
        headings.append(len(rows))
        rows += [block.header, *block.rows]
    rows += [
        (),
        (
            f"Rating: skill minus three times its uncertainty (OpenSkill), from {ratings.games} games up to "
            f"{ratings.latest or 'none'}; byes, forfeits and intentional draws are not games",
        ),
    ]
    return Sheet(RATINGS_TAB, first.header, tuple(rows), headings=tuple(headings))

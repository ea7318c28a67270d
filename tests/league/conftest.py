"""A tiny, valid GL Unmatched league as plain tabs, and a builder to make one edit to it.

Every test here starts from `book` (the clean league) or `blank` (the same events, nobody
registered), makes the edits its case lists, and evaluates the tabs exactly as a sync would.

The clean league (`book`), row numbers as in the sheet (row 1 is the header):

    Events   2 QR1-AE  (cap 4,  QR1, 2024-08-10)   3 QR1-GB5 (cap 16, QR1, 2024-08-10)
             4 QR2-AE  (cap 10, QR2, 2024-09-07)
    Players  2 Ana Reyes QR1-AE   3 Ben Cruz QR1-AE   4 Carla Santos QR1-AE
             5 Dan Lim QR1-GB5    6 Eva Tan QR1-GB5   7 Ana Reyes QR2-AE   8 Dan Lim QR2-AE
    Results QR1-AE   2 R1 Ana (Medusa 5/16) beats Ben (Robin Hood 0/13) on Marmoreal
                     3 R2 Ben (Bruce Lee 6/14) beats Carla (Achilles 0/18) on Sarpedon
                     4 R2 Ana: bye
    Results QR1-GB5  2 R1 Dan (Daredevil 9/17) beats Eva (Willow 0/14) on Hanging Gardens
    Results QR2-AE   2 R1 Dan (Spike 4/15) beats Ana (Sinbad 0/15) on Soho
    Penalties        header only
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from jobs.config import load_ruleset
from league.cells import Cell, Grid
from league.evaluate import Evaluation, evaluate
from league.model.standing import Standing
from league.problems import Problem
from league.report import leaderboard_sheet, standings_sheets
from league.rules.catalog import Catalog
from league.rules.load import parse_ruleset
from league.rules.ruleset import Ruleset
from league.template import input_sheets

RULESET, CATALOG = load_ruleset("gl-unmatched", Path("."))

EVENTS: tuple[tuple[Cell, ...], ...] = (
    ("QR1-AE", "GL League QR1 at Alter Ego", "2024-08-10", "Alter Ego (Shangri-la Plaza)", 4, "QR1", "Results QR1-AE"),
    ("QR1-GB5", "GL League QR1 at Greenbelt 5", "2024-08-10", "Greenbelt 5", 16, "QR1", "Results QR1-GB5"),
    ("QR2-AE", "GL League QR2 at Alter Ego", "2024-09-07", "Alter Ego (Shangri-la Plaza)", 10, "QR2", "Results QR2-AE"),
)
TAB = {str(e[0]): str(e[6]) for e in EVENTS}
"""Event id -> its results tab."""

ROSTERS: dict[str, tuple[str, ...]] = {
    "Ana Reyes": ("Medusa", "Sinbad", "Alice", "King Arthur", "Bigfoot"),
    "Ben Cruz": ("Robin Hood", "Bruce Lee", "Dracula", "Buffy", "Beowulf"),
    "Carla Santos": ("Achilles", "Bloody Mary", "Sun Wukong", "Yennenga", "Luke Cage"),
    "Dan Lim": ("Daredevil", "Bullseye", "Moon Knight", "Ghost Rider", "Spike"),
    "Eva Tan": ("Willow", "Angel", "Deadpool", "Ms. Marvel", "Squirrel Girl"),
}
SPARE_ROSTER = ("Daredevil", "Bullseye", "Moon Knight", "Ghost Rider", "Spike")
"""Five allowed fighters for players the tests register on the fly."""

JUDGE = "Judge Uy"


def health(fighter: str) -> int | None:
    """A fighter's starting health from the catalog (None if the catalog has none)."""
    piece = CATALOG.piece(fighter)
    return piece.health if piece else None


@dataclass(frozen=True)
class Outcome:
    """An evaluation with lookups by the names and cells people see."""

    ev: Evaluation

    @property
    def problems(self) -> list[Problem]:
        return self.ev.problems

    def found(self) -> set[tuple[str, str, str]]:
        """Every problem as (code, tab, A1 cell)."""
        return {(p.code, p.tab, p.cell) for p in self.ev.problems}

    def at(self, code: str, tab: str, cell: str) -> Problem:
        """The one problem with this code at this cell (fails the test if not exactly one)."""
        hits = [p for p in self.ev.problems if (p.code, p.tab, p.cell) == (code, tab, cell)]
        assert len(hits) == 1, f"expected one {code} at {tab}!{cell}, found {sorted(self.found())}"
        return hits[0]

    def codes(self) -> set[str]:
        return {p.code for p in self.ev.problems}

    def _key(self, name: str) -> str:
        return next(k for k, v in self.ev.names.items() if v == name)

    def standing(self, event: str, name: str) -> Standing:
        """A player's line by registered name; event "" is the league leaderboard."""
        lines = self.ev.standings[event] if event else self.ev.leaderboard
        key = self._key(name)
        return next(s for s in lines if s.key == key)

    def sheet(self, event: str) -> list[dict[str, Cell]]:
        """An output tab as written, as rows keyed by header: `Standings <event>`, or the Leaderboard for ""."""
        sheet = (
            leaderboard_sheet(self.ev, None)
            if not event
            else next(s for s in standings_sheets(self.ev) if s.name == f"Standings {event}")
        )
        return [dict(zip(sheet.header, row)) for row in sheet.rows]

    def line(self, event: str, name: str) -> dict[str, Cell]:
        """A player's row of an output tab, found by the name as written there."""
        return next(r for r in self.sheet(event) if r["Player"] == name)

    def table(self, event: str, *headers: str) -> list[tuple[Cell, ...]]:
        """Selected columns of an output tab, row by row."""
        return [tuple(r[h] for h in headers) for r in self.sheet(event)]


Edit = tuple[str, int, str, Cell] | tuple[str, int, Mapping[str, Cell]]
"""(tab, sheet row, header, value), or (tab, sheet row, {header: value, ...}) for several cells of a row."""


class Book:
    """Input tabs as a backend hands them over, with edits addressed like a person would."""

    def __init__(self, tabs: dict[str, Grid], ruleset: Ruleset = RULESET, catalog: Catalog = CATALOG) -> None:
        self.tabs = tabs
        self.ruleset, self.catalog = ruleset, catalog

    @classmethod
    def from_rows(
        cls,
        events: Sequence[Sequence[Cell]] = EVENTS,
        players: Sequence[Sequence[Cell]] = (),
        results: Mapping[str, Sequence[Sequence[Cell]]] | None = None,
        penalties: Sequence[Sequence[Cell]] = (),
    ) -> Book:
        """The tabs `league init` would make (headers exactly as the ruleset says), filled with rows."""
        sheets = input_sheets(RULESET, CATALOG, events, players, dict(results or {}), penalties)
        return cls({s.name: [list(s.header), *(list(r) for r in s.rows)] for s in sheets})

    def copy(self) -> Book:
        return Book(copy.deepcopy(self.tabs), self.ruleset, self.catalog)

    # -- addressing cells -------------------------------------------------------------------

    def col(self, tab: str, header: str) -> int:
        """The column of `header`; an optional header the tab lacks (`Rounds` in Events) is added at its end."""
        if header not in self.tabs[tab][0] and header in ("Rounds", "REL"):
            self.tabs[tab][0].append(header)
        return self.tabs[tab][0].index(header)

    def get(self, tab: str, row: int, header: str) -> Cell:
        cells = self.tabs[tab][row - 1]
        i = self.col(tab, header)
        return cells[i] if i < len(cells) else None

    def set(self, tab: str, row: int, header: str, value: Cell) -> Book:
        """Type `value` into the cell under `header` in sheet row `row`, growing the tab if needed."""
        grid = self.tabs[tab]
        while len(grid) < row:
            grid.append([None] * len(grid[0]))
        cells = grid[row - 1]
        i = self.col(tab, header)
        cells.extend([None] * (i + 1 - len(cells)))
        cells[i] = value
        return self

    def apply(self, edits: Iterable[Edit]) -> Book:
        for edit in edits:
            if len(edit) == 3:
                tab, row, values = edit
                for header, value in values.items():
                    self.set(tab, row, header, value)
            else:
                self.set(*edit)
        return self

    def next_row(self, tab: str) -> int:
        return len(self.tabs[tab]) + 1

    # -- adding whole rows ------------------------------------------------------------------

    def register(self, name: str, event: str, fighters: Sequence[str] | None = None, status: str = "") -> int:
        """A `Players` row; returns its sheet row."""
        fighters = fighters or ROSTERS.get(name, SPARE_ROSTER)
        row = self.next_row("Players")
        self.apply(
            [
                (
                    "Players",
                    row,
                    {
                        "Player": name,
                        "Event": event,
                        "Status": status,
                        **{f"Fighter {i}": f for i, f in enumerate(fighters, start=1)},
                    },
                )
            ]
        )
        return row

    def play(
        self,
        event: str,
        rnd: Cell,
        a: str,
        fighter_a: str,
        health_a: Cell,
        b: str,
        fighter_b: str,
        health_b: Cell,
        winner: str | None = None,
        map: str = "Marmoreal",
        start_a: Cell = None,
        start_b: Cell = None,
        result: str = "",
        table: Cell = None,
    ) -> int:
        """A results row for a played match (start health from the catalog unless given); returns its sheet row."""
        if winner is None:
            winner = a if health_b == 0 else b
        tab = TAB[event]
        row = self.next_row(tab)
        self.apply(
            [
                (
                    tab,
                    row,
                    {
                        "Round": rnd,
                        "Table": table if table is not None else row - 1,
                        "Player A": a,
                        "Fighter A": fighter_a,
                        "Health A": health_a,
                        "Start Health A": start_a if start_a is not None else health(fighter_a),
                        "Player B": b,
                        "Fighter B": fighter_b,
                        "Health B": health_b,
                        "Start Health B": start_b if start_b is not None else health(fighter_b),
                        "Map": map,
                        "Winner": winner,
                        "Result": result,
                        "Judge": JUDGE,
                        "Notes": "",
                    },
                )
            ]
        )
        return row

    def bye(self, event: str, rnd: Cell, player: str) -> int:
        tab = TAB[event]
        row = self.next_row(tab)
        self.apply(
            [
                (
                    tab,
                    row,
                    {
                        "Round": rnd,
                        "Table": row - 1,
                        "Player A": player,
                        "Winner": player,
                        "Result": "Bye",
                        "Judge": JUDGE,
                    },
                )
            ]
        )
        return row

    def forfeit(self, event: str, rnd: Cell, a: str, b: str, winner: str) -> int:
        """A no-show: recorded as a forfeit, no fighters or health."""
        tab = TAB[event]
        row = self.next_row(tab)
        self.apply(
            [
                (
                    tab,
                    row,
                    {
                        "Round": rnd,
                        "Table": row - 1,
                        "Player A": a,
                        "Player B": b,
                        "Winner": winner,
                        "Result": "Forfeit",
                        "Judge": JUDGE,
                        "Notes": "no-show at roll call",
                    },
                )
            ]
        )
        return row

    def complete(self) -> Book:
        """Each event ends after the last round it has rows of (a `Rounds` column in Events): its prizes are shown."""
        events = self.tabs["Events"]
        if "Rounds" not in events[0]:
            events[0].append("Rounds")
        col = events[0].index("Rounds")
        for row in events[1:]:
            tab = next((t for e, t in TAB.items() if e == row[0]), str(row[6]))
            rounds = [r[0] for r in self.tabs.get(tab, [[]])[1:] if r and isinstance(r[0], int)]
            row.extend([None] * (col + 1 - len(row)))
            row[col] = max(rounds, default=1)
        return self

    def penalty(self, event: str, rnd: Cell, competitor: str, kind: str) -> int:
        row = self.next_row("Penalties")
        self.apply(
            [
                (
                    "Penalties",
                    row,
                    {
                        "Event": event,
                        "Round": rnd,
                        "Competitor": competitor,
                        "Penalty": kind,
                        "Reason": "test",
                        "Judge": JUDGE,
                    },
                )
            ]
        )
        return row

    # -- evaluating -------------------------------------------------------------------------

    def evaluate(self, ruleset: Ruleset | None = None) -> Outcome:
        return Outcome(evaluate(copy.deepcopy(self.tabs), ruleset or self.ruleset, self.catalog))


def clean_book() -> Book:
    """The clean league described in this module's docstring."""
    book = Book.from_rows()
    for name, event in (
        ("Ana Reyes", "QR1-AE"),
        ("Ben Cruz", "QR1-AE"),
        ("Carla Santos", "QR1-AE"),
        ("Dan Lim", "QR1-GB5"),
        ("Eva Tan", "QR1-GB5"),
        ("Ana Reyes", "QR2-AE"),
        ("Dan Lim", "QR2-AE"),
    ):
        book.register(name, event)
    book.play("QR1-AE", 1, "Ana Reyes", "Medusa", 5, "Ben Cruz", "Robin Hood", 0, map="Marmoreal")
    book.play("QR1-AE", 2, "Ben Cruz", "Bruce Lee", 6, "Carla Santos", "Achilles", 0, map="Sarpedon")
    book.bye("QR1-AE", 2, "Ana Reyes")
    book.play("QR1-GB5", 1, "Dan Lim", "Daredevil", 9, "Eva Tan", "Willow", 0, map="Hanging Gardens")
    book.play("QR2-AE", 1, "Dan Lim", "Spike", 4, "Ana Reyes", "Sinbad", 0, map="Soho")
    return book


def ruleset_variant(change: Callable[[dict[str, Any]], None]) -> Ruleset:
    """The GL preset parsed again after `change` edits its TOML data."""
    text = (resources.files("league") / "rules" / "presets" / "gl-unmatched.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    change(data)
    return parse_ruleset(data, "gl-unmatched (test variant)")


@pytest.fixture(scope="session")
def gl() -> tuple[Ruleset, Catalog]:
    """The GL Unmatched preset and its fighter catalog."""
    return RULESET, CATALOG


@pytest.fixture
def book() -> Book:
    """The clean league: no problems, known standings."""
    return clean_book()


@pytest.fixture(scope="session")
def clean() -> Outcome:
    """The clean league, evaluated once (read-only: tests compare against it)."""
    return clean_book().evaluate()


@pytest.fixture
def blank() -> Book:
    """The three events with headers everywhere and nobody registered."""
    return Book.from_rows()


@pytest.fixture
def variant() -> Callable[[Callable[[dict[str, Any]], None]], Ruleset]:
    """Build a GL ruleset variant from an edit of the preset's TOML data."""
    return ruleset_variant

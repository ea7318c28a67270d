"""A Magic weekly from `league init` to its champion, as a store runs it, on `.xlsx` and through the local Sheets API:
9 players, the Magic Tournament Rules' 4 rounds, a drop typed in `Drop A`, a top 8, a sync after every pairing and
every result. Every sync while rounds are under way exits 0; at the end the bracket's winner is the event's champion."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import openpyxl
import pytest

from jobs.bracket_job import run_bracket
from jobs.config import Config, load_config
from jobs.errors import ExitCode
from jobs.init_job import run_init
from jobs.pair_job import run_pair
from jobs.sync_job import run_sync
from league.cells import Cell, Grid, as_text
from sync.open import open_workbook
from sync.workbook import Workbook
from tests.support.google_league import ACCOUNT, SHEET_ID
from tests.support.sheets_server import SheetsServer

PLAYERS = ["Ana Souza", "Bruno Lima", "Carla Mendes", "Dan Wu", "Elisa Prado", "Fábio Nunes", "Gabi Torres",
           "Hugo Sá", "Íris Melo"]
EVENT = "W1"
RESULTS = f"Results {EVENT}"
BRACKET = f"Bracket {EVENT}"
DROPPER_ROUND = 2


class Judge(Protocol):
    """Someone typing into the league's tabs, as a judge does between rounds."""

    def read(self, tab: str) -> Grid: ...

    def type(self, tab: str, cells: dict[tuple[int, str], Cell]) -> None:
        """Type each (row number as the sheet counts them, header) -> value; nothing else changes."""


class XlsxJudge:
    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self, tab: str) -> Grid:
        book = openpyxl.load_workbook(self.path)
        return [list(row) for row in book[tab].iter_rows(values_only=True)]

    def type(self, tab: str, cells: dict[tuple[int, str], Cell]) -> None:
        book = openpyxl.load_workbook(self.path)
        sheet = book[tab]
        header = [c.value for c in sheet[1]]
        for (row, head), value in cells.items():
            sheet.cell(row=row, column=header.index(head) + 1, value=value)
        book.save(self.path)


class SheetsJudge:
    def __init__(self, server: SheetsServer) -> None:
        self.server = server

    def read(self, tab: str) -> Grid:
        return self.server.values(SHEET_ID, tab)

    def type(self, tab: str, cells: dict[tuple[int, str], Cell]) -> None:
        grid = [list(r) for r in self.server.values(SHEET_ID, tab)]
        header = grid[0]
        for (row, head), value in cells.items():
            while len(grid) < row:
                grid.append([])
            line = grid[row - 1]
            col = header.index(head)
            line.extend([""] * (col + 1 - len(line)))
            line[col] = "" if value is None else value
        self.server.put_tab(SHEET_ID, tab, grid)


@pytest.fixture(params=["xlsx", "sheets"])
def league(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Config, Judge]]:
    """A new Magic league with one weekly event and nine players registered, on either backend."""
    if request.param == "xlsx":
        run_init(tmp_path, "ogaming-mtg", tmp_path / "league.xlsx", [EVENT])
        yield load_config(tmp_path), XlsxJudge(tmp_path / "league.xlsx")
        return
    server: SheetsServer = request.getfixturevalue("sheets_server")
    key: Path = request.getfixturevalue("service_account_file")
    server.add_spreadsheet(SHEET_ID, {"Sheet1": [[]]}, shared_with=[ACCOUNT])
    (tmp_path / "league.toml").write_text(f'ruleset = "ogaming-mtg"\nspreadsheet_id = "{SHEET_ID}"\ncredentials = "{key}"\n'
                                          f'sheets_api = "{server.url}"\nsheets_retry_seconds = 60\n', encoding="utf-8")
    run_init(tmp_path, "ogaming-mtg", tmp_path / "league.xlsx", [EVENT])
    yield load_config(tmp_path), SheetsJudge(server)


def _book(config: Config) -> Workbook:
    return open_workbook(config)


def _rows(grid: Grid, round_: int) -> list[tuple[int, dict[str, Cell]]]:
    header = [as_text(h) for h in grid[0]]
    return [(i, dict(zip(header, row))) for i, row in enumerate(grid[1:], start=2)
            if row and as_text(row[0]) == str(round_)]


def _play_round(judge: Judge, round_: int, rng: random.Random) -> str | None:
    """Type every result of the round (2-0 or 2-1 either way); in round 2 one player drops. Returns who dropped."""
    typed: dict[tuple[int, str], Cell] = {}
    dropped = None
    for row, cells in _rows(judge.read(RESULTS), round_):
        if not as_text(cells.get("Player B")):
            continue  # a bye needs nothing typed
        a, b = rng.choice([(2, 0), (2, 1), (0, 2), (1, 2)])
        typed[(row, "Wins A")], typed[(row, "Wins B")] = a, b
        if round_ == DROPPER_ROUND and dropped is None:
            typed[(row, "Drop A")] = "yes"
            dropped = as_text(cells["Player A"])
    judge.type(RESULTS, typed)
    return dropped


def _play_bracket(judge: Judge, rng: random.Random) -> None:
    """Type the games of every bracket match whose two competitors are known and that has no games yet."""
    grid = judge.read(BRACKET)
    header = [as_text(h) for h in grid[0]]
    typed: dict[tuple[int, str], Cell] = {}
    for i, row in enumerate(grid[1:], start=2):
        cells = dict(zip(header, row))
        if as_text(cells.get("Competitor A")) and as_text(cells.get("Competitor B")) and not as_text(cells.get("Games A")):
            typed[(i, "Games A")], typed[(i, "Games B")] = rng.choice([(2, 0), (2, 1), (0, 2), (1, 2)])
    judge.type(BRACKET, typed)


def test_a_magic_weekly_runs_from_init_to_its_champion(league: tuple[Config, Judge]) -> None:
    config, judge = league
    rng = random.Random(9)
    _book(config).add_rows("Players", [{"Player": p, "Event": EVENT, "Account Standing": "Good"} for p in PLAYERS])
    assert run_sync(config, _book(config)).code == ExitCode.CLEAN, "an event nobody has played yet"
    dropped = None
    for round_ in range(1, 5):
        paired = run_pair(config, _book(config), EVENT, seed=round_)
        assert paired.written and paired.round == round_
        assert dropped is None or all(dropped not in (paired.names[p.first], paired.names.get(p.second or "", ""))
                                      for p in paired.pairings), "a player who dropped is never paired again"
        synced = run_sync(config, _book(config))
        assert synced.code == ExitCode.CLEAN, [p.problem for p in synced.evaluation.problems]
        dropped = _play_round(judge, round_, rng) or dropped
        synced = run_sync(config, _book(config))
        assert synced.code == ExitCode.CLEAN, [p.problem for p in synced.evaluation.problems]
    assert dropped is not None
    assert not run_pair(config, _book(config), EVENT).written, "9 players play the 4 rounds the MTR recommend, no more"

    seeded = run_bracket(config, _book(config), EVENT)
    assert seeded.code == ExitCode.CLEAN, seeded.refused
    assert len(seeded.seeds) == 8 and dropped not in seeded.seeds
    for _ in range(3):  # quarter-finals, semi-finals, final
        _play_bracket(judge, rng)
        assert run_sync(config, _book(config)).code == ExitCode.CLEAN

    bracket = judge.read(BRACKET)
    header = [as_text(h) for h in bracket[0]]
    final = [dict(zip(header, row)) for row in bracket[1:] if row][-1]
    champion = as_text(final["Winner"])
    assert champion in seeded.seeds
    standings = judge.read(f"Standings {EVENT}")
    heads = [as_text(h) for h in standings[0]]
    first = dict(zip(heads, standings[1]))
    assert (first["Rank"], as_text(first["Player"])) in ((1, champion), ("1", champion))
    assert "1st place" in as_text(first["Prize"]) and "won the final" in as_text(first["Note"])
    assert "Swiss Rank" in heads

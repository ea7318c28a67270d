"""Someone typing into a league's tabs between rounds, on `.xlsx` (through openpyxl, as Excel saves) or on the
local Sheets API server (as the Sheets web page does), and the league made for the two."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import openpyxl
import pytest

from jobs.config import Config, load_config
from jobs.init_job import run_init
from league.cells import Cell, Grid, as_text
from sync.xlsx import XlsxWorkbook
from tests.support.google_league import ACCOUNT, SHEET_ID
from tests.support.sheets_server import SheetsServer


def csv_only(config: Config) -> Config:
    """The league exporting only CSV: a test of what judges and players type reads the workbook, and the images and
    posters every sync would otherwise draw (most of such a test's time) are tested apart."""
    with config.path.open("a", encoding="utf-8") as toml:
        toml.write('export_formats = ["csv"]\n')
    return load_config(config.path)


class Judge(Protocol):
    """Someone typing into the league's tabs, as a judge does between rounds."""

    def read(self, tab: str) -> Grid: ...

    def type(self, tab: str, cells: dict[tuple[int, str], Cell]) -> None:
        """Type each (row number as the sheet counts them, header) -> value; nothing else changes."""


class XlsxJudge:
    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self, tab: str) -> Grid:
        return XlsxWorkbook(self.path).read([tab])[tab]

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


def rows_of(grid: Grid, round_: int | None = None) -> list[tuple[int, dict[str, Cell]]]:
    """(row number as the sheet counts them, header -> cell) of every row, or of one round's."""
    header = [as_text(h) for h in grid[0]]
    return [
        (i, dict(zip(header, row)))
        for i, row in enumerate(grid[1:], start=2)
        if row and (round_ is None or as_text(row[0]) == str(round_))
    ]


def new_league(
    backend: str, folder: Path, ruleset: str, events: list[str], request: pytest.FixtureRequest
) -> Iterator[tuple[Config, Judge]]:
    """A league made by `league init` on `.xlsx` or on a spreadsheet of the local Sheets API server."""
    if backend == "xlsx":
        run_init(folder, ruleset, folder / "league.xlsx", events)
        yield load_config(folder), XlsxJudge(folder / "league.xlsx")
        return
    server: SheetsServer = request.getfixturevalue("sheets_server")
    key: Path = request.getfixturevalue("service_account_file")
    server.add_spreadsheet(SHEET_ID, {"Sheet1": [[]]}, shared_with=[ACCOUNT])
    (folder / "league.toml").write_text(
        f'ruleset = "{ruleset}"\nspreadsheet_id = "{SHEET_ID}"\ncredentials = "{key}"\n'
        f'sheets_api = "{server.url}"\nsheets_retry_seconds = 60\n',
        encoding="utf-8",
    )
    run_init(folder, ruleset, folder / "league.xlsx", events)
    yield load_config(folder), SheetsJudge(server)


def play_bracket(judge: Judge, tab: str, rng: random.Random) -> int:
    """Type the games of every bracket match whose two competitors are known and that has none yet, as its
    `Best Of` allows (2-0 or 2-1 in a best of three, 3-0 to 3-2 in a best of five); returns how many."""
    typed: dict[tuple[int, str], Cell] = {}
    for row, cells in rows_of(judge.read(tab)):
        if (
            as_text(cells.get("Competitor A"))
            and as_text(cells.get("Competitor B"))
            and not as_text(cells.get("Games A"))
        ):
            need = int(as_text(cells.get("Best Of")) or 3) // 2 + 1
            won, lost = need, rng.randrange(need)
            typed[(row, "Games A")], typed[(row, "Games B")] = (won, lost) if rng.random() < 0.5 else (lost, won)
    judge.type(tab, typed)
    return len(typed) // 2

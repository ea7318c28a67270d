"""Export file names: readable, in any script, never two tabs in one file."""

from __future__ import annotations

import csv
import os
import stat
from pathlib import Path

import pytest

from exporters.table_csv import signed
from jobs import output
from jobs.exports import MANIFEST, file_names, record_drawn, write_csv, write_files
from league.cells import Cell
from league.sheet import Sheet
from league.table import Column, Display, Role, Table

MOVES = (
    Column("Rank", Role.RANK, Display.NUMBER),
    Column("Player", Role.COMPETITOR),
    Column("Move", Role.MOVE, Display.MOVE),
)


def test_names_fold_to_lowercase_words() -> None:
    assert file_names(["Standings QR1-GB5", "Leaderboard"]) == ["standings-qr1-gb5.csv", "leaderboard.csv"]


def test_tabs_that_fold_alike_get_their_own_files() -> None:
    assert file_names(["Standings QR1 AE", "Standings QR1_AE", "Standings qr1-ae"]) == [
        "standings-qr1-ae.csv",
        "standings-qr1-ae-2.csv",
        "standings-qr1-ae-3.csv",
    ]


def test_letters_of_other_scripts_are_kept() -> None:
    assert file_names(["Standings Niño-Łódź"]) == ["standings-niño-łódź.csv"]


def test_headers_are_formula_safe_too(tmp_path: Path) -> None:
    [path] = write_csv(tmp_path, [Table.plain(Sheet("Leaderboard", ("Rank", "=1+1", "@S2"), ((1, "=x", "+1"),)))])
    rows = list(csv.reader(path.open(encoding="utf-8-sig", newline="")))
    assert rows == [["Rank", "'=1+1", "'@S2"], ["1", "'=x", "'+1"]]


@pytest.mark.parametrize(
    ("move", "shown"),
    [
        (2, "+2"),
        (-1, "-1"),
        (0, "="),
        ("new", "new"),
        (None, ""),
        ("+2", "+2"),
        ("=", "="),
    ],
)
def test_a_move_reads_as_places_gained_or_lost(move: Cell, shown: str) -> None:
    assert signed(move) == shown


def test_moves_are_exported_as_people_read_them(tmp_path: Path) -> None:
    """The tool's own `+2` is not escaped into `'+2`; text typed over a Move still is."""
    rows = tuple(
        (rank, "Ana", move) for rank, move in enumerate([2, -1, 0, "new", None, "+3", "=cmd|' /C calc'!A0"], 1)
    )
    [path] = write_csv(tmp_path, [Table.of("Leaderboard", MOVES, rows)])
    moves = [row[2] for row in csv.reader(path.open(encoding="utf-8-sig", newline=""))][1:]
    assert moves == ["+2", "-1", "=", "new", "", "+3", "'=cmd|' /C calc'!A0"]


def test_the_terminal_shows_moves_the_same_way() -> None:
    table = Table.of("Leaderboard", MOVES, ((1, "Ana", 2), (2, "Ben", -1), (3, "Cy", 0)))
    with output.console.capture() as captured:
        output.show_table(table)
    text = captured.get()
    assert "+2" in text and "-1" in text and " = " in text


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_exports_follow_the_umask_as_the_workbook_does(tmp_path: Path, umask: int, mode: int) -> None:
    """A new export is readable by whom the umask says (a web server serving league.html), not private to the
    owner as a temporary file is."""
    old = os.umask(umask)
    try:
        write_csv(tmp_path, [Table.plain(Sheet("Leaderboard", ("Rank",), ((1,),)))])
        write_files(tmp_path, [("league.html", b"<p>"), ("leaderboard-1080x1350.png", b"png")], sweep=False)
        record_drawn(tmp_path, {"html": ("x", {"league.html": "y"})})
        (tmp_path / "league.html").chmod(0o600)
        write_files(tmp_path, [("league.html", b"<p>again")], sweep=False)
    finally:
        os.umask(old)
    assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir()} == {
        "leaderboard.csv": mode,
        "league.html": mode,
        "leaderboard-1080x1350.png": mode,
        MANIFEST: mode,
    }

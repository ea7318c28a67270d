"""The FIDE C.07 tie-break exercise (tests/fidelity/tournaments): Buchholz, Buchholz Cut-1 and Sonneborn-Berger
reproduced for every player the 2023 rules' unplayed-round adjustments do not touch.

Those adjustments (virtual opponents for byes and forfeits) are not implemented: a player with an unplayed
round, or who met one, is left out here, as the README says."""

from __future__ import annotations

import json
import tomllib
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from jobs.config import load_config
from jobs.sync_job import run_sync
from league.cells import Cell, Grid
from league.evaluate import evaluate
from league.rules.catalog import EMPTY
from league.rules.load import parse_ruleset
from league.rules.ruleset import Ruleset
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook
from tests.support.grids import sheets
from tests.support.swiss_draws import HEADERS, RULESET_FILE
from tests.support.tournaments import TOURNAMENTS

GAMES = {"1": (1, 0, 0), "0": (0, 1, 0), "=": (0, 0, 1)}


def chess() -> Ruleset:
    """Chess scoring (1, ½, 0) with the tiebreakers the exercise publishes."""
    data: dict[str, Any] = tomllib.loads(RULESET_FILE.read_text(encoding="utf-8"))
    data["format"]["rounds"] = 5
    data["scoring"] = {"name": "outcome", "label": "Points", "win": 1, "draw": "1/2", "loss": 0, "bye": 1}
    data["tiebreakers"] = [
        {"name": "buchholz", "label": "BH"},
        {"name": "buchholz", "label": "BH-C1", "cut": "cut1"},
        {"name": "sonneborn_berger", "label": "SB"},
    ]
    return parse_ruleset(data, "chess (test)")


def crosstable() -> tuple[dict[int, str], dict[int, list[tuple[int, str]]]]:
    """Player number -> name, and each player's rounds as (opponent number, result); opponent 0 is unplayed."""
    names, rounds = {}, {}
    for line in (TOURNAMENTS / "fide_c07_held_exercises_swiss5.trf").read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            number = int(line[4:8])
            names[number] = line[14:47].strip()
            cells = line[91:].split()
            rounds[number] = [(int(cells[i]), cells[i + 2]) for i in range(0, len(cells), 3)]
    return names, rounds


def test_buchholz_cut1_and_sonneborn_berger_match_the_published_answers(tmp_path: Path) -> None:
    names, rounds = crosstable()
    expected = json.loads((TOURNAMENTS / "fide_c07_held_exercises_swiss5.expected.json").read_text(encoding="utf-8"))
    rows: list[list[Cell]] = []
    for number, played in sorted(rounds.items()):
        for rnd, (opponent, result) in enumerate(played, start=1):
            if opponent > number and result in GAMES:  # each played game once, from the lower number's side
                rows.append([rnd, len(rows) + 1, names[number], names[opponent], *GAMES[result], "", ""])
    tabs: dict[str, Grid] = {
        "Events": [
            ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"],
            ["C07", "Exercise", "2024-08-01", "", None, "", "Games"],
        ],
        "Players": [["Player", "Event", "Status"], *([name, "C07", ""] for name in names.values())],
        "Games": [HEADERS, *rows],
    }
    ev = evaluate(tabs, chess(), EMPTY)
    lines = {ev.names[s.key]: s for s in ev.standings["C07"]}
    synced = _synced(tmp_path, tabs)
    complete = {n for n, played in rounds.items() if all(r in GAMES for _, r in played)}
    checked = [n for n in complete if all(o in complete for o, _ in rounds[n])]
    assert sorted(checked) == [2, 15]  # Bruno and Reine: every game of theirs and of their opponents played
    for number in checked:
        bh, cut1, sb = lines[names[number]].tiebreaks
        published = tuple(Fraction(Decimal(expected[key][str(number)])) for key in ("BH", "BH_C1", "SB"))
        assert (bh, cut1, sb) == published, names[number]
        assert synced[names[number]] == [float(v) for v in published]  # and so the Standings tab of a real sync shows


def _synced(folder: Path, tabs: dict[str, Grid]) -> dict[str, list[object]]:
    """The exercise typed into a workbook with a chess ruleset file and synced: each player's BH, BH-C1, SB as shown."""
    XlsxWorkbook(folder / "league.xlsx").create(sheets(tabs))
    (folder / "chess.toml").write_text(
        f'extends = "{RULESET_FILE.as_posix()}"\n[format]\nrounds = 5\n'
        '[scoring]\nwin = 1\ndraw = "1/2"\nbye = 1\n'
        '[[tiebreakers]]\nname = "buchholz"\nlabel = "BH"\n'
        '[[tiebreakers]]\nname = "buchholz"\nlabel = "BH-C1"\ncut = "cut1"\n'
        '[[tiebreakers]]\nname = "sonneborn_berger"\nlabel = "SB"\n',
        encoding="utf-8",
    )
    (folder / "league.toml").write_text('ruleset = "chess.toml"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    config = load_config(folder)
    assert run_sync(config, open_workbook(config)).code == 0
    grid = XlsxWorkbook(folder / "league.xlsx").read(["Standings C07"])["Standings C07"]
    assert grid[0][4:7] == ["BH", "BH-C1", "SB"]
    return {str(row[1]): list(row[4:7]) for row in grid[1:]}

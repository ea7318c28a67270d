"""The Magic demo's W1 taken through its top 8: its planted mistake fixed, the bracket seeded, then played a round at
a time (seeded games, synced after each round), and brackets of any size made from the bracket module itself."""

from __future__ import annotations

import random
import shutil
from collections.abc import Sequence
from pathlib import Path

from typer.testing import CliRunner

from jobs.bracket_job import run_bracket
from jobs.cli import app
from jobs.config import Config, load_config
from jobs.errors import ExitCode
from jobs.sync_job import run_sync
from league.cells import name_key
from league.pairing.bracket import resolve
from league.pairing.bracket_model import BYE, Playoff
from sync.open import open_workbook
from tests.support.judges import XlsxJudge, play_bracket

WORKBOOK = "ogaming-mtg-league.xlsx"
TAB = "Bracket W1"
NAMES = (
    "Dan Wu",
    "Priya Raman",
    "Alexandra Konstantinopoulou",
    "Li Wei",
    "Oluwaseun Adebayo-Okonkwo",
    "Sam Ng",
    "Maria José García",
    "Tomasz Wiśniewski",
    "Kim Ji-woo",
    "Aroha Ngata",
    "Jean-Baptiste Lefèvre",
    "Ana Lima",
    "Hiroshi Tanaka",
    "Fatima Zahra",
    "Björn Eriksson",
    "محمد علي",
)


def seeded_demo(folder: Path) -> Config:
    """The Magic demo with W1's misspelt name fixed (so W1 can be final) and its top 8 seeded, synced."""
    assert CliRunner().invoke(app, ["demo", str(folder), "--ruleset", "ogaming-mtg"]).exit_code == 0
    XlsxJudge(folder / WORKBOOK).type("Results W1", {(4, "Player B"): "Quésia Dias"})
    config = load_config(folder)
    assert run_bracket(config, open_workbook(config), "W1", force=True).code == ExitCode.CLEAN
    assert run_sync(config, open_workbook(config)).code in (ExitCode.CLEAN, ExitCode.INPUT_ERRORS)
    return config


def play_rounds(config: Config, rounds: int, seed: int = 29) -> None:
    """Type the games of the next `rounds` rounds of W1's bracket, syncing after each."""
    assert config.workbook is not None
    judge, rng = XlsxJudge(config.workbook), random.Random(seed)
    for _ in range(rounds):
        play_bracket(judge, TAB, rng)
        run_sync(config, open_workbook(config))


def copy_of(folder: Path, into: Path) -> Config:
    """A copy of a league folder to change without touching the original (the history keeps absolute paths out)."""
    shutil.copytree(folder, into)
    return load_config(into)


def bracket(size: int, rounds: int, best_of: int = 3, seeds: Sequence[str] = ()) -> Playoff:
    """A bracket of `size` competitors (`seeds`, else names in several scripts, long ones too) with its first
    `rounds` rounds played: seed order wins two matches of three, the lower seed the third."""
    seeds = list(seeds) or [
        NAMES[i % len(NAMES)] + (f" {i // len(NAMES) + 1}" if i >= len(NAMES) else "") for i in range(size)
    ]
    kept: dict[tuple[int, int, str, str], tuple[int, int]] = {}
    need = best_of // 2 + 1
    playoff = resolve("W1", seeds, [best_of]).playoff
    for number in range(1, rounds + 1):
        for m in playoff.matches:
            if m.round == number and m.a and m.b and m.b != BYE:
                kept[(m.round, m.match, name_key(m.a), name_key(m.b))] = (need, need - 1) if m.match % 3 else (0, need)
        playoff = resolve("W1", seeds, [best_of], None, kept).playoff
    return playoff

"""A Magic weekly from `league init` to its champion, as a store runs it, on `.xlsx` and through the local Sheets API:
9 players, the Magic Tournament Rules' 4 rounds, a drop typed in `Drop A`, a top 8, a sync after every pairing and
every result. Every sync while rounds are under way exits 0; at the end the bracket's winner is the event's champion."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from jobs.bracket_job import run_bracket
from jobs.config import Config
from jobs.errors import ExitCode
from jobs.pair_job import run_pair
from jobs.sync_job import run_sync
from league.cells import Cell, as_text
from sync.open import open_workbook
from tests.support.judges import Judge, csv_only, new_league, play_bracket, rows_of

PLAYERS = [
    "Ana Souza",
    "Bruno Lima",
    "Carla Mendes",
    "Dan Wu",
    "Elisa Prado",
    "Fábio Nunes",
    "Gabi Torres",
    "Hugo Sá",
    "Íris Melo",
]
EVENT = "W1"
RESULTS = f"Results {EVENT}"
BRACKET = f"Bracket {EVENT}"
DROPPER_ROUND = 2


@pytest.fixture(params=["xlsx", "sheets"])
def league(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Config, Judge]]:
    """A new Magic league with one weekly event, on either backend (exporting CSV only: `test_playoff_posts` and the
    exporters' tests draw a weekly's images and posters)."""
    for config, judge in new_league(request.param, tmp_path, "ogaming-mtg", [EVENT], request):
        yield csv_only(config), judge


def _play_round(judge: Judge, round_: int, rng: random.Random) -> str | None:
    """Type every result of the round (2-0 or 2-1 either way); in round 2 one player drops. Returns who dropped."""
    typed: dict[tuple[int, str], Cell] = {}
    dropped = None
    for row, cells in rows_of(judge.read(RESULTS), round_):
        if not as_text(cells.get("Player B")):
            continue  # a bye needs nothing typed
        typed[(row, "Wins A")], typed[(row, "Wins B")] = rng.choice([(2, 0), (2, 1), (0, 2), (1, 2)])
        if round_ == DROPPER_ROUND and dropped is None:
            typed[(row, "Drop A")] = "yes"
            dropped = as_text(cells["Player A"])
    judge.type(RESULTS, typed)
    return dropped


def _synced_clean(config: Config) -> None:
    synced = run_sync(config, open_workbook(config))
    assert synced.code == ExitCode.CLEAN, [p.problem for p in synced.evaluation.problems]


def test_a_magic_weekly_runs_from_init_to_its_champion(league: tuple[Config, Judge]) -> None:
    config, judge = league
    rng = random.Random(9)
    open_workbook(config).add_rows(
        "Players", [{"Player": p, "Event": EVENT, "Account Standing": "Good"} for p in PLAYERS]
    )
    _synced_clean(config)  # an event nobody has played yet
    dropped = None
    for round_ in range(1, 5):
        paired = run_pair(config, open_workbook(config), EVENT, seed=round_)
        assert paired.written and paired.round == round_
        assert dropped not in {paired.names[k] for p in paired.pairings for k in (p.first, p.second) if k}, (
            "a player who dropped is never paired again"
        )
        _synced_clean(config)
        dropped = _play_round(judge, round_, rng) or dropped
        _synced_clean(config)
    assert dropped is not None
    assert not run_pair(config, open_workbook(config), EVENT).written, "9 players play the 4 rounds the MTR recommend"

    seeded = run_bracket(config, open_workbook(config), EVENT)
    assert seeded.code == ExitCode.CLEAN, seeded.refused
    assert len(seeded.seeds) == 8 and dropped not in seeded.seeds
    while play_bracket(judge, BRACKET, rng):  # quarter-finals, semi-finals, final
        _synced_clean(config)

    [(_, final)] = [r for r in rows_of(judge.read(BRACKET)) if as_text(r[1].get("Round")) == "3"] or [(0, {})]
    champion = as_text(final["Winner"])
    assert champion in seeded.seeds
    [(_, first), *_] = rows_of(judge.read(f"Standings {EVENT}"))
    assert (as_text(first["Rank"]), as_text(first["Player"])) == ("1", champion)
    assert "1st place" in as_text(first["Prize"]) and "won the final" in as_text(first["Note"])
    assert "Swiss Rank" in first

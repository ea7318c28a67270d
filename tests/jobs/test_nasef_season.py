"""A NASEF season from `league init` to its champion, on `.xlsx` and through the local Sheets API: 24 school teams
of 12 clubs with their rosters, 8 rounds of seeded Swiss with a sync after every pairing and every result (each
exits 0), teams level on wins across 16th place sent to a tiebreaker match that officials settle in `Cut`, then a
top 16 whose final decides the season's standings."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from jobs.bracket_job import run_bracket
from jobs.config import Config
from jobs.errors import ExitCode
from jobs.pair_job import run_pair
from jobs.sync_job import run_sync
from league.cells import Cell, as_text
from sync.open import open_workbook
from tests.support.judges import Judge, new_league, play_bracket, rows_of

EVENT = "SPRING26"
RESULTS, BRACKET, STANDINGS = f"Results {EVENT}", f"Bracket {EVENT}", f"Standings {EVENT}"
CLUBS = [
    "Lincoln High",
    "Roosevelt Prep",
    "Kennedy Academy",
    "Madison High",
    "Jefferson High",
    "Adams Charter",
    "Monroe High",
    "Jackson Tech",
    "Grant High",
    "Hayes Academy",
    "Garfield High",
    "Arthur Prep",
]
TEAMS = [f"{club} {'Blue' if i % 2 else 'Gold'}" for club in CLUBS for i in range(2)]
SEED = 7
"""A season whose 16th place falls inside a group of teams level on wins (checked below)."""


@pytest.fixture(params=["xlsx", "sheets"])
def season(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Config, Judge]]:
    """A new NASEF league with its teams and rosters registered (5 Active players each, added well before). Its syncs
    export only the captions and the page the test reads: images and posters of a team league are tested apart."""
    for config, judge in new_league(request.param, tmp_path, "nasef-lol", [EVENT], request):
        config = replace(config, formats=("txt", "html"))
        book = open_workbook(config)
        book.add_rows("Teams", [{"Team": team, "Club": team.rsplit(" ", 1)[0]} for team in TEAMS])
        book.add_rows(
            "Rosters",
            [
                {
                    "Team": team,
                    "Player": f"{team} {n}",
                    "Summoner": f"S{t}x{n}",
                    "Status": "Active",
                    "Added": "2026-01-05",
                    "MMR": 1200 + 37 * ((t * 7 + n) % 23),
                }
                for t, team in enumerate(TEAMS)
                for n in range(1, 6)
            ],
        )
        yield config, judge


def _synced_clean(config: Config) -> None:
    synced = run_sync(config, open_workbook(config))
    assert synced.code == ExitCode.CLEAN, [
        f"{p.tab}!{p.cell}: {p.problem}" for p in synced.evaluation.problems if p.severity.value == "error"
    ]


def _play_round(judge: Judge, round_: int, rng: random.Random) -> None:
    typed: dict[tuple[int, str], Cell] = {}
    for row, cells in rows_of(judge.read(RESULTS), round_):
        if as_text(cells.get("Team B")):
            typed[(row, "Games A")], typed[(row, "Games B")] = rng.choice([(2, 0), (2, 1), (0, 2), (1, 2)])
            typed[(row, "Date")] = f"2026-02-{2 + round_:02d}"
    judge.type(RESULTS, typed)


def test_a_nasef_season_runs_from_init_to_its_champion(season: tuple[Config, Judge]) -> None:
    config, judge = season
    rng = random.Random(SEED)
    _synced_clean(config)
    for round_ in range(1, 9):
        assert run_pair(config, open_workbook(config), EVENT, seed=SEED + round_).written
        _synced_clean(config)
        _play_round(judge, round_, rng)
        _synced_clean(config)

    playoffs = {as_text(r["Team"]): as_text(r["Playoffs"]) for _, r in rows_of(judge.read(STANDINGS))}
    level = [team for team, mark in playoffs.items() if mark == "tiebreaker match"]
    places = 16 - list(playoffs.values()).count("in")
    assert level and 0 < places < len(level), "this season's cut falls inside a group level on wins"
    refused = run_bracket(config, open_workbook(config), EVENT)
    assert refused.sheet is None and "tiebreaker match" in refused.refused

    winners = set(rng.sample(level, places))  # the tiebreaker matches are played; officials type the outcome
    judge.type(
        "Teams",
        {
            (row, "Cut"): "in" if as_text(r["Team"]) in winners else "out"
            for row, r in rows_of(judge.read("Teams"))
            if as_text(r["Team"]) in level
        },
    )
    _synced_clean(config)
    seeded = run_bracket(config, open_workbook(config), EVENT)
    assert seeded.code == ExitCode.CLEAN, seeded.refused
    assert len(seeded.seeds) == 16 and winners <= set(seeded.seeds) and not (set(level) - winners) & set(seeded.seeds)
    rounds = 0
    while play_bracket(judge, BRACKET, rng):  # round of 16, quarter-finals, semi-finals, the best-of-five final
        rounds += 1
        _synced_clean(config)
    assert rounds == 4

    final = [r for _, r in rows_of(judge.read(BRACKET)) if as_text(r.get("Round")) == "4"]
    assert len(final) == 1 and as_text(final[0]["Best Of"]) == "5"
    champion = as_text(final[0]["Winner"])
    [(_, first), (_, second), *_] = rows_of(judge.read(STANDINGS))
    assert (as_text(first["Rank"]), as_text(first["Team"])) == ("1", champion)
    assert as_text(second["Rank"]) == "2" and as_text(second["Team"]) in {
        as_text(final[0]["Competitor A"]),
        as_text(final[0]["Competitor B"]),
    }
    assert "won the final" in as_text(first["Note"])

    # One season champion in every format: the playoff winner; the regular-season prize stays with the Swiss leader.
    lines = [r for _, r in rows_of(judge.read(STANDINGS))]
    leader = next(r for r in lines if as_text(r["Swiss Rank"]) == "1")
    assert as_text(leader["Prize"]).split("; ")[0] == "Regular-season champion"
    held = [
        as_text(r["Team"]) for _, r in rows_of(judge.read("Leaderboard")) if "League champion" in as_text(r["Prize"])
    ]
    assert held == [champion] and "in line" not in as_text(
        next(r for r in lines if as_text(r["Team"]) == champion)["Prize"]
    )
    exports = config.exports
    board_caption = (exports / "leaderboard.txt").read_text(encoding="utf-8")
    event_caption = (exports / f"standings-{EVENT.lower()}.txt").read_text(encoding="utf-8")
    page = (exports / "league.html").read_text(encoding="utf-8")
    assert board_caption.startswith(f"{champion} wins the ") and event_caption.startswith(f"{champion} wins ")
    assert f"Champion: {champion}" in page and " leads" not in board_caption.split("\n")[0]
    if as_text(leader["Team"]) != champion:
        assert f"{as_text(leader['Team'])} leads" not in page + board_caption + event_caption
    assert "Won the final · Swiss #" in event_caption

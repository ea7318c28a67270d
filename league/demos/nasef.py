"""A realistic example NASEF League of Legends season (nasef-lol), seeded: 24 school teams of 12 clubs with rosters
and MMR, 8 best-of-three Swiss rounds paired by the preset's own seeded Swiss, forfeits and a double forfeit, and a
handful of judges' mistakes planted on purpose."""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from fractions import Fraction

from league.cells import Cell, a1
from league.demos.base import DemoLeague, Planted
from league.pairing.history import History
from league.pairing.seeded_swiss import seeded_swiss

SCHOOLS = (
    "Lincoln High",
    "Roosevelt Academy",
    "Jefferson Prep",
    "Madison STEM",
    "Kennedy High",
    "Franklin Tech",
    "Washington Central",
    "Hamilton North",
    "Adams Magnet",
    "Monroe Valley",
    "Jackson East",
    "Grant West",
)
MASCOTS = ("Blue", "Gold")
FIRST = (
    "Ava",
    "Liam",
    "Mia",
    "Noah",
    "Zoe",
    "Eli",
    "Maya",
    "Leo",
    "Aria",
    "Kai",
    "Nora",
    "Owen",
    "Luz",
    "Ravi",
    "Sofía",
    "Jin",
)
SEASON = "SPRING26"
START = dt.date(2026, 1, 28)
ROUNDS = 8
ROUND, STAGE, TEAM_A, TEAM_B, GAMES_A, GAMES_B, BEST_OF, RESULT, DATE, NOTES = range(10)


def _teams(rng: random.Random) -> tuple[list[list[Cell]], list[list[Cell]], dict[str, float]]:
    """Teams rows (two a club), roster rows (5 to 8 players, a Pending one now and then) and each team's average MMR."""
    teams: list[list[Cell]] = []
    rosters: list[list[Cell]] = []
    strength: dict[str, float] = {}
    for school in SCHOOLS:
        for colour in MASCOTS:
            team = f"{school} {colour}"
            teams.append([team, school, ""])
            base = rng.randint(900, 2100)
            mmrs = []
            for n in range(rng.randint(5, 8)):
                mmr = base + rng.randint(-250, 250)
                added = START - dt.timedelta(days=rng.randint(7, 40))
                rosters.append(
                    [
                        team,
                        f"{rng.choice(FIRST)} {school.split()[0][:3]}{colour[0]}{n + 1}",
                        f"{team[:3]}{colour}{n + 1}",
                        "Active",
                        added.isoformat(),
                        mmr,
                    ]
                )
                mmrs.append(mmr)
            if rng.random() < 0.3:
                rosters.append(
                    [
                        team,
                        f"Sub {school.split()[0][:3]}{colour[0]}",
                        f"{team[:3]}Sub",
                        "Pending",
                        START.isoformat(),
                        base,
                    ]
                )
            strength[team] = sum(mmrs) / len(mmrs)
    return teams, rosters, strength


def _season(rng: random.Random, strength: dict[str, float]) -> list[list[Cell]]:
    """Eight rounds, each paired by seeded Swiss from the results so far; two forfeits and a double forfeit."""
    names = list(strength)
    wins: dict[str, Fraction] = dict.fromkeys(names, Fraction(0))
    met: Counter[frozenset[str]] = Counter()
    ratings = {t: Fraction(round(s)) for t, s in strength.items()}
    rows: list[list[Cell]] = []
    specials = {(2, 3): "Forfeit A", (5, 7): "Forfeit B", (6, 11): "Double Forfeit"}
    for rnd in range(1, ROUNDS + 1):
        order = sorted(names, key=lambda t: (-wins[t], -ratings[t]))
        h = History(
            SEASON,
            rnd - 1,
            names,
            met,
            Counter(),
            dict(wins),
            {t: order.index(t) + 1 for t in names},
            [],
            ratings=ratings,
        )
        day = (START + dt.timedelta(days=7 * (rnd - 1))).isoformat()
        for p in seeded_swiss(h, rnd, 2026):
            a, b = p.first, p.second or ""
            met[frozenset((a, b))] += 1
            word = specials.get((rnd, p.table), "")
            if word:
                rows.append([rnd, "Swiss", a, b, None, None, 3, word, day, "no-show after 30 minutes"])
                if word != "Double Forfeit":
                    wins[b if word == "Forfeit A" else a] += 1
                continue
            a_wins = rng.random() < 1 / (1 + 10 ** ((strength[b] - strength[a]) / 600))
            loser_games = rng.choice((0, 1))
            games = (2, loser_games) if a_wins else (loser_games, 2)
            wins[a if a_wins else b] += 1
            rows.append([rnd, "Swiss", a, b, *games, 3, "", day, ""])
    return rows


def build_nasef_demo(seed: int = 2026) -> DemoLeague:
    """One 8-round season of 24 teams, then the planted mistakes."""
    rng = random.Random(seed)
    teams, rosters, strength = _teams(rng)
    rows = _season(rng, strength)
    events: list[list[Cell]] = [
        [SEASON, "NASEF League of Legends Spring 2026", START.isoformat(), "Online", 32, "", f"Results {SEASON}"]
    ]
    demo = DemoLeague(events, teams, {f"Results {SEASON}": rows}, [], [], rosters)
    return _plant(demo)


def _plant(demo: DemoLeague) -> DemoLeague:
    """Mistakes a league official makes, each at a cell the Problems tab must name."""
    planted: list[Planted] = []
    tab = f"Results {SEASON}"
    rows = demo.results[tab]
    played = [r for r in rows if not r[RESULT]]
    row = played[30]  # a score that cannot end a best of three
    row[GAMES_A], row[GAMES_B] = (3, 1) if row[GAMES_A] == 2 else (1, 3)
    planted.append(Planted(tab, a1(rows.index(row) + 2, GAMES_B), "series-score"))
    late = next(r for r in played if r[ROUND] == 1)  # a roster of five whose fifth player was added the day before
    team = str(late[TEAM_A])
    members = [m for m in demo.members if m[0] == team]
    for m in members[5:]:
        m[3] = "Pending"
    members[4][4] = (START - dt.timedelta(days=1)).isoformat()
    planted.append(Planted(tab, a1(rows.index(late) + 2, TEAM_A), "lineup-short"))
    third = next(n for n, t in enumerate(demo.players) if t[1] == SCHOOLS[-1])  # a club with a third team
    demo.players[third][1] = SCHOOLS[0]
    planted.append(Planted("Teams", a1(third + 2, 1), "club-teams"))
    mover = next(m for m in demo.members if m[0] == demo.players[3][0])  # a player left on the old team's roster too
    target = next(
        t[0]
        for t in demo.players[4:]
        if sum(m[0] == t[0] and m[3] == "Active" for m in demo.members) < 8 and t[0] != team
    )
    others = [m for m in demo.members if m[0] == target]
    copy = [target, mover[1], mover[2], "Active", START.isoformat(), mover[5]]
    demo.members.insert(demo.members.index(others[-1]) + 1, copy)
    planted.append(Planted("Rosters", a1(demo.members.index(copy) + 2, 1), "member-twice"))
    return DemoLeague(demo.events, demo.players, demo.results, demo.penalties, planted, demo.members)

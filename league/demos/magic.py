"""A realistic example Magic league (ogaming-mtg), seeded: three weekly events with Swiss rounds, byes, drops,
an intentional draw, a game loss, and a handful of judges' mistakes planted on purpose."""

from __future__ import annotations

import datetime as dt
import random

from league.cells import Cell, a1
from league.demos.base import DemoLeague, Planted

PLAYERS = (
    "Ana Souza",
    "Bruno Lima",
    "Carla Mendes",
    "Diego Rocha",
    "Elisa Prado",
    "Fábio Nunes",
    "Gabi Torres",
    "Hugo Alves",
    "Íris Castro",
    "João Pinto",
    "Kátia Ramos",
    "Léo Martins",
    "Marina Costa",
    "Nico Barros",
    "Olga Petrova",
    "Paulo Reis",
    "Quésia Dias",
    "Rafa Gomes",
    "Sílvia Lopes",
    "Tomás Vieira",
)
DECKS = ("Mono-Red Aggro", "Azorius Control", "Golgari Midrange", "Izzet Phoenix", "Boros Energy", "Dimir Tempo", "")
WEEKS = (("W1", dt.date(2025, 1, 9), 13), ("W2", dt.date(2025, 1, 16), 16), ("W3", dt.date(2025, 1, 23), 15))
ROUNDS = 4
GAMES = ((2, 0, 0), (2, 1, 0), (2, 1, 0), (1, 0, 0), (2, 0, 1), (1, 1, 0), (1, 1, 1))
"""Game scores seen in real events, the winner's first; the last two are drawn matches."""
ROUND, TABLE, PLAYER_A, PLAYER_B, WINS_A, WINS_B, DRAWS, RESULT = range(8)


def swiss_pairings(
    rng: random.Random, field: list[str], points: dict[str, int], met: set[frozenset[str]], had_bye: set[str]
) -> list[tuple[str, str | None]]:
    """Swiss by points (random order within a score), re-drawn until nobody meets an earlier opponent;
    an odd player out gets the bye, the lowest-ranked without one. A demo needs believable rounds only,
    not the best pairing."""
    for attempt in range(200):
        spread = attempt / 40  # later attempts let players float further from their score
        order = sorted(field, key=lambda p: -points[p] - rng.uniform(0, spread + 0.5))
        bye = next(p for p in reversed(order) if p not in had_bye) if len(order) % 2 else None
        if bye:
            order.remove(bye)
        pairs: list[tuple[str, str]] = []
        while order:
            a = order.pop(0)
            b = next((p for p in order if frozenset((a, p)) not in met), order[0])
            order.remove(b)
            pairs.append((a, b))
        if all(frozenset(p) not in met for p in pairs):
            break
    met.update(frozenset(p) for p in pairs)
    if bye:
        had_bye.add(bye)
    return [*pairs, *([(bye, None)] if bye else [])]


def build_magic_demo(seed: int = 2025) -> DemoLeague:
    """Three weekly events, four Swiss rounds each, then the planted mistakes."""
    rng = random.Random(seed)
    skill = {p: rng.uniform(0.6, 1.8) for p in PLAYERS}
    events: list[list[Cell]] = []
    players: list[list[Cell]] = []
    results: dict[str, list[list[Cell]]] = {}
    penalties: list[list[Cell]] = []
    for week, day, size in WEEKS:
        tab = f"Results {week}"
        events.append([week, f"Friday Night Magic {week}", day.isoformat(), "O-Gaming Store", 24, week, tab])
        field = rng.sample(PLAYERS, size)
        players += [[p, week, "Good", rng.choice(DECKS), ""] for p in field]
        points = dict.fromkeys(field, 0)
        met: set[frozenset[str]] = set()
        had_bye: set[str] = set()
        dropped = field[-1] if week == "W2" else ""
        rows: list[list[Cell]] = []
        for rnd in range(1, ROUNDS + 1):
            playing = [p for p in field if not (dropped and p == dropped and rnd > 2)]
            for table, (a, b) in enumerate(swiss_pairings(rng, playing, points, met, had_bye), start=1):
                if b is None:
                    rows.append([rnd, table, a, "", None, None, None, "Bye", "", "", ""])
                    points[a] += 3
                    continue
                won, lost, drawn = rng.choice(GAMES)
                a_wins = rng.random() < skill[a] / (skill[a] + skill[b])
                games = (won, lost) if a_wins else (lost, won)
                rows.append(
                    [
                        rnd,
                        table,
                        a,
                        b,
                        games[0],
                        games[1],
                        drawn or None,
                        "",
                        "",
                        "Yes" if b == dropped and rnd == 2 else "",
                        "",
                    ]
                )
                if won == lost:
                    points[a] += 1
                    points[b] += 1
                else:
                    points[a if games[0] > games[1] else b] += 3
        if dropped:
            next(r for r in players if r[0] == dropped and r[1] == week)[4] = "Dropped"
            penalties.append([week, 2, dropped, "Drop", None, "", "had to leave after round 2", "Judge Rui"])
        results[tab] = rows
    _special_results(results)
    demo = DemoLeague(events, players, results, penalties, [])
    return _plant(demo)


def _special_results(results: dict[str, list[list[Cell]]]) -> None:
    """An intentional draw in the last round of W1, and a game loss recorded in W3 (the match result carries it)."""
    last = next(r for r in reversed(results["Results W1"]) if r[PLAYER_B])
    last[WINS_A : RESULT + 1] = [None, None, None, "Intentional Draw"]
    first = next(r for r in results["Results W3"] if r[PLAYER_B] and r[WINS_A] == 2 and r[WINS_B] == 1)
    first[-1] = "game 1: game loss to player B for a deck problem"


def _plant(demo: DemoLeague) -> DemoLeague:
    """Mistakes a judge makes, each at a cell the Problems tab must name."""
    planted: list[Planted] = []
    res = demo.results

    def rows_of(tab: str) -> list[list[Cell]]:
        return [r for r in res[tab] if r[PLAYER_B]]

    tab = "Results W1"  # a misspelt player
    row = rows_of(tab)[2]
    row[PLAYER_B] = str(row[PLAYER_B])[:-1] + str(row[PLAYER_B])[-1] * 2
    planted.append(Planted(tab, a1(res[tab].index(row) + 2, PLAYER_B), "unknown-competitor"))
    tab = "Results W2"  # a result word nobody knows
    row = rows_of(tab)[4]
    row[RESULT] = "Forfiet A"
    planted.append(Planted(tab, a1(res[tab].index(row) + 2, RESULT), "unknown-result"))
    tab = "Results W3"  # games won left empty
    row = rows_of(tab)[3]
    row[WINS_B] = None
    planted.append(Planted(tab, a1(res[tab].index(row) + 2, WINS_B), "missing-value"))
    suspended = next(n for n, r in enumerate(demo.players) if r[1] == "W3")  # an account that may not play
    demo.players[suspended][2] = "Suspended"
    planted.append(Planted("Players", a1(suspended + 2, 2), "not-eligible"))
    return DemoLeague(demo.events, demo.players, res, demo.penalties, planted)

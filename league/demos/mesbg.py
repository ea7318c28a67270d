"""A realistic example MESBG doubles league (mesbg-pairs), seeded: two events of 12 and 11 pairs, three Swiss rounds
of two games each (Good against Evil, then Evil against Good), byes, deductions, a disqualified pair, and a handful
of judges' mistakes planted on purpose."""

from __future__ import annotations

import datetime as dt
import random

from league.cells import Cell, a1
from league.demos.base import DemoLeague, Planted
from league.demos.magic import swiss_pairings

PAIRS = (
    "Jeźdźcy Rohanu",
    "Synowie Durina",
    "Strażnicy Ithilien",
    "Cienie Mordoru",
    "Wilki Isengardu",
    "Łucznicy Lórien",
    "Młoty Ereboru",
    "Korsarze Umbaru",
    "Biała Drużyna",
    "Strażnicy Północy",
    "Goblini z Morii",
    "Wieża Gondoru",
    "Synowie Haradu",
)
PLAYERS = (
    "Adam Nowak",
    "Bartek Wójcik",
    "Celina Kowalczyk",
    "Dawid Lewandowski",
    "Ewa Zielińska",
    "Filip Szymański",
    "Gosia Woźniak",
    "Henryk Dąbrowski",
    "Iza Kamińska",
    "Jacek Kozłowski",
    "Kasia Jankowska",
    "Łukasz Mazur",
    "Marta Krawczyk",
    "Norbert Piotrowski",
    "Ola Grabowska",
    "Paweł Pawłowski",
    "Renata Michalska",
    "Szymon Król",
    "Tomek Wieczorek",
    "Urszula Jabłońska",
    "Wiktor Majewski",
    "Zosia Olszewska",
    "Żaneta Stępień",
    "Artur Malinowski",
    "Beata Jaworska",
    "Cezary Adamczyk",
)
GOOD = (
    "Rohan",
    "Minas Tirith",
    "Erebor",
    "Lothlórien",
    "Rivendell",
    "Fangorn",
    "The Shire",
    "Dale",
    "Iron Hills",
    "Arnor",
)
EVIL = (
    "Isengard",
    "Mordor",
    "Moria",
    "Angmar",
    "Harad",
    "Easterlings",
    "Dol Guldur",
    "Gundabad",
    "Umbar",
    "Azog's Hunters",
)
RESTRICTED = (
    "",
    "",
    "Legolas Greenleaf",
    "Gwaihir",
    "Mordor War Catapult",
    "Fell Beast, Gríma Wormtongue",
    "Great Eagle, Watcher in the Water",
    "The Balrog",
    "Gondor Avenger Bolt Thrower, 2x Great Eagle",
)
EVENTS = (("D1", "Warsaw Doubles I", dt.date(2025, 3, 8), 12), ("D2", "Warsaw Doubles II", dt.date(2025, 4, 12), 11))
ROUNDS = 3
ROUND, TABLE, PAIR_A, ARMY_A, SCENARIO_A, PAIR_B, ARMY_B, SCENARIO_B, RESULT = range(9)
PAIR_COLUMNS = (
    "Pair",
    "Event",
    "Player 1",
    "Player 2",
    "Good Army",
    "Evil Army",
    "Restricted Models",
    "List On Time",
    "Rules Present",
    "Status",
    "Judge Order",
)


def _vp(mine: int, theirs: int) -> int:
    """Victory points of one game, for the demo's own Swiss pairing (the league computes them itself)."""
    if mine > theirs:
        return 6 if mine >= 2 * theirs and mine - theirs >= 6 else 5
    return 3 if mine == theirs else 6 - _vp(theirs, mine)


def build_mesbg_demo(seed: int = 2025) -> DemoLeague:
    """Two events of three rounds, then the planted mistakes."""
    rng = random.Random(seed)
    skill = {p: rng.uniform(0.6, 1.6) for p in PAIRS}
    members = {p: (PLAYERS[2 * i], PLAYERS[2 * i + 1]) for i, p in enumerate(PAIRS)}
    armies = {p: (rng.choice(GOOD), rng.choice(EVIL)) for p in PAIRS}
    events: list[list[Cell]] = []
    pairs: list[list[Cell]] = []
    results: dict[str, list[list[Cell]]] = {}
    for event, name, day, size in EVENTS:
        tab = f"Results {event}"
        events.append([event, name, day.isoformat(), "Warsaw", 12, event, tab])
        field = rng.sample(PAIRS, size)
        pairs += [[p, event, *members[p], *armies[p], rng.choice(RESTRICTED), "yes", "yes", "", None] for p in field]
        points = dict.fromkeys(field, 0)
        met: set[frozenset[str]] = set()
        had_bye: set[str] = set()
        rows: list[list[Cell]] = []
        for rnd in range(1, ROUNDS + 1):
            for table, (a, b) in enumerate(swiss_pairings(rng, field, points, met, had_bye), start=1):
                if b is None:
                    rows.append([rnd, table, a, None, None, None, None, None, "Bye", "", ""])
                    points[a] += 12 if rnd == 1 else 10
                    continue
                for army_a, army_b in (("Good", "Evil"), ("Evil", "Good")):
                    sa, sb = (max(0, round(rng.gauss(7 * skill[p], 3))) for p in (a, b))
                    rows.append([rnd, table, a, army_a, sa, b, army_b, sb, "", "", ""])
                    points[a] += _vp(sa, sb)
                    points[b] += _vp(sb, sa)
        results[tab] = rows
    penalties: list[list[Cell]] = []
    _deductions(pairs, results, penalties)
    return _plant(DemoLeague(events, pairs, results, penalties, []))


def _deductions(pairs: list[list[Cell]], results: dict[str, list[list[Cell]]], penalties: list[list[Cell]]) -> None:
    """A late army list in D1, a pair with neither its list on time nor its rules in D2, a VP penalty, a scenario-point
    penalty in one game, and a disqualified pair in D2."""
    late = PAIR_COLUMNS.index("List On Time")
    d1 = [r for r in pairs if r[1] == "D1"]
    d2 = [r for r in pairs if r[1] == "D2"]
    d1[3][late] = "no"
    d2[5][late] = d2[5][late + 1] = "no"
    d2[-1][PAIR_COLUMNS.index("Status")] = "DQ"
    slow = next(r for r in results["Results D1"] if r[ROUND] == 2 and r[PAIR_B])
    penalties.append(["D1", 2, slow[PAIR_A], "VP", 2, "Slow play", "warned twice for slow play", "Judge Marek", None])
    moved = next(
        r for r in results["Results D1"] if r[ROUND] == 3 and r[ARMY_A] == "Evil" and int(str(r[SCENARIO_A])) >= 4
    )
    penalties.append(
        ["D1", 3, moved[PAIR_A], "Scenario Points", 3, "Moved a model after measuring", "", "Judge Marek", "Evil"]
    )


def _plant(demo: DemoLeague) -> DemoLeague:
    """Mistakes a judge makes, each at a cell the Problems tab must name."""
    planted: list[Planted] = []
    res = demo.results

    def games(tab: str) -> list[list[Cell]]:
        return [r for r in res[tab] if r[PAIR_B]]

    tab = "Results D1"  # a misspelt pair
    row = games(tab)[2]
    row[PAIR_B] = str(row[PAIR_B])[:-1]
    planted.append(Planted(tab, a1(res[tab].index(row) + 2, PAIR_B), "unknown-competitor"))
    row = games(tab)[9]  # both sides on one alignment
    row[ARMY_B] = row[ARMY_A]
    planted.append(Planted(tab, a1(res[tab].index(row) + 2, ARMY_B), "same-alignment"))
    tab = "Results D2"  # scenario points typed with a decimal
    row = games(tab)[4]
    row[SCENARIO_A] = f"{row[SCENARIO_A]}.5"
    planted.append(Planted(tab, a1(res[tab].index(row) + 2, SCENARIO_A), "unreadable"))
    out = {r[0] for r in demo.players if r[PAIR_COLUMNS.index("Status")] == "DQ"}
    last = next(
        r for r in reversed(games(tab)) if not {r[PAIR_A], r[PAIR_B]} & out
    )  # a pairing's second game never typed
    res[tab].remove(last)
    first = next(
        r for r in games(tab) if r[ROUND] == last[ROUND] and r[PAIR_A] == last[PAIR_A] and r[PAIR_B] == last[PAIR_B]
    )
    planted.append(Planted(tab, a1(res[tab].index(first) + 2, PAIR_B), "games-missing"))
    over = next(
        n for n, r in enumerate(demo.players) if r[1] == "D2" and not r[PAIR_COLUMNS.index("Restricted Models")]
    )
    demo.players[over][PAIR_COLUMNS.index("Restricted Models")] = "Legolas Greenleaf, Gwaihir, 2x Great Eagle"  # four
    planted.append(Planted("Pairs", a1(over + 2, PAIR_COLUMNS.index("Restricted Models")), "too-many-restricted"))
    return DemoLeague(demo.events, demo.players, res, demo.penalties, planted)

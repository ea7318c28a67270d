"""A realistic example GL league, seeded, with a handful of judges' mistakes planted on purpose."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence

from league.cells import Cell, a1
from league.demos.base import DemoLeague, Planted
from league.pairing.round_robin import circle
from league.rules.catalog import Catalog, Piece
from league.rules.ruleset import Ban, Ruleset

VENUES = (("AE", "Alter Ego (Shangri-la Plaza)", 10), ("SMN", "SM North EDSA", 16), ("GB5", "Greenbelt 5", 16))
STAGES = (("QR1", dt.date(2024, 8, 10), (9, 14, 11)), ("QR2", dt.date(2024, 9, 7), (10, 13, 16)))
FIRST = (
    "Miguel",
    "Andrea",
    "Paolo",
    "Bea",
    "Carlo",
    "Nina",
    "Rafael",
    "Trisha",
    "Jerome",
    "Kat",
    "Luis",
    "Mika",
    "Enzo",
    "Joanna",
    "Marco",
    "Pia",
    "Gab",
    "Ria",
    "Joaquin",
    "Bianca",
    "Franco",
    "Isabel",
    "Dindo",
    "Celine",
    "Niño",
    "Łukasz",
    "Żaneta",
    "Ramon",
    "Hazel",
    "Tonyo",
    "Lei",
    "Kiko",
    "Abi",
    "Santi",
    "Mara",
    "Jun",
)
LAST = (
    "Santos",
    "Reyes",
    "Cruz",
    "Bautista",
    "Garcia",
    "Mendoza",
    "Dela Cruz",
    "Villanueva",
    "Ramos",
    "Aquino",
    "Castillo",
    "Navarro",
    "Peña",
    "Domingo",
    "Lim",
    "Tan",
    "Sy",
    "Ocampo",
    "Żak",
    "Torres",
)


def bans(ruleset: Ruleset) -> tuple[Ban, ...]:
    """The bans of the ruleset's catalog component (none without one)."""
    return tuple(b for c in ruleset.components for b in c.bans)


def allowed_fighters(catalog: Catalog, ruleset: Ruleset, day: dt.date) -> list[Piece]:
    """Official fighters with a known health that no ban forbids on `day`, by name."""
    banned_sets = {b.name for b in bans(ruleset) if b.what == "set" and b.applies(day)}
    banned = {b.name for b in bans(ruleset) if b.what == "piece" and b.applies(day)}
    unique = {p.name: p for p in catalog.pieces.values()}
    return sorted(
        (p for p in unique.values() if p.health and p.set not in banned_sets and p.name not in banned),
        key=lambda p: p.name,
    )


def allowed_maps(catalog: Catalog, ruleset: Ruleset, day: dt.date) -> list[str]:
    """Official maps that no ban forbids on `day`, sorted."""
    banned = {b.name for b in bans(ruleset) if b.what == "map" and b.applies(day)}
    return sorted(n for n in set(catalog.maps.values()) if n not in banned)


def build_demo(ruleset: Ruleset, catalog: Catalog, seed: int = 2024) -> DemoLeague:
    """Two qualifying rounds at three venues, 7 rounds each, then the planted mistakes."""
    rng = random.Random(seed)
    pool = rng.sample([f"{f} {last}" for f in FIRST for last in LAST], 52)
    skill = {name: rng.uniform(0.5, 2.0) for name in pool}
    events: list[list[Cell]] = []
    players: list[list[Cell]] = []
    results: dict[str, list[list[Cell]]] = {}
    rosters: dict[tuple[str, str], list[Piece]] = {}
    used: dict[tuple[str, str], set[str]] = {}
    for stage, day, sizes in STAGES:
        field = rng.sample(pool, sum(sizes))
        fighters, maps = allowed_fighters(catalog, ruleset, day), allowed_maps(catalog, ruleset, day)
        for (code, venue, cap), size in zip(VENUES, sizes):
            event, tab = f"{stage}-{code}", f"Results {stage}-{code}"
            events.append([event, f"Unmatched League {stage} at {venue}", day.isoformat(), venue, cap, stage, tab])
            entrants, field = field[:size], field[size:]
            for name in entrants:
                rosters[(event, name)] = rng.sample(fighters, 5)
                players.append([name, event, *(p.name for p in rosters[(event, name)]), ""])
            rows: list[list[Cell]] = []
            for rnd, pairs in enumerate(circle(rng.sample(entrants, size), ruleset.rounds), start=1):
                for table, (a, b) in enumerate(pairs, start=1):
                    rows.append(_match(rng, rnd, table, a, b, rosters, event, skill, maps, used))
            results[tab] = rows
    demo = DemoLeague(events, players, results, [], [])
    return _plant(demo, rng, catalog, ruleset, rosters, used)


def _match(
    rng: random.Random,
    rnd: int,
    table: int,
    a: str,
    b: str | None,
    rosters: dict[tuple[str, str], list[Piece]],
    event: str,
    skill: dict[str, float],
    maps: Sequence[str],
    used: dict[tuple[str, str], set[str]],
) -> list[Cell]:
    if b is None:
        return [rnd, table, a, "", None, None, "", "", None, None, "", a, "Bye", "Judge Ana", ""]
    fa, fb = rng.choice(rosters[(event, a)]), rng.choice(rosters[(event, b)])
    used.setdefault((event, a), set()).add(fa.name)
    used.setdefault((event, b), set()).add(fb.name)
    a_wins = rng.random() < skill[a] / (skill[a] + skill[b])
    ha = rng.randint(1, fa.health or 1) if a_wins else 0
    hb = 0 if a_wins else rng.randint(1, fb.health or 1)
    judge = rng.choice(("Judge Ana", "Judge Bong", "Judge Cris"))
    return [
        rnd,
        table,
        a,
        fa.name,
        ha,
        fa.health,
        b,
        fb.name,
        hb,
        fb.health,
        rng.choice(maps),
        a if a_wins else b,
        "",
        judge,
        "",
    ]


# Column positions in the results tab (see the ruleset's `order`).
ROUND, PLAYER_A, FIGHTER_A, HEALTH_A, START_A, PLAYER_B, START_B, MAP, WINNER = 0, 2, 3, 4, 5, 6, 9, 10, 11


def _plant(
    demo: DemoLeague,
    rng: random.Random,
    catalog: Catalog,
    ruleset: Ruleset,
    rosters: dict[tuple[str, str], list[Piece]],
    used: dict[tuple[str, str], set[str]],
) -> DemoLeague:
    """Judges' mistakes of the kinds real sheets have, each recorded with its cell."""
    planted: list[Planted] = []
    res = demo.results

    def played(tab: str, a_won: bool) -> int:
        rows = res[tab]
        return next(
            i for i, r in enumerate(rows) if r[PLAYER_B] and (r[WINNER] == r[PLAYER_A]) == a_won and i > len(rows) // 3
        )

    def mark(tab: str, index: int, col: int, code: str) -> None:
        planted.append(Planted(tab, a1(index + 2, col), code))

    tab = "Results QR1-SMN"  # a misspelt loser's name
    i = played(tab, a_won=True)
    name = str(res[tab][i][PLAYER_B])
    res[tab][i][PLAYER_B] = name[:2] + name[3:]
    mark(tab, i, PLAYER_B, "unknown-competitor")

    tab = "Results QR1-GB5"  # a fighter the player never declared
    i = played(tab, a_won=False)
    event = "QR1-GB5"
    declared = {p.name for p in rosters[(event, str(res[tab][i][PLAYER_A]))]}
    other = next(p for p in allowed_fighters(catalog, ruleset, dt.date(2024, 8, 10)) if p.name not in declared)
    res[tab][i][FIGHTER_A], res[tab][i][START_A] = other.name, other.health
    mark(tab, i, FIGHTER_A, "piece-not-in-roster")

    tab = "Results QR1-AE"  # a banned map
    i = played(tab, a_won=True)
    res[tab][i][MAP] = "Yukon"
    mark(tab, i, MAP, "banned-map")

    tab = "Results QR2-SMN"  # the winner's health typed as 0
    i = played(tab, a_won=True)
    res[tab][i][HEALTH_A] = 0
    mark(tab, i, HEALTH_A, "winner-health")

    tab = "Results QR2-GB5"  # remaining health above the starting health
    i = played(tab, a_won=True) + 1
    while res[tab][i][WINNER] != res[tab][i][PLAYER_A]:
        i += 1
    res[tab][i][HEALTH_A] = int(str(res[tab][i][START_A])) + 3
    mark(tab, i, HEALTH_A, "health-range")

    tab = "Results QR1-SMN"  # a number typed with the letter O
    i = played(tab, a_won=True) + 3
    res[tab][i][START_B] = str(res[tab][i][START_B]).replace("0", "O").replace("1", "l")
    mark(tab, i, START_B, "unreadable")

    tab = "Results QR2-AE"  # the same row typed twice
    res[tab].append(list(res[tab][len(res[tab]) // 2]))
    mark(tab, len(res[tab]) - 1, ROUND, "duplicate-row")

    reg = ruleset.registration
    players = demo.players
    slot = len(reg.fields)  # a misspelt fighter the player did not use: a warning
    for n, row in enumerate(players):
        key = (str(row[1]), str(row[0]))
        unused = [c for c in range(2, 2 + slot) if row[c] not in used.get(key, set()) and len(str(row[c])) > 5]
        if str(row[1]).startswith("QR2") and unused:
            c = unused[0]
            word = str(row[c])
            row[c] = word[:3] + word[3] + word[3:]
            planted.append(Planted(reg.tab, a1(n + 2, c), "unknown-piece"))
            break
    for n, row in enumerate(players):  # a Slings and Arrows fighter before its ban ends
        key = (str(row[1]), str(row[0]))
        unused = [c for c in range(2, 2 + slot) if row[c] not in used.get(key, set())]
        if str(row[1]) == "QR1-SMN" and unused:
            banned_set = next(b.name for b in bans(ruleset) if b.what == "set")
            row[unused[0]] = next(p.name for p in catalog.pieces.values() if p.set == banned_set)
            planted.append(Planted(reg.tab, a1(n + 2, unused[0]), "banned-piece"))
            break
    ae = next(r for r in players if r[1] == "QR1-AE")  # one player registered at two venues of QR1
    players.append([ae[0], "QR1-GB5", *ae[2:]])
    planted.append(Planted(reg.tab, a1(len(players) + 1, 1), "two-events"))
    _drop(demo, "QR2-GB5", after=5)
    return DemoLeague(demo.events, players, res, demo.penalties, planted)


def _drop(demo: DemoLeague, event: str, after: int) -> None:
    """A player leaves after `after` rounds: status Dropped, a Penalties row, opponents get byes."""
    tab = f"Results {event}"
    rows = demo.results[tab]
    leaver = next(str(r[PLAYER_A]) for r in rows if r[ROUND] == 1 and r[PLAYER_B] and r[HEALTH_A] not in (None,))
    for row in demo.players:
        if row[0] == leaver and row[1] == event:
            row[-1] = "Dropped"
    demo.penalties.append([event, after, leaver, "Drop", None, "", "left for a family emergency", "Judge Bong"])
    for r in rows:
        if int(str(r[ROUND])) > after and leaver in (r[PLAYER_A], r[PLAYER_B]):
            opponent = r[PLAYER_B] if r[PLAYER_A] == leaver else r[PLAYER_A]
            r[:] = [
                r[ROUND],
                r[1],
                opponent,
                "",
                None,
                None,
                "",
                "",
                None,
                None,
                "",
                opponent,
                "Bye",
                r[13],
                "opponent dropped",
            ]

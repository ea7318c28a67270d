"""Single-elimination playoffs seeded from the standings: the bracket as rows of a tab, and winners advanced from
the games typed into it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league.cells import Cell, Grid, as_text, header_key, parse_whole
from league.model.match import ends_series
from league.sheet import BRACKET_PREFIX, Sheet

HEADERS = ("Round", "Match", "Best Of", "Seed A", "Competitor A", "Seed B", "Competitor B", "Games A", "Games B", "Winner", "Note")
TYPED = ("Games A", "Games B")
"""The cells judges type into; everything else the tool fills in."""
BYE = "bye"


def bracket_tab(event: str) -> str:
    """The output tab of an event's playoffs."""
    return BRACKET_PREFIX + event


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order, so that 1 and 2 can only meet in the final: 8 gives 1 8 4 5 2 7 3 6."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


@dataclass(frozen=True)
class Slot:
    """One side of a bracket match: a seed and its competitor, or nobody yet."""

    seed: int | None
    name: str


def bracket_rows(seeds: Sequence[str], best_of: Sequence[int], typed: Grid | None = None) -> list[list[Cell]]:
    """Every match of the bracket, round by round; winners of typed games moved on; byes to the top seeds.

    `seeds` are the qualified competitors in seed order (the first is seed 1); `best_of` gives each round's
    length, the last entry repeating; `typed` is the tab as it stands, whose games are kept."""
    size = 1
    while size < len(seeds):
        size *= 2
    games = _typed_games(typed)
    slots = [Slot(s, seeds[s - 1]) if s <= len(seeds) else Slot(None, BYE) for s in seed_order(size)]
    rows: list[list[Cell]] = []
    number = 1
    while len(slots) > 1:
        length = best_of[min(number - 1, len(best_of) - 1)]
        winners = []
        for match, (a, b) in enumerate(zip(slots[0::2], slots[1::2]), start=1):
            won_a, won_b = games.get((number, match), (None, None))
            winner, note = _winner(a, b, won_a, won_b, length)
            rows.append([number, match, length, a.seed, a.name, b.seed, b.name, won_a, won_b, winner.name if winner else "", note])
            winners.append(winner or Slot(None, ""))
        slots, number = winners, number + 1
    return rows


def _winner(a: Slot, b: Slot, won_a: int | None, won_b: int | None, length: int) -> tuple[Slot | None, str]:
    """Who goes on: a bye's opponent at once, else whoever reached a majority of `length` games first."""
    if not a.name or not b.name:
        return None, ""
    if b.name == BYE:
        return a, "a bye: the higher seed goes on"
    if won_a is None or won_b is None:
        return None, ""
    if ends_series(won_a, won_b, length):
        return (a if won_a > won_b else b), ""
    return None, f"{won_a}-{won_b} cannot end a best of {length}: type the games again"


def _typed_games(typed: Grid | None) -> dict[tuple[int, int], tuple[int | None, int | None]]:
    """(round, match) -> the games typed for each side, from the tab as it stands."""
    if not typed:
        return {}
    heads = [header_key(h) for h in typed[0]]
    at = {h: heads.index(header_key(h)) for h in ("Round", "Match", *TYPED) if header_key(h) in heads}
    if len(at) < 4:
        return {}
    out = {}
    for row in typed[1:]:
        cells = list(row) + [None] * len(heads)
        number, match = parse_whole(cells[at["Round"]]), parse_whole(cells[at["Match"]])
        if number is not None and match is not None:
            won = [parse_whole(cells[at[h]]) if as_text(cells[at[h]]) else None for h in TYPED]
            out[(number, match)] = (won[0], won[1])
    return out


def seeds_from(tab: Grid) -> list[str]:
    """The qualified competitors in seed order, as the bracket's first round holds them (seeds stay as drawn)."""
    heads = [header_key(h) for h in tab[0]] if tab else []
    if not {"round", "seed a", "competitor a", "seed b", "competitor b"} <= set(heads):
        return []
    col = {h: heads.index(h) for h in ("round", "seed a", "competitor a", "seed b", "competitor b")}
    seeded: dict[int, str] = {}
    for row in tab[1:]:
        cells = list(row) + [None] * len(heads)
        if parse_whole(cells[col["round"]]) == 1:
            for seed, name in (("seed a", "competitor a"), ("seed b", "competitor b")):
                number = parse_whole(cells[col[seed]])
                if number is not None and as_text(cells[col[name]]) not in ("", BYE):
                    seeded[number] = as_text(cells[col[name]])
    return [seeded[s] for s in sorted(seeded)]


def bracket_sheet(event: str, seeds: Sequence[str], best_of: Sequence[int], typed: Grid | None = None) -> Sheet:
    """The `Bracket <Event>` tab: its rows, with the games judges typed kept and their winners moved on."""
    return Sheet(bracket_tab(event), HEADERS, tuple(tuple(r) for r in bracket_rows(seeds, best_of, typed)))

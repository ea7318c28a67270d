"""Single-elimination playoffs seeded from the standings: the bracket as rows of a tab, and winners advanced from
the games typed into it.

A bracket row is known by its round, its match and both competitors, never by its position in the tab: the seeds
and the games typed so far are kept (in the history), so a deleted row comes back with its games and a row whose
names were changed is written back as seeded. What judges type beside it (a note after the tool's in `Note`, columns
of their own, rows of their own below) is kept with the row it was typed in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from league.cells import Cell, Grid, as_text, header_key, is_blank, name_key, parse_whole
from league.pairing.bracket_model import (
    BYE,
    HEADERS,
    BracketMatch,
    Finish,
    Games,
    Kept,
    MatchKey,
    Playoff,
    Resolved,
    Slot,
    bracket_tab,
    seed_order,
)
from league.pairing.bracket_typed import (
    games_won,
    half_known,
    not_a_match,
    renamed,
    retyped,
    typed_rows,
    with_judges_note,
)
from league.sheet import Sheet


def resolve(
    event: str,
    seeds: Sequence[str],
    best_of: Sequence[int],
    typed: Grid | None = None,
    kept: Mapping[MatchKey, Games] | None = None,
) -> Resolved:
    """Every match of the bracket, round by round; byes to the top seeds; each match's games taken from its own row
    (matched by round, match and both competitors; by the competitors alone when its round or match is garbage), else
    as the history kept them; the winners moved on. What judges typed that is not the tool's (a note, columns of their
    own, rows of their own below) is kept; a row that is no match is kept below the bracket, reported.

    `seeds` are the qualified competitors in seed order (the first is seed 1); `best_of` gives each round's
    length, the last entry repeating; `typed` is the tab as it stands."""
    tab, size = bracket_tab(event), 1
    while size < len(seeds):
        size *= 2
    rounds = size.bit_length() - 1
    found, extra, problems = typed_rows(tab, typed)
    by_key = {(r.round, r.match, name_key(r.a), name_key(r.b)): r for r in found}
    by_place = {(r.round, r.match): r for r in found}
    by_names = {(name_key(r.a), name_key(r.b)): r for r in found if None in (r.round, r.match) and r.a and r.b}
    slots = [Slot(s, seeds[s - 1]) if s <= len(seeds) else Slot(None, BYE) for s in seed_order(size)]
    rows: list[tuple[Cell, ...]] = []
    games_now: dict[MatchKey, Games] = dict(kept or {})
    finishes: dict[str, Finish] = {}
    matches: list[BracketMatch] = []
    used: set[int] = set()
    number, champion = 1, ""
    while len(slots) > 1:
        length = best_of[min(number - 1, len(best_of) - 1)]
        winners = []
        for match, (a, b) in enumerate(zip(slots[0::2], slots[1::2]), start=1):
            key = (number, match, name_key(a.name), name_key(b.name))
            at = len(rows) + 2
            other = by_place.get((number, match))
            own = (
                by_key.get(key)
                or (other if other is not None and half_known(other, a, b) else None)
                or (by_names.get(key[2:]) if a.name and b.name else None)
            )
            games = own.games if own else (kept or {}).get(key, (None, None))
            notes: list[str] = []
            if own is None and other is not None and (other.a or other.b):
                problems.append(renamed(tab, at, number, match, a, b, other))
                notes.append(f"written back as seeded (was {other.a or '?'} v {other.b or '?'})")
            source = own or other
            if source is not None:
                used.add(source.row)
                problems += retyped(tab, at, source, (number, match, length), a, b)
            if any(not is_blank(g) for g in games):
                games_now[key] = games
            elif key in games_now:
                del games_now[key]
            won, wrong = games_won(tab, at, games, length, a, b)
            problems += wrong
            winner, note = _winner(a, b, won, length)
            notes += [note] if note else []
            notes += [p.problem for p in wrong]
            rows.append(
                (
                    number,
                    match,
                    length,
                    a.seed,
                    a.name,
                    b.seed,
                    b.name,
                    *games,
                    winner.name if winner else "",
                    with_judges_note(notes, source.note if source else ""),
                    *(source.extra if source else (None,) * len(extra)),
                )
            )
            matches.append(BracketMatch(at, number, match, length, a.name, b.name, won, winner.name if winner else ""))
            if winner and b.name != BYE:
                loser = b if winner is a else a
                finishes[name_key(loser.name)] = Finish(loser.name, number, winner.name)
                if number == rounds:
                    champion = winner.name
                    finishes[name_key(winner.name)] = Finish(winner.name, None, "")
            winners.append(winner or Slot(None, ""))
        slots, number = winners, number + 1
    for r in (r for r in found if r.row not in used):
        problems += not_a_match(tab, len(rows) + 2, r, {(m.round, m.match): m.row for m in matches})
        rows.append((*r.own, *r.extra))
    sheet = Sheet(tab, (*HEADERS, *extra), tuple(rows))
    playoff = Playoff(tuple(seeds), rounds, champion, finishes, tuple(matches))
    return Resolved(sheet, tuple(problems), Kept(tuple(seeds), games_now), playoff)


def _winner(a: Slot, b: Slot, won: tuple[int, int] | None, length: int) -> tuple[Slot | None, str]:
    """Who goes on: a bye's opponent at once, else whoever reached a majority of `length` games first."""
    if not a.name or not b.name:
        return None, ""
    if b.name == BYE:
        return a, "a bye: the higher seed goes on"
    if won is None:
        return None, ""
    return (a if won[0] > won[1] else b), ""


def seeds_from(tab: Grid) -> list[str]:
    """The qualified competitors in seed order, as the bracket's first round holds them: for a bracket the history
    does not keep (drawn before it did)."""
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


def bracket_rows(seeds: Sequence[str], best_of: Sequence[int], typed: Grid | None = None) -> list[list[Cell]]:
    """The rows of a bracket, for tests and callers that need only the cells."""
    return [list(r) for r in resolve("", seeds, best_of, typed).sheet.rows]


def bracket_sheet(event: str, seeds: Sequence[str], best_of: Sequence[int]) -> Sheet:
    """The `Bracket <Event>` tab as first seeded, nothing typed yet."""
    return resolve(event, seeds, best_of).sheet

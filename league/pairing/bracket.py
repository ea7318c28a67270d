"""Single-elimination playoffs seeded from the standings: the bracket as rows of a tab, and winners advanced from
the games typed into it.

A bracket row is known by its round, its match and both competitors, never by its position in the tab: the seeds
and the games typed so far are kept (in the history), so a deleted row comes back with its games and a row whose
names were changed is written back as seeded. What judges type beside it (a note after the tool's in `Note`, columns
of their own, rows of their own below) is kept with the row it was typed in."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from league.cells import Cell, Grid, as_text, header_key, is_blank, name_key, parse_whole
from league.model.match import ends_series
from league.problems import Problem, Severity
from league.sheet import BRACKET_PREFIX, Sheet

HEADERS = ("Round", "Match", "Best Of", "Seed A", "Competitor A", "Seed B", "Competitor B", "Games A", "Games B", "Winner", "Note")
TYPED = ("Games A", "Games B")
"""The cells judges type into; the tool fills in the others of its own columns, and writes `Note` with the judges'
text kept after its own."""
NUMBERED = ("Round", "Match", "Best Of")
"""The cells that say which match a row is and how long: the tool's, yet a judge may type over them."""
_OWN_NOTE = re.compile(r"a bye: the higher seed goes on|written back as seeded \(was .*\)|Games [AB] is empty while "
                       r"the other side's games are typed|Games [AB] .* is not a whole number of games|"
                       r"\d+-\d+ cannot end a best of \d+ between .* and .*")
"""What the tool itself writes in a `Note` (see `resolve`), so the rest is known as the judges'."""
BYE = "bye"

MatchKey = tuple[int, int, str, str]
"""A bracket match as it is known: its round, its match and the name keys of competitors A and B."""
Games = tuple[Cell, Cell]
"""The games won by A and by B, as typed (kept so even when unreadable)."""


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


def round_name(number: int, rounds: int) -> str:
    """`final`, `semi-final`, `quarter-final`, then `round of 16` and so on, counted back from the final."""
    left = rounds - number
    return {0: "final", 1: "semi-final", 2: "quarter-final"}.get(left, f"round of {2 ** (left + 1)}")


@dataclass(frozen=True)
class Kept:
    """A bracket as the history keeps it: the seeds as drawn and every match's games as last typed."""

    seeds: tuple[str, ...]
    """The seeded competitors, seed 1 first, spelt as seeded."""
    games: Mapping[MatchKey, Games] = field(default_factory=dict)


@dataclass(frozen=True)
class Finish:
    """How far one seeded competitor went: the round they lost, and to whom; `out_in` is None for the champion."""

    name: str
    out_in: int | None
    beaten_by: str


@dataclass(frozen=True)
class BracketMatch:
    """One match of a bracket as drawn: who meets whom, the games typed (once they end the match) and the winner."""

    row: int
    """Its row in the bracket tab (the header is row 1)."""
    round: int
    match: int
    best_of: int
    a: str
    """Competitor A's name as seeded, empty while undecided."""
    b: str
    """Competitor B's name, `bye`, or empty while undecided."""
    games: tuple[int, int] | None
    """Games won by A and by B once they end the match; None before (or while they are wrong)."""
    winner: str
    """Empty until decided; a bye's opponent at once."""

    @property
    def bye(self) -> bool:
        return self.b == BYE


@dataclass(frozen=True)
class Playoff:
    """What a bracket has decided so far."""

    seeds: tuple[str, ...]
    rounds: int
    champion: str
    """Empty until the final is won."""
    finishes: Mapping[str, Finish]
    """Name key -> the finish of each seeded competitor already out, and of the champion."""
    matches: tuple[BracketMatch, ...] = ()

    @property
    def under_way(self) -> int:
        """The earliest round with a match still to decide (0 once the final is won)."""
        return 0 if self.champion else min((m.round for m in self.matches if not m.winner), default=self.rounds)

    def round_matches(self, number: int) -> tuple[BracketMatch, ...]:
        """The matches of one round that have both sides (a bye included)."""
        return tuple(m for m in self.matches if m.round == number and m.a and m.b)


@dataclass(frozen=True)
class Resolved:
    """A bracket drawn again from its seeds and games: the tab, its problems, what the history keeps, the outcome."""

    sheet: Sheet
    problems: tuple[Problem, ...]
    kept: Kept
    playoff: Playoff


@dataclass(frozen=True)
class Slot:
    """One side of a bracket match: a seed and its competitor, or nobody yet."""

    seed: int | None
    name: str


@dataclass(frozen=True)
class _Row:
    """One row of the tab as it stands: its round and match (None where unreadable), names, games, note, the
    judges' own columns, and its cells in the tool's columns."""

    row: int
    round: int | None
    match: int | None
    a: str
    b: str
    games: Games
    note: str
    extra: tuple[Cell, ...]
    own: tuple[Cell, ...]
    """Its cells under HEADERS, in that order."""


def resolve(event: str, seeds: Sequence[str], best_of: Sequence[int], typed: Grid | None = None,
            kept: Mapping[MatchKey, Games] | None = None) -> Resolved:
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
    found, extra, problems = _typed_rows(tab, typed)
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
            own = (by_key.get(key) or (other if other is not None and _half_known(other, a, b) else None)
                   or (by_names.get(key[2:]) if a.name and b.name else None))
            games = own.games if own else (kept or {}).get(key, (None, None))
            notes: list[str] = []
            if own is None and other is not None and (other.a or other.b):
                problems.append(_renamed(tab, at, number, match, a, b, other))
                notes.append(f"written back as seeded (was {other.a or '?'} v {other.b or '?'})")
            source = own or other
            if source is not None:
                used.add(source.row)
                problems += _retyped(tab, at, source, (number, match, length), a, b)
            if any(not is_blank(g) for g in games):
                games_now[key] = games
            elif key in games_now:
                del games_now[key]
            won, wrong = _games(tab, at, games, length, a, b)
            problems += wrong
            winner, note = _winner(a, b, won, length)
            notes += [note] if note else []
            notes += [p.problem for p in wrong]
            rows.append((number, match, length, a.seed, a.name, b.seed, b.name, *games, winner.name if winner else "",
                         _with_judges_note(notes, source.note if source else ""),
                         *(source.extra if source else (None,) * len(extra))))
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
        problems += _not_a_match(tab, len(rows) + 2, r, {(m.round, m.match): m.row for m in matches})
        rows.append((*r.own, *r.extra))
    sheet = Sheet(tab, (*HEADERS, *extra), tuple(rows))
    playoff = Playoff(tuple(seeds), rounds, champion, finishes, tuple(matches))
    return Resolved(sheet, tuple(problems), Kept(tuple(seeds), games_now), playoff)


def _half_known(typed: _Row, a: Slot, b: Slot) -> bool:
    """Whether a row holds what the tool itself wrote there while one side was still undecided (`X v ` before the
    other semi-final's games): each name the slot's or empty, so the match filled in since is no rename."""
    return all(not name or name_key(name) == name_key(slot.name) for name, slot in ((typed.a, a), (typed.b, b)))


def _renamed(tab: str, row: int, number: int, match: int, a: Slot, b: Slot, typed: _Row) -> Problem:
    side = "Competitor A" if name_key(typed.a) != name_key(a.name) else "Competitor B"
    return Problem(Severity.WARNING, "bracket-renamed", tab, row, side, HEADERS.index(side),
                   f"round {number} match {match} was changed to {typed.a or '?'} v {typed.b or '?'}, but it is "
                   f"{a.name or '?'} v {b.name or '?'} as seeded and played: written back so, with the games it had",
                   "the bracket's names come from its seeds and the games typed; change a result by typing its games again")


def _games(tab: str, row: int, games: Games, length: int, a: Slot, b: Slot) -> tuple[tuple[int, int] | None, list[Problem]]:
    """The games won by each side, or None with the problems that keep them from counting."""
    if not a.name or not b.name or b.name == BYE or all(is_blank(g) for g in games):
        return None, []
    problems, won = [], []
    for header, cell in zip(TYPED, games):
        number = parse_whole(cell)
        if is_blank(cell):
            problems.append(Problem(Severity.ERROR, "bracket-games", tab, row, header, HEADERS.index(header),
                                    f"{header} is empty while the other side's games are typed",
                                    "type the games each side won, 0 included"))
        elif number is None or number < 0:
            problems.append(Problem(Severity.ERROR, "bracket-games", tab, row, header, HEADERS.index(header),
                                    f"{header} {as_text(cell)!r} is not a whole number of games",
                                    "type the games won as a whole number, 0 or more (2, not two)"))
        else:
            won.append(number)
    if problems:
        return None, problems
    if not ends_series(won[0], won[1], length):
        return None, [Problem(Severity.ERROR, "bracket-score", tab, row, "Games A", HEADERS.index("Games A"),
                              f"{won[0]}-{won[1]} cannot end a best of {length} between {a.name} and {b.name}",
                              f"type the games again: the winner has {length // 2 + 1}")]
    return (won[0], won[1]), []


def _winner(a: Slot, b: Slot, won: tuple[int, int] | None, length: int) -> tuple[Slot | None, str]:
    """Who goes on: a bye's opponent at once, else whoever reached a majority of `length` games first."""
    if not a.name or not b.name:
        return None, ""
    if b.name == BYE:
        return a, "a bye: the higher seed goes on"
    if won is None:
        return None, ""
    return (a if won[0] > won[1] else b), ""


def _typed_rows(tab: str, typed: Grid | None) -> tuple[list[_Row], tuple[str, ...], list[Problem]]:
    """The tab's rows holding anything, as they stand, and the headers of the judges' own columns (any column not the
    tool's that has a header or a value); a tab lacking a header the rows are known by is read as empty, reported."""
    if not typed:
        return [], (), []
    heads = [header_key(h) for h in typed[0]]
    lacking = [h for h in ("Round", "Match", "Competitor A", "Competitor B", *TYPED) if header_key(h) not in heads]
    if lacking:
        return [], (), [Problem(Severity.WARNING, "bracket-headers", tab, 1, lacking[0], None,
                                f"row 1 lacks {', '.join(lacking)}: the bracket was written again from its seeds and the "
                                "games kept, without what its rows held",
                                "leave the bracket's headers as the tool writes them; add columns of your own to the right")]
    at = {h: heads.index(header_key(h)) for h in HEADERS if header_key(h) in heads}
    width = max(len(r) for r in typed)
    grid = [[*r, *([None] * (width - len(r)))] for r in typed]
    extra = [i for i in range(width) if i not in at.values() and any(not is_blank(r[i]) for r in grid)]
    out = []
    for i, cells in enumerate(grid[1:], start=2):
        if all(is_blank(c) for c in cells):
            continue
        own = tuple(cells[at[h]] if h in at else None for h in HEADERS)
        out.append(_Row(i, parse_whole(own[0]), parse_whole(own[1]), as_text(own[4]), as_text(own[6]), (own[7], own[8]),
                        as_text(own[10]), tuple(cells[c] for c in extra), own))
    return out, tuple(as_text(grid[0][c]) for c in extra), []


def _retyped(tab: str, at: int, typed: _Row, want: tuple[int, int, int], a: Slot, b: Slot) -> list[Problem]:
    """A warning at each `Round`, `Match` or `Best Of` cell of a match's row that holds anything but its number,
    which the sync writes back."""
    fix = {"Round": "the bracket numbers its matches: type only the games, and notes in Note or a column of your own",
           "Best Of": "each round's length comes from the ruleset's [playoffs] best_of: change it there"}
    return [Problem(Severity.WARNING, "bracket-numbered", tab, at, header, HEADERS.index(header),
                    f"{header} was {repr(as_text(cell)) if not is_blank(cell) else 'empty'} in the row of {a.name or '?'} v "
                    f"{b.name or '?'}: written back as {number}", fix.get(header, fix["Round"]))
            for header, number in zip(NUMBERED, want)
            if parse_whole(cell := typed.own[HEADERS.index(header)]) != number]


def _not_a_match(tab: str, at: int, typed: _Row, places: Mapping[tuple[int, int], int]) -> list[Problem]:
    """An error at a row, kept below the bracket as typed, that holds something in the tool's columns yet is no match
    of the bracket; a row of notes alone is no problem."""
    if all(is_blank(c) for h, c in zip(HEADERS, typed.own) if h != "Note"):
        return []
    if typed.round is None or typed.match is None:
        header = "Round" if typed.round is None else "Match"
        cell = typed.own[HEADERS.index(header)]
        why = f"{header} {as_text(cell)!r} is not a whole number" if not is_blank(cell) else f"its {header} is empty"
    else:
        header, place = "Round", places.get((typed.round, typed.match))
        why = (f"round {typed.round} match {typed.match} is row {place}" if place else
               f"the bracket has no round {typed.round} match {typed.match}")
    return [Problem(Severity.ERROR, "bracket-row", tab, at, header, HEADERS.index(header),
                    f"this row is no match of the bracket ({why}): it is kept below the bracket as typed and counts for nothing",
                    "type each match's games in its own row; keep notes in Note or in a column of your own, or delete this row")]


def _with_judges_note(notes: Sequence[str], typed: str) -> str:
    """The tool's notes, then whatever else the judges typed in the row's `Note`, which is kept."""
    own = "; ".join(notes)
    if own and (typed == own or typed.startswith(own + "; ")):
        judges = typed[len(own) + 2:]
    else:
        judges = "; ".join(p for p in typed.split("; ") if p.strip() and not _OWN_NOTE.fullmatch(p.strip()))
    return "; ".join(n for n in (own, judges) if n)


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

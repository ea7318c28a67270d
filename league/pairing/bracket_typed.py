"""What judges typed into a bracket tab, read back row by row, and the problems found in it."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from league.cells import Cell, Grid, as_text, header_key, is_blank, name_key, parse_whole
from league.model.match import ends_series
from league.pairing.bracket_model import BYE, HEADERS, NUMBERED, TYPED, Games, Slot
from league.problems import Problem, Severity

_OWN_NOTE = re.compile(
    r"a bye: the higher seed goes on|written back as seeded \(was .*\)|Games [AB] is empty while "
    r"the other side's games are typed|Games [AB] .* is not a whole number of games|"
    r"\d+-\d+ cannot end a best of \d+ between .* and .*"
)
"""What the tool itself writes in a `Note` (see `resolve`), so the rest is known as the judges'."""


@dataclass(frozen=True)
class TypedRow:
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


def half_known(typed: TypedRow, a: Slot, b: Slot) -> bool:
    """Whether a row holds what the tool itself wrote there while one side was still undecided (`X v ` before the
    other semi-final's games): each name the slot's or empty, so the match filled in since is no rename."""
    return all(not name or name_key(name) == name_key(slot.name) for name, slot in ((typed.a, a), (typed.b, b)))


def renamed(tab: str, row: int, number: int, match: int, a: Slot, b: Slot, typed: TypedRow) -> Problem:
    side = "Competitor A" if name_key(typed.a) != name_key(a.name) else "Competitor B"
    return Problem(
        Severity.WARNING,
        "bracket-renamed",
        tab,
        row,
        side,
        HEADERS.index(side),
        f"round {number} match {match} was changed to {typed.a or '?'} v {typed.b or '?'}, but it is "
        f"{a.name or '?'} v {b.name or '?'} as seeded and played: written back so, with the games it had",
        "the bracket's names come from its seeds and the games typed; change a result by typing its games again",
    )


def games_won(
    tab: str, row: int, games: Games, length: int, a: Slot, b: Slot
) -> tuple[tuple[int, int] | None, list[Problem]]:
    """The games won by each side, or None with the problems that keep them from counting."""
    if not a.name or not b.name or b.name == BYE or all(is_blank(g) for g in games):
        return None, []
    problems, won = [], []
    for header, cell in zip(TYPED, games):
        number = parse_whole(cell)
        if is_blank(cell):
            problems.append(
                Problem(
                    Severity.ERROR,
                    "bracket-games",
                    tab,
                    row,
                    header,
                    HEADERS.index(header),
                    f"{header} is empty while the other side's games are typed",
                    "type the games each side won, 0 included",
                )
            )
        elif number is None or number < 0:
            problems.append(
                Problem(
                    Severity.ERROR,
                    "bracket-games",
                    tab,
                    row,
                    header,
                    HEADERS.index(header),
                    f"{header} {as_text(cell)!r} is not a whole number of games",
                    "type the games won as a whole number, 0 or more (2, not two)",
                )
            )
        else:
            won.append(number)
    if problems:
        return None, problems
    if not ends_series(won[0], won[1], length):
        return None, [
            Problem(
                Severity.ERROR,
                "bracket-score",
                tab,
                row,
                "Games A",
                HEADERS.index("Games A"),
                f"{won[0]}-{won[1]} cannot end a best of {length} between {a.name} and {b.name}",
                f"type the games again: the winner has {length // 2 + 1}",
            )
        ]
    return (won[0], won[1]), []


def typed_rows(tab: str, typed: Grid | None) -> tuple[list[TypedRow], tuple[str, ...], list[Problem]]:
    """The tab's rows holding anything, as they stand, and the headers of the judges' own columns (any column not the
    tool's that has a header or a value); a tab lacking a header the rows are known by is read as empty, reported."""
    if not typed:
        return [], (), []
    heads = [header_key(h) for h in typed[0]]
    lacking = [h for h in ("Round", "Match", "Competitor A", "Competitor B", *TYPED) if header_key(h) not in heads]
    if lacking:
        return (
            [],
            (),
            [
                Problem(
                    Severity.WARNING,
                    "bracket-headers",
                    tab,
                    1,
                    lacking[0],
                    None,
                    f"row 1 lacks {', '.join(lacking)}: the bracket was written again from its seeds and the "
                    "games kept, without what its rows held",
                    "leave the bracket's headers as the tool writes them; add columns of your own to the right",
                )
            ],
        )
    at = {h: heads.index(header_key(h)) for h in HEADERS if header_key(h) in heads}
    width = max(len(r) for r in typed)
    grid = [[*r, *([None] * (width - len(r)))] for r in typed]
    extra = [i for i in range(width) if i not in at.values() and any(not is_blank(r[i]) for r in grid)]
    out = []
    for i, cells in enumerate(grid[1:], start=2):
        if all(is_blank(c) for c in cells):
            continue
        own = tuple(cells[at[h]] if h in at else None for h in HEADERS)
        out.append(
            TypedRow(
                i,
                parse_whole(own[0]),
                parse_whole(own[1]),
                as_text(own[4]),
                as_text(own[6]),
                (own[7], own[8]),
                as_text(own[10]),
                tuple(cells[c] for c in extra),
                own,
            )
        )
    return out, tuple(as_text(grid[0][c]) for c in extra), []


def retyped(tab: str, at: int, typed: TypedRow, want: tuple[int, int, int], a: Slot, b: Slot) -> list[Problem]:
    """A warning at each `Round`, `Match` or `Best Of` cell of a match's row that holds anything but its number,
    which the sync writes back."""
    fix = {
        "Round": "the bracket numbers its matches: type only the games, and notes in Note or a column of your own",
        "Best Of": "each round's length comes from the ruleset's [playoffs] best_of: change it there",
    }
    return [
        Problem(
            Severity.WARNING,
            "bracket-numbered",
            tab,
            at,
            header,
            HEADERS.index(header),
            f"{header} was {repr(as_text(cell)) if not is_blank(cell) else 'empty'} in the row of {a.name or '?'} v "
            f"{b.name or '?'}: written back as {number}",
            fix.get(header, fix["Round"]),
        )
        for header, number in zip(NUMBERED, want)
        if parse_whole(cell := typed.own[HEADERS.index(header)]) != number
    ]


def not_a_match(tab: str, at: int, typed: TypedRow, places: Mapping[tuple[int, int], int]) -> list[Problem]:
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
        why = (
            f"round {typed.round} match {typed.match} is row {place}"
            if place
            else f"the bracket has no round {typed.round} match {typed.match}"
        )
    return [
        Problem(
            Severity.ERROR,
            "bracket-row",
            tab,
            at,
            header,
            HEADERS.index(header),
            f"this row is no match of the bracket ({why}): it is kept below the bracket as typed and counts for nothing",
            "type each match's games in its own row; keep notes in Note or in a column of your own, or delete this row",
        )
    ]


def with_judges_note(notes: Sequence[str], typed: str) -> str:
    """The tool's notes, then whatever else the judges typed in the row's `Note`, which is kept."""
    own = "; ".join(notes)
    if own and (typed == own or typed.startswith(own + "; ")):
        judges = typed[len(own) + 2 :]
    else:
        judges = "; ".join(p for p in typed.split("; ") if p.strip() and not _OWN_NOTE.fullmatch(p.strip()))
    return "; ".join(n for n in (own, judges) if n)

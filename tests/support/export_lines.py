"""The typed lines the export tests' tables travel with: what the evaluation places beside the rows a sync writes
(each line's marks, prizes and side of the cut), since the exports no longer read them from the cells' text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from league.cells import as_text, name_key
from league.outcome import Award, Mark, Placing
from league.rules.ruleset import Follows
from league.table import CutZone, Role, Table

LEADERBOARD_PRIZES = (
    ("1st place", "Nationals finals slot"),
    ("2nd place", "Nationals finals slot"),
    ("3rd-4th place", "Nationals finals slot"),
    ("3rd-4th place", "Nationals finals slot"),
)
"""The prizes the top four lines of `tests.exporters.tables.leaderboard` hold, in rank order."""


def placed(
    table: Table,
    prizes: Sequence[Sequence[str]] = (),
    marks: Mapping[int, Sequence[Mark]] | None = None,
    cuts: Sequence[CutZone | None] = (),
    awarded: bool = True,
    follows: Follows = Follows.FINAL,
) -> tuple[Placing, ...]:
    """One placing per row of `table`, its rank and name as the row has them: `prizes[i]` held by row i (awarded, or
    only in line for them when `awarded` is False), `marks[i]` its marks, `cuts[i]` its side of the cut; a rank
    several rows share is their tie."""
    rank_col, name_col = table.find(Role.RANK), table.find(Role.COMPETITOR)
    assert rank_col is not None and name_col is not None, f"{table.name} is not a standings table"
    ranks = [
        row[rank_col] if isinstance(row[rank_col], int) and not isinstance(row[rank_col], bool) else None
        for row in table.rows
    ]
    names = [as_text(row[name_col]) for row in table.rows]
    shared = Counter(r for r in ranks if r is not None)
    out = []
    for i, (rank, name) in enumerate(zip(ranks, names)):
        held = prizes[i] if i < len(prizes) else ()
        tie = (
            tuple(name_key(n) for n, r in zip(names, ranks) if r == rank)
            if rank is not None and shared[rank] > 1
            else ()
        )
        out.append(
            Placing(
                name_key(name),
                name,
                rank if isinstance(rank, int) else None,
                marks=tuple((marks or {}).get(i, ())),
                awards=tuple(Award(p, follows, awarded) for p in held),
                cut=cuts[i] if i < len(cuts) else None,
                tie=tie,
            )
        )
    return tuple(out)


def leaderboard_lines(table: Table, awarded: bool = True) -> tuple[Placing, ...]:
    """The lines of `tests.exporters.tables.leaderboard`: the top four hold the league's prizes (by points)."""
    return placed(table, LEADERBOARD_PRIZES, awarded=awarded, follows=Follows.POINTS)


def standings_lines(table: Table, awarded: bool = True) -> tuple[Placing, ...]:
    """The lines of `tests.exporters.tables.standings`: the first holds the arena's prize, everyone the participation
    prize."""
    prizes = [("Arena Champion", "Participation prize")] + [("Participation prize",)] * (len(table.rows) - 1)
    return placed(table, prizes, awarded=awarded)

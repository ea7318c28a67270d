"""The figures as typed tables, for the terminal (`league stats`), the exports and the `Stats` tab.

Apart from the figures so that what is counted and how it is shown change independently."""

from __future__ import annotations

from collections.abc import Sequence

from league.cells import Cell
from league.sheet import STATS_TAB, Sheet
from league.stats.figures import MIN_GAMES, TOP_MATCHUPS, Matchups, Rate, Record, matchups, records, win_rates
from league.stats.rows import Sides
from league.table import Column, Display, Role, Table


def percent(score: float, games: int) -> str:
    """A matchup cell: the row's win rate and the games, `58% (12)`; empty when they never met."""
    return f"{score / games:.0%} ({games})" if games else ""


def rates_table(rates: Sequence[Rate], label: str) -> Table:
    """The win rates as a table: entry, games, wins, draws, losses, win rate and its interval."""
    columns = (
        Column(label, Role.COMPETITOR),
        *(Column(h, Role.OTHER, Display.NUMBER) for h in ("Games", "Wins", "Draws", "Losses")),
        *(Column(h, Role.OTHER, Display.PERCENT) for h in ("Win Rate", "Low", "High")),
    )
    rows = tuple((r.entry, r.games, r.wins, r.draws, r.losses, r.win_rate, r.low, r.high) for r in rates)
    return Table.of(f"Win rates by {label}", columns, rows)


def matchups_table(m: Matchups, label: str, numbered: bool = False) -> Table:
    """The matchups as a table: a row per entry, its win rate against each column's entry with the games played;
    `numbered` (for a terminal 80 columns wide), the rows numbered and the columns named by those numbers."""
    heads = [str(i) for i in range(1, len(m.entries) + 1)] if numbered else m.entries
    columns = (Column(f"{label} against", Role.COMPETITOR), *(Column(name, Role.OTHER) for name in heads))
    rows = tuple(
        (f"{i + 1} {name}" if numbered else name, *(percent(s, n) for s, n in zip(m.score[i], m.games[i])))
        for i, name in enumerate(m.entries)
    )
    return Table.of("Matchups", columns, rows)


def records_table(rs: Sequence[Record], label: str) -> Table:
    """The competitors' records (W-L-D) and win streaks."""
    columns = (
        Column(label, Role.COMPETITOR),
        Column("Record", Role.OTHER),
        *(Column(h, Role.OTHER, Display.NUMBER) for h in ("Current Streak", "Longest Streak", "Events")),
    )
    rows = tuple((r.competitor, f"{r.wins}-{r.losses}-{r.draws}", r.current, r.longest, r.events) for r in rs)
    return Table.of("Records", columns, rows)


def stats_tables(
    s: Sides, by: str | None = None, min_games: int = MIN_GAMES, top: int = TOP_MATCHUPS, numbered: bool = False
) -> list[Table]:
    """The win rates by a field (the ruleset's own by default) and its matchups (`numbered` for a terminal), when the
    ruleset records one, then every competitor's record."""
    out = []
    if s.fields or by is not None:
        name, e = s.field(by)
        out += [rates_table(win_rates(s, e, min_games), name), matchups_table(matchups(s, e, top), name, numbered)]
    return [*out, records_table(records(s), s.label)]


def stats_sheet(s: Sides, min_games: int = MIN_GAMES) -> Sheet:
    """The `Stats` tab: the win rates by the ruleset's field, then the matchups, then every competitor's record, one
    block under the other with its own header row (bold, as row 1; the percentages formatted in the first block
    only)."""
    first, *rest = stats_tables(s, min_games=min_games)
    rows: list[tuple[Cell, ...]] = list(first.rows)
    headings = []
    for block in rest:
        rows.append(())
        headings.append(len(rows))
        rows += [block.header, *block.rows]
    return Sheet(STATS_TAB, first.header, tuple(rows), number_formats=first.number_formats, headings=tuple(headings))

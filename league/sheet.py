"""Output and template tables as the domain hands them to a workbook backend."""

from __future__ import annotations

from dataclasses import dataclass, field

from league.cells import Cell


@dataclass(frozen=True)
class Dropdown:
    """A list of allowed values for one column of a tab, shown as a dropdown to judges."""

    column: str
    """Header of the column the dropdown applies to."""
    values: tuple[str, ...] = ()
    """Literal choices (fighters, maps, results); used when `source` is empty."""
    source: str = ""
    """Range the choices come from instead, e.g. `'Players'!A2:A`, so new names show up."""


@dataclass(frozen=True)
class Link:
    """A cell that opens another tab at a cell, e.g. a Problems row pointing at the judge's mistake."""

    row: int
    """0-based index into `Sheet.rows`."""
    column: int
    """0-based column index."""
    tab: str
    """The tab to open."""
    cell: str
    """The A1 cell to select there."""


@dataclass(frozen=True)
class Sheet:
    """One whole tab: a header row, data rows, and how it should look."""

    name: str
    """Tab name (at most 31 characters, none of `[]:*?/\\`)."""
    header: tuple[str, ...]
    """Row 1."""
    rows: tuple[tuple[Cell, ...], ...] = ()
    """Rows 2 onwards; text is always written as plain text, never as a formula."""
    dropdowns: tuple[Dropdown, ...] = ()
    """Data validation for input tabs made by `league init`."""
    widths: tuple[int, ...] = field(default=())
    """Column widths in characters; empty means the backend picks from the content."""
    links: tuple[Link, ...] = ()
    """Cells that link to another tab's cell (shown as the cell's own text, never a formula)."""
    number_formats: tuple[tuple[int, str], ...] = ()
    """(0-based column, spreadsheet number pattern such as `0.0000`) for the data rows."""
    headings: tuple[int, ...] = ()
    """Data rows (0-based indexes into `rows`) that are the header rows of blocks further down the tab (the `Stats`
    tab's): bold as row 1 is; `number_formats` apply only to the rows above the first of them."""
    typed: tuple[str, ...] = ()
    """Headers of an output tab's columns people type into (a bracket's games): written whole, such a tab keeps the
    cell it holds wherever `rows` has None in these columns, so what was typed after the sync read the tab stays
    ("" clears a cell)."""


@dataclass(frozen=True)
class Fill:
    """Cells of one row of an input tab that a sync read empty and fills in: a result both sides reported alike.

    The only cells of an input tab a sync writes; a backend refuses a cell that is not empty."""

    tab: str
    row: int
    """1-based sheet row."""
    cells: tuple[tuple[str, Cell], ...]
    """(header, value), headers matched as readers match them."""


@dataclass(frozen=True)
class Changes:
    """Everything one sync writes, applied by a backend all at once or not at all."""

    replace: tuple[Sheet, ...] = ()
    """Output tabs rewritten whole (created if missing)."""
    append: tuple[Sheet, ...] = ()
    """Rows added below the last row of an output tab (created with its header if missing).

    Meant for the tool's own log: the `.xlsx` backend writes such a tab whole, keeping its values.
    Backends refuse an input tab here; rows go into those through `Workbook.add_rows`."""
    remove: tuple[str, ...] = ()
    """Output tabs the tool wrote earlier that no longer belong to the league (an event renamed or removed)."""
    fill: tuple[Fill, ...] = ()
    """Empty cells of input tabs' rows to fill in, in the same write (results both players reported alike)."""


LEADERBOARD_TAB = "Leaderboard"
PROBLEMS_TAB = "Problems"
SYNC_LOG_TAB = "Sync Log"
STANDINGS_PREFIX = "Standings "
BRACKET_PREFIX = "Bracket "
"""A playoff bracket: the tool's tab, rewritten every sync, keeping the games judges type into it."""


STATS_TAB = "Stats"
"""Win rates, matchups and records (`league.stats`), when the ruleset or league.toml asks for them."""


RATINGS_TAB = "Ratings"
"""Every competitor's skill rating across seasons (`league.ratings`), when league.toml asks for it."""


def is_output_tab(name: str) -> bool:
    """Whether a tab belongs to the tool (rewritten every sync) rather than to people."""
    return name in (LEADERBOARD_TAB, PROBLEMS_TAB, SYNC_LOG_TAB, STATS_TAB, RATINGS_TAB) or name.startswith(
        (STANDINGS_PREFIX, BRACKET_PREFIX)
    )

"""A standings table as CSV rows: formula-safe, each column shown as its display says.

The writer (`jobs/exports.py`) puts the rows in a UTF-8 file with a byte-order mark, atomically."""

from __future__ import annotations

import re

from league.cells import Cell, as_text
from league.plain_text import one_line
from league.table import Display, Role, Table

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_MOVE_WORDS = re.compile(r"[+-]\d+|=|new|")


def safe_text(value: Cell) -> str:
    """A CSV field no spreadsheet evaluates, on one line: text that looks like a formula gets a leading `'`, and each
    control character (a line break, an escape) is a space, so a row of the file is a row of the table."""
    text = as_text(value) if not isinstance(value, str) else value
    return ("'" if isinstance(value, str) and text.startswith(FORMULA_START) else "") + one_line(text)


def signed(move: Cell) -> str:
    """A `Move` in text (CSV, the terminal): places as `+2`, `-1` or `=`; `new` and blank as they are."""
    if isinstance(move, int) and not isinstance(move, bool):
        return f"+{move}" if move > 0 else str(move) if move < 0 else "="
    return as_text(move)


def _field(value: Cell, role: Role, display: Display) -> str:
    if role is Role.MOVE:
        text = signed(value)  # the tool's own figures unescaped, anything typed over them made formula-safe
        return text if _MOVE_WORDS.fullmatch(text) else safe_text(text)
    if display is Display.PERCENT and isinstance(value, float):
        return f"{value:.4f}"
    return safe_text(value)


def csv_rows(table: Table) -> list[list[str]]:
    """The header and every row, as the CSV holds them (percentages as fractions to four places)."""
    columns = table.columns
    return [
        [safe_text(c.label) for c in columns],
        *([_field(cell, c.role, c.display) for cell, c in zip(row, columns)] for row in table.rows),
    ]

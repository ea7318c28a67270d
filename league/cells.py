"""Cell values as the backends hand them over, and the parsing every tab shares."""

from __future__ import annotations

import datetime as dt
import functools
import re
import unicodedata
from decimal import Decimal, InvalidOperation
from fractions import Fraction

Cell = str | int | float | bool | dt.date | dt.datetime | None
"""One cell as a backend reads it: text, a number, a date, or empty."""

Row = list[Cell]
Grid = list[Row]

SERIAL_EPOCH = dt.date(1899, 12, 30)
"""Day zero of spreadsheet serial dates (Google Sheets and Excel since 1900-03-01)."""

_SPACES = re.compile(r"\s+")


def column_letter(index: int) -> str:
    """Spreadsheet column letters for a 0-based column index (0 -> A, 26 -> AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def a1(row: int, col: int) -> str:
    """A1 reference for a 1-based sheet row and a 0-based column index."""
    return f"{column_letter(col)}{row}"


def quote_tab(name: str) -> str:
    """A tab name as A1 notation needs it: `'Results QR1-AE'`, with inner quotes doubled."""
    return "'" + name.replace("'", "''") + "'"


def as_text(value: Cell) -> str:
    """The cell as people would read it, trimmed; numbers lose a trailing `.0`."""
    if type(value) is str:  # most cells: checked first, as this runs for every cell of every tab
        return value.strip()
    if value is None:
        return ""
    if type(value) is int:  # the next most common: counts, rounds, health
        return str(value)
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat(sep=" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value).strip()


def header_key(text: Cell) -> str:
    """How headers are matched: ignoring case, surrounding and repeated spaces."""
    return _SPACES.sub(" ", as_text(text)).casefold()


@functools.lru_cache(maxsize=1 << 16)
def name_key(text: Cell) -> str:
    """How names are matched: trimmed, spaces folded, case and Unicode form ignored (cached: hot)."""
    return unicodedata.normalize("NFC", header_key(text))


def is_blank(value: Cell) -> bool:
    """True for an empty cell or one holding only spaces."""
    return as_text(value) == ""


LARGEST = 10**9
"""No count, round, capacity or health in a league sheet is this big: larger is a typo."""


def parse_number(value: Cell) -> Fraction | None:
    """An exact number from a number cell or text like ` 7 `, `7.0`, `7,5`; None if unreadable or absurd."""
    if isinstance(value, bool) or value is None:
        return None
    number: Fraction | None
    try:
        if isinstance(value, int):
            number = Fraction(value)
        elif isinstance(value, float):
            number = Fraction(value).limit_denominator(LARGEST)
        else:
            text = as_text(value).replace(",", ".").replace(" ", "")
            number = Fraction(Decimal(text)) if text else None
    except (InvalidOperation, ValueError, OverflowError):
        return None
    return number if number is not None and abs(number) < LARGEST else None


def parse_whole(value: Cell) -> int | None:
    """A whole number (round, table, health); None if unreadable, fractional or absurd."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < LARGEST:
        return value
    if isinstance(value, str) and (text := value.strip()).isascii() and text.isdigit() and len(text) < 10:
        return int(text)
    number = parse_number(value)
    if number is None or number.denominator != 1:
        return None
    return int(number)


def parse_date(value: Cell) -> dt.date | None:
    """A date from a date cell, a spreadsheet serial number, or `YYYY-MM-DD` text."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if 1 <= value < 2958466:
            return SERIAL_EPOCH + dt.timedelta(days=int(value))
        return None
    text = as_text(value)
    try:
        return dt.date.fromisoformat(text[:10]) if len(text) in (10, 19) else None
    except ValueError:
        return None

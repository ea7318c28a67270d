"""How openpyxl reads number formats, serial dates and cell references, without importing openpyxl.

An `.xlsx` sync reads with calamine and writes part by part, so openpyxl's only use on that path was
these few helpers, and importing it (it brings Pillow along) cost 0.25 s of a 2-core machine's
sync. They follow openpyxl 3.1 to the letter; `tests/sync/test_xlsx_dates.py` holds them to it.
"""

from __future__ import annotations

import datetime as dt
import re

WINDOWS_EPOCH = dt.datetime(1899, 12, 30)
MAC_EPOCH = dt.datetime(1904, 1, 1)
"""Day zero of a workbook's serial dates: 1904 for workbooks from old Mac Excel."""
SECONDS_PER_DAY = 86400

BUILTIN_DATE_FORMATS = {
    14: "mm-dd-yy",
    15: "d-mmm-yy",
    16: "d-mmm",
    17: "mmm-yy",
    18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM",
    20: "h:mm",
    21: "h:mm:ss",
    22: "m/d/yy h:mm",
    45: "mm:ss",
    46: "[h]:mm:ss",
    47: "mmss.0",
}
"""The built-in number formats (no `numFmt` element needed) that show a date or time."""
_STRIP = re.compile(r'".*?"|\[(?!hh?\]|mm?\]|ss?\])[^\]]*\]')
"""Quoted literals and bracketed locale or colour codes: their letters are not date parts."""
_DATE_PART = re.compile(r"(?<![_\\])[dmhysDMHYS]")
_TIMEDELTA = re.compile(r"\[hh?\](:mm(:ss(\.0*)?)?)?|\[mm?\](:ss(\.0*)?)?|\[ss?\](\.0*)?", re.I)
_REFERENCE = re.compile(r"([A-Za-z]{1,3})(\d+)")
ILLEGAL_CHARACTERS = re.compile(r"[\000-\010]|[\013-\014]|[\016-\037]")
"""Control characters an `.xlsx` file cannot hold."""


def is_date_format(code: str | None) -> bool:
    """Whether a number format shows a date, a time or both (its first section decides)."""
    return code is not None and _DATE_PART.search(_STRIP.sub("", code.split(";")[0])) is not None


def is_timedelta_format(code: str | None) -> bool:
    """Whether a number format shows a duration (`[h]:mm`)."""
    return code is not None and _TIMEDELTA.search(code.split(";")[0]) is not None


def is_date_only(code: str) -> bool:
    """Whether a date format shows a date and no time of day (openpyxl then reads a date, not a datetime)."""
    return is_date_format(code) and any(x in code for x in "dy") and not any(x in code for x in "hs")


def from_excel(value: float, epoch: dt.datetime, timedelta: bool = False) -> dt.datetime | dt.time | dt.timedelta:
    """A serial number as openpyxl reads it: a duration, a time of day (below 1) or a datetime."""
    if timedelta:
        td = dt.timedelta(days=value)
        if td.microseconds:  # to the millisecond
            td = dt.timedelta(seconds=td.total_seconds() // 1, microseconds=round(td.microseconds, -3))
        return td
    day, fraction = divmod(value, 1)
    diff = dt.timedelta(milliseconds=round(fraction * SECONDS_PER_DAY * 1000))
    if 0 <= value < 1 and diff.days == 0:
        minutes, seconds = divmod(diff.seconds, 60)
        hours, minutes = divmod(minutes, 60)
        return dt.time(hours, minutes, seconds, diff.microseconds)
    if 0 < value < 60 and epoch == WINDOWS_EPOCH:
        day += 1  # Excel's 1900-02-29, which never was
    return epoch + dt.timedelta(days=day) + diff


def to_excel(value: dt.date | dt.time | dt.timedelta, epoch: dt.datetime) -> float:
    """A date, time or duration as the serial number Excel stores."""
    if isinstance(value, dt.time):
        return _day_fraction(value)
    if isinstance(value, dt.timedelta):
        return value.total_seconds() / SECONDS_PER_DAY
    moment = value if isinstance(value, dt.datetime) else dt.datetime.combine(value, dt.time())
    days = (moment - epoch).days
    if 0 < days <= 60 and epoch == WINDOWS_EPOCH:
        days -= 1
    return days + _day_fraction(moment)


def _day_fraction(value: dt.time | dt.datetime) -> float:
    return (value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 10**6) / SECONDS_PER_DAY


def coordinate_to_tuple(reference: str) -> tuple[int, int]:
    """`B3` -> (3, 2): 1-based row and column."""
    found = _REFERENCE.fullmatch(reference)
    if found is None:
        raise ValueError(f"{reference!r} is not a cell reference")
    column = 0
    for letter in found.group(1).upper():
        column = column * 26 + ord(letter) - 64
    return int(found.group(2)), column

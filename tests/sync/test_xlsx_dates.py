"""The number-format and serial-date helpers read cells exactly as openpyxl, which the `.xlsx` reader must match."""

from __future__ import annotations

import datetime as dt

import pytest
from openpyxl.styles.numbers import BUILTIN_FORMATS, is_datetime, is_timedelta_format
from openpyxl.styles.numbers import is_date_format as openpyxl_is_date
from openpyxl.utils.cell import coordinate_to_tuple as openpyxl_coordinate
from openpyxl.utils.datetime import MAC_EPOCH as OPENPYXL_MAC
from openpyxl.utils.datetime import WINDOWS_EPOCH as OPENPYXL_WINDOWS
from openpyxl.utils.datetime import from_excel as openpyxl_from_excel
from openpyxl.utils.datetime import to_excel as openpyxl_to_excel

from sync import xlsx_dates as ours

FORMATS = [
    *BUILTIN_FORMATS.values(),
    "yyyy-mm-dd",
    "yyyy-mm-dd h:mm:ss",
    "[hh]:mm:ss",
    "[mm]:ss",
    "[ss].00",
    '"day" 0',
    "[$-409]0.00",
    "[Red]0",
    "dd/mm/yy;@",
    "0;[h]:mm",
    r"\d0",
    "_d0",
    "h:mm:ss@",
    "General",
    "mmm-yy",
    "[$EUR ]#,##0.00_-",
    "i:s.S",
    "",
    "DD.MM.YYYY",
    "HH:MM",
]


@pytest.mark.parametrize("code", FORMATS)
def test_number_formats_read_as_openpyxl_reads_them(code: str) -> None:
    assert ours.is_date_format(code) is openpyxl_is_date(code)
    assert ours.is_timedelta_format(code) is is_timedelta_format(code)
    assert ours.is_date_only(code) is (is_datetime(code) == "date")


def test_the_builtin_date_formats_are_openpyxls() -> None:
    assert ours.BUILTIN_DATE_FORMATS == {k: v for k, v in BUILTIN_FORMATS.items() if openpyxl_is_date(v)}


@pytest.mark.parametrize("serial", [0, 0.25, 0.99999999, 1, 59, 60, 61, 45000, 45000.5, 45000.123456789, 2958465.9])
@pytest.mark.parametrize("epochs", [(ours.WINDOWS_EPOCH, OPENPYXL_WINDOWS), (ours.MAC_EPOCH, OPENPYXL_MAC)])
def test_serial_dates_convert_as_openpyxl_converts_them(serial: float, epochs: tuple[dt.datetime, dt.datetime]) -> None:
    mine, theirs = epochs
    assert mine == theirs
    if mine == ours.MAC_EPOCH and serial > 2_900_000:
        with pytest.raises(OverflowError):  # past 9999-12-31, as the reader expects
            ours.from_excel(serial, mine)
        return
    for duration in (False, True):
        value = ours.from_excel(serial, mine, timedelta=duration)
        assert value == openpyxl_from_excel(serial, theirs, timedelta=duration)
        assert ours.to_excel(value, mine) == openpyxl_to_excel(value, theirs)
    day = dt.date(1900, 1, 1) + dt.timedelta(days=int(serial) % 60000)
    assert ours.to_excel(day, mine) == openpyxl_to_excel(day, theirs)


@pytest.mark.parametrize("reference", ["A1", "B3", "Z10", "AA1", "xfd1048576", "AB12"])
def test_cell_references_read_as_openpyxl_reads_them(reference: str) -> None:
    assert ours.coordinate_to_tuple(reference) == openpyxl_coordinate(reference)


def test_a_malformed_reference_is_refused_as_openpyxl_refuses_it() -> None:
    for reference in ("$A$1", "1A", "A"):
        with pytest.raises(ValueError):
            ours.coordinate_to_tuple(reference)
        with pytest.raises(ValueError):
            openpyxl_coordinate(reference)

"""The series written where people see it: the `Series` tab of the federation's workbook, and its images, caption
and page drawn as a league's leaderboard is, so the series can be posted."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

from exporters.branding import Branding
from exporters.render import files
from history.snapshot import Snapshot
from jobs.exports import write_files
from jobs.federation_config import Federation
from league.report import series_sheet
from league.series import Series, series_placings
from league.sheet import LEADERBOARD_TAB, Changes
from sync.workbook import Workbook
from sync.xlsx import XlsxWorkbook

SERIES_FORMATS = ("png", "txt", "html")
"""The images (every page), the caption and the page, as a league's leaderboard has them."""


def write_series(fed: Federation, series: Series, workbook: Workbook, now: dt.datetime) -> list[Path]:
    """The `Series` tab written whole (a new `.xlsx` made with it when the file is not there yet), then the files."""
    table = series_sheet(series)
    if isinstance(workbook, XlsxWorkbook) and not workbook.path.exists():
        workbook.create([table])
    else:
        workbook.write(Changes(replace=(table,)))
    shown = Snapshot(
        now, "", fed.name, (replace(table, name=LEADERBOARD_TAB),), placings={LEADERBOARD_TAB: series_placings(series)}
    )
    made = [f for fmt in SERIES_FORMATS for f in files(shown, Branding(title=fed.name), fmt)]
    return write_files(fed.exports, made, sweep=False)  # a failure is an ExportError naming the folder

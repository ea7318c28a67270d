"""Fixtures of the Sheets tests; the server, key and key-file fixtures are in `tests/support/fixtures.py`.

* `seeded` - the GL demo league's input tabs on the server, as the spreadsheet `SHEET_ID` shared with that account.
"""

from __future__ import annotations

import pytest

from league.cells import Grid
from tests.support.google_league import ACCOUNT, SHEET_ID, demo_inputs
from tests.support.sheets_server import SheetsServer


@pytest.fixture()
def seeded(sheets_server: SheetsServer) -> dict[str, Grid]:
    tabs = demo_inputs()
    sheets_server.add_spreadsheet(SHEET_ID, tabs, shared_with=[ACCOUNT])
    return tabs

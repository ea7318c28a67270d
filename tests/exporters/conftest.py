"""Fixtures of the export tests; the tables themselves are in `tables.py`, the local Graph API in `graph_server.py`."""

from __future__ import annotations

import pytest

from exporters.snapshot import EventInfo, Snapshot
from tests.exporters.tables import UPDATED, leaderboard, standings


@pytest.fixture()
def snapshot() -> Snapshot:
    events = (EventInfo("QR2-GB5", "Unmatched League QR2 at Greenbelt 5", "2024-09-07", "Greenbelt 5"),
              EventInfo("QR3-GB5", "Unmatched League QR3 at Greenbelt 5", "2024-10-05", "Greenbelt 5"))
    return Snapshot(UPDATED, "abc123", "GL Unmatched League", (leaderboard(), standings()), events)

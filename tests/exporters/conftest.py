"""Fixtures of the export tests; the tables themselves are in `tables.py`, the local Graph API in `graph_server.py`."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from history.snapshot import EventInfo, Snapshot
from tests.exporters.graph_server import GraphServer
from tests.exporters.tables import UPDATED, leaderboard, standings

TOKEN = "EAAGsecretPageToken123"
PAGE = "1234567890"


@pytest.fixture()
def graph() -> Iterator[GraphServer]:
    """The local Graph API, taking the test Page's token."""
    with GraphServer(TOKEN, PAGE) as server:
        yield server


@pytest.fixture()
def snapshot() -> Snapshot:
    events = (
        EventInfo("QR2-GB5", "Unmatched League QR2 at Greenbelt 5", "2024-09-07", "Greenbelt 5"),
        EventInfo("QR3-GB5", "Unmatched League QR3 at Greenbelt 5", "2024-10-05", "Greenbelt 5"),
    )
    return Snapshot(UPDATED, "abc123", "GL Unmatched League", (leaderboard(), standings()), events)

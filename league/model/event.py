"""An event: one tournament day at one venue."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """One tournament day at one venue, from a row of the `Events` tab."""

    id: str
    name: str
    date: dt.date | None
    venue: str
    capacity: int | None
    stage: str
    results_tab: str
    """The tab holding this event's results; empty when the name typed can't be used."""
    row: int
    typed_tab: str = ""
    """The results tab name as typed, kept so that no sync ever writes over a tab with that name."""
    level: int = 1
    """Rules Enforcement Level (the optional `REL` column): which column of the penalty guide applies."""
    rounds: int | None = None
    """Swiss rounds of this event (the optional `Rounds` column); None: the ruleset's `[format] rounds` say."""

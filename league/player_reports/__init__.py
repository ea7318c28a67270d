"""Results players report through a Google Form (`reports` in league.toml), reconciled with the pending rows of the
results tabs: `placing` finds each report's row, `settling` settles each row by its two sides' reports, `reconcile`
reconciles a workbook's tabs, and `filled_league` gives a sync the league read once with the agreed results filled
in."""

from league.player_reports.filled_league import read_reported, refilled
from league.player_reports.placing import PlacedReport
from league.player_reports.reconcile import (
    FillCheck,
    filled,
    no_reports_tab,
    reconcile,
    reconcile_tabs,
    reconciled_league,
)
from league.player_reports.settling import Reconciled

__all__ = [
    "FillCheck",
    "PlacedReport",
    "Reconciled",
    "filled",
    "no_reports_tab",
    "read_reported",
    "reconcile",
    "reconcile_tabs",
    "reconciled_league",
    "refilled",
]

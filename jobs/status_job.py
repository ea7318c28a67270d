"""`league status`: where each event is in its life (not
started, a round under way, playoffs, complete) and the league."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from jobs.config import Config
from jobs.errors import ExitCode
from jobs.sync_job import checked
from league.evaluate import Evaluation
from sync.workbook import Workbook


@dataclass(frozen=True)
class StatusResult:
    """One line per event and one for the league, with the evaluation they come from."""

    lines: list[str]
    evaluation: Evaluation
    code: ExitCode
    """As for `league check`: 1 when some row has an error."""


def run_status(config: Config, workbook: Workbook, now: dt.datetime | None = None) -> StatusResult:
    """Read the workbook (and its brackets) and say how far each event has come, and which reported results await the
    other side; nothing is written."""
    ev, reports = checked(config, workbook, now)
    lines = [f"{event}: {state.status}" for event, state in ev.states.items()]
    lines += [f"awaiting a report: {line}" for line in reports.awaiting]
    lines.append(f"league: {ev.season.status}")
    if ev.errors:
        lines.append(f"{ev.errors} error(s) in the workbook: `league check` lists them")
    return StatusResult(lines, ev, ExitCode.INPUT_ERRORS if ev.errors else ExitCode.CLEAN)

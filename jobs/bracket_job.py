"""`league bracket`: single-elimination playoffs seeded from an event's standings, as a `Bracket <Event>` tab."""

from __future__ import annotations

from dataclasses import dataclass

from jobs.config import Config
from jobs.errors import ConfigError, ExitCode
from jobs.sync_job import find_event, read_inputs, workbook_lock
from league.evaluate import evaluate
from league.pairing.bracket import bracket_sheet, bracket_tab
from league.report import standings_tab
from league.model.words import Status
from league.sheet import Changes, Sheet
from sync.workbook import Workbook


@dataclass(frozen=True)
class BracketResult:
    """The bracket written (or why not): the seeded competitors and the tab."""

    event: str
    seeds: list[str]
    sheet: Sheet | None
    refused: str
    code: ExitCode


def run_bracket(config: Config, workbook: Workbook, event: str, force: bool = False) -> BracketResult:
    """Seed the playoffs from the event's standings and write the bracket tab; later syncs advance the winners.

    `force` seeds even from standings that are not final yet."""
    with workbook_lock(config):
        return _bracket(config, workbook, event, force)


def _bracket(config: Config, workbook: Workbook, event: str, force: bool) -> BracketResult:
    rs = config.ruleset
    if rs.playoffs is None:
        raise ConfigError(f"ruleset {rs.name!r} has no playoffs: add `[playoffs] size = 8` (and `best_of`)")
    size, best_of = rs.playoffs
    inputs, outputs = read_inputs(workbook)
    ev = evaluate(inputs, rs, config.catalog)
    found = find_event(ev, event)
    if bracket_tab(found).casefold() in {name.casefold() for name in outputs}:
        return BracketResult(found, [], None, f"{bracket_tab(found)} already exists: delete that tab to seed the playoffs again",
                             ExitCode.INPUT_ERRORS)
    out = {e.key for e in ev.league.entrants if e.event == found and e.status is not Status.ACTIVE}
    lines = [s for s in ev.standings[found] if s.rank is not None and s.matches and s.key not in out]
    for component in rs.components:
        eligible, wait = component.bracket_eligible(ev.league, found, ev.standings[found])
        if wait:
            return BracketResult(found, [], None, f"{standings_tab(found)}: {wait}", ExitCode.INPUT_ERRORS)
        lines = lines if eligible is None else [s for s in lines if s.key in eligible]
    if len(lines) > size and lines[size].key in lines[size - 1].tie:
        tied = ", ".join(ev.names[k] for k in lines[size - 1].tie)
        return BracketResult(found, [], None, f"a tie across the cut at rank {lines[size - 1].rank} ({tied}): settle it first "
                             "(a judge decision or a tiebreaker match)", ExitCode.INPUT_ERRORS)
    if len(lines) < 2:  # an empty bracket tab would only block seeding it later
        return BracketResult(found, [], None, f"{standings_tab(found)} has {len(lines)} competitor(s) who played and are "
                             "still in: playoffs need at least two", ExitCode.INPUT_ERRORS)
    seeds = [ev.names[s.key] for s in lines[:size]]
    sheet = bracket_sheet(found, seeds, best_of)
    workbook.write(Changes(replace=(sheet,)))
    return BracketResult(found, seeds, sheet, "", ExitCode.CLEAN)

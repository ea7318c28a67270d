"""`league bracket`: single-elimination playoffs seeded from an event's standings, as a `Bracket <Event>` tab."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from jobs.config import Config
from jobs.errors import ConfigError, ExitCode
from jobs.locking import workbook_lock
from jobs.playoffs import keep_seeding
from jobs.sync_job import find_event, read_inputs
from league.checks.pairings import left_in
from league.evaluate import Evaluation, evaluate
from league.model.standing import Standing
from league.model.words import Status
from league.pairing.bracket import bracket_sheet
from league.pairing.bracket_model import bracket_tab
from league.report import standings_tab, sync_log_row
from league.sheet import Changes, Sheet
from sync.workbook import Workbook


@dataclass(frozen=True)
class BracketResult:
    """The bracket written (or why not): the seeded competitors and the tab."""

    event: str
    seeds: list[str]
    sheet: Sheet | None
    refused: str
    """Why it was not written, in one line (the watch says it so)."""
    code: ExitCode
    fixes: tuple[str, ...] = ()
    """What to fix first, one line each, when there are several: else `refused` alone."""
    forceable: bool = False
    """Whether `--force` would write it: standings not final yet."""


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
        return BracketResult(
            found,
            [],
            None,
            f"{bracket_tab(found)} already exists: delete that tab to seed the playoffs again",
            ExitCode.INPUT_ERRORS,
        )
    left = {key for (where, key) in left_in(ev.league) if where == found}
    out = left | {e.key for e in ev.league.entrants if e.event == found and e.status is not Status.ACTIVE}
    lines = [s for s in ev.standings[found] if s.rank is not None and s.matches and s.key not in out]
    for component in rs.components:
        eligible, wait = component.bracket_eligible(ev.league, found, ev.standings[found])
        if wait:
            return BracketResult(found, [], None, f"{standings_tab(found)}: {wait}", ExitCode.INPUT_ERRORS)
        lines = lines if eligible is None else [s for s in lines if s.key in eligible]
    if len(lines) < 2:  # an empty bracket tab would only block seeding it later
        return BracketResult(
            found,
            [],
            None,
            f"{standings_tab(found)} has {len(lines)} competitor(s) who played and are "
            "still in: playoffs need at least two",
            ExitCode.INPUT_ERRORS,
        )
    waits = not_final(ev, found, lines, size)
    if waits and not force:
        return BracketResult(
            found,
            [],
            None,
            f"{standings_tab(found)} is not final Swiss standings yet: {'; '.join(waits)} "
            "(`--force` seeds the standings as they are)",
            ExitCode.INPUT_ERRORS,
            tuple(f"{standings_tab(found)} is not final yet: {wait}" for wait in waits),
            True,
        )
    seeds = [ev.names[s.key] for s in lines[:size]]
    sheet = bracket_sheet(found, seeds, best_of)
    now = dt.datetime.now(dt.UTC)
    keep_seeding(config, found, seeds, now)  # first: a bracket tab the history lacks is drawn from its rows
    seeded = ", ".join(f"{n} {name}" for n, name in enumerate(seeds, start=1))
    log = sync_log_row(ev, inputs, now, f"{found} bracket seeded: {len(seeds)} competitors, seeds {seeded}")
    workbook.write(Changes(replace=(sheet,), append=(log,)))
    return BracketResult(found, seeds, sheet, "", ExitCode.CLEAN)


def not_final(ev: Evaluation, event: str, lines: Sequence[Standing], size: int) -> list[str]:
    """Why the seeds would not come from final Swiss standings: rounds unplayed, seeded lines that are not final,
    ties for the judges where the seed they decide matters."""
    lg, seeded = ev.league, lines[:size]
    rounds = lg.rounds_of(event)
    played = {
        m.round
        for m in lg.matches
        if m.event == event and m.round is not None and not m.pending and m.kind is not None and lg.ruleset.counts(m)
    }
    waiting = {
        m.round for m in lg.matches if m.event == event and m.round is not None and m.pending and lg.ruleset.counts(m)
    }
    unplayed = sorted({r for r in range(1, rounds + 1) if r not in played} | waiting)
    out = (
        [
            f"round {', '.join(map(str, unplayed))} of {rounds} not played"
            if len(unplayed) == 1
            else f"rounds {', '.join(map(str, unplayed))} of {rounds} not played"
        ]
        if unplayed
        else []
    )
    unsure = [
        f"{ev.names[s.key]} (fix {', '.join(ev.notes[(event, s.key)][:3])})"
        for s in seeded
        if ev.notes.get((event, s.key))
    ]
    out += [f"rows to fix for {', '.join(unsure)}"] if unsure else []
    place = {s.key: i + 1 for i, s in enumerate(lines)}
    full = 1 << max(len(seeded) - 1, 0).bit_length()
    ties: list[tuple[str, ...]] = []
    for s in seeded:
        group = tuple(k for k in s.tie if k in place)
        if len(group) > 1 and group not in ties and _matters([place[k] for k in group], len(seeded), full):
            ties.append(group)
    out += [
        f"tied with each other for seeds {', '.join(str(place[k]) for k in group)}: judge decision "
        f"({', '.join(ev.names[k] for k in group)})"
        for group in ties
    ]
    return out


def _matters(places: list[int], seeded: int, full: int) -> bool:
    """Whether the order of competitors tied at these places changes the bracket: always, unless they are two seeds
    who meet in the first round anyway (or all outside the seeds)."""
    inside = [p for p in places if p <= seeded]
    if not inside:
        return False
    if len(inside) < len(places):
        return True  # the tie crosses the cut
    return not (len(inside) == 2 and sum(inside) == full + 1 and max(inside) <= seeded)

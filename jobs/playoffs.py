"""The playoff brackets a sync draws again: their seeds and games kept in the history, their problems reported."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from collections.abc import Mapping
from dataclasses import replace

import history
from jobs.config import Config
from jobs.errors import ExportError
from jobs.export_job import history_errors, history_file
from league.cells import Grid, as_text
from league.evaluate import Evaluation
from league.pairing.bracket import TYPED, Kept, Playoff, Resolved, resolve, seeds_from
from league.problems import Problem
from league.rules.ruleset import Ruleset
from league.sheet import BRACKET_PREFIX, Sheet


def games_left_alone(sheet: Sheet, outputs: Mapping[str, Grid]) -> Sheet:
    """A bracket tab as a sync writes it: each `Games` cell holding, at its place, what the sync read there is left
    out (None, so the tab keeps what it holds by then: a game a judge typed between the sync's read and its write
    stays); only games the sync restores, moves or clears ("") are written. Other tabs, and a bracket tab whose
    columns are not where the sync writes them, go as they are."""
    read = outputs.get(sheet.name) or []
    if not sheet.name.startswith(BRACKET_PREFIX) or not read:
        return sheet
    columns = [sheet.header.index(h) for h in TYPED]
    if any(c >= len(read[0]) or as_text(read[0][c]) != sheet.header[c] for c in columns):
        return sheet
    rows = []
    for at, row in enumerate(sheet.rows, start=1):
        cells, was = list(row), read[at] if at < len(read) else []
        for c in columns:
            before = was[c] if c < len(was) else None
            cells[c] = None if as_text(cells[c]) == as_text(before) else "" if cells[c] is None else cells[c]
        rows.append(tuple(cells))
    return replace(sheet, rows=tuple(rows), typed=TYPED)


def kept_brackets(config: Config) -> dict[str, Kept]:
    """Every bracket the history keeps, by folded event id; a history that can't be read is an export failure."""
    try:
        return history.brackets(history_file(config))
    except history.HistoryError as exc:
        raise ExportError(f"{exc}; the brackets were drawn from their tabs") from None


def resolve_brackets(outputs: dict[str, Grid], ruleset: Ruleset, kept: dict[str, Kept]) -> list[Resolved]:
    """Each bracket tab drawn again from the seeds and games the history keeps (from the tab itself for a bracket it
    does not keep), the games typed in each row taken where its round, match and competitors match."""
    if ruleset.playoffs is None:
        return []
    out = []
    for name, grid in outputs.items():
        if not name.startswith(BRACKET_PREFIX):
            continue
        event = name[len(BRACKET_PREFIX):]
        known = kept.get(event.casefold())
        seeds = list(known.seeds) if known else seeds_from(grid)
        if seeds:
            out.append(resolve(event, seeds, ruleset.playoffs[1], grid, known.games if known else None))
    return out


def keep_brackets(config: Config, resolved: Sequence[Resolved], now: dt.datetime) -> None:
    """Keep every bracket's seeds and games in the history, so the next sync finds them whatever happens to the tab."""
    try:
        for r in resolved:
            history.keep_bracket(history_file(config), r.sheet.name[len(BRACKET_PREFIX):], r.kept, now)
    except history.HistoryError as exc:
        raise ExportError(str(exc)) from None


def keep_seeding(config: Config, event: str, seeds: Sequence[str], now: dt.datetime) -> None:
    """Keep a new bracket's seeds (no games yet), replacing any earlier bracket of the event; `league bracket`
    stops (exit 3 or 2) when the history can't be written."""
    with history_errors("the bracket was not seeded"):
        history.keep_bracket(history_file(config), event, Kept(tuple(seeds)), now)


def decided(resolved: Sequence[Resolved]) -> dict[str, Playoff]:
    """The event each bracket tab names -> what its bracket has decided, as this sync draws it (the evaluation
    matches the events ignoring case)."""
    return {r.sheet.name[len(BRACKET_PREFIX):]: r.playoff for r in resolved}


def bracket_problems(resolved: Sequence[Resolved]) -> list[Problem]:
    """What is wrong in the bracket tabs: games that are no whole number, scores that cannot end a match."""
    return [p for r in resolved for p in r.problems]


def with_problems(ev: Evaluation, more: Sequence[Problem]) -> Evaluation:
    """The evaluation with problems found outside the engine (the brackets', the fonts'), in the order the
    `Problems` tab shows them."""
    return replace(ev, problems=sorted([*ev.problems, *more], key=Problem.sort_key)) if more else ev

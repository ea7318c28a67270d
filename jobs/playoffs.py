"""The playoff brackets a sync draws again: their seeds and games kept in the history, their problems reported."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import replace

import history
from jobs.config import Config
from jobs.errors import ExportError
from jobs.export_job import history_errors, history_file
from league.cells import Grid, as_text, name_key
from league.evaluate import Evaluation
from league.pairing.bracket import resolve, seeds_from
from league.pairing.bracket_model import HEADERS, TYPED, Kept, Playoff, Resolved, bracket_tab
from league.problems import Problem, Severity
from league.rules.ruleset import Ruleset
from league.sheet import BRACKET_PREFIX, Sheet


def games_left_alone(sheet: Sheet, outputs: Mapping[str, Grid]) -> Sheet:
    """A bracket tab as a sync writes it: each cell judges type (the `Games`, the `Note`, the judges' own columns)
    holding, at its place, what the sync read there is left out (None, so the tab keeps what it holds by then: what a
    judge typed between the sync's read and its write stays); only what the sync restores, moves or clears ("") is
    written. A column whose header the tab does not hold at the same place is written as the sync has it; other tabs
    go as they are."""
    read = outputs.get(sheet.name) or []
    if not sheet.name.startswith(BRACKET_PREFIX) or not read:
        return sheet
    judges = {*TYPED, "Note"}
    columns = [
        c
        for c, h in enumerate(sheet.header)
        if (h in judges or c >= len(HEADERS)) and c < len(read[0]) and as_text(read[0][c]) == h
    ]
    if not columns:
        return sheet
    rows = []
    for at, row in enumerate(sheet.rows, start=1):
        cells, was = [*row, *([None] * (len(sheet.header) - len(row)))], read[at] if at < len(read) else []
        for c in columns:
            before = was[c] if c < len(was) else None
            cells[c] = None if as_text(cells[c]) == as_text(before) else "" if cells[c] is None else cells[c]
        rows.append(tuple(cells))
    return replace(sheet, rows=tuple(rows), typed=tuple(sheet.header[c] for c in columns))


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
        event = name[len(BRACKET_PREFIX) :]
        known = kept.get(event.casefold())
        seeds = list(known.seeds) if known else seeds_from(grid)
        if seeds:
            out.append(resolve(event, seeds, ruleset.playoffs[1], grid, known.games if known else None))
    return out


def dropped_brackets(outputs: Mapping[str, Grid], ruleset: Ruleset, kept: Mapping[str, Kept]) -> dict[str, Kept]:
    """Folded event id -> each bracket the history keeps with games typed whose tab is gone: deleted to seed it again
    (or by mistake), its games are dropped, and the sync says which."""
    if ruleset.playoffs is None:
        return {}
    tabs = {name[len(BRACKET_PREFIX) :].casefold() for name in outputs if name.startswith(BRACKET_PREFIX)}
    return {event: k for event, k in kept.items() if event not in tabs and k.games}


def dropped_report(ev: Evaluation, dropped: Mapping[str, Kept]) -> tuple[list[Problem], list[str]]:
    """A warning and a `Sync Log` line per deleted bracket, naming every game typed in it that is dropped."""
    problems, lines = [], []
    for folded, k in sorted(dropped.items()):
        event = ev.league.event_id(folded) or folded
        names = {name_key(s): s for s in k.seeds}
        games = ", ".join(
            f"round {r} match {m} {names.get(a, a)} v {names.get(b, b)} {as_text(ga) or '?'}-{as_text(gb) or '?'}"
            for (r, m, a, b), (ga, gb) in sorted(k.games.items())
        )
        said = f"{bracket_tab(event)} was deleted: the games typed in it are dropped ({games})"
        problems.append(
            Problem(
                Severity.WARNING,
                "bracket-deleted",
                bracket_tab(event),
                None,
                "",
                None,
                said,
                f"to seed the playoffs again, run `league bracket --event {event}`; type again "
                "any game still to count once it is seeded",
            )
        )
        lines.append(said)
    return problems, lines


def keep_brackets(
    config: Config, resolved: Sequence[Resolved], now: dt.datetime, dropped: Mapping[str, Kept] | None = None
) -> None:
    """Keep every bracket's seeds and games in the history, so the next sync finds them whatever happens to the tab;
    a deleted bracket's seeds without its games, so its dropped games are reported once."""
    try:
        for r in resolved:
            history.keep_bracket(history_file(config), r.sheet.name[len(BRACKET_PREFIX) :], r.kept, now)
        for event, k in (dropped or {}).items():
            history.keep_bracket(history_file(config), event, Kept(k.seeds), now)
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
    return {r.sheet.name[len(BRACKET_PREFIX) :]: r.playoff for r in resolved}


def bracket_problems(resolved: Sequence[Resolved]) -> list[Problem]:
    """What is wrong in the bracket tabs: games that are no whole number, scores that cannot end a match, numbers
    typed over, rows that are no match."""
    return [p for r in resolved for p in r.problems]


def with_problems(ev: Evaluation, more: Sequence[Problem]) -> Evaluation:
    """The evaluation with problems found outside the engine (the brackets', the fonts'), in the order the
    `Problems` tab shows them."""
    return replace(ev, problems=sorted([*ev.problems, *more], key=Problem.sort_key)) if more else ev

"""`league pair`: the next round of an event, by its ruleset's pairing system, added below its results rows."""

from __future__ import annotations

import datetime as dt
import re
import zlib
from dataclasses import dataclass

from jobs.config import Config
from jobs.errors import ConfigError, ExitCode
from jobs.locking import workbook_lock
from jobs.sync_job import find_event, form_zone, read_inputs, reported
from league.cells import Cell, Grid, as_text, name_key, parse_whole
from league.evaluate import evaluate
from league.model.match import Match
from league.model.words import Kind
from league.pairing import SYSTEMS, Pairing, history
from league.problems import Severity
from league.report import SYNC_LOG_HEADERS, sync_log_row
from league.rules.ruleset import Ruleset
from league.sheet import SYNC_LOG_TAB, Sheet
from sync.workbook import Workbook


@dataclass(frozen=True)
class PairResult:
    """A proposed round: its pairings, the rows for the results tab, and whether they were written."""

    event: str
    round: int
    seed: int
    pairings: list[Pairing]
    names: dict[str, str]
    """Competitor key -> name as registered."""
    rows: list[dict[str, Cell]]
    written: bool
    refused: list[str]
    """Why the round was not written: rows of the previous round that still have errors, or no round left."""
    code: ExitCode
    forceable: bool = True
    """Whether `--force` would write it (never a round of fewer than two)."""


def default_seed(event: str) -> int:
    """The seed of an event when none is given: the same every time, so rounds follow one plan."""
    return zlib.crc32(name_key(event).encode("utf-8"))


def run_pair(
    config: Config,
    workbook: Workbook,
    event: str,
    seed: int | None = None,
    dry_run: bool = False,
    force: bool = False,
    now: dt.datetime | None = None,
) -> PairResult:
    """Pair the event's next round and add its rows to the event's results tab (unless a dry run or refused), with
    the seed and why each pairing was made in the `Sync Log`, in the same write."""
    with workbook_lock(config, tidy=not dry_run):
        return _pair(config, workbook, event, seed, dry_run, force, now or dt.datetime.now(dt.UTC))


def _pair(
    config: Config, workbook: Workbook, event: str, seed: int | None, dry_run: bool, force: bool, now: dt.datetime
) -> PairResult:
    rs = config.ruleset
    if not rs.pairing:
        raise ConfigError(
            f"ruleset {rs.name!r} names no pairing system: add `[pairing] system = ...` ({', '.join(sorted(SYSTEMS))})"
        )
    typed, outputs = read_inputs(workbook, every_output=True)  # the same one read, with the Sync Log's pairings
    inputs, _ = reported(
        config, typed, now, form_zone(config, workbook)
    )  # reported alike: counted, as in `league status`
    ev = evaluate(inputs, rs, config.catalog)
    found = find_event(ev, event)
    details = ev.league.event_by_id[found]
    h = history(ev.league, found, ev.standings[found])
    number, seed = h.played_rounds + 1, default_seed(found) if seed is None else seed
    errors = {p.row for p in ev.problems if p.severity is Severity.ERROR and p.tab == details.results_tab}
    last = [m for m in ev.league.matches if m.event == found and m.round == h.played_rounds and rs.counts(m)]
    unfinished = [f"{details.results_tab} row {m.row}" for m in last if m.row in errors]
    waiting = [str(m.row) for m in last if m.pending and m.row not in errors]
    reasons = [f"round {h.played_rounds} is unfinished: fix " + ", ".join(unfinished)] if unfinished else []
    reasons += [
        f"round {h.played_rounds} {gone} is missing from {details.results_tab}: type it back or its result"
        for gone in tables_gone(outputs.get(SYNC_LOG_TAB, []), found, h.played_rounds, last)
    ]
    reasons += (
        [
            f"round {h.played_rounds} is unfinished: type the results of {details.results_tab} "
            f"row{'s' if len(waiting) > 1 else ''} {', '.join(waiting)}"
        ]
        if waiting
        else []
    )
    rounds = ev.league.rounds_of(found)
    reasons += (
        [f"{found} has had all its {rounds} rounds (its Rounds in the Events tab, or the ruleset's `[format] rounds`)"]
        if number > rounds
        else []
    )
    too_few = len(h.active) < 2
    if too_few:  # not even --force makes a round of nobody: it only added a Sync Log row on every run
        reasons = [
            f"{found} has {len(h.active)} competitor(s) still in: a round needs at least two; register them in "
            f"{rs.registration.tab} (or clear their Status)"
        ]
    pairings = [] if too_few else SYSTEMS[rs.pairing](h, number, seed, rounds)
    rows = [row for p in pairings for row in _rows(rs, number, p, ev.names)]
    refused = bool(reasons) and (too_few or not force)
    if not (refused or dry_run):
        outcome = f"paired {found} round {number}, seed {seed}: {len(rows)} rows added" + (
            " (forced)" if reasons else ""
        )
        summary = sync_log_row(ev, typed, now, outcome)
        workbook.add_rows(details.results_tab, rows, [_explained(summary, found, number, pairings, ev.names)])
    code = ExitCode.INPUT_ERRORS if refused else ExitCode.CLEAN
    return PairResult(
        found,
        number,
        seed,
        pairings,
        ev.names,
        rows,
        not (refused or dry_run),
        reasons if refused else [],
        code,
        not too_few,
    )


def tables_gone(log: Grid, event: str, number: int, rows: list[Match]) -> list[str]:
    """The tables of the event's round as `league pair` last made it (its `Sync Log` rows) that no results row holds
    any more, by table number or by both names: `table 8 (Hugo Alves v Diego Rocha)`; none when the log lacks them."""
    made: dict[int, tuple[str, str, str]] = {}
    table = re.compile(rf"{re.escape(event)} round {number} table (\d+): (.+?) v (.+?): ")
    for row in log[1:]:
        outcome = as_text(row[-1]) if row else ""
        if outcome.startswith(f"paired {event} round {number},"):
            made = {}  # paired again (forced, or the rows deleted and paired afresh): the latest pairing counts
        elif found := table.match(outcome):
            made[int(found[1])] = (found[2], found[3], f"table {found[1]} ({found[2]} v {found[3]})")
    held = {parse_whole(m.table) for m in rows}
    met = {frozenset(s.key for s in m.sides if s.name) for m in rows}
    return [
        said
        for t, (a, b, said) in sorted(made.items())
        if t not in held and frozenset({name_key(a), *([] if b == "bye" else [name_key(b)])}) not in met
    ]


def _explained(summary: Sheet, event: str, number: int, pairings: list[Pairing], names: dict[str, str]) -> Sheet:
    """The `Sync Log` rows of a pair: the summary (seed, counts), then one row per table saying why it was paired so."""
    when, fingerprint = summary.rows[0][:2]
    blank = (None,) * (len(SYNC_LOG_HEADERS) - 3)
    tables = tuple(
        (
            when,
            fingerprint,
            *blank,
            f"{event} round {number} table {p.table}: {names[p.first]} v "
            f"{names[p.second] if p.second else 'bye'}: {p.why}",
        )
        for p in pairings
    )
    return Sheet(summary.name, SYNC_LOG_HEADERS, (*summary.rows, *tables))


def _rows(rs: Ruleset, number: int, p: Pairing, names: dict[str, str]) -> list[dict[str, Cell]]:
    """The results rows of one pairing of the new round: round, table and competitors; a bye with its word in `Result`.

    Where the ruleset's components say so, one row per game, each with what they fill in (what both sides field)."""
    res = rs.results
    row: dict[str, Cell] = {
        res.round: number,
        **({res.table: p.table} if res.table else {}),
        res.side_header(res.competitor, res.sides[0]): names[p.first],
    }
    if p.second is None:
        row[res.result] = next(word for word, meaning in res.kinds.items() if meaning.kind is Kind.BYE)
        return [row]
    row[res.side_header(res.competitor, res.sides[1])] = names[p.second]
    rows = [row]
    for component in rs.components:
        games = component.pair_rows(res)
        rows = [{**r, **cells} for r in rows for cells in games] if games else rows
    return rows

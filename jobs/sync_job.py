"""`league check` and `league sync`: read the workbook once, validate, rank, write back once.

Jobs print nothing: they return what they did, and the CLI shows it."""

from __future__ import annotations

import datetime as dt
import gc
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import history
from jobs.config import Config
from jobs.errors import ConfigError, ExitCode, ExportError
from jobs.export_job import (
    RICH,
    export_after_sync,
    history_file,
    previous_leaderboard,
    snapshot_of,
    start_drawing,
)
from jobs.locking import workbook_lock
from jobs.parallel import Helper, helper
from jobs.playoffs import (
    bracket_problems,
    decided,
    dropped_brackets,
    dropped_report,
    games_left_alone,
    keep_brackets,
    kept_brackets,
    resolve_brackets,
    with_problems,
)
from league.cells import Grid, as_text
from league.evaluate import Evaluation, evaluate_league
from league.pairing.bracket_model import Kept, Playoff, Resolved
from league.player_reports import Reconciled, read_reported, reconcile_tabs
from league.problems import Problem, Severity
from league.report import (
    SYNC_LOG_HEADERS,
    leaderboard_sheet,
    problems_sheet,
    read_leaderboard,
    standings_sheets,
    sync_log_row,
)
from league.sheet import (
    BRACKET_PREFIX,
    LEADERBOARD_TAB,
    STANDINGS_PREFIX,
    Changes,
    Sheet,
    is_output_tab,
)
from league.table import Table
from sync.workbook import Workbook

if TYPE_CHECKING:
    from league.stats import Sides  # imported by a sync only when it counts the games

Progress = Callable[[str], None]
"""Told what a job is doing now, for a status line; jobs never print."""


@dataclass(frozen=True)
class SyncResult:
    """What a sync did: the evaluation, the tabs it wrote (or would write) and the files it exported."""

    evaluation: Evaluation
    changes: Changes
    exported: list[Path]
    code: ExitCode
    preview: list[str] = field(default_factory=list)
    """For a dry run: what would change in each output tab."""
    export_problem: str = ""
    """Why the exports failed after the workbook was written (then `code` is EXPORTS_FAILED)."""


def no_progress(_: str) -> None:
    """No progress to show: tests and library callers."""


def read_inputs(workbook: Workbook, every_output: bool = False) -> tuple[dict[str, Grid], dict[str, Grid]]:
    """Every tab in one read, split into input tabs and the tool's own output tabs.

    Unless `every_output` (a dry run, to say what would change), only the output tabs a sync reads back (the
    leaderboard, for `Move`, and the brackets) are read, the others given as empty: a sync rewrites them whole, and
    reading a 2,000-player league's standings again took as long as reading its results."""
    names = workbook.tab_names()
    tabs = workbook.read([n for n in names if every_output or not is_output_tab(n) or _read_back(n)])
    quiet_collector()
    inputs = {n: g for n, g in tabs.items() if not is_output_tab(n)}
    return inputs, {n: tabs.get(n, []) for n in names if is_output_tab(n)}


COLLECT_EVERY = 50_000
"""Objects allocated between young collections once the tabs are read (Python's default is 700)."""


def quiet_collector() -> None:
    """Keep the cyclic garbage collector out of a job once its tabs are read; a process setting, so the job
    that owns the process makes it, not a backend.

    The grids live until the job ends and hold no cycles, yet every full collection walked them
    again; evaluating them then allocates in bursts that set off a young collection every 700
    objects. Freezing what exists and collecting less often took the CPU time of a 2,000-player
    `run_sync` from 2.21 s to 1.89 s (freezing alone: 2.02 s; medians of 5 processes), with the
    same output.
    """
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, COLLECT_EVERY), middle, old)


def glyph_warnings(config: Config, ev: Evaluation) -> list[Problem]:
    """A warning at each registered name that no installed font draws whole, when the images or the poster are
    exported: they would show � for those characters, and a judge can install a font or retype the name."""
    if not {"png", "pdf"} & set(config.formats):
        return []
    from exporters.fonts import missing_glyphs  # reads fonts' character lists only for names DejaVu Sans lacks

    reg = config.ruleset.registration
    rows = {e.name: e.row for e in ev.league.registrations}
    column = ev.league.columns.get(reg.tab, {}).get(reg.name)
    return [
        Problem(
            Severity.WARNING,
            "name-glyphs",
            reg.tab,
            rows[name],
            reg.name,
            column,
            f"{name!r} has characters no installed font draws: "
            + ", ".join(f"{c!r} (U+{ord(c):04X})" for c in lacking),
            "the images and poster show � for them: "
            "install a font that has them (the manual: Sharing, Fonts and scripts)",
        )
        for name, lacking in missing_glyphs(rows).items()
    ]


def _read_back(tab: str) -> bool:
    return tab == LEADERBOARD_TAB or tab.startswith(BRACKET_PREFIX)


def run_check(config: Config, workbook: Workbook, now: dt.datetime | None = None) -> Evaluation:
    """Validate only: nothing is written (the brackets are checked as the history keeps them, if it can be read)."""
    return checked(config, workbook, now)[0]


def checked(config: Config, workbook: Workbook, now: dt.datetime | None = None) -> tuple[Evaluation, Reconciled]:
    """`run_check`, with what the players' reports say (the results a sync would fill in counted as filled)."""
    typed, outputs = read_inputs(workbook)
    try:
        kept = kept_brackets(config)
    except ExportError:
        kept = {}
    ev, resolved, reports = _evaluated(config, workbook, typed, outputs, kept, now or dt.datetime.now(dt.UTC))
    deleted, _ = dropped_report(ev, dropped_brackets(outputs, config.ruleset, kept))
    return with_problems(ev, [*bracket_problems(resolved), *deleted, *reports.problems]), reports


def _evaluated(
    config: Config,
    workbook: Workbook,
    typed: dict[str, Grid],
    outputs: dict[str, Grid],
    kept: dict[str, Kept],
    now: dt.datetime,
    since: dt.datetime | None = None,
    progress: Progress = no_progress,
) -> tuple[Evaluation, list[Resolved], Reconciled]:
    """The league evaluated as `check` and `sync` see it: the brackets drawn again from their tabs and the kept seeds,
    the results both sides reported alike counted as filled (an event with playoffs finishes with its champion)."""
    resolved = resolve_brackets(outputs, config.ruleset, kept)
    playoffs = decided(resolved)
    progress(f"Checking and ranking {sum(len(g) for g in typed.values())} rows…")
    # One read of the tabs into a league, and one run of its checks, for the reports and the standings alike.
    lg, problems, reports = read_reported(
        typed,
        config.ruleset,
        config.catalog,
        config.reports,
        now,
        dt.timedelta(hours=config.confirm_hours),
        form_zone(config, workbook),
        config.reports_named,
        config.branding.zone,
        since,
        playoffs,
    )
    return evaluate_league(lg, problems, playoffs), resolved, reports


def reported(
    config: Config,
    inputs: dict[str, Grid],
    now: dt.datetime,
    zone: dt.tzinfo,
    since: dt.datetime | None = None,
    playoffs: Mapping[str, Playoff] | None = None,
) -> tuple[dict[str, Grid], Reconciled]:
    """The input tabs with the results both sides reported alike filled in, as the sync writes them, and what the
    reports tab says (`reports` in league.toml); `now` decides which single reports have waited too long, `zone` is
    the one the Form's times are in (`form_zone`), and they are shown in the league's `timezone`. An answer replaced
    is logged by the first sync after `since`, the previous sync's time; `playoffs` (what each bracket decided) tell
    an event whose playoffs are still played from a finished one."""
    return reconcile_tabs(
        inputs,
        config.ruleset,
        config.catalog,
        config.reports,
        now,
        dt.timedelta(hours=config.confirm_hours),
        zone,
        config.reports_named,
        config.branding.zone,
        since,
        playoffs or {},
    )


def form_zone(config: Config, workbook: Workbook) -> dt.tzinfo:
    """The zone a Form's `Timestamp` is in:
    the spreadsheet's own (Google writes it so), else the league's `timezone`."""
    name = workbook.time_zone()
    try:
        return ZoneInfo(name) if name else config.branding.zone
    except (ZoneInfoNotFoundError, ValueError):
        return config.branding.zone


def run_sync(
    config: Config,
    workbook: Workbook,
    dry_run: bool = False,
    now: dt.datetime | None = None,
    progress: Progress = no_progress,
) -> SyncResult:
    """The nightly job. A second sync of the same workbook waits briefly for the first, then refuses."""
    with workbook_lock(config, tidy=not dry_run):
        return _sync(config, workbook, dry_run, now or dt.datetime.now(dt.UTC), progress)


def find_event(ev: Evaluation, typed: str) -> str:
    """The id of the event `typed` names (ignoring case), else a usage error listing the events."""
    found = ev.league.event_id(typed)
    if found is None or found not in ev.standings:
        raise ConfigError(f"there is no event {typed!r}; events: {', '.join(e.id for e in ev.league.events) or 'none'}")
    return found


def _sync(config: Config, workbook: Workbook, dry_run: bool, now: dt.datetime, progress: Progress) -> SyncResult:
    # The drawing helper loads its libraries while the workbook is read and ranked (`jobs/parallel.py`).
    with helper(not dry_run and any(f in config.formats for f in RICH)) as beside:
        return _synced(config, workbook, dry_run, now, progress, beside)


def _synced(
    config: Config, workbook: Workbook, dry_run: bool, now: dt.datetime, progress: Progress, beside: Helper | None
) -> SyncResult:
    progress("Reading the workbook…")
    typed, outputs = read_inputs(workbook, every_output=dry_run)
    # `Move` compares with the history's latest leaderboard; before the first recorded sync, with the tab. A
    # history that can't be read (damaged, held by another process) does not stop the sync: it compares with
    # the tab, draws the brackets from their tabs, and the exports, drawn from the history, fail (exit 5).
    unusable = ""
    try:
        previous, kept, since = previous_leaderboard(config), kept_brackets(config), last_synced(config)
    except ExportError as exc:
        previous, kept, since, unusable = None, {}, None, str(exc)
    previous = previous or read_leaderboard(outputs.get(LEADERBOARD_TAB) or [])
    ev, resolved, reports = _evaluated(config, workbook, typed, outputs, kept, now, since, progress)
    # A tab the Events tab names as a results tab is the judges', whatever its name: never written over.
    claimed = {e.typed_tab.casefold() for e in ev.league.events}
    ranked = [t for t in (*standings_sheets(ev), leaderboard_sheet(ev, previous)) if t.name.casefold() not in claimed]
    # What the exports draw is known now: the drawing helper starts on it (`start_drawing`) while this process
    # finds the remaining problems, logs the sync and writes the workbook.
    unlogged = snapshot_of(ev, ranked, "", now)
    planned = None if dry_run or unusable else start_drawing(config, unlogged, beside)
    dropped = dropped_brackets(outputs, config.ruleset, kept)
    deleted, dropped_lines = dropped_report(ev, dropped)
    ev = with_problems(ev, [*bracket_problems(resolved), *deleted, *glyph_warnings(config, ev), *reports.problems])
    tables = [*ranked, problems_sheet(ev.problems, now), *(Table.plain(r.sheet) for r in resolved)]
    counted: Sides | None = None  # the games counted, worked out once for the Stats tab and the history
    if config.stats:
        from league.stats import sides, stats_sheet

        counted = sides(ev)
        tables.append(
            stats_sheet(counted)
        )  # a plain Sheet: the snapshot, the images and the CSV files take the Tables only
    if config.ratings.tab:
        from jobs.ratings_seasons import ratings_tab  # the earlier seasons' workbooks are read only for the tab

        tables.append(ratings_tab(config, ev))
    code = ExitCode.INPUT_ERRORS if ev.errors else ExitCode.CLEAN
    outcome = f"{'dry run' if dry_run else 'synced'}, {ev.errors} error(s)"
    tables = [t for t in tables if t.name.casefold() not in claimed]
    written = {t.name.casefold() for t in tables}  # tab names are unique ignoring case, in Excel and in Sheets
    stale = tuple(n for n in outputs if n.startswith(STANDINGS_PREFIX) and n.casefold() not in written | claimed)
    aside = reports.aside if unusable else _unsaid(config, reports.aside)
    log = with_report_lines(sync_log_row(ev, typed, now, outcome), [*dropped_lines, *reports.log, *aside])
    changes = Changes(replace=tuple(tables), append=(log,), remove=stale, fill=tuple(reports.fills))
    if dry_run:
        failing = [f"exports: would fail: {unusable}"] if unusable else []
        return SyncResult(ev, changes, [], code, preview=describe(changes, outputs) + failing)
    progress("Writing standings back…")
    shown = [t for t in tables if isinstance(t, Table)]
    snapshot = replace(unlogged, fingerprint=str(log.rows[0][1]))
    workbook.write(replace(changes, replace=tuple(games_left_alone(s, outputs) for s in changes.replace)))
    try:
        if not unusable:
            keep_brackets(config, resolved, now, dropped)
            _keep_said(config, aside, now)
            from jobs.kept_stats import keep_stats  # counted again by `league stats` without reading the workbook

            keep_stats(config, ev, str(log.rows[0][1]), now, counted)
        exported = export_after_sync(config, snapshot, shown, unusable, beside, planned)
    except ExportError as exc:
        return SyncResult(ev, changes, [], ExitCode.EXPORTS_FAILED, export_problem=str(exc))
    return SyncResult(ev, changes, exported, code)


def last_synced(config: Config) -> dt.datetime | None:
    """When the previous sync ran (the games it kept in the history), or None before the first."""
    try:
        games = history.kept_games(history_file(config))
    except history.HistoryError as exc:
        raise ExportError(str(exc)) from None
    return games.time if games else None


def with_report_lines(summary: Sheet, lines: list[str]) -> Sheet:
    """The sync's `Sync Log` row, then one row per result the reports filled in or answer they replaced (only
    `Time`, `Fingerprint` and `Outcome`, as `league pair` logs its tables)."""
    if not lines:
        return summary
    when, fingerprint = summary.rows[0][:2]
    blank = (None,) * (len(SYNC_LOG_HEADERS) - 3)
    return Sheet(summary.name, summary.header, (*summary.rows, *((when, fingerprint, *blank, line) for line in lines)))


def _unsaid(config: Config, lines: list[str]) -> list[str]:
    """The lines the history has not seen logged yet: an answer a judge set aside is logged by one sync, not by each.
    A history that can't be read now does not stop the sync: the lines are logged again, and the exports say why."""
    try:
        return history.unsaid(history_file(config), lines)
    except history.HistoryError:
        return lines


def _keep_said(config: Config, lines: list[str], now: dt.datetime) -> None:
    try:
        history.keep_said(history_file(config), lines, now)
    except history.HistoryError as exc:
        raise ExportError(str(exc)) from None


def describe(changes: Changes, outputs: dict[str, Grid]) -> list[str]:
    """What a sync would change in each output tab, for `--dry-run`."""
    lines = []
    for sheet in changes.replace:
        old = outputs.get(sheet.name)
        if old is None:
            lines.append(f"{sheet.name}: new tab, {len(sheet.rows)} rows")
            continue
        new = _as_grid(sheet)
        changed = sum(1 for i in range(max(len(old), len(new))) if _row(old, i) != _row(new, i))
        lines.append(f"{sheet.name}: {changed} row(s) would change" if changed else f"{sheet.name}: unchanged")
    lines += [f"{s.name}: {len(s.rows)} row(s) would be added" for s in changes.append]
    lines += [f"{name}: would be removed (its event is no longer in the Events tab)" for name in changes.remove]
    lines += [f"{f.tab} row {f.row}: would be filled in from the players' reports" for f in changes.fill]
    return lines


def _as_grid(sheet: Sheet) -> Grid:
    return [list(sheet.header), *(list(r) for r in sheet.rows)]


def _row(grid: Grid, i: int) -> list[str]:
    cells = [as_text(c) for c in grid[i]] if i < len(grid) else []
    while cells and not cells[-1]:
        cells.pop()
    return cells

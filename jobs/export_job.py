"""The exports of a sync and `league export`, `league history`: history snapshot first, files from it.

A sync records its standings in the history (nothing when they did not change), then writes every
format from the snapshot the history holds, so the images, caption, page and posters always show
what the history says and `Move` (computed against the same history) matches them. What decides
whether a file is drawn again is a digest of everything it shows, recorded in the exports folder once
every file is written: a sync killed or failed midway leaves the record behind the files, and the next
sync draws them again."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import history
from exporters.board import move_text
from exporters.branding import Branding, local_time
from exporters.render import FORMATS, File, draw, files, groups, shown_board, shows
from history.snapshot import EventInfo, Snapshot, shown_tables
from jobs.config import Config
from jobs.errors import ConfigError, ExportError, WorkbookError
from jobs.exports import Drawn, digest, drawn, on_disk, record_drawn, write_csv, write_files
from jobs.parallel import Helper, draw_groups
from league.cells import as_text, name_key
from league.evaluate import Evaluation
from league.report import standings_tab
from league.rules.catalog import closest
from league.sheet import LEADERBOARD_TAB, STANDINGS_PREFIX
from league.table import Role, Table

HISTORY_NAME = "league-history.sqlite"
"""The history's file beside league.toml unless `history` names another."""
RICH = ("png", "txt", "html", "pdf")
"""The formats made from the history snapshot; CSV also covers the brackets, from the sync's own tables."""


def history_file(config: Config) -> Path:
    """The league's history: `history` in league.toml, else `league-history.sqlite` beside it."""
    return config.history or config.path.parent / HISTORY_NAME


def previous_leaderboard(config: Config) -> Table | None:
    """The leaderboard of the latest snapshot, for `Move`; None before the first recorded sync. A history that
    can't be read is an export failure: the sync still writes the workbook, comparing with its Leaderboard tab."""
    try:
        snap = history.latest(history_file(config))
    except history.HistoryError as exc:
        raise ExportError(f"{exc}; `Move` was compared with the Leaderboard tab") from None
    return snap.leaderboard if snap else None


def snapshot_of(ev: Evaluation, tables: Sequence[Table], fingerprint: str, now: dt.datetime) -> Snapshot:
    """The snapshot of a sync's standings and leaderboard, with the events the caption names, where each event and
    the season stand, and every line as the evaluation placed it."""
    events = tuple(
        EventInfo(e.id, e.name, e.date.isoformat() if e.date else "", e.venue, ev.states.get(e.id))
        for e in ev.league.events
    )
    shown = shown_tables(list(tables))
    placings = {standings_tab(event): lines for event, lines in ev.placings.items()} | {LEADERBOARD_TAB: ev.board}
    return Snapshot(
        now,
        fingerprint,
        ev.league.ruleset.title,
        shown,
        events,
        season=ev.season,
        placings={t.name: placings[t.name] for t in shown if t.name in placings},
        brackets={event: p for event, p in ev.playoffs.items() if p.seeds},
    )


@dataclass(frozen=True)
class Drawing:
    """What a sync's exports draw: the snapshot as the history holds it, and which groups of files show something
    else than the files on disk (`shows`); worked out before the sync writes the workbook, so drawing starts then."""

    snapshot: Snapshot
    origin: str
    """The time of the history's first snapshot, which the files drawn from it record (`render.shows`)."""
    before: Drawn
    wanted: dict[str, str]
    kept: Drawn
    digest: str = ""
    """The snapshot's digest in the history, when it was worked out before the snapshot was recorded."""

    @property
    def todo(self) -> list[str]:
        return [group for group in self.wanted if group not in self.kept]


def plan_drawing(config: Config, snap: Snapshot, digest: str = "") -> Drawing:
    """What the sync's exports draw of `snap`, which has the time the history gives it (and `digest`, when known)."""
    origin = _origin(history_file(config)) or snap.time.isoformat()
    folder, branding = config.exports, config.branding
    before = drawn(folder)
    chosen = [fmt for fmt in RICH if fmt in config.formats]
    wanted = {group: shows(snap, branding, group, origin) for fmt in chosen for group in groups(snap, fmt)}
    kept = {
        group: before[group]
        for group, seen in wanted.items()
        if group in before and before[group][0] == seen and on_disk(folder, before[group][1])
    }
    return Drawing(snap, origin, before, wanted, kept, digest)


def start_drawing(config: Config, snapshot: Snapshot, beside: Helper | None) -> Drawing | None:
    """What the sync's exports will draw, handed to the helper so it draws while the sync writes the workbook; None
    without a helper (the exports work it out once the history has recorded the snapshot) or a history to read (the
    exports then meet that themselves)."""
    if beside is None:
        return None
    try:  # only a sync records, and it holds the league's lock: the history can't change before it records
        time, digested = history.stamped(history_file(config), snapshot)
        drawing = plan_drawing(config, replace(snapshot, time=time), digested)
    except history.HistoryError:
        return None
    if drawing.todo:
        beside.start(drawing.snapshot, config.branding, drawing.todo)
    return drawing


def export_after_sync(
    config: Config,
    snapshot: Snapshot,
    tables: Sequence[Table],
    unusable: str = "",
    beside: Helper | None = None,
    planned: Drawing | None = None,
) -> list[Path]:
    """Write the CSV files, record the snapshot, then draw the other formats from it. `unusable` says why the
    history could not be read for `Move`: then only the CSV files, which need no history, are written.

    The files are drawn from the history's latest snapshot, which holds these tables (a sync that changed
    nothing adds none): its time is when the standings took this shape. The event names, the league's name
    and the number formats are this sync's, so a renamed event or a new title is drawn at once. Only what
    shows something else than the files on disk is drawn (`Drawing`): by `beside` too when the sync started a
    drawing helper, which began on the groups `planned` (`start_drawing`) as the workbook was written."""
    written = write_csv(config.exports, tables) if "csv" in config.formats else []
    if unusable:
        raise ExportError(unusable)
    try:
        latest, _ = history.record(history_file(config), snapshot, planned.digest if planned else "")
        if planned is None or planned.snapshot.time != latest.time:
            planned = plan_drawing(config, replace(snapshot, time=latest.time))
            if beside is not None and beside.started:
                beside = None  # its job shows another time: drawn here instead
    except history.HistoryError as exc:
        raise ExportError(str(exc)) from None
    drawing = replace(planned, snapshot=replace(planned.snapshot, id=latest.id, fingerprint=snapshot.fingerprint))
    return written + _draw(config.exports, drawing, config.branding, beside)


def _draw(folder: Path, drawing: Drawing, branding: Branding, beside: Helper | None = None) -> list[Path]:
    """Draw each group of files (a table's images; the captions; the page; the posters) whose files on disk
    were not drawn from what it shows now, or are missing or changed, then record what the folder holds. A
    sync draws each table's first image of each size, what a post or a shared link shows (and what `league
    publish` posts): a 2,000-player league's first sync drew 340 pages in 7 s, now 34; `league export
    --format png` draws every page."""
    snap = drawing.snapshot
    made = (
        beside.finish() if beside is not None and beside.started else draw_groups(snap, branding, drawing.todo, beside)
    )
    after = {**drawing.kept, **_entries(made, drawing.wanted)}
    if after == drawing.before:
        return []
    keep = {name for _, names in drawing.kept.values() for name in names}
    written = write_files(folder, [f for group in made.values() for f in group], sweep=True, keep=keep)
    return [*written, record_drawn(folder, after)]


def _origin(path: Path) -> str:
    """The time of the history's first snapshot, which the files drawn from it record (`render.shows`); empty before
    the first sync, or if it can't be read (the next sync then draws again)."""
    try:
        first = history.first_time(path)
    except history.HistoryError:
        return ""
    return first.isoformat() if first else ""


def run_export(config: Config, fmt: str, event: str | None = None) -> list[Path]:
    """`league export`: one format of the latest snapshot (or of one event's standings) into the exports folder."""
    if fmt not in FORMATS:
        raise ConfigError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)} or stats")
    snap = latest_snapshot(config)
    if event is not None:
        events = [t.name.removeprefix(STANDINGS_PREFIX) for t in snap.tables if t.name.startswith(STANDINGS_PREFIX)]
        found = next((e for e in events if e.casefold() == event.strip().casefold()), None)
        if found is None:
            raise ConfigError(f"no event {event!r} in the latest sync; events: {', '.join(events) or 'none'}")
        event = found
    if fmt == "csv":
        chosen = [t for t in snap.tables if event is None or t.name == STANDINGS_PREFIX + event]
        return write_csv(config.exports, chosen, sweep=event is None)
    if fmt != "png":
        return write_files(config.exports, files(snap, config.branding, fmt, event), sweep=event is None)
    # Every page of the images, recorded with what they show: a sync that changes nothing keeps them.
    made = {
        group: draw(snap, config.branding, group, every_page=True)
        for group in groups(snap, fmt)
        if event is None or group in (f"png:{STANDINGS_PREFIX}{event}", f"bracket:{event}", f"champion:{event}")
    }
    written = write_files(config.exports, [f for group in made.values() for f in group], sweep=event is None)
    origin = _origin(history_file(config))
    record = {**drawn(config.exports), **_entries(made, {g: shows(snap, config.branding, g, origin) for g in made})}
    return [*written, record_drawn(config.exports, record)]


def _entries(made: dict[str, list[File]], seen: Mapping[str, str]) -> Drawn:
    """What the groups just drawn show (`seen`: `shows` of each), with their files' digests, for the record."""
    return {group: (seen[group], {name: digest(data) for name, data in files}) for group, files in made.items()}


def latest_snapshot(config: Config, outcome: str = "") -> Snapshot:
    """The newest snapshot; before the first sync, a config error saying to run one."""
    path = history_file(config)
    with history_errors(outcome):
        snap = history.latest(path)
    if snap is None:
        raise ConfigError(f"no synced standings in {path} yet; run `league sync` first")
    return snap


@contextmanager
def history_errors(outcome: str = "") -> Iterator[None]:
    """A history held by another process is a passing failure (exit 3); a damaged one is the file to fix (exit 2).
    `outcome` says what that left undone ("nothing was posted")."""
    try:
        yield
    except history.HistoryLocked as exc:
        raise WorkbookError(f"{exc}; {outcome}" if outcome else str(exc)) from None
    except history.HistoryError as exc:
        raise ConfigError(f"{exc}; {outcome}" if outcome else str(exc)) from None


def run_history(config: Config, at: int | None = None, player: str | None = None) -> list[str]:
    """`league history`: every recorded sync, one of them in full, or one competitor's rank over time."""
    path = history_file(config)
    with history_errors():
        if player is not None:
            seen = history.ranks(path, player)
            if not seen:
                raise ConfigError(_nobody(path, player))
            return [
                f"#{n}  {local_time(when, config.branding)}  rank {rank or '–'}" + (f"  move {move}" if move else "")
                for n, when, rank, move in seen
            ]
        if at is not None:
            snap = history.at(path, at)
            if snap is None:
                raise ConfigError(f"no sync #{at} in {path}; `league history` lists them")
            return _shown(snap, config.branding)
        return [
            f"#{e.id}  {local_time(e.time, config.branding)}  inputs {e.fingerprint}  {e.competitors} competitors"
            + (f", leader {e.leader}" if e.leader else "")
            + (f": {'; '.join(e.changed)}" if e.changed else "")
            for e in history.entries(path)
        ] or [f"no syncs recorded in {path} yet"]


def _nobody(path: Path, player: str) -> str:
    """Why `--player` found no one, with the recorded names closest to the one typed."""
    boards = (snap.leaderboard for snap in (history.at(path, entry.id) for entry in history.entries(path)) if snap)
    names = {
        name_key(row[i]): as_text(row[i])
        for board in boards
        if board and (i := board.find(Role.COMPETITOR)) is not None
        for row in board.rows
    }
    near = closest(player, names)
    hint = (
        f"did you mean {' or '.join(near)}?" if near else "`league history --at N` lists who is on sync N's leaderboard"
    )
    return f"{player!r} is on no leaderboard recorded in {path}; {hint}"


def _shown(snap: Snapshot, branding: Branding) -> list[str]:
    """One snapshot's tables: rank, name, score and move of every line."""
    lines = [f"#{snap.id}  {local_time(snap.time, branding)}  inputs {snap.fingerprint}"]
    for table in snap.tables:
        shown = shown_board(snap, table)
        lines.append(f"{table.name} ({shown.score_label})")
        lines += [
            f"  {line.rank or '–':>4}  {line.name}  {line.score}  {move_text(line.move)}".rstrip()
            for line in shown.lines
        ]
    return lines

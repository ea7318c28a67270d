"""The exports of a sync and `league export`, `league history`: history snapshot first, files from it.

A sync records its standings in the history (nothing when they did not change), then writes every
format from the snapshot the history holds, so the images, caption, page and posters always show
what the history says and `Move` (computed against the same history) matches them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path

from exporters import history
from exporters.board import board, move_text
from exporters.render import FORMATS, files, is_image_of, table_stems
from exporters.snapshot import EventInfo, Snapshot, as_grid, shown_tables
from jobs.config import Config
from jobs.errors import ConfigError, ExportError
from jobs.exports import write_csv, write_files
from league.cells import Grid
from league.evaluate import Evaluation
from league.sheet import STANDINGS_PREFIX, Sheet

HISTORY_NAME = "league-history.sqlite"
"""The history's file beside league.toml unless `history` names another."""
RICH = ("png", "txt", "html", "pdf")
"""The formats made from the history snapshot; CSV also covers the brackets, from the sync's own tables."""


def history_file(config: Config) -> Path:
    """The league's history: `history` in league.toml, else `league-history.sqlite` beside it."""
    return config.history or config.path.parent / HISTORY_NAME


def previous_leaderboard(config: Config) -> Grid | None:
    """The leaderboard of the latest snapshot, for `Move`; None before the first recorded sync."""
    try:
        snap = history.latest(history_file(config))
    except history.HistoryError as exc:
        raise ConfigError(str(exc)) from None
    board = snap.leaderboard if snap else None
    return as_grid(board) if board else None


def snapshot_of(ev: Evaluation, tables: Sequence[Sheet], fingerprint: str, now: dt.datetime) -> Snapshot:
    """The snapshot of a sync's standings and leaderboard, with the events the caption names."""
    events = tuple(EventInfo(e.id, e.name, e.date.isoformat() if e.date else "", e.venue) for e in ev.league.events)
    return Snapshot(now, fingerprint, ev.league.ruleset.title, shown_tables(list(tables)), events)


def export_after_sync(config: Config, snapshot: Snapshot, tables: Sequence[Sheet]) -> list[Path]:
    """Record the snapshot, then write every format. Standings that did not change are not redrawn: a sync
    with no change draws nothing, and one that changed an event redraws that event and the leaderboard,
    unless their files are gone. A sync draws each table's first image of each size, what a post or a
    shared link shows (and what `league publish` posts): a 2,000-player league's first sync drew 340
    pages in 7 s, now 34; `league export --format png` draws every page."""
    try:
        before = history.latest(history_file(config))
        latest, added = history.record(history_file(config), snapshot)
    except history.HistoryError as exc:
        raise ExportError(str(exc)) from None
    written = write_csv(config.exports, tables) if "csv" in config.formats else []
    chosen = [fmt for fmt in RICH if fmt in config.formats]
    if chosen and (added or not _complete(config)):
        drawn = _drawn(config, before, latest)
        made = [f for fmt in chosen for f in files(latest, config.branding, fmt, drawn=drawn, first_pages=True)]
        stems = [stem for name, stem in table_stems(latest).items() if name in drawn]
        kept = {p.name for p in config.exports.iterdir() if any(is_image_of(stem, p.name) for stem in stems)}
        written += write_files(config.exports, made, sweep=True, keep=kept)
    return written


def _drawn(config: Config, before: Snapshot | None, latest: Snapshot) -> frozenset[str]:
    """The tables equal to the previous snapshot's whose images are on disk: they show them already."""
    if before is None or before.id == latest.id:
        return frozenset()
    stems = table_stems(latest)
    return frozenset(t.name for t in latest.tables if before.table(t.name) == t
                     and (config.exports / f"{stems.get(t.name, '')}-1080x1350.png").is_file())


def _complete(config: Config) -> bool:
    """Whether an earlier sync's exports are still in the folder (someone may have cleared it)."""
    expected = {"png": "leaderboard-1080x1350.png", "txt": "leaderboard.txt", "html": "league.html",
                "pdf": "leaderboard-a4.pdf"}
    return all((config.exports / expected[fmt]).is_file() for fmt in RICH if fmt in config.formats)


def run_export(config: Config, fmt: str, event: str | None = None) -> list[Path]:
    """`league export`: one format of the latest snapshot (or of one event's standings) into the exports folder."""
    if fmt not in FORMATS:
        raise ConfigError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
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
    return write_files(config.exports, files(snap, config.branding, fmt, event), sweep=event is None)


def latest_snapshot(config: Config) -> Snapshot:
    """The newest snapshot; before the first sync, a config error saying to run one."""
    path = history_file(config)
    try:
        snap = history.latest(path)
    except history.HistoryError as exc:
        raise ConfigError(str(exc)) from None
    if snap is None:
        raise ConfigError(f"no synced standings in {path} yet; run `league sync` first")
    return snap


def run_history(config: Config, at: int | None = None, player: str | None = None) -> list[str]:
    """`league history`: every recorded sync, one of them in full, or one competitor's rank over time."""
    path = history_file(config)
    try:
        if player is not None:
            seen = history.ranks(path, player)
            if not seen:
                return [f"{player} is on no recorded leaderboard"]
            return [f"#{n}  {when:%Y-%m-%d %H:%M} UTC  rank {rank or '–'}" + (f"  move {move}" if move else "")
                    for n, when, rank, move in seen]
        if at is not None:
            snap = history.at(path, at)
            if snap is None:
                raise ConfigError(f"no sync #{at} in {path}; `league history` lists them")
            return _shown(snap)
        return [f"#{e.id}  {e.time:%Y-%m-%d %H:%M} UTC  inputs {e.fingerprint}  {e.competitors} competitors"
                + (f", leader {e.leader}" if e.leader else "") for e in history.entries(path)] or [f"no syncs recorded in {path} yet"]
    except history.HistoryError as exc:
        raise ConfigError(str(exc)) from None


def _shown(snap: Snapshot) -> list[str]:
    """One snapshot's tables: rank, name, score and move of every line."""
    lines = [f"#{snap.id}  {snap.time:%Y-%m-%d %H:%M} UTC  inputs {snap.fingerprint}"]
    for table in snap.tables:
        shown = board(table, snap.event_title(table), snap.time)
        lines.append(f"{table.name} ({shown.score_label})")
        lines += [f"  {line.rank or '–':>4}  {line.name}  {line.score}  {move_text(line.move)}".rstrip()
                  for line in shown.lines]
    return lines

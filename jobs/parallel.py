"""Drawing the exports of a sync on both cores: a forked process draws the posters and a share of the images.

The posters are the slowest group a sync draws, and fpdf2's import is most of their cost (about 0.3 s). So a sync
forks its helper as soon as its standings are ranked: while this process writes the workbook and records the
history, the helper loads the drawing libraries; then it is sent the snapshot and draws the posters and as many of
the tables' images as balance the two cores, and sends back only the files' bytes. The fork is used only where it
is safe and pays: a platform that forks, a second core, and no other thread in this process (a fork copies a lock
another thread holds, locked). Whatever goes wrong in the helper, its groups are drawn here instead."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from exporters.branding import Branding
from exporters.render import File, draw
from history.snapshot import Snapshot

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

WEIGHTS = {"pdf": 7, "png": 1}
"""What a group costs to draw, about: the posters (two PDFs) as much as seven tables' images (two PNGs each); the
captions and the page next to nothing."""
WAIT_SECONDS = 300.0
"""How long the helper may take before it is stopped and its groups are drawn here."""


class Helper:
    """The forked helper: it loads the drawing libraries as soon as it starts, then draws the one job it is sent."""

    def __init__(self) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork")
        self._pipe, theirs = context.Pipe()
        self._process: BaseProcess = context.Process(target=_helper, args=(theirs, self._pipe), daemon=True)
        self._process.start()
        theirs.close()
        self._answered = False

    def send(self, snap: Snapshot, branding: Branding, groups: list[str]) -> bool:
        """Hand the helper its groups; False if it can't be reached (it died)."""
        try:
            self._pipe.send((snap, branding, groups))
        except (OSError, ValueError):
            return False
        return True

    def received(self) -> dict[str, list[File]] | None:
        """The helper's files; None when it failed, died or took too long."""
        try:
            got: dict[str, list[File]] | None = self._pipe.recv() if self._pipe.poll(WAIT_SECONDS) else None
        except (EOFError, OSError):
            got = None
        self._answered = got is not None
        return got

    def close(self) -> None:
        """End the helper: one that answered is ending by itself; one never sent a job (a sync that drew nothing) or
        that failed is stopped, not waited for (it may still be loading its libraries)."""
        self._pipe.close()
        if not self._answered:
            self._process.kill()
        self._process.join()


@contextmanager
def helper() -> Iterator[Helper | None]:
    """A helper for this sync's drawing when the fork is safe and pays, else None; ended whatever happens."""
    started = Helper() if _fork_pays() else None
    try:
        yield started
    finally:
        if started is not None:
            started.close()


def draw_groups(
    snap: Snapshot, branding: Branding, todo: Sequence[str], beside: Helper | None = None
) -> dict[str, list[File]]:
    """Each group's files: the helper's share drawn beside the rest, when there is a helper."""
    theirs = _share(todo) if beside is not None else []
    sent = bool(theirs) and beside is not None and beside.send(snap, branding, theirs)
    made = {group: draw(snap, branding, group) for group in todo if group not in theirs}
    got = beside.received() if sent and beside is not None else None
    made.update(got or {group: draw(snap, branding, group) for group in theirs})
    return {group: made[group] for group in todo}


def _share(todo: Sequence[str]) -> list[str]:
    """The groups the helper draws: the heaviest first, each to whichever side has less to draw so far (the helper
    starts with the posters, this process keeps everything weightless)."""
    theirs: list[str] = []
    load = [0, 0]
    for group in sorted(todo, key=lambda g: -WEIGHTS.get(g.partition(":")[0], 0)):
        weight = WEIGHTS.get(group.partition(":")[0], 0)
        side = 1 if weight and load[1] <= load[0] else 0
        if side:
            theirs.append(group)
        load[side] += weight
    return theirs


def _fork_pays() -> bool:
    import multiprocessing

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores > 1 and threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods()


def _helper(pipe: Connection, ours: Connection) -> None:
    """The forked process: it ends with the sync whatever ends the sync (a `kill -9` too), then serves.

    The fork copies the sync's end of the pipe: closed here, the helper's read sees the end of the pipe once the
    sync is gone. A helper mid-draw reads nothing, so a thread also waits on the sentinel multiprocessing keeps
    for the parent (readable once the parent is gone) and ends the process then."""
    import multiprocessing

    ours.close()
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), daemon=True).start()
    _serve(pipe)


def _end_with(parent: BaseProcess) -> None:
    parent.join()  # returns once the parent is gone: no draw is wanted any more
    os._exit(0)


def _serve(pipe: Connection) -> None:
    """The helper: load what drawing needs while the sync goes on, then draw the job it is sent and send the files
    back, or None if drawing failed (this process then draws them and meets the failure itself, with its own
    handling). A pipe closed before any job (the sync failed, or drew nothing) ends it."""
    import fpdf  # noqa: F401  (the poster's library: most of what the posters cost)
    from PIL import Image, ImageDraw, ImageFont  # noqa: F401

    try:
        snap, branding, groups = pipe.recv()
    except (EOFError, OSError):
        return
    try:
        pipe.send({group: draw(snap, branding, group) for group in groups})
    except Exception:
        pipe.send(None)
    finally:
        pipe.close()

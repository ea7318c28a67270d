"""Drawing the exports of a sync on both cores: a forked process draws a share of the files while this one works.

The posters are the slowest group a sync draws, and fpdf2's import is most of their cost (about 0.2 s). So a sync
forks its helper as it starts, when the exports will draw: while this process reads and ranks, the helper loads the
drawing libraries. As soon as the standings are ranked the helper is sent the snapshot and the groups to draw,
heaviest first, and starts on them while this process writes the workbook and records the history; then both draw,
the helper taking groups from the front of the list and this process from the back, until they meet, so the two
cores stay even whichever is quicker. The helper sends back only the files' bytes. The fork is used only where it
is safe and pays: a platform that forks, a second core, and no other thread in this process (a fork copies a lock
another thread holds, locked). Whatever goes wrong in the helper, the groups it took are drawn here instead."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from exporters.branding import Branding
from exporters.render import File, draw
from history.snapshot import Snapshot

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

WEIGHTS = {"pdf": 30, "png": 4, "bracket": 2, "champion": 1}
"""What a group costs to draw, about: the posters (two PDFs) as much as seven tables' images (two PNGs each), a
bracket's images half a table's, a champion card a quarter; the captions and the page next to nothing. Only the
order matters: the heaviest are drawn first, by the helper."""
WAIT_SECONDS = 300.0
"""How long the helper may take before it is stopped and its groups are drawn here."""


class Helper:
    """The forked helper: it loads the drawing libraries as soon as it starts, then draws the groups it takes of the
    one job it is sent. Which group is whose is settled through two shared counters: the next group from the front
    (the helper's) and the end of the groups still to take (this process takes from the back)."""

    def __init__(self) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork")
        self._pipe, theirs = context.Pipe()
        self._ends: Any = context.Array("i", 2)  # [front, back]: groups todo[front:back] are still to take
        self._process: BaseProcess = context.Process(target=_helper, args=(theirs, self._pipe, self._ends), daemon=True)
        self._process.start()
        theirs.close()
        self._job: tuple[Snapshot, Branding, list[str]] | None = None
        self._answered = False

    @property
    def started(self) -> bool:
        """Whether the helper was sent its job."""
        return self._job is not None

    def start(self, snap: Snapshot, branding: Branding, todo: Sequence[str]) -> bool:
        """Hand the helper its job, the heaviest groups first; False if it can't be reached (it died) or was sent one
        already."""
        if self._job is not None:
            return False
        with self._ends.get_lock():
            self._ends[0], self._ends[1] = 0, len(todo)
        try:
            self._pipe.send((snap, branding, _heaviest_first(todo)))
        except (OSError, ValueError):
            return False
        self._job = (snap, branding, list(todo))
        return True

    def finish(self) -> dict[str, list[File]]:
        """Draw the groups left from the back until the helper's and these meet, then take the helper's files; the
        groups it took and did not send (it failed, died or took too long) are drawn here. In the order asked."""
        assert self._job is not None, "start the helper's job first"
        snap, branding, asked = self._job
        todo = _heaviest_first(asked)
        made = {}
        while (taken := _take(self._ends, front=False)) is not None:
            made[todo[taken]] = draw(snap, branding, todo[taken])
        got = self._received() or {}
        for group in todo[: self._ends[0]]:
            made[group] = got[group] if group in got else draw(snap, branding, group)
        return {group: made[group] for group in asked}

    def _received(self) -> dict[str, list[File]] | None:
        """The helper's files; None when it failed, died or took too long."""
        try:
            got: dict[str, list[File]] | None = self._pipe.recv() if self._pipe.poll(WAIT_SECONDS) else None
        except (EOFError, OSError):
            got = None
        self._answered = got is not None
        return got

    def close(self) -> None:
        """End the helper: one that answered is ending by itself; one never sent a job (a sync that drew nothing),
        whose job was not wanted after all, or that failed is stopped, not waited for (it may still be loading its
        libraries or drawing)."""
        self._pipe.close()
        if not self._answered:
            self._process.kill()
        self._process.join()


@contextmanager
def helper(wanted: bool = True) -> Iterator[Helper | None]:
    """A helper for this sync's drawing when it is `wanted` and the fork is safe and pays, else None; ended whatever
    happens."""
    started = Helper() if wanted and _fork_pays() else None
    try:
        yield started
    finally:
        if started is not None:
            started.close()


def draw_groups(
    snap: Snapshot, branding: Branding, todo: Sequence[str], beside: Helper | None = None
) -> dict[str, list[File]]:
    """Each group's files: with the helper drawing beside this process, when there is one and it was not sent
    another job."""
    if beside is not None and todo and beside.start(snap, branding, todo):
        return beside.finish()
    return {group: draw(snap, branding, group) for group in todo}


def _heaviest_first(todo: Sequence[str]) -> list[str]:
    """The groups in the order the helper takes them from the front (and this process from the back): the same list
    on both sides, the sort being stable."""
    return sorted(todo, key=lambda group: -WEIGHTS.get(group.partition(":")[0], 0))


def _take(ends: Any, front: bool) -> int | None:
    """The index of the next group to draw, from the front (the helper) or the back (this process); None once
    every group is taken."""
    with ends.get_lock():
        if ends[0] >= ends[1]:
            return None
        if front:
            ends[0] += 1
            return int(ends[0]) - 1
        ends[1] -= 1
        return int(ends[1])


def _fork_pays() -> bool:
    import multiprocessing

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores > 1 and threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods()


def _helper(pipe: Connection, ours: Connection, ends: Any) -> None:
    """The forked process: it ends with the sync whatever ends the sync (a `kill -9` too), then serves.

    The fork copies the sync's end of the pipe: closed here, the helper's read sees the end of the pipe once the
    sync is gone. A helper mid-draw reads nothing, so a thread also waits on the sentinel multiprocessing keeps
    for the parent (readable once the parent is gone) and ends the process then."""
    import multiprocessing

    ours.close()
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), daemon=True).start()
    _serve(pipe, ends)


def _end_with(parent: BaseProcess) -> None:
    parent.join()  # returns once the parent is gone: no draw is wanted any more
    os._exit(0)


def _serve(pipe: Connection, ends: Any) -> None:
    """The helper: load what drawing needs while the sync goes on, then draw the groups it takes from the front of
    the job it is sent and send their files back, or None if drawing failed (this process then draws them and meets
    the failure itself, with its own handling). A pipe closed before any job (the sync failed, or drew nothing)
    ends it."""
    import fpdf  # noqa: F401  (the poster's library: most of what the posters cost)
    from PIL import Image, ImageDraw, ImageFont  # noqa: F401

    try:
        snap, branding, todo = pipe.recv()
    except (EOFError, OSError):
        return
    try:
        made = {}
        while (taken := _take(ends, front=True)) is not None:
            made[todo[taken]] = draw(snap, branding, todo[taken])
        pipe.send(made)
    except Exception:
        pipe.send(None)
    finally:
        pipe.close()

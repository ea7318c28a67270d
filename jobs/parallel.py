"""Drawing the exports of a sync on both cores: the posters in a forked process while this one draws the rest.

The posters are the slowest group a sync draws (fpdf2's import and two PDFs: about a second for a 2,000-player
league, a third of a first sync), and they need nothing the other groups make. A forked process inherits the
snapshot as it is, so nothing is copied to it; it sends back only the files' bytes. The fork is used only where it
is safe and pays: a platform that forks, a second core, and no other thread in this process (a fork copies a lock
another thread holds, locked). Whatever goes wrong in the forked process, the posters are drawn here instead."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from exporters.branding import Branding
from exporters.render import File, draw
from exporters.snapshot import Snapshot

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

BESIDE = ("pdf",)
"""The groups drawn in the forked process."""
WAIT_SECONDS = 300.0
"""How long the forked process may take before it is stopped and its groups are drawn here."""


def draw_groups(snap: Snapshot, branding: Branding, todo: Sequence[str]) -> dict[str, list[File]]:
    """Each group's files, the posters beside the rest when the fork is safe and pays."""
    beside = [group for group in todo if group in BESIDE]
    if not beside or not _fork_pays():
        return {group: draw(snap, branding, group) for group in todo}
    import multiprocessing

    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_draw_into, args=(send, snap, branding, beside), daemon=True)
    child.start()
    send.close()
    made = {group: draw(snap, branding, group) for group in todo if group not in beside}
    made.update(_received(receive, child) or {group: draw(snap, branding, group) for group in beside})
    return {group: made[group] for group in todo}


def _fork_pays() -> bool:
    import multiprocessing

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores > 1 and threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods()


def _draw_into(send: Connection, snap: Snapshot, branding: Branding, groups: list[str]) -> None:
    """The forked process: draw the groups and send their files, or nothing if drawing failed (the parent then
    draws them and meets the failure itself, with its own handling)."""
    try:
        send.send({group: draw(snap, branding, group) for group in groups})
    except Exception:
        send.send(None)
    finally:
        send.close()


def _received(receive: Connection, child: BaseProcess) -> dict[str, list[File]] | None:
    """What the forked process sent; None when it failed, died or took too long (then it is stopped)."""
    try:
        got: dict[str, list[File]] | None = receive.recv() if receive.poll(WAIT_SECONDS) else None
    except (EOFError, OSError):
        got = None
    finally:
        receive.close()
    if got is None and child.is_alive():
        child.kill()
    child.join()
    return got

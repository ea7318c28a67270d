"""A sync whose helper starts drawing as the workbook is written leaves the files a sync on one core leaves, byte for
byte: on its first sync, on one that changed the standings and on one that changed nothing (which draws nothing);
and when the history's time turns out other than planned, the helper's work is set aside and drawn here."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

import history
from exporters.branding import Branding
from history.snapshot import Snapshot
from jobs import parallel
from jobs.sync_job import run_sync
from tests.jobs.test_history_sync import T1, lift_someone, new_league
from tests.jobs.test_stale_exports import _files

T2, T3 = T1 + dt.timedelta(days=1), T1 + dt.timedelta(days=2)


def three_syncs(folder: Path, forked: bool) -> tuple[list[dict[str, bytes]], list[int]]:
    """The exports after each of three syncs (the first, a change, no change), and how many groups the helper was
    handed at each."""
    handed: list[int] = []
    start = parallel.Helper.start

    def counted(self: parallel.Helper, snap: Snapshot, branding: Branding, todo: list[str]) -> bool:
        handed.append(len(todo))
        return start(self, snap, branding, todo)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(parallel, "_fork_pays", lambda: forked)
        patch.setattr(parallel.Helper, "start", counted)
        config, book = new_league(folder)
        seen = []
        for now in (T1, T2, T3):
            if now == T2:
                lift_someone(book)
            run_sync(config, book, now=now)
            seen.append(_files(config))
    return seen, handed


def test_the_helper_drawing_as_the_workbook_is_written_draws_what_one_core_draws(tmp_path: Path) -> None:
    alone, none = three_syncs(tmp_path / "one", forked=False)
    beside, handed = three_syncs(tmp_path / "two", forked=True)
    assert none == [] and len(handed) == 2 and min(handed) > 1, (
        "handed every group of the first two syncs, none of the third"
    )
    assert beside == alone
    assert beside[2] == beside[1], "a sync that changed nothing draws nothing"


def test_a_plan_that_the_history_overtook_is_drawn_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    alone, _ = three_syncs(tmp_path / "one", forked=False)
    stamped = history.stamped

    def overtaken(path: Path, snapshot: Snapshot) -> tuple[dt.datetime, str]:
        return stamped(path, snapshot)[0] - dt.timedelta(hours=1), stamped(path, snapshot)[1]

    monkeypatch.setattr(history, "stamped", overtaken)
    drawn_here = []
    draw = parallel.draw
    monkeypatch.setattr(parallel, "draw", lambda *args: drawn_here.append(args[2]) or draw(*args))
    beside, handed = three_syncs(tmp_path / "two", forked=True)
    assert beside == alone
    assert handed and len(drawn_here) >= sum(handed[:2]), "every group drawn again in this process"

"""A short kill soak (`benchmarks/bench_kill.py`): after `league sync` is killed (SIGKILL) at random moments, one more
sync leaves the exports a clean run leaves, every file byte for byte."""

from __future__ import annotations

from pathlib import Path

from benchmarks.bench_kill import soak


def test_one_more_sync_after_each_kill_leaves_the_exports_of_a_clean_run(tmp_path: Path) -> None:
    figures = soak(6, seed=1, root=tmp_path)
    assert figures.kills == 6 and figures.mismatches == []

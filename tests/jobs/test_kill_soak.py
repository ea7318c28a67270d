"""A short kill soak (`benchmarks/bench_kill.py`): after `league sync` is killed (SIGKILL) at random moments, one more
sync leaves the exports a clean run leaves, every file byte for byte."""

from __future__ import annotations

from pathlib import Path

from benchmarks.bench_kill import soak


def test_one_more_sync_after_each_kill_leaves_the_exports_of_a_clean_run(tmp_path: Path) -> None:
    """Four kills, one in each quarter of the time a whole sync takes: starting up, reading and writing the workbook,
    recording the history, drawing the exports (the unit tests of `tests/jobs/test_stale_exports.py` kill at each
    place of the export loop)."""
    figures = soak(4, seed=1, root=tmp_path)
    assert figures.kills == 4 and figures.mismatches == []

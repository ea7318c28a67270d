"""The benchmark scripts keep working: each runs at its smoke size (figures are printed, not asserted)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


@pytest.mark.parametrize(
    "script",
    [
        ["bench_ranking.py", "--quick"],
        ["bench_magic.py", "--quick"],
        ["bench_players.py", "--quick"],
        ["bench_sync.py", "--quick", "--no-cli"],
        ["bench_sheets.py", "--quick"],
        ["bench_read.py", "--quick"],
        ["bench_soak.py", "--quick"],
        ["bench_exports.py", "--quick"],
        ["bench_pairing.py", "--quick"],
        ["bench_stats.py", "--quick"],
        ["bench_live.py", "--quick"],
        ["bench_ratings.py", "--quick"],
        ["bench_federation.py", "--quick"],
    ],
)
def test_benchmark_runs_at_smoke_size(script: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script[0]), *script[1:]],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert " s" in done.stdout
    if "problems" in done.stdout:
        assert "problems 0" in done.stdout
    if script[0] == "bench_sheets.py":
        assert done.stdout.count("league sync (3 requests)   first sync:   3 requests") == 1

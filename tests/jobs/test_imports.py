"""The CLI answers without loading what its command does not need: an offline league never imports the Google stack."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

GOOGLE_STACK = ("gspread", "google.auth", "google.oauth2", "requests")
ROOT = Path(__file__).parents[2]


def _loaded(code: str, cwd: Path = ROOT) -> set[str]:
    probe = f"{code}\nimport sys\nprint('MODULES', ' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    return set(out.stdout.rpartition("MODULES ")[2].split())


def test_importing_the_cli_loads_no_google_pandas_or_openpyxl() -> None:
    loaded = _loaded("import jobs.cli")
    assert not loaded & {*GOOGLE_STACK, "pandas", "openpyxl"}


def test_an_offline_sync_and_check_load_no_google_stack_nor_openpyxl(tmp_path: Path) -> None:
    run = (
        "from jobs.cli import app\nimport contextlib\n"
        "for args in {commands}:\n"
        "    with contextlib.suppress(SystemExit):\n"
        "        app(args)"
    )
    _loaded(run.format(commands="(['init'],)"), cwd=tmp_path)
    loaded = _loaded(run.format(commands="(['check'], ['sync'])"), cwd=tmp_path)
    assert (tmp_path / "exports" / "leaderboard.csv").is_file(), "the sync ran"
    assert not loaded & {
        *GOOGLE_STACK,
        "openpyxl",
        "pydantic",
        "pandas",
    }  # calamine reads, the part-by-part writer writes


def test_the_notebook_api_and_league_stats_load_no_pandas_until_asked(tmp_path: Path) -> None:
    """`import league` costs nothing; pandas comes with `league.open`
    alone (the sync and `league stats` never load it)."""
    assert "pandas" not in _loaded("import league")
    run = "from jobs.cli import app\nimport contextlib\nwith contextlib.suppress(SystemExit):\n    app(['{command}'])"
    _loaded(run.format(command="init"), cwd=tmp_path)
    assert "pandas" not in _loaded(run.format(command="stats"), cwd=tmp_path)
    assert "pandas" in _loaded("import league\nleague.open('league.toml').stats()", cwd=tmp_path)

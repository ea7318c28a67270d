"""`league federation sync`: every league synced as `league sync` does, one failure never stopping the others, the
worst code returned, the series written, and leagues on Google kept within one shared quota (no 429)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jobs.cli import app
from jobs.errors import ExitCode
from jobs.federation_config import load_federation
from jobs.federation_job import run_federation
from sync.quota import SharedQuota, shared_quotas
from sync.xlsx import XlsxWorkbook
from tests.support.federation import federation_toml, sheets_store, xlsx_store
from tests.support.sheets_server import Quota, SheetsServer


def test_each_league_gets_its_line_a_broken_one_stops_no_other_and_the_worst_code_is_returned(tmp_path: Path) -> None:
    for store in ("cebu", "makati"):
        xlsx_store(tmp_path, store)
    broken = tmp_path / "stores" / "davao"
    broken.mkdir(parents=True)
    (broken / "league.toml").write_text('ruleset = "gl-unmatched"\nworkbook = "gone.xlsx"\n', encoding="utf-8")
    federation_toml(tmp_path)
    result = CliRunner().invoke(app, ["federation", "sync", str(tmp_path), "--workers", "1"])
    lines = result.output.splitlines()
    assert "cebu: synced, 0 error(s), 1 warning(s)" in lines and "makati: synced, 0 error(s), 1 warning(s)" in lines
    assert any(line.startswith("davao: failed: ") and "gone.xlsx" in line for line in lines)
    assert result.exit_code == ExitCode.BACKEND
    assert "series not updated: 1 league(s) failed (davao)" in result.output
    assert not (tmp_path / "series.xlsx").exists(), "a series without davao's places would mislead"


def test_the_series_tab_images_caption_and_page_are_written(tmp_path: Path) -> None:
    for store in ("cebu", "makati"):
        xlsx_store(tmp_path, store)
    federation_toml(tmp_path)
    result = CliRunner().invoke(app, ["federation", "sync", str(tmp_path), "--workers", "2"])
    assert result.exit_code == ExitCode.CLEAN, result.output
    grid = XlsxWorkbook(tmp_path / "series.xlsx").read(["Series"])["Series"]
    assert grid[0] == ["Rank", "Player", "Points", "Events", "cebu", "makati"]
    first = [row for row in grid[1:] if row[0] == 1]
    assert len(first) == 4 and {row[2] for row in first} == {28}, "a tie on points shares its rank"
    assert "share place 1 on 28 points: the organiser decides" in result.output
    names = {p.name for p in (tmp_path / "exports").iterdir()}
    assert {"leaderboard-1080x1350.png", "leaderboard.txt", "league.html"} <= names
    assert (tmp_path / "exports" / "leaderboard.txt").read_text(encoding="utf-8").startswith("Luzon Unmatched Series")


def test_federation_toml_is_checked_naming_the_key(tmp_path: Path) -> None:
    federation_toml(tmp_path, leagues='["nowhere/*/league.toml"]')
    result = CliRunner().invoke(app, ["federation", "sync", str(tmp_path)])
    assert (
        result.exit_code == ExitCode.USAGE
        and "`leagues` entry 'nowhere/*/league.toml' matches no file" in result.output
    )
    xlsx_store(tmp_path, "cebu")
    federation_toml(tmp_path, extra="[quota]\nreads_per_minute = 0")
    with pytest.raises(Exception, match=r"\[quota\] reads_per_minute must be a whole number"):
        load_federation(tmp_path)


class FastClock:
    """Minutes passing 10 times faster than real ones, read alike by every thread: the quota's window in a test.

    Not faster: the quota's second of margin (a request reaches Google a moment after it is counted) must stay longer
    than a request's way to the server on a loaded machine, here 100 ms (at 200 times, 5 ms was once too short; at
    30 times, 33 ms was too short with three test workers on two cores)."""

    SPEED = 10.0

    def __init__(self) -> None:
        self.start = time.monotonic()

    def clock(self) -> float:
        return (time.monotonic() - self.start) * self.SPEED

    def sleep(self, seconds: float) -> None:
        time.sleep(max(0.0, seconds) / self.SPEED)


class FastQuotas:
    """The one-machine quotas (a file per account) on the fast clock."""

    def __init__(self, folder: Path, reads: int, writes: int, fast: FastClock) -> None:
        self.folder, self.reads, self.writes, self.fast = folder, reads, writes, fast

    def quotas(self, account: str) -> tuple[SharedQuota, SharedQuota]:
        return shared_quotas(self.folder, account, self.reads, self.writes, self.sleep, self.clock)

    def sleep(self, seconds: float) -> None:
        self.fast.sleep(seconds)

    def clock(self) -> float:
        return self.fast.clock()


def test_leagues_on_google_share_one_quota_across_worker_processes_and_google_never_answers_429(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    fast = FastClock()
    sheets_server.quota = quota = Quota(reads=12, writes=12, window=60.0, clock=fast.clock)
    for at in range(10):
        sheets_store(tmp_path, f"store-{at}", sheets_server, service_account_file)
    federation_toml(tmp_path, extra="[quota]\nreads_per_minute = 12\nwrites_per_minute = 12")
    fed = load_federation(tmp_path)
    result = run_federation(fed, 2, FastQuotas(tmp_path / "quota", 12, 12, fast))
    assert [o.code for o in result.leagues] == [ExitCode.CLEAN] * 10, [o.line for o in result.leagues]
    assert quota.refused == 0, "Google never answered 429"
    assert sheets_server.count("GET") == 20 and sheets_server.count(":batchUpdate") == 10, "each league synced once"
    assert fast.clock() >= 60.0, "20 reads at 12 a minute took more than a minute"


def test_the_series_goes_to_a_google_spreadsheet_when_the_federation_names_one(
    tmp_path: Path, sheets_server: SheetsServer, service_account_file: Path
) -> None:
    for store in ("cebu", "makati"):
        xlsx_store(tmp_path, store)
    sheets_server.add_spreadsheet("series-sheet", {"Notes": [["kept"]]})
    federation_toml(tmp_path)
    text = (
        (tmp_path / "federation.toml")
        .read_text(encoding="utf-8")
        .replace(
            'workbook = "series.xlsx"',
            f'spreadsheet_id = "series-sheet"\ncredentials = "{service_account_file}"\n'
            f'sheets_api = "{sheets_server.url}"',
        )
    )
    (tmp_path / "federation.toml").write_text(text, encoding="utf-8")
    result = run_federation(load_federation(tmp_path), 1)
    assert result.code == ExitCode.CLEAN, result.series_said
    assert sheets_server.tab_names("series-sheet") == ["Notes", "Series"]
    assert sheets_server.values("series-sheet", "Series")[0] == ["Rank", "Player", "Points", "Events", "cebu", "makati"]

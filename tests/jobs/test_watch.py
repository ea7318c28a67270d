"""`league watch` on `.xlsx`: a sync when the judges' tabs change and only then, one line each, a workbook caught
mid-save tried again, an interval below the minimum refused, SIGTERM ending the watch with exit 0. The loop runs on
a test clock (`StepClock`): its waits are where the judges type."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from typer.testing import CliRunner

from jobs import watch_job
from jobs.cli import app
from jobs.errors import ExitCode
from jobs.config import Config, load_config
from jobs.pair_job import run_pair
from jobs.sync_job import run_check, run_sync
from jobs.watch_job import Stopped, Watcher, WatchOptions, source_of
from league.cells import as_text
from league.lifecycle import Phase
from sync.open import open_workbook
from tests.support.judges import Judge, new_league, play_bracket, rows_of

PLAYERS = [f"Player {chr(ord('A') + i)}{chr(ord('a') + i)}" for i in range(16)]
EVENT = "W1"
RESULTS = f"Results {EVENT}"


class StepClock:
    """The watch's time in tests: each wait moves it on and runs `step(now)`, which stops the watch by returning False."""

    def __init__(self, step: Callable[[float], bool]) -> None:
        self.now = 1000.0
        self.step = step
        self.waits: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds
        if not self.step(self.now):
            raise Stopped


def csv_only(config: Config) -> Config:
    """The league exporting only CSV: images on every sync would only slow the test down."""
    with config.path.open("a", encoding="utf-8") as toml:
        toml.write('export_formats = ["csv"]\n')
    return load_config(config.path)


def magic_weekly(backend: str, folder: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Config, Judge]]:
    """A 16-player Magic weekly (4 Swiss rounds, a top 8), round 1 paired by `league pair`."""
    for config, judge in new_league(backend, folder, "ogaming-mtg", [EVENT], request):
        config = csv_only(config)
        judge.type("Events", {(2, "Date"): "2026-03-14"})
        open_workbook(config).add_rows("Players", [{"Player": p, "Event": EVENT, "Account Standing": "Good"} for p in PLAYERS])
        assert run_pair(config, open_workbook(config), EVENT).written
        yield config, judge


def type_round(judge: Judge, round_: int) -> int:
    """Type every result of the round still empty (A wins 2-1 at odd tables, B 2-0 at even); returns how many."""
    typed = {}
    for row, cells in rows_of(judge.read(RESULTS), round_):
        if as_text(cells.get("Player B")) and not as_text(cells.get("Wins A")):
            odd = int(as_text(cells.get("Table")) or 0) % 2
            typed[(row, "Wins A")], typed[(row, "Wins B")] = (2, 1) if odd else (0, 2)
    judge.type(RESULTS, typed)
    return len(typed)


@pytest.fixture
def xlsx_weekly(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Config, Judge]]:
    yield from magic_weekly("xlsx", tmp_path, request)


def watcher(config: Config, clock: StepClock, lines: list[str], *auto_pair: str, interval: float = 5.0) -> Watcher:
    return Watcher(config, WatchOptions(interval, auto_pair), source_of(config, clock), clock, lines.append)


def test_it_syncs_when_the_results_change_and_only_then(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, judge = xlsx_weekly
    lines: list[str] = []

    def step(now: float) -> bool:
        if len(clock.waits) == 3:
            type_round(judge, 1)
        return len(clock.waits) < 8

    clock = StepClock(step)
    watcher(config, clock, lines).run()
    assert lines == ["18:00:30 synced (first sync): 0 error(s), 0 warning(s)",
                     "18:00:30 synced (Results W1 changed): 0 error(s), 0 warning(s)"]
    assert clock.waits == [5.0] * 8, "a poll every interval, whatever it did"
    log = open_workbook(config).read(["Sync Log"])["Sync Log"]
    assert [as_text(r[-1]) for r in log[1:]].count("synced, 0 error(s)") == 2, "a sync when something changed, only then"


def test_a_workbook_caught_mid_save_is_tried_again(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, judge = xlsx_weekly
    assert config.workbook is not None
    whole = config.workbook.read_bytes()
    lines: list[str] = []

    def step(now: float) -> bool:
        if len(clock.waits) == 1:
            type_round(judge, 1)
            saved = config.workbook.read_bytes()  # type: ignore[union-attr]
            config.workbook.write_bytes(saved[: len(saved) // 2])  # type: ignore[union-attr]
            step.saved = saved  # type: ignore[attr-defined]
        if len(clock.waits) == 2:
            config.workbook.write_bytes(step.saved)  # type: ignore[union-attr,attr-defined]
        return len(clock.waits) < 4

    clock = StepClock(step)
    watcher(config, clock, lines).run()
    assert whole
    assert lines[0].endswith("synced (first sync): 0 error(s), 0 warning(s)")
    assert "not synced" in lines[1] and "not a readable .xlsx workbook" in lines[1]
    assert lines[2] == "18:00:30 synced (Results W1 changed): 0 error(s), 0 warning(s)"
    assert len(lines) == 3
    assert watch_job.BACKOFF_BASE <= clock.waits[1] <= 2 * watch_job.BACKOFF_BASE, "a failed poll waits, then tries again"


def test_an_interval_below_the_minimum_is_refused(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, _ = xlsx_weekly
    done = CliRunner().invoke(app, ["watch", str(config.path), "--interval", "4"])
    assert done.exit_code == ExitCode.USAGE
    assert "--interval 4 is below 5 seconds" in done.stderr


def test_sigterm_ends_the_watch_with_exit_0(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, _ = xlsx_weekly
    watching = subprocess.Popen([sys.executable, "-c", "from jobs.cli import main; main()", "watch", str(config.path)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env={**os.environ, "COLUMNS": "200"})
    assert watching.stdout is not None
    first = watching.stdout.readline()
    assert "synced (first sync)" in first
    watching.send_signal(signal.SIGTERM)
    out, err = watching.communicate(timeout=30)
    assert watching.returncode == 0, err
    assert not err


BRACKET = f"Bracket {EVENT}"


def judges_at_work(judge: Judge, rng: random.Random) -> Callable[[], bool]:
    """The judges during the weekly: every wait, they type the results of the round under way, then the bracket's
    games as matches become known; False once the final has its games."""
    def work() -> bool:
        results = judge.read(RESULTS)
        last = max(int(as_text(cells["Round"])) for _, cells in rows_of(results))
        if type_round(judge, last):
            return True
        tabs = judge.read(BRACKET) if last == 4 else []
        if tabs and not play_bracket(judge, BRACKET, rng):
            return not any(as_text(c.get("Round")) == "3" and as_text(c.get("Winner")) for _, c in rows_of(tabs))
        return True
    return work


def rounds_typed(judge: Judge) -> dict[int, int]:
    """Round -> how many rows the results tab has for it."""
    return dict(Counter(int(as_text(cells["Round"])) for _, cells in rows_of(judge.read(RESULTS))))


def test_auto_pair_plays_the_weekly_to_its_champion(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, judge = xlsx_weekly
    lines: list[str] = []
    work = judges_at_work(judge, random.Random(3))
    finished: list[float] = []

    def step(now: float) -> bool:
        if not finished and not work():
            finished.append(now)
        return not finished or now < finished[0] + 20  # a few polls more: nothing else happens

    clock = StepClock(step)
    watcher(config, clock, lines, EVENT).run()
    assert rounds_typed(judge) == {1: 8, 2: 8, 3: 8, 4: 8}, "every round once, 16 players: no byes"
    made = [line.split(" ", 1)[1] for line in lines if " paired " in line or " seeded " in line]
    assert [m.split(" (seed")[0] for m in made] == ["paired W1 round 2", "paired W1 round 3", "paired W1 round 4",
                                                    "seeded Bracket W1: 8 competitors"]
    log = [as_text(r[-1]) for r in open_workbook(config).read(["Sync Log"])["Sync Log"]]
    assert [o.split(",")[0] for o in log if o.startswith("paired")] == [f"paired W1 round {n}" for n in range(1, 5)]
    states = run_check(config, open_workbook(config)).states[EVENT]
    assert states.phase is Phase.COMPLETE and states.champion
    assert lines[-1].endswith("synced (Bracket W1 changed): 0 error(s), 0 warning(s)"), "the final synced, then quiet"


def test_a_round_is_never_paired_twice_by_two_watchers_or_a_restart(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, judge = xlsx_weekly
    lines: list[str] = []
    clock = StepClock(lambda now: True)
    first, second = watcher(config, clock, lines, EVENT), watcher(config, clock, lines, EVENT)
    first.poll()
    second.poll()
    type_round(judge, 1)
    stale = run_sync(config, open_workbook(config)).evaluation  # what the second watcher saw: round 1 complete
    first.poll()
    assert rounds_typed(judge) == {1: 8, 2: 8}
    assert not second.advance(stale, EVENT), "under the lock, from a fresh read, round 2 is already paired"
    second.poll()
    watcher(config, clock, lines, EVENT).poll()  # a restart
    assert rounds_typed(judge) == {1: 8, 2: 8}
    assert sum(" paired " in line for line in lines) == 1
    assert any("W1 waits: round 2 is unfinished" in line for line in lines), lines

"""`league watch` on `.xlsx`: a sync when the judges' tabs change and only then, one line each, a workbook caught
mid-save tried again, an interval below the minimum refused, SIGTERM ending the watch with exit 0. The loop runs on
a test clock (`StepClock`): its waits are where the judges type."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from html import escape
from pathlib import Path
from typing import TypeVar

import pytest
from typer.testing import CliRunner

from jobs import watch_changes, watch_job
from jobs.bracket_job import run_bracket
from jobs.cli import app, bare_serve, main
from jobs.config import Config
from jobs.errors import ExitCode
from jobs.pair_job import run_pair
from jobs.sync_job import run_check, run_sync
from jobs.watch_changes import Source, source_of
from jobs.watch_clock import StopClock, Stopped
from jobs.watch_job import Watcher, WatchOptions, _signals, watch_league
from league.cells import as_text
from league.lifecycle import Phase
from league.sheet import Changes
from sync.open import open_workbook
from sync.quota import READS_PER_MINUTE
from sync.workbook import Workbook
from tests.support.google_league import SHEET_ID
from tests.support.judges import Judge, csv_only, new_league, play_bracket, rows_of
from tests.support.sheets_server import SheetsServer
from tests.support.sheets_server.faults import Fault

T = TypeVar("T")
PLAYERS = [f"Player {chr(ord('A') + i)}{chr(ord('a') + i)}" for i in range(16)]
EVENT = "W1"
RESULTS = f"Results {EVENT}"


class StepClock:
    """The watch's time in tests: each wait moves it on and runs `step(now)`,
    which stops the watch by returning False."""

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

    def stopping(self) -> bool:
        return False


def magic_weekly(backend: str, folder: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Config, Judge]]:
    """A 16-player Magic weekly (4 Swiss rounds, a top 8), round 1 paired by `league pair`."""
    for config, judge in new_league(backend, folder, "ogaming-mtg", [EVENT], request):
        config = csv_only(config)
        judge.type("Events", {(2, "Date"): "2026-03-14"})
        open_workbook(config).add_rows(
            "Players", [{"Player": p, "Event": EVENT, "Account Standing": "Good"} for p in PLAYERS]
        )
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
    return Watcher(
        config,
        WatchOptions(interval, auto_pair),
        source_of(config, clock, random.Random(1)),
        clock,
        lines.append,
        rng=random.Random(2),
    )


def test_it_syncs_when_the_results_change_and_only_then(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, judge = xlsx_weekly
    lines: list[str] = []

    def step(now: float) -> bool:
        if len(clock.waits) == 3:
            type_round(judge, 1)
        return len(clock.waits) < 8

    clock = StepClock(step)
    watcher(config, clock, lines).run()
    assert lines == [
        "18:00:30 synced (first sync): 0 error(s), 0 warning(s)",
        "18:00:30 synced (Results W1 changed): 0 error(s), 0 warning(s)",
    ]
    assert clock.waits == [5.0] * 8, "a poll every interval, whatever it did"
    log = open_workbook(config).read(["Sync Log"])["Sync Log"]
    assert [as_text(r[-1]) for r in log[1:]].count("synced, 0 error(s)") == 2, (
        "a sync when something changed, only then"
    )


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
    assert lines[1] == "18:00:30 not synced: the workbook was caught while being saved; trying again"
    assert lines[2] == "18:00:30 synced (Results W1 changed): 0 error(s), 0 warning(s)"
    assert len(lines) == 3
    assert watch_job.BACKOFF_BASE <= clock.waits[1] <= 2 * watch_job.BACKOFF_BASE, (
        "a failed poll waits, then tries again"
    )


def test_a_change_not_synced_while_the_workbook_is_open_in_excel_is_synced_once_it_is_closed(
    xlsx_weekly: tuple[Config, Judge],
) -> None:
    config, judge = xlsx_weekly
    assert config.workbook is not None
    lock = config.workbook.with_name(f".~lock.{config.workbook.name}#")
    lines: list[str] = []

    def step(now: float) -> bool:
        if len(clock.waits) == 1:  # LibreOffice opens it, a judge types and saves
            lock.write_text("judge,laptop")
            type_round(judge, 1)
        if len(clock.waits) == 2:  # closed again: nothing changes in the workbook after this
            lock.unlink()
        return len(clock.waits) < 5

    clock = StepClock(step)
    watcher(config, clock, lines).run()
    assert "not synced" in lines[1] and "is open in Excel or LibreOffice" in lines[1], lines
    assert lines[2:] == ["18:00:30 synced (Results W1 changed): 0 error(s), 0 warning(s)"], "synced once it could be"
    assert clock.waits[1] < 5.0, "tried again at the backoff time, not at the next change"


def test_a_pairing_stopped_by_excel_is_said_once_as_a_pairing_and_tried_again_without_syncing_again(
    xlsx_weekly: tuple[Config, Judge],
) -> None:
    config, judge = xlsx_weekly
    assert config.workbook is not None
    lock = config.workbook.with_name(f".~lock.{config.workbook.name}#")
    lines: list[str] = []

    def step(now: float) -> bool:
        if len(clock.waits) == 1:
            type_round(judge, 1)
        if len(clock.waits) == 4:  # closed again
            lock.unlink()
        return len(clock.waits) < 6

    def opened(result: object) -> None:  # a judge opens it in LibreOffice right after the round's sync
        if len(clock.waits) == 1:
            lock.write_text("judge,laptop")

    clock = StepClock(step)
    watch = watcher(config, clock, lines, EVENT)
    watch.synced = opened
    watch.run()
    assert lines[:2] == [
        "18:00:30 synced (first sync): 0 error(s), 0 warning(s)",
        "18:00:30 synced (Results W1 changed): 0 error(s), 0 warning(s)",
    ]
    assert lines[2].startswith("18:00:30 W1 round 2 not paired: ") and "is open in Excel or LibreOffice" in lines[2], (
        lines
    )
    assert lines[3:] == [
        "18:00:30 paired W1 round 2 (seed 1887043060): 8 rows added",
        "18:00:30 synced (Results W1 changed): 0 error(s), 0 warning(s)",
    ], "each event said once"
    log = open_workbook(config).read(["Sync Log"])["Sync Log"]
    assert [as_text(r[-1]) for r in log[1:]].count("synced, 0 error(s)") == 3, "the round synced once, not again"


def test_a_workbook_that_stays_unreadable_is_said_as_it_is(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, _ = xlsx_weekly
    assert config.workbook is not None
    whole = config.workbook.read_bytes()
    lines: list[str] = []

    def step(now: float) -> bool:
        if len(clock.waits) == 1:
            config.workbook.write_bytes(whole[: len(whole) // 2])  # type: ignore[union-attr]
        return len(clock.waits) < 6

    clock = StepClock(step)
    watcher(config, clock, lines).run()
    assert lines[1:] == [
        "18:00:30 not synced: the workbook was caught while being saved; trying again",
        f"18:00:30 not synced: {config.workbook} is not a readable .xlsx workbook (File is not a zip file); save it as "
        ".xlsx from Excel or LibreOffice, or point `workbook` in league.toml at the right file; "
        "trying again, less often while it fails",
    ]


def test_an_interval_below_the_minimum_is_refused(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, _ = xlsx_weekly
    done = CliRunner().invoke(app, ["watch", str(config.path), "--interval", "4"])
    assert done.exit_code == ExitCode.USAGE
    assert "--interval 4 is below 5 seconds" in done.stderr


@pytest.mark.parametrize(
    "interval, said",
    [
        ("nan", "--interval nan is not a number of seconds: use a number from 5 to 3600"),
        ("inf", "--interval inf is not a number of seconds"),
        ("-inf", "--interval -inf is not a number of seconds"),
        ("3601", "--interval 3601 is above 3600 seconds"),
    ],
)
def test_an_interval_that_is_no_number_of_seconds_or_too_long_is_refused(
    xlsx_weekly: tuple[Config, Judge], interval: str, said: str
) -> None:
    config, _ = xlsx_weekly
    done = CliRunner().invoke(app, ["watch", str(config.path), "--interval", interval])
    assert done.exit_code == ExitCode.USAGE, done.output
    assert said in " ".join(done.stderr.split())


@pytest.mark.parametrize(
    "args, served",
    [
        (["--serve"], "127.0.0.1:8000"),
        (["--serve", "--interval", "5"], "127.0.0.1:8000"),
        (["--serve", "9000"], "9000"),
        (["--serve", "0.0.0.0:8001", "--auto-pair", "W1"], "0.0.0.0:8001"),
    ],
)
def test_a_bare_serve_serves_at_the_default_address(args: list[str], served: str) -> None:
    assert bare_serve(["watch", "league.toml", *args]) == [
        "watch",
        "league.toml",
        *args[:1],
        served,
        *args[2 if served != "127.0.0.1:8000" else 1 :],
    ]
    assert bare_serve(["pair", "--serve"]) == ["pair", "--serve"], "only the watch has --serve"


def test_league_watch_with_a_bare_serve_runs(
    xlsx_weekly: tuple[Config, Judge], capsys: pytest.CaptureFixture[str]
) -> None:
    config, _ = xlsx_weekly
    with pytest.raises(SystemExit) as done:  # W9 stops it after its pages start, before its first sync
        main(["watch", str(config.path), "--auto-pair", "W9", "--serve"])
    assert done.value.code == ExitCode.USAGE
    printed = capsys.readouterr()
    assert "requires an argument" not in printed.err
    assert "127.0.0.1:8000" in printed.out + printed.err  # served there, or said to be taken


def test_sigterm_ends_the_watch_with_exit_0(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, _ = xlsx_weekly
    # From the repository's folder: `python -c` imports from the current folder first, which another test may have
    # left in a league folder (a `league/` there would stand for the package).
    watching = subprocess.Popen(
        [sys.executable, "-c", "from jobs.cli import main; main()", "watch", str(config.path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
        cwd=Path(__file__).parents[2],
    )
    assert watching.stdout is not None
    first = watching.stdout.readline()
    if not first:  # the watch ended before its first line: show why
        out, err = watching.communicate(timeout=30)
        pytest.fail(f"the watch ended (exit {watching.returncode}) before its first sync: {out}{err}")
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


@pytest.fixture(params=["xlsx", "sheets"])
def weekly(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Config, Judge]]:
    yield from magic_weekly(request.param, tmp_path, request)


def test_auto_pair_plays_the_weekly_to_its_champion(weekly: tuple[Config, Judge]) -> None:
    config, judge = weekly
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
    assert [m.split(" (seed")[0] for m in made] == [
        "paired W1 round 2",
        "paired W1 round 3",
        "paired W1 round 4",
        "seeded Bracket W1: 8 competitors",
    ]
    log = [as_text(r[-1]) for r in open_workbook(config).read(["Sync Log"])["Sync Log"]]
    assert [o.split(",")[0] for o in log if o.startswith("paired")] == [f"paired W1 round {n}" for n in range(1, 5)]
    [seeded] = [o for o in log if " bracket seeded: " in o]
    assert seeded.startswith("W1 bracket seeded: 8 competitors, seeds 1 Player ") and seeded.count(", ") == 8
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


@pytest.mark.parametrize("table", [8, 4], ids=["the last table", "a table in the middle"])
def test_a_pairing_row_blanked_keeps_the_next_round_from_being_paired(
    xlsx_weekly: tuple[Config, Judge], table: int
) -> None:
    config, judge = xlsx_weekly
    [(row, cells)] = [(r, c) for r, c in rows_of(judge.read(RESULTS), 1) if as_text(c["Table"]) == str(table)]
    pair = f"{as_text(cells['Player A'])} v {as_text(cells['Player B'])}"
    judge.type(RESULTS, {(row, header): "" for header in cells})  # the row erased
    assert type_round(judge, 1) == 2 * 7
    lines: list[str] = []
    watcher(config, StepClock(lambda now: True), lines, EVENT).poll()
    assert rounds_typed(judge) == {1: 7}, "round 2 waits for the table"
    assert lines[-1].endswith(
        f"W1 waits: round 1 table {table} ({pair}) is missing from {RESULTS}: type it back or its result"
    )
    judge.type(RESULTS, {(row, header): value for header, value in cells.items()})  # typed back
    type_round(judge, 1)
    watcher(config, StepClock(lambda now: True), lines, EVENT).poll()
    assert rounds_typed(judge) == {1: 8, 2: 8}


@pytest.fixture
def sheets_weekly(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Config, Judge]]:
    yield from magic_weekly("sheets", tmp_path, request)


def reads_in_any_minute(reads: list[tuple[float, int]]) -> int:
    """The most GETs sent in any 60 s: `reads` holds (when a wait began, GETs sent so far) at every wait."""
    most = 0
    for i, (start, before) in enumerate(reads):
        after = max((sent for when, sent in reads[i:] if when < start + 60), default=before)
        most = max(most, after - before)
    return most


def gets(server: SheetsServer) -> int:
    return sum(r.method == "GET" for r in server.requests)


def test_on_sheets_a_changed_poll_reads_once_and_syncs_without_reading_again(
    sheets_weekly: tuple[Config, Judge], sheets_server: SheetsServer
) -> None:
    config, judge = sheets_weekly
    lines: list[str] = []
    sent: list[list[str]] = []

    def step(now: float) -> bool:
        sent.append([f"{r.method} {r.path.rsplit('/', 1)[-1]}" for r in sheets_server.requests])
        sheets_server.requests.clear()
        if len(sent) == 2:
            judge.type(RESULTS, {(2, "Notes"): "table 1 started late"})
        return len(sent) < 4

    sheets_server.requests.clear()
    watcher(config, StepClock(step), lines).run()
    look, sync = ["GET sheet-1", "GET values:batchGet"], ["POST sheet-1:batchUpdate"]
    assert [[s.replace(SHEET_ID, "sheet-1") for s in poll] for poll in sent] == [look + sync, look, look + sync, look]
    assert len(lines) == 2 and "synced (Results W1 changed)" in lines[1]


def test_on_sheets_the_watch_stays_within_the_read_quota_at_its_busiest(
    sheets_weekly: tuple[Config, Judge], sheets_server: SheetsServer
) -> None:
    """Every poll at the shortest interval finds a change, and every round is paired as soon as it can be: the
    worst case, at most READS_PER_POLL reads a poll, 12 polls a minute."""
    config, judge = sheets_weekly
    lines: list[str] = []
    reads: list[tuple[float, int]] = []
    polls = [0]

    def step(now: float) -> bool:
        reads.append((now, gets(sheets_server)))
        polls[0] += 1
        if not type_round(judge, max(rounds_typed(judge))):  # results typed, or a note retyped: always a change
            judge.type(RESULTS, {(2, "Notes"): f"note {polls[0]}"})
        return now < start + 65  # a whole minute of polls, the rounds paired within it

    start = 1000.0
    watcher(config, StepClock(step), lines, EVENT, interval=watch_job.MIN_INTERVAL).run()
    per_poll = [b[1] - a[1] for a, b in zip(reads, reads[1:])]
    assert max(per_poll) == watch_job.READS_PER_POLL, "a poll that pairs reads twice more, under the lock"
    assert watch_job.READS_PER_POLL * 60 / watch_job.MIN_INTERVAL <= READS_PER_MINUTE
    assert reads_in_any_minute(reads) <= watch_job.READS_PER_POLL * 12 <= READS_PER_MINUTE
    assert sum(" synced " in line for line in lines) == len(reads), "a sync at every poll"
    assert rounds_typed(judge) == {1: 8, 2: 8, 3: 8, 4: 8}


@pytest.mark.parametrize(
    "fault, gave_up",
    [(Fault(status=429, times=40, match="GET"), 1), (Fault(drop=True, times=6, match="GET"), 0)],
    ids=["429 storm", "dropped connections"],
)
def test_on_sheets_the_watch_backs_off_and_keeps_going(
    sheets_weekly: tuple[Config, Judge], sheets_server: SheetsServer, fault: Fault, gave_up: int
) -> None:
    """A 429 storm outlasts a poll's retries: each poll gives up (said once) and the next waits longer; a few dropped
    connections are retried within the poll."""
    config, judge = sheets_weekly
    lines: list[str] = []
    reads: list[tuple[float, int]] = []

    def step(now: float) -> bool:
        reads.append((now, gets(sheets_server)))
        if len(reads) == 3:
            sheets_server.inject(fault)
        if len(reads) == 5:
            type_round(judge, 1)
        return not any("paired W1 round 2" in line for line in lines)

    watcher(config, StepClock(step), lines, EVENT).run()
    assert lines[0].endswith("synced (first sync): 0 error(s), 0 warning(s)")
    assert lines[-1].split(" (seed")[0].endswith("paired W1 round 2"), "it went on once Google answered again"
    assert sum("not synced: Google's request quota is used up" in line for line in lines) == gave_up
    assert reads_in_any_minute(reads) <= watch_changes.READ_LIMIT < READS_PER_MINUTE


class TypedBeforeWrite:
    """A workbook whose write first lets a judge type: what happens when a game is typed between a sync's read and
    its write."""

    def __init__(self, inner: Workbook, typing: Callable[[], None]) -> None:
        self.inner, self.typing = inner, typing

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def write(self, changes: Changes) -> None:
        self.typing()
        self.inner.write(changes)


def test_a_bracket_game_typed_between_a_syncs_read_and_its_write_stays(weekly: tuple[Config, Judge]) -> None:
    config, judge = weekly
    for round_ in range(1, 5):
        type_round(judge, round_)
        run_pair(config, open_workbook(config), EVENT)
    assert run_bracket(config, open_workbook(config), EVENT).sheet is not None
    judge.type(BRACKET, {(2, "Games A"): 2, (2, "Games B"): 1})
    late = {(3, "Games A"): 0, (3, "Games B"): 2}
    assert (
        run_sync(config, TypedBeforeWrite(open_workbook(config), lambda: judge.type(BRACKET, late))).code
        == ExitCode.CLEAN
    )
    quarter = [cells for _, cells in rows_of(judge.read(BRACKET), 1)]
    assert [
        (as_text(q.get("Games A")), as_text(q.get("Games B")), bool(as_text(q.get("Winner")))) for q in quarter[:3]
    ] == [("2", "1", True), ("0", "2", False), ("", "", False)], "the late game stays; its winner comes next sync"
    run_sync(config, open_workbook(config))
    quarter = [cells for _, cells in rows_of(judge.read(BRACKET), 1)]
    assert as_text(quarter[1].get("Winner")) == as_text(quarter[1]["Competitor B"])


def _until(found: Callable[[], T | None], what: str) -> T:
    """What `found` gives once it gives something; the watch runs in its own thread, so this waits (a bound only
    so that a broken watch fails the test instead of hanging it)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        value = found()
        if value is not None:
            return value
        time.sleep(0.02)
    raise AssertionError(f"the watch never got to: {what}")


def _page(url: str, showing: str = "") -> str | None:
    """The page at `url`, once it shows `showing`."""
    with urllib.request.urlopen(url, timeout=5) as answer:
        page = str(answer.read().decode("utf-8"))
    return page if showing in page else None


def test_event_day_the_watch_pairs_every_round_and_the_pages_follow(
    weekly: tuple[Config, Judge], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`league watch --auto-pair W1 --serve 127.0.0.1:0` on the real clock, in a thread, while the judges type each
    round's results once the pages show it, then the bracket's games: a 16-player weekly of 4 rounds and a top 8."""
    config, judge = weekly
    monkeypatch.setattr(watch_job, "MIN_INTERVAL", 0.05)  # the test hook: people get 5 s at least
    lines: list[str] = []
    stop = threading.Event()
    watching = threading.Thread(
        target=watch_league, args=(config, WatchOptions(0.1, (EVENT,)), "127.0.0.1:0", lines.append, stop)
    )
    watching.start()
    try:
        url = _until(
            lambda: next((line.split()[3] for line in lines if line.startswith("live pages at ")), None), "serve"
        )
        for round_ in range(1, 5):
            shown = _until(lambda r=round_: _page(url + "pairings", f"Round {r} of 4"), f"round {round_}")
            tables = [cells for _, cells in rows_of(judge.read(RESULTS), round_)]
            assert all(
                escape(as_text(t["Player A"])) in shown and escape(as_text(t["Player B"])) in shown for t in tables
            )
            type_round(judge, round_)
        rng = random.Random(4)
        for stage in ("quarter-finals", "semi-finals", "final"):
            _until(lambda s=stage: _page(url + "pairings", f"Playoffs: {s}"), stage)
            play_bracket(judge, BRACKET, rng)
        standings = _until(lambda: _page(url, "Final standings"), "the champion")
        [(_, final)] = [r for r in rows_of(judge.read(BRACKET)) if as_text(r[1].get("Round")) == "3"]
        champion = escape(as_text(final.get("Winner")))
    finally:
        stop.set()
        watching.join(timeout=30)
    assert not watching.is_alive(), "the watch ends when told to"
    assert champion and all(
        standings.index(champion) < standings.index(escape(p)) for p in PLAYERS if escape(p) != champion
    ), "the champion first"
    assert rounds_typed(judge) == {1: 8, 2: 8, 3: 8, 4: 8}, "every round once"
    assert [line.split(" ", 1)[1].split(" (seed")[0] for line in lines if " paired " in line or " seeded " in line] == [
        "paired W1 round 2",
        "paired W1 round 3",
        "paired W1 round 4",
        "seeded Bracket W1: 8 competitors",
    ]


class SignalledSource:
    """The league's source, its workbook sending this process
    SIGTERM in the middle of a write (before it is applied)."""

    def __init__(self, inner: Source) -> None:
        self.inner = inner

    def open(self) -> Workbook:
        return TypedBeforeWrite(self.inner.open(), lambda: os.kill(os.getpid(), signal.SIGTERM))  # type: ignore[return-value]

    def moved(self) -> bool:
        return self.inner.moved()

    def settle(self) -> None:
        self.inner.settle()


def test_sigterm_during_a_write_lets_it_finish_then_ends_the_watch(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, judge = xlsx_weekly
    type_round(judge, 1)  # round 2 is due: the watch, stopping, must not pair it after the sync
    stop, lines = threading.Event(), []
    clock = StopClock(stop)
    with _signals(clock):
        Watcher(
            config, WatchOptions(5.0, (EVENT,)), SignalledSource(source_of(config, clock)), clock, lines.append
        ).run()
    assert clock.stopping() and lines == ["18:00:30 synced (first sync): 0 error(s), 0 warning(s)"]
    book = open_workbook(config)
    assert [as_text(r[-1]) for r in book.read(["Sync Log"])["Sync Log"]][-1] == "synced, 0 error(s)", (
        "the write was applied whole"
    )
    assert rounds_typed(judge) == {1: 8}
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


def test_auto_pairing_an_event_the_league_lacks_is_a_usage_error(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, _ = xlsx_weekly
    before = open_workbook(config).read(["Sync Log"])["Sync Log"]
    done = CliRunner().invoke(app, ["watch", str(config.path), "--auto-pair", "W9"])
    assert done.exit_code == ExitCode.USAGE
    assert "--auto-pair W9: there is no event 'W9'; events: W1" in done.stderr
    assert open_workbook(config).read(["Sync Log"])["Sync Log"] == before, "refused before its first sync"
    done = CliRunner().invoke(app, ["watch", str(config.path), "--auto-pair", "W1x"])
    assert "--auto-pair W1x: there is no event 'W1x'; events: W1; did you mean W1?" in " ".join(done.stderr.split())


def test_a_watch_writing_the_page_without_an_address_warns_as_a_sync_does(xlsx_weekly: tuple[Config, Judge]) -> None:
    config, _ = xlsx_weekly
    toml = config.path.read_text(encoding="utf-8").replace('export_formats = ["csv"]', 'export_formats = ["html"]')
    config.path.write_text(toml, encoding="utf-8")
    done = CliRunner().invoke(app, ["watch", str(config.path), "--auto-pair", "W9"])
    assert "[branding] url is not set, so league.html's og:image is the relative address" in done.stderr
    assert done.exit_code == ExitCode.USAGE

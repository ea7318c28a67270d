"""`league watch`: sync whenever the judges' tabs change, and pair the next round once the last result is in.

The loop never reads the wall clock itself: it waits and measures through a `Clock`, so tests drive it in their own
time, and the CLI's clock wakes it early (raising `Stopped`) on Ctrl-C or SIGTERM, between writes, never during one.
The clock is `watch_clock.py`'s; what counts as a change (the sources polled, the tabs' digests)
`watch_changes.py`'s."""

from __future__ import annotations

import datetime as dt
import gc
import math
import random
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from jobs.bracket_job import run_bracket
from jobs.config import Config
from jobs.errors import ConfigError, WorkbookError
from jobs.pair_job import run_pair
from jobs.sync_job import SyncResult, read_inputs, run_sync
from jobs.watch_changes import Source, changed_tabs, grid_of, source_of, tab_digests
from jobs.watch_clock import Clock, StopClock, Stopped
from league.cells import Grid, name_key
from league.evaluate import Evaluation, read_league
from league.lifecycle import EventState
from league.model.league import League
from league.pairing import SYSTEMS
from league.problems import Severity
from league.rules.catalog import closest
from league.sheet import BRACKET_PREFIX
from sync.workbook import BackendError, CredentialsError, UnreadableWorkbook

MIN_INTERVAL = 5.0
"""The shortest poll interval: a poll reads at most `READS_PER_POLL` times on Sheets, so 12 polls a minute stay
within Google's 60 reads per minute per user (tests lower it to run fast)."""
MAX_INTERVAL = 3600.0
"""The longest poll interval: a watch looking less than hourly is no event-day watch (a typo, or `inf`)."""
DEFAULT_INTERVAL = 15.0
READS_PER_POLL = 4
"""Sheets reads of one poll at worst: metadata and one values:batchGet to look (the sync reuses them), and the same
again for the one pairing or bracket it may make, under the lock, from a fresh read (with --discord, the same again
for the sync of what it made; the read quota holds every read in any case)."""
BACKOFF_BASE, BACKOFF_CAP = 1.0, 300.0
"""Waits after a failed poll: doubling from 1 s (a workbook caught mid-save is whole again by then) with jitter, never
above 5 minutes (Google's retries within the poll have already waited a while by then)."""


@dataclass(frozen=True)
class WatchOptions:
    """What `league watch` was asked to do."""

    interval: float = DEFAULT_INTERVAL
    auto_pair: tuple[str, ...] = ()
    discord: bool = False
    """Post each round's pairings, the bracket and the champion to the channel of `LEAGUE_DISCORD_WEBHOOK`."""


def check_options(config: Config, options: WatchOptions) -> None:
    """Refuse, before anything runs, an interval that is not a number of seconds from the minimum to the maximum, or
    auto-pairing without a pairing system."""
    if not math.isfinite(options.interval):
        raise ConfigError(
            f"--interval {options.interval:g} is not a number of seconds: use a number from "
            f"{MIN_INTERVAL:g} to {MAX_INTERVAL:g} (the default is {DEFAULT_INTERVAL:g})"
        )
    if options.interval < MIN_INTERVAL:
        raise ConfigError(
            f"--interval {options.interval:g} is below {MIN_INTERVAL:g} seconds: polling faster would run "
            "past Google's read quota; use --interval 5 or more"
        )
    if options.interval > MAX_INTERVAL:
        raise ConfigError(
            f"--interval {options.interval:g} is above {MAX_INTERVAL:g} seconds (an hour): results would "
            f"wait that long to be synced; use --interval {MAX_INTERVAL:g} or less"
        )
    if options.auto_pair and not config.ruleset.pairing:
        raise ConfigError(
            f"ruleset {config.ruleset.name!r} names no pairing system, so --auto-pair cannot pair: add "
            f"`[pairing] system = ...` ({', '.join(sorted(SYSTEMS))})"
        )


Say = Callable[[str], None]
Synced = Callable[[SyncResult], None]
"""Told of every sync: the live pages publish it."""


def _ignore(_: SyncResult) -> None:
    """Nobody to tell about a sync (no live page)."""


def _quiet() -> None:
    """Nothing to post after a poll (no Discord)."""


@dataclass
class Watcher:
    """One watch of a league: what it last synced, and what it last said about each event it pairs."""

    config: Config
    options: WatchOptions
    source: Source
    clock: Clock
    say: Say
    synced: Synced = _ignore
    rng: random.Random = field(default_factory=random.Random)
    seen: dict[str, str] | None = None
    """Digest of each input tab and bracket tab as last synced; None before the first sync."""
    waiting: dict[str, str] = field(default_factory=dict)
    """Event -> why it was last not paired or seeded, said once until it changes."""
    due: Evaluation | None = None
    """The last sync, while the --auto-pair events it found ready are still to be paired or seeded."""
    failing: str = "not synced"
    """What a failure of the poll under way leaves undone, as its line says it."""
    told: Callable[[], None] = _quiet
    """Called after each poll that worked: Discord's messages of the latest sync go out (or are tried again)."""

    def run(self) -> None:
        """Poll every interval until stopped; a failed poll is said (once while polls keep failing) and tried again
        after a growing wait."""
        failures = 0
        try:
            while True:
                started = self.clock.monotonic()
                try:
                    self.poll()
                    failures, wait = 0, self.options.interval - (self.clock.monotonic() - started)
                except CredentialsError:
                    raise  # a key to replace, not an outage to wait out
                except (BackendError, WorkbookError) as exc:
                    failures += 1
                    wait = self.rng.uniform(BACKOFF_BASE, min(BACKOFF_CAP, BACKOFF_BASE * 2**failures))
                    said = _failure(exc, failures)
                    if said:
                        self.say(f"{self._time()} {self.failing}: {said}")
                finally:
                    gc.unfreeze()  # a sync freezes what it read for its own speed; a watch lives on
                self.clock.sleep(max(0.0, wait))
        except Stopped:
            return

    def poll(self) -> None:
        """Look at the tabs and sync when they changed since the last sync; then pair or seed what that sync found
        ready. A pairing that failed (the workbook open in Excel, the lock held, Google down) is tried again by the
        next poll, after its backoff, without syncing again what was synced: each sync is said once."""
        self.failing = "not synced"
        if self.seen is None or self.source.moved():
            self.look()
        if self.due is not None:
            wrote = False
            for event in self.options.auto_pair:
                if self.clock.stopping() or (wrote := self.advance(self.due, event)):
                    break  # one pairing or seeding a poll: the reads of a poll stay bounded
            self.due = None
            if wrote and self.options.discord:  # synced now, so that Discord has the round before anyone plays it
                self.failing = "not synced"
                self.look()
        self.told()

    def look(self) -> None:
        """Sync when the tabs changed since the last sync (or when there was none)."""
        workbook = self.source.open()
        inputs, outputs = read_inputs(workbook)
        if self.seen is None:
            self.check_events(inputs)
        digests = tab_digests(inputs, outputs)
        if digests == self.seen:
            self.source.settle()
            return
        changed = changed_tabs(self.seen, digests)
        result = run_sync(self.config, workbook)  # reads nothing more: the backend keeps what `read_inputs` read
        ev = result.evaluation
        self.say(
            f"{self._time()} synced ({changed}): {ev.errors} error(s), {ev.warnings} warning(s)"
            + (f"; exports failed: {result.export_problem}" if result.export_problem else "")
        )
        self.synced(result)
        written = {s.name: grid_of(s) for s in result.changes.replace if s.name.startswith(BRACKET_PREFIX)}
        self.seen = {**digests, **tab_digests({}, written)}  # the brackets as this sync wrote them: not a change
        self.source.settle()
        self.due = ev if self.options.auto_pair else None

    def check_events(self, inputs: dict[str, Grid]) -> None:
        """Refuse, before the first sync writes anything, an --auto-pair event the Events tab lacks."""
        if not self.options.auto_pair:
            return
        lg, _ = read_league(inputs, self.config.ruleset, self.config.catalog)
        for typed in self.options.auto_pair:
            if lg.event_id(typed) is None:
                raise ConfigError(unknown_event(typed, lg))

    def advance(self, ev: Evaluation, typed: str) -> bool:
        """Pair the event's next round, or seed its bracket, if its state says it is ready;
        whether something was written.

        `league pair` and `league bracket` decide again under the lock from a fresh read, so a round is never paired
        twice, whatever another watcher or a restart did meanwhile."""
        event = ev.league.event_id(typed)
        if event is None or event not in ev.states:
            raise ConfigError(unknown_event(typed, ev.league))
        ready, reason = self._ready(ev, event, ev.states[event])
        if not ready:
            self._waits(event, reason)
            return False
        state = ev.states[event]
        if state.paired < state.rounds:
            self.failing = f"{event} round {state.paired + 1} not paired"
            paired = run_pair(self.config, self.source.open(), event)
            if not paired.written:
                self._waits(event, "; ".join(paired.refused))
                return False
            self.say(
                f"{self._time()} paired {event} round {paired.round} (seed {paired.seed}): "
                f"{len(paired.rows)} rows added"
            )
        else:
            self.failing = f"{event} bracket not seeded"
            seeded = run_bracket(self.config, self.source.open(), event)
            if seeded.sheet is None:
                self._waits(event, seeded.refused)
                return False
            self.say(f"{self._time()} seeded {seeded.sheet.name}: {len(seeded.seeds)} competitors")
        self.waiting.pop(event, None)
        return True

    def _ready(self, ev: Evaluation, event: str, state: EventState) -> tuple[bool, str]:
        """Whether the event's next round (or its bracket) can be made now, else why not ("" when it simply waits
        for results, or has nothing left to make)."""
        if not state.paired:
            return False, "round 1 is paired by `league pair` once registration closes"
        if state.pending or state.results < state.rows:
            return False, ""
        tab = ev.league.event_by_id[event].results_tab
        wrong = sorted({p.row for p in ev.problems if p.severity is Severity.ERROR and p.tab == tab and p.row})
        if wrong:
            return False, f"{tab} has errors in row(s) {', '.join(map(str, wrong))}: fix them to pair the next round"
        return state.paired < state.rounds or (state.playoffs and not state.bracket), ""

    def _waits(self, event: str, reason: str) -> None:
        if reason and self.waiting.get(event) != reason:
            self.say(f"{self._time()} {event} waits: {reason}")
        self.waiting[event] = reason

    def _time(self) -> str:
        return f"{dt.datetime.now(self.config.branding.zone):%H:%M:%S}"


SAVING_POLLS = 3
"""Polls in a row that find the `.xlsx` unreadable before the watch stops taking it for a save in progress."""


def _failure(exc: Exception, failures: int) -> str:
    """What the watch says of a failed poll: once until a poll works again; an unreadable `.xlsx` is first taken for
    one caught while being saved (Excel writes it in place), and said as it is only if it stays unreadable."""
    if isinstance(exc, UnreadableWorkbook):
        if failures == 1:
            return "the workbook was caught while being saved; trying again"
        if failures != SAVING_POLLS:
            return ""
    elif failures != 1:
        return ""
    return f"{str(exc).rstrip('.')}; trying again, less often while it fails"


def unknown_event(typed: str, lg: League) -> str:
    """Why `--auto-pair` cannot pair `typed`: the events there are, and the closest ids to it."""
    ids = [e.id for e in lg.events]
    near = closest(typed, {name_key(i): i for i in ids})
    return f"--auto-pair {typed}: there is no event {typed!r}; events: {', '.join(ids) or 'none'}" + (
        f"; did you mean {' or '.join(near)}?" if near else ""
    )


def watch_league(
    config: Config, options: WatchOptions, serve: str | None, say: Say, stop: threading.Event | None = None
) -> None:
    """`league watch`: the loop on the real clock until Ctrl-C or SIGTERM (or `stop`), with the live pages if asked."""
    check_options(config, options)
    stop = stop or threading.Event()
    clock = StopClock(stop)
    announcer = None
    if options.discord:  # its webhook checked before anything starts
        from jobs.watch_discord import start_announcer

        announcer = start_announcer(config, clock.sleep, clock.monotonic, say)
    with _signals(clock), _served(config, serve, say) as served:
        synced = _both(served, announcer.synced) if announcer else served
        Watcher(
            config, options, source_of(config, clock), clock, say, synced, told=announcer.post if announcer else _quiet
        ).run()


def _both(first: Synced, then: Synced) -> Synced:
    """Tell both of each sync: the live pages, then Discord."""

    def both(result: SyncResult) -> None:
        first(result)
        then(result)

    return both


@contextmanager
def _signals(clock: StopClock) -> Iterator[None]:
    """Ctrl-C and SIGTERM only tell `clock` to stop: the write under way ends, then the watch
    (only the main thread can listen)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    kept = {sig: signal.signal(sig, lambda *_: clock.signal()) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in kept.items():
            signal.signal(sig, handler)


@contextmanager
def _served(config: Config, serve: str | None, say: Say) -> Iterator[Synced]:
    """The live pages at the address given, each sync published to them; nothing when not asked."""
    if serve is None:
        yield _ignore
        return
    from serve.app import ServeError, parse_address, start_server
    from serve.board import LiveBoard
    from serve.view import live_view

    try:
        host, port = parse_address(serve)
    except ValueError as exc:
        raise ConfigError(f"--serve {serve}: {exc}") from None
    board = LiveBoard()
    try:
        server = start_server(board, host, port, config.exports)
    except ServeError as exc:
        raise ConfigError(f"--serve {serve}: {exc}") from None
    say(f"live pages at {server.url} (/ standings, /pairings, /screen)")

    def publish(synced: SyncResult) -> None:
        board.publish(live_view(config.branding, synced.evaluation, dt.datetime.now(dt.UTC), synced.changes.replace))

    try:
        yield publish
    finally:
        server.stop()

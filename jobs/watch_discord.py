"""`league watch --discord`: what each sync has to announce (`exporters.announcements`) posted to the Discord
channel once, in order, also across a restart of the watch.

Each message is recorded in the history's ledger of posts before it is sent and with its id after, under the key of
what it announces and its place among its messages. A message Discord surely did not take (an outage past the budget)
is tried again at the next poll, before anything after it; one whose answer was lost may be in the channel and is never
sent again: the watch says so once. A webhook deleted while the watch runs stops the posting, not the watch."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field

import history
from exporters.announcements import Announcement, announcements
from exporters.discord import Discord, DiscordError
from exporters.posting import Failure
from jobs.config import Config
from jobs.destinations import discord_client
from jobs.errors import ConfigError
from jobs.export_job import history_file
from jobs.sync_job import SyncResult
from jobs.watch_clock import Stopped

TARGET = "discord:watch"
"""The ledger's target of the watch's messages (`league publish --discord` posts as `discord`)."""


@dataclass
class Announcer:
    """The watch's Discord channel: what the latest sync has to announce, and what was said about it."""

    config: Config
    client: Discord
    say: Callable[[str], None]
    due: list[Announcement] = field(default_factory=list)
    done: set[str] = field(default_factory=set)
    """Keys of messages the ledger has as posted or in doubt: not looked up again."""
    said: dict[str, str] = field(default_factory=dict)
    """Message key -> the failure last said of it, said once until it changes."""
    stopped: bool = False
    """The webhook was refused (deleted): nothing more is posted until the watch restarts."""

    def synced(self, result: SyncResult) -> None:
        """A sync's announcements become what is due."""
        self.due = announcements(result.evaluation)

    def post(self) -> None:
        """Post what is due and not posted yet, in order; a failure leaves the rest for the next poll."""
        if self.stopped:
            return
        for item in self.due:
            for n, text in enumerate(item.messages, 1):
                key = _key(item, n)
                if key in self.done:
                    continue
                part = f" ({n} of {len(item.messages)})" if len(item.messages) > 1 else ""
                if not self._send(key, text, f"{item.what}{part}"):
                    return

    def _send(self, key: str, text: str, what: str) -> bool:
        """Post one message unless the ledger has it; whether the next may follow."""
        path = history_file(self.config)
        now = dt.datetime.now(dt.UTC)
        try:
            if history.table_posted(path, key, TARGET) or history.table_in_doubt(path, key, TARGET):
                self.done.add(key)
                return True
            snap = history.latest(path)
            if snap is None:
                self._failed(key, f"{what} not posted to Discord: the history has no sync recorded yet")
                return False
            attempt = history.begin_table_post(path, snap, key, TARGET, now)
        except history.HistoryError as exc:
            self._failed(key, f"{what} not posted to Discord: {exc}; tried again at the next poll")
            return False
        try:
            message = self.client.send(text)
        except DiscordError as exc:
            return self._refused(key, attempt, what, exc)
        except Stopped:  # told to stop while waiting to try: nothing was sent
            self._end(attempt, history.Attempt.FAILED, "the watch stopped before the message was sent")
            raise
        except BaseException:
            self._end(attempt, history.Attempt.UNKNOWN, "the watch failed while sending it")
            raise
        self.done.add(key)
        self.said.pop(key, None)
        try:
            history.record_table_post(path, snap, key, TARGET, message, now, attempt)
        except history.HistoryError as exc:
            self.say(
                f"{self._time()} posted {what} to Discord (message {message}), but the history could not record "
                f"it: {exc}; it is not posted again by this watch"
            )
            return True
        self.say(f"{self._time()} posted {what} to Discord (message {message})")
        return True

    def _refused(self, key: str, attempt: int, what: str, exc: DiscordError) -> bool:
        """Record how a message failed and say it once; whether the next message may follow."""
        unsure = exc.failure is Failure.UNSURE
        self._end(attempt, history.Attempt.UNKNOWN if unsure else history.Attempt.FAILED, str(exc))
        if unsure:
            self.done.add(key)
            self.say(
                f"{self._time()} {what} may not be in the Discord channel: {exc}; look at the channel, the watch "
                "does not send it again"
            )
            return True
        if exc.failure is Failure.SETUP:
            self.stopped = True
            self.say(f"{self._time()} posting to Discord stopped: {exc}; then restart the watch")
            return False
        self._failed(key, f"{what} not posted to Discord: {exc}; tried again at the next poll")
        return False

    def _end(self, attempt: int, state: history.Attempt, note: str) -> None:
        """How an attempt ended; if the history can't say it, the attempt stays in doubt: never sent again blind."""
        try:
            history.end_post(history_file(self.config), attempt, state, note)
        except history.HistoryError:
            pass

    def _failed(self, key: str, line: str) -> None:
        if self.said.get(key) != line:
            self.say(f"{self._time()} {line}")
        self.said[key] = line

    def _time(self) -> str:
        return f"{dt.datetime.now(self.config.branding.zone):%H:%M:%S}"


def _key(item: Announcement, n: int) -> str:
    """The ledger's key of one message: what it announces and its place among its messages."""
    return hashlib.sha256(f"{item.key}\0{n}".encode()).hexdigest()


def start_announcer(
    config: Config, sleep: Callable[[float], None], clock: Callable[[], float], say: Callable[[str], None]
) -> Announcer:
    """The channel of `LEAGUE_DISCORD_WEBHOOK`, its webhook checked before the watch starts: missing, malformed or
    deleted is a setting to fix (exit 2); Discord out of reach is said, and the watch goes on."""
    client = discord_client(config, sleep, clock)
    try:
        client.check()
    except DiscordError as exc:
        if exc.failure is Failure.SETUP:
            raise ConfigError(str(exc)) from None
        say(f"Discord: {exc}; the watch goes on and posts once Discord answers")
    return Announcer(config, client, say)

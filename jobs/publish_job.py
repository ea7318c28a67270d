"""`league publish --facebook --discord`: the latest leaderboard image with its caption, posted once to the league's
Page and once to its Discord channel.

The post is recorded in the history before it is sent and again with its id after, once per destination, so a post
whose outcome is not known (an answer lost or unclear, a run that stopped midway, an id the history could not record)
is never sent again blind: the next run refuses until `--force`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import history
from exporters.caption import caption
from exporters.facebook import Graph
from exporters.images import FEED, render
from exporters.posting import Destination, Failure, Post, PostError
from exporters.render import shown_board, title
from history.snapshot import Snapshot
from jobs.config import Config
from jobs.destinations import FacebookPage, destination
from jobs.errors import ConfigError, ExitCode, JobError
from jobs.export_job import history_errors, history_file, latest_snapshot

TARGET = "facebook"


class PublishError(JobError):
    """The post was not taken: exit 2 for a token, webhook or permission to fix, 3 when the server kept failing, the
    outcome is not known, or the history could not be used for a while."""

    def __init__(self, message: str, code: ExitCode) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class PublishResult:
    """What `league publish` did."""

    post_id: str
    snapshot: int
    """The history number of the leaderboard posted."""
    already: bool
    """True when this leaderboard had been posted before: nothing was sent."""
    where: str = "Facebook"
    """Where it went: `Facebook`, `Discord`."""
    noun: str = "post"
    """What `post_id` is the id of there: a `post`, a `message`."""


@dataclass(frozen=True)
class Once:
    """How the history's ledger knows a post: by the snapshot's leaderboard, or by the digest of a table of its own
    (`kind` names it in the ledger's target: `facebook:stats`)."""

    snap: Snapshot
    what: str
    """`leaderboard #3`, `the win-rate chart`: what the lines call it."""
    digest: str = ""
    kind: str = ""
    again: str = ""
    """The options that post it again (`--stats`)."""
    this: str = "it"
    """How the lines name it once named: `this leaderboard`."""

    def target(self, where: Destination) -> str:
        return f"{where.target}:{self.kind}" if self.kind else where.target

    def posted(self, path: Path, target: str) -> str | None:
        if self.digest:
            return history.table_posted(path, self.digest, target)
        return history.posted(path, self.snap, target)

    def in_doubt(self, path: Path, target: str) -> history.Doubt | None:
        if self.digest:
            return history.table_in_doubt(path, self.digest, target)
        return history.in_doubt(path, self.snap, target)

    def begin(self, path: Path, target: str, when: dt.datetime) -> int:
        if self.digest:
            return history.begin_table_post(path, self.snap, self.digest, target, when)
        return history.begin_post(path, self.snap, target, when)

    def record(self, path: Path, target: str, post_id: str, when: dt.datetime, attempt: int) -> None:
        if self.digest:
            history.record_table_post(path, self.snap, self.digest, target, post_id, when, attempt)
        else:
            history.record_post(path, self.snap, target, post_id, when, attempt)


def publish_to(config: Config, target: str, stats: bool = False, force: bool = False) -> PublishResult:
    """`league publish`: the leaderboard (or with `stats` the win-rate chart) posted once to one destination."""
    where = destination(config, target)
    if stats:
        return run_publish_stats(config, force=force, where=where)
    return run_publish(config, force=force, where=where)


def run_publish(config: Config, graph: Graph | None = None, now: dt.datetime | None = None,
                force: bool = False, where: Destination | None = None) -> PublishResult:
    """Post the latest leaderboard to `where` (the Facebook Page unless said) unless it was posted there already, or an
    earlier post of it may have landed (then only with `force`)."""
    where = where or FacebookPage(config, graph)
    snap = latest_snapshot(config, "nothing was posted")

    def post() -> Post:
        sheet = snap.leaderboard
        if sheet is None:
            raise ConfigError("the latest sync has no leaderboard to post")
        shown = shown_board(snap, sheet)
        name = title(snap, config.branding)
        text = caption(shown, name, snap.events, config.branding.hashtags, config.branding.zone,
                       url=config.branding.url)
        return Post((render(shown, FEED, config.branding, name)[0],), text)

    return post_once(config, Once(snap, f"leaderboard #{snap.id}", this="this leaderboard"), where, post, now, force)


def run_publish_stats(config: Config, graph: Graph | None = None, now: dt.datetime | None = None,
                      force: bool = False, where: Destination | None = None) -> PublishResult:
    """Post the win-rate chart and its caption unless the same win rates were posted there already (once per changed
    table, as the leaderboard)."""
    from jobs.stats_job import stats_post

    where = where or FacebookPage(config, graph)
    snap = latest_snapshot(config, "nothing was posted")
    chart = stats_post(config)
    if not chart.games:
        raise ConfigError("no games played yet: a win-rate chart of none is not posted; nothing was posted")
    once = Once(snap, "the win-rate chart", chart.digest, "stats", " --stats")
    return post_once(config, once, where, lambda: Post((chart.image,), chart.caption), now, force)


def post_once(config: Config, once: Once, where: Destination, post: Callable[[], Post], now: dt.datetime | None,
              force: bool) -> PublishResult:
    """Send what `post` makes to `where` unless the ledger has it posted there, or in doubt (then only with `force`);
    recorded in the history before it is sent and with its id after."""
    path = history_file(config)
    target = once.target(where)
    with history_errors("nothing was posted"):
        done = once.posted(path, target)
        doubt = None if done else once.in_doubt(path, target)
    if done:
        return PublishResult(done, once.snap.id, True, where.name, where.noun)
    if doubt and not force:
        raise PublishError(_doubt_message(once, where, doubt), ExitCode.BACKEND)
    made = post()
    where.check()
    when = now or dt.datetime.now(dt.UTC)
    with history_errors("nothing was posted"):
        attempt = once.begin(path, target, when)
    try:
        post_id = where.send(made)
    except PostError as exc:
        raise _failed(path, attempt, exc, where) from None
    try:
        once.record(path, target, post_id, when, attempt)
    except history.HistoryError as exc:
        raise PublishError(f"{once.what} was posted to {where.place} ({where.noun} {post_id}), but the history could "
                           f"not record it: {exc}. `league publish{once.again}` will not post {once.this} again unless "
                           "you add --force", ExitCode.BACKEND) from None
    return PublishResult(post_id, once.snap.id, False, where.name, where.noun)


def _doubt_message(once: Once, where: Destination, doubt: history.Doubt) -> str:
    why = f" ({doubt.note})" if doubt.note else " (the run that sent it did not record how it ended)"
    return (f"{once.what} may be on {where.place} already: `league publish` sent it at {doubt.time:%Y-%m-%d %H:%M} "
            f"UTC but did not learn whether it landed{why}. Look at {where.place}: if it is there, there is nothing "
            f"to do; if it is not, run `league publish --{where.target}{once.again} --force` to post it again")


def _failed(path: Path, attempt: int, exc: PostError, where: Destination) -> PublishError:
    """The error of a post that failed, after recording whether it may have landed."""
    code = ExitCode.USAGE if exc.failure is Failure.SETUP else ExitCode.BACKEND
    state = history.Attempt.UNKNOWN if exc.failure is Failure.UNSURE else history.Attempt.FAILED
    try:
        history.end_post(path, attempt, state, str(exc).removesuffix(f": {where.advice}"))  # the refusal advises
    except history.HistoryError as also:
        if state is history.Attempt.FAILED:  # the attempt stays unresolved: say why the next run will refuse
            return PublishError(f"{exc}. The history could not record that nothing was posted ({also}), so the next "
                                "`league publish` asks for --force", code)
    return PublishError(str(exc), code)

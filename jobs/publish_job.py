"""`league publish --facebook --discord`: the latest leaderboard (every page of it, one post) and the latest final
event's champion card, each with its caption, posted once to the league's Page and once to its Discord channel
(`jobs.posts` says what is posted, `jobs.destinations` where; this module how it is sent once); `--dry-run` shows what
would be posted, sending nothing.

Each post is recorded in the history before it is sent and again with its id after, once per destination, so a post
whose outcome is not known (an answer lost or unclear, a run that stopped midway, an id the history could not record)
is never sent again blind: the next run refuses until `--force`."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import history
from exporters.facebook import Graph
from exporters.posting import Failure, PostError
from history.snapshot import Snapshot
from jobs.config import Config
from jobs.destinations import Destination, FacebookPage, destination
from jobs.errors import ConfigError, ExitCode, JobError
from jobs.export_job import history_errors, history_file, latest_snapshot
from jobs.exports import write_files
from jobs.posts import Post, publish_posts

STATS = "stats"
"""The kind of post of the win-rate chart: a ledger of its own (`facebook:stats`)."""
PREVIEW = "publish-dry-run"
"""The folder under the exports where `--dry-run` saves the images it would post."""


class PublishError(JobError):
    """The post was not taken: exit 2 for a token, webhook or permission to fix, 3 when the server kept failing, the
    outcome is not known, or the history could not be used for a while."""

    def __init__(self, message: str, code: ExitCode) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Sent:
    """One post of a run: posted now (its id), or posted before (`already`: nothing was sent)."""

    post: Post
    post_id: str
    already: bool


@dataclass(frozen=True)
class PublishResult:
    """What `league publish` did at one destination."""

    post_id: str
    snapshot: int
    """The history number of the leaderboard posted."""
    already: bool
    """True when this leaderboard had been posted before: nothing was sent."""
    sent: tuple[Sent, ...] = ()
    """Every post of the run, in order: the leaderboard first."""
    where: str = "Facebook"
    """Where it went: `Facebook`, `Discord`."""
    noun: str = "post"
    """What the ids are ids of there: a `post`, a `message`."""

    def lines(self) -> list[str]:
        """What the command says of each post: posted now, or posted before and not sent again."""
        said = []
        for sent in self.sent:
            where = f"{self.noun} {sent.post_id}"
            if sent.already:
                what = "the win rates were" if sent.post.kind == STATS else f"{sent.post.what} was"
                said.append(f"{what} posted already ({where}); nothing sent")
            else:
                said.append(f"posted {sent.post.what} to {self.where} ({where})")
        return said


def publish_to(config: Config, target: str, stats: bool = False, force: bool = False) -> list[str]:
    """`league publish`: the leaderboard and champion card (or with `stats` the win-rate chart) posted once to one
    destination; a line saying what became of each."""
    where = destination(config, target)
    publish = run_publish_stats if stats else run_publish
    return publish(config, force=force, where=where).lines()


def run_publish(
    config: Config,
    graph: Graph | None = None,
    now: dt.datetime | None = None,
    force: bool = False,
    where: Destination | None = None,
) -> PublishResult:
    """Post the latest leaderboard (every page of it, one post) and the latest final event's champion card to `where`
    (the Facebook Page unless said), each unless it was posted there already, or an earlier post of it may have landed
    (then only with `force`)."""
    where = where or FacebookPage(config, graph)
    snap = latest_snapshot(config, "nothing was posted")
    return _send_all(config, where, snap, publish_posts(config, snap), now, force)


def run_publish_stats(
    config: Config,
    graph: Graph | None = None,
    now: dt.datetime | None = None,
    force: bool = False,
    where: Destination | None = None,
) -> PublishResult:
    """Post the win-rate chart and its caption unless the same win rates were posted there already (once per changed
    table, as the leaderboard)."""
    where = where or FacebookPage(config, graph)
    snap = latest_snapshot(config, "nothing was posted")
    return _send_all(config, where, snap, [stats_as_post(config, snap)], now, force)


def _send_all(
    config: Config, where: Destination, snap: Snapshot, posts: list[Post], now: dt.datetime | None, force: bool
) -> PublishResult:
    sent = tuple(send_post(config, where, post, snap, now, force) for post in posts)
    return PublishResult(sent[0].post_id, snap.id, sent[0].already, sent, where.name, where.noun)


def preview(config: Config, targets: Sequence[str], stats: bool = False) -> list[str]:
    """`league publish --dry-run`: what a run would post to each destination and to which Page or channel, each post's
    images (saved under `exports/publish-dry-run/` to look at) and caption in full; nothing is posted and no token
    is needed."""
    places = [destination(config, target) for target in targets]
    snap = latest_snapshot(config, "nothing was posted")
    posts = [stats_as_post(config, snap)] if stats else publish_posts(config, snap)
    folder = config.exports / PREVIEW
    _clear(folder)
    path, lines = history_file(config), ["dry run: nothing is posted."]
    for where in places:
        lines.append(f"To {where.described()}:")
        for n, post in enumerate(posts, 1):
            lines += _previewed(path, folder, where, n, post)
    return lines


def _previewed(path: Path, folder: Path, where: Destination, n: int, post: Post) -> list[str]:
    """The lines of one post in a dry run, its images saved to look at unless it was posted there already."""
    with history_errors("nothing was posted"):
        done = history.table_posted(path, post.key, post.target(where.target))
    if done:
        return [f"{n}. {post.what}: posted already ({where.noun} {done}), not posted again"]
    files = [(f"{n}-{name}", image) for name, image in post.images]
    write_files(folder, files, sweep=False)
    photos = f"{len(files)} photos in this order" if len(files) > 1 else "1 photo"
    return [
        f"{n}. {post.what}: {photos}",
        *(f"   {folder / name}" for name, _ in files),
        "   caption:",
        *(f"   | {line}" for line in post.caption.rstrip("\n").split("\n")),
    ]


def _clear(folder: Path) -> None:
    """Remove the images an earlier dry run saved (`1-leaderboard-1080x1350.png`), so the folder shows this run's."""
    try:
        for old in folder.glob("*.png") if folder.is_dir() else ():
            if re.fullmatch(r"\d+-.+\.png", old.name) and old.is_file():
                old.unlink()
    except OSError as exc:
        raise ConfigError(f"cannot tidy {folder} ({exc.strerror or exc}); nothing was posted") from None


def send_post(
    config: Config, where: Destination, post: Post, snap: Snapshot, now: dt.datetime | None = None, force: bool = False
) -> Sent:
    """Post one item once to `where`: nothing when the ledger has it posted there, a refusal when an earlier try may
    have landed (unless `force`); the destination checked before anything is recorded, the post recorded before it
    is sent and with its id after."""
    path, target = history_file(config), post.target(where.target)
    with history_errors("nothing was posted"):
        done = history.table_posted(path, post.key, target)
        doubt = None if done else history.table_in_doubt(path, post.key, target)
    if done:
        return Sent(post, done, True)
    if doubt and not force:
        raise PublishError(_doubt_message(post, where, doubt), ExitCode.BACKEND)
    where.check()
    when = now or dt.datetime.now(dt.UTC)
    with history_errors("nothing was posted"):
        attempt = history.begin_table_post(path, snap, post.key, target, when)
    try:
        post_id = where.send(post)
    except PostError as exc:
        raise _failed(path, attempt, exc, where) from None
    try:
        history.record_table_post(path, snap, post.key, target, post_id, when, attempt)
    except history.HistoryError as exc:
        again = "this leaderboard" if not post.kind else post.what
        raise PublishError(
            f"{post.what} was posted to {where.place} ({where.noun} {post_id}), but the history could "
            f"not record it: {exc}. `league publish{_option(post)}` will not post {again} again unless "
            "you add --force",
            ExitCode.BACKEND,
        ) from None
    return Sent(post, post_id, False)


def _option(post: Post) -> str:
    """The option of `league publish` that posts it, with its leading space (` --stats`), or nothing."""
    return f" {post.option}" if post.option else ""


def _doubt_message(post: Post, where: Destination, doubt: history.Doubt) -> str:
    why = f" ({doubt.note})" if doubt.note else " (the run that sent it did not record how it ended)"
    return (
        f"{post.what} may be on {where.place} already: `league publish` sent it at {doubt.time:%Y-%m-%d %H:%M} "
        f"UTC but did not learn whether it landed{why}. Look at {where.place}: if it is there, there is nothing "
        f"to do; if it is not, run `league publish --{where.target}{_option(post)} --force` to post it again"
    )


def _failed(path: Path, attempt: int, exc: PostError, where: Destination) -> PublishError:
    """The error of a post that failed, after recording whether it may have landed."""
    code = ExitCode.USAGE if exc.failure is Failure.SETUP else ExitCode.BACKEND
    state = history.Attempt.UNKNOWN if exc.failure is Failure.UNSURE else history.Attempt.FAILED
    try:
        history.end_post(path, attempt, state, exc.reason)  # what happened; the advice is said, not kept
    except history.HistoryError as also:
        if state is history.Attempt.FAILED:  # the attempt stays unresolved: say why the next run will refuse
            return PublishError(
                f"{exc}. The history could not record that nothing was posted ({also}), so the next "
                "`league publish` asks for --force",
                code,
            )
    return PublishError(str(exc), code)


def stats_as_post(config: Config, snap: Snapshot) -> Post:
    """The win-rate chart as a post, keyed by its win rates."""
    from exporters.stats_chart import STATS_IMAGE
    from jobs.stats_job import stats_post

    chart = stats_post(config)
    if not chart.games:
        raise ConfigError("no games played yet: a win-rate chart of none is not posted; nothing was posted")
    return Post("the win-rate chart", ((STATS_IMAGE, chart.image),), chart.caption, chart.digest, STATS, "--stats")

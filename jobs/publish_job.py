"""`league publish --facebook`: the latest leaderboard (every page of it, one post) and the latest final event's
champion card, each with its caption, posted once to the league's Page (`jobs.posts` says what is posted; this
module how it is sent once); `--dry-run` shows what would be posted, sending nothing.

Each post is recorded in the history before it is sent and again with its id after, so a post whose
outcome is not known (an answer lost or unclear, a run that stopped midway, an id the history could
not record) is never sent again blind: the next run refuses until `--force`."""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import history
from exporters.facebook import TOKEN_VARIABLE, UNSURE_ADVICE, Failure, Graph, GraphError, token_problem
from history.snapshot import Snapshot
from jobs.config import Config
from jobs.errors import ConfigError, ExitCode, JobError
from jobs.export_job import history_errors, history_file, latest_snapshot
from jobs.exports import write_files
from jobs.posts import Post, publish_posts

TARGET = "facebook"
PREVIEW = "publish-dry-run"
"""The folder under the exports where `--dry-run` saves the images it would post."""


class PublishError(JobError):
    """Facebook did not take the post: exit 2 for a token or permission to fix, 3 when Facebook kept failing, the
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
    """What `league publish` did."""

    post_id: str
    snapshot: int
    """The history number of the leaderboard posted."""
    already: bool
    """True when this leaderboard had been posted before: nothing was sent."""
    sent: tuple[Sent, ...] = ()
    """Every post of the run, in order: the leaderboard first."""


def run_publish(config: Config, graph: Graph | None = None, now: dt.datetime | None = None,
                force: bool = False) -> PublishResult:
    """Post the latest leaderboard (every page of it, one post) and the latest final event's champion card, each
    unless it was posted already, or an earlier post of it may have landed (then only with `force`); each post is
    recorded in the history before it is sent and with its id after."""
    page = _page(config)
    snap = latest_snapshot(config, "nothing was posted")
    posts = publish_posts(config, snap)
    made: list[Graph] = [graph] if graph else []
    sent = tuple(send_post(config, page, post, snap, lambda: _graph(config, made), now, force) for post in posts)
    return PublishResult(sent[0].post_id, snap.id, sent[0].already, sent)


def preview(config: Config, stats: bool = False) -> list[str]:
    """`league publish --dry-run`: what a run would post and to which Page, each post's images (saved under
    `exports/publish-dry-run/` to look at) and caption in full; nothing is posted and no token is needed."""
    page = _page(config)
    snap = latest_snapshot(config, "nothing was posted")
    posts = [stats_as_post(config, snap)] if stats else publish_posts(config, snap)
    folder = config.exports / PREVIEW
    _clear(folder)
    path, lines = history_file(config), [f"dry run: nothing is posted. To Facebook Page {page}:"]
    for n, post in enumerate(posts, 1):
        with history_errors("nothing was posted"):
            done = history.table_posted(path, post.key, post.target(TARGET))
        if done:
            lines.append(f"{n}. {post.what}: posted already (post {done}), not posted again")
            continue
        files = [(f"{n}-{name}", image) for name, image in post.images]
        write_files(folder, files, sweep=False)
        photos = f"{len(files)} photos in this order" if len(files) > 1 else "1 photo"
        lines += [f"{n}. {post.what}: {photos}", *(f"   {folder / name}" for name, _ in files), "   caption:",
                  *(f"   | {line}" for line in post.caption.rstrip("\n").split("\n"))]
    return lines


def _clear(folder: Path) -> None:
    """Remove the images an earlier dry run saved (`1-leaderboard-1080x1350.png`), so the folder shows this run's."""
    try:
        for old in folder.glob("*.png") if folder.is_dir() else ():
            if re.fullmatch(r"\d+-.+\.png", old.name) and old.is_file():
                old.unlink()
    except OSError as exc:
        raise ConfigError(f"cannot tidy {folder} ({exc.strerror or exc}); nothing was posted") from None


def send_post(config: Config, page: str, post: Post, snap: Snapshot, graph: Callable[[], Graph],
              now: dt.datetime | None = None, force: bool = False) -> Sent:
    """Post one item once: nothing when the ledger has it, a refusal when an earlier try may have landed (unless
    `force`); recorded before it is sent and with its id after."""
    path, target = history_file(config), post.target(TARGET)
    with history_errors("nothing was posted"):
        done = history.table_posted(path, post.key, target)
        doubt = None if done else history.table_in_doubt(path, post.key, target)
    if done:
        return Sent(post, done, True)
    if doubt and not force:
        raise PublishError(_doubt_message(post, doubt), ExitCode.BACKEND)
    client = graph()
    when = now or dt.datetime.now(dt.UTC)
    with history_errors("nothing was posted"):
        attempt = history.begin_table_post(path, snap, post.key, target, when)
    try:
        post_id = client.post_photos(page, [image for _, image in post.images], post.caption)
    except GraphError as exc:
        raise _failed(path, attempt, exc) from None
    try:
        history.record_table_post(path, snap, post.key, target, post_id, when, attempt)
    except history.HistoryError as exc:
        again = "this leaderboard" if not post.kind else post.what
        raise PublishError(f"{post.what} was posted to the Page (post {post_id}), but the history could not record it: "
                           f"{exc}. `league publish{' ' + post.option if post.option else ''}` will not post {again} "
                           "again unless you add --force", ExitCode.BACKEND) from None
    return Sent(post, post_id, False)


def _page(config: Config) -> str:
    page = config.branding.facebook_page_id
    if not page:
        raise ConfigError(f"{config.path}: set `facebook_page_id` in [branding] to the league's Facebook Page id")
    return page


def _graph(config: Config, made: list[Graph]) -> Graph:
    """The Graph client, made once a post is to be sent (the token is needed only then)."""
    if not made:
        made.append(Graph(_token(), config.branding.facebook_api, budget=config.facebook_retry_seconds))
    return made[0]


def _token() -> str:
    """The Page token from the environment as it is set, checked, not tidied: a line break or space copied with it is
    described, never shown, and the organiser sets it again."""
    token = os.environ.get(TOKEN_VARIABLE, "")
    if not token.strip():
        raise ConfigError(f"set {TOKEN_VARIABLE} to the Page access token (it is read from the environment only)")
    problem = token_problem(token)
    if problem:
        raise ConfigError(f"{TOKEN_VARIABLE} {problem}: a Page access token is one line of printable ASCII without "
                          "spaces; copy it again from Facebook and set it (it is not shown here)")
    return token


def _doubt_message(post: Post, doubt: history.Doubt) -> str:
    why = f" ({doubt.note})" if doubt.note else " (the run that sent it did not record how it ended)"
    return (f"{post.what} may be on the Page already: `league publish` sent it at {doubt.time:%Y-%m-%d %H:%M} "
            f"UTC but did not learn whether it landed{why}. Look at the Page: if the post is there, there is nothing "
            f"to do; if it is not, run `league publish --facebook{' ' + post.option if post.option else ''} --force` "
            "to post it again")


def _failed(path: Path, attempt: int, exc: GraphError) -> PublishError:
    """The error of a post that failed, after recording whether it may be on the Page."""
    code = ExitCode.USAGE if exc.failure is Failure.SETUP else ExitCode.BACKEND
    state = history.Attempt.UNKNOWN if exc.failure is Failure.UNSURE else history.Attempt.FAILED
    try:
        history.end_post(path, attempt, state, str(exc).removesuffix(f": {UNSURE_ADVICE}"))  # the refusal advises
    except history.HistoryError as also:
        if state is history.Attempt.FAILED:  # the attempt stays unresolved: say why the next run will refuse
            return PublishError(f"{exc}. The history could not record that nothing was posted ({also}), so the next "
                                "`league publish` asks for --force", code)
    return PublishError(str(exc), code)


def run_publish_stats(config: Config, graph: Graph | None = None, now: dt.datetime | None = None,
                      force: bool = False) -> PublishResult:
    """Post the win-rate chart and its caption unless the same win rates were posted already (once per changed
    table, as the leaderboard), recorded in the history before it is sent and with its id after."""
    page = _page(config)
    snap = latest_snapshot(config, "nothing was posted")
    post = stats_as_post(config, snap)
    made: list[Graph] = [graph] if graph else []
    sent = send_post(config, page, post, snap, lambda: _graph(config, made), now, force)
    return PublishResult(sent.post_id, snap.id, sent.already, (sent,))


def stats_as_post(config: Config, snap: Snapshot) -> Post:
    """The win-rate chart as a post, keyed by its win rates."""
    from exporters.stats_chart import STATS_IMAGE
    from jobs.stats_job import stats_post

    chart = stats_post(config)
    if not chart.games:
        raise ConfigError("no games played yet: a win-rate chart of none is not posted; nothing was posted")
    return Post("the win-rate chart", ((STATS_IMAGE, chart.image),), chart.caption, chart.digest, "stats", "--stats")

"""`league publish --facebook`: the latest leaderboard image with its caption, posted once to the league's Page.

The post is recorded in the history before it is sent and again with its id after, so a post whose
outcome is not known (an answer lost or unclear, a run that stopped midway, an id the history could
not record) is never sent again blind: the next run refuses until `--force`."""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path

import history
from exporters.caption import caption
from exporters.facebook import TOKEN_VARIABLE, UNSURE_ADVICE, Failure, Graph, GraphError, token_problem
from exporters.images import FEED, render
from exporters.render import shown_board, title
from history.snapshot import Snapshot
from jobs.config import Config
from jobs.errors import ConfigError, ExitCode, JobError
from jobs.export_job import history_errors, history_file, latest_snapshot

TARGET = "facebook"


class PublishError(JobError):
    """Facebook did not take the post: exit 2 for a token or permission to fix, 3 when Facebook kept failing, the
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


def run_publish(config: Config, graph: Graph | None = None, now: dt.datetime | None = None,
                force: bool = False) -> PublishResult:
    """Post the latest leaderboard unless it was posted already, or an earlier post of it may have landed (then
    only with `force`); the post is recorded in the history before it is sent and with its id after."""
    page = config.branding.facebook_page_id
    if not page:
        raise ConfigError(f"{config.path}: set `facebook_page_id` in [branding] to the league's Facebook Page id")
    path = history_file(config)
    snap = latest_snapshot(config, "nothing was posted")
    with history_errors("nothing was posted"):
        done = history.posted(path, snap, TARGET)
        doubt = None if done else history.in_doubt(path, snap, TARGET)
    if done:
        return PublishResult(done, snap.id, True)
    if doubt and not force:
        raise PublishError(_doubt_message(snap, doubt), ExitCode.BACKEND)
    sheet = snap.leaderboard
    if sheet is None:
        raise ConfigError("the latest sync has no leaderboard to post")
    graph = graph or Graph(_token(), config.branding.facebook_api, budget=config.facebook_retry_seconds)
    shown = shown_board(snap, sheet)
    name = title(snap, config.branding)
    image = render(shown, FEED, config.branding, name)[0]
    text = caption(shown, name, snap.events, config.branding.hashtags, config.branding.zone, url=config.branding.url)
    when = now or dt.datetime.now(dt.UTC)
    with history_errors("nothing was posted"):
        attempt = history.begin_post(path, snap, TARGET, when)
    try:
        post_id = graph.post_photo(page, image, text)
    except GraphError as exc:
        raise _failed(path, attempt, exc) from None
    try:
        history.record_post(path, snap, TARGET, post_id, when, attempt)
    except history.HistoryError as exc:
        raise PublishError(f"leaderboard #{snap.id} was posted to the Page (post {post_id}), but the history could not "
                           f"record it: {exc}. `league publish` will not post this leaderboard again unless you add "
                           "--force", ExitCode.BACKEND) from None
    return PublishResult(post_id, snap.id, False)


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


def _doubt_message(snap: Snapshot, doubt: history.Doubt) -> str:
    why = f" ({doubt.note})" if doubt.note else " (the run that sent it did not record how it ended)"
    return (f"leaderboard #{snap.id} may be on the Page already: `league publish` sent it at {doubt.time:%Y-%m-%d %H:%M} "
            f"UTC but did not learn whether it landed{why}. Look at the Page: if the post is there, there is nothing "
            "to do; if it is not, run `league publish --facebook --force` to post it again")


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


STATS_TARGET = f"{TARGET}:stats"


def run_publish_stats(config: Config, graph: Graph | None = None, now: dt.datetime | None = None,
                      force: bool = False) -> PublishResult:
    """Post the win-rate chart and its caption unless the same win rates were posted already (once per changed
    table, as the leaderboard), recorded in the history before it is sent and with its id after."""
    from jobs.stats_job import stats_post

    page = config.branding.facebook_page_id
    if not page:
        raise ConfigError(f"{config.path}: set `facebook_page_id` in [branding] to the league's Facebook Page id")
    path = history_file(config)
    snap = latest_snapshot(config, "nothing was posted")
    post = stats_post(config)
    if not post.games:
        raise ConfigError("no games played yet: a win-rate chart of none is not posted; nothing was posted")
    with history_errors("nothing was posted"):
        done = history.table_posted(path, post.digest, STATS_TARGET)
        doubt = None if done else history.table_in_doubt(path, post.digest, STATS_TARGET)
    if done:
        return PublishResult(done, snap.id, True)
    if doubt and not force:
        raise PublishError(f"the win-rate chart may be on the Page already: it was sent at {doubt.time:%Y-%m-%d %H:%M} UTC "
                           "but whether it landed is not known. Look at the Page: if the post is there, there is nothing "
                           "to do; if not, run `league publish --facebook --stats --force`", ExitCode.BACKEND)
    graph = graph or Graph(_token(), config.branding.facebook_api, budget=config.facebook_retry_seconds)
    when = now or dt.datetime.now(dt.UTC)
    with history_errors("nothing was posted"):
        attempt = history.begin_table_post(path, snap, post.digest, STATS_TARGET, when)
    try:
        post_id = graph.post_photo(page, post.image, post.caption)
    except GraphError as exc:
        raise _failed(path, attempt, exc) from None
    try:
        history.record_table_post(path, snap, post.digest, STATS_TARGET, post_id, when, attempt)
    except history.HistoryError as exc:
        raise PublishError(f"the win-rate chart was posted to the Page (post {post_id}), but the history could not "
                           f"record it: {exc}. `league publish --stats` will not post it again unless you add --force",
                           ExitCode.BACKEND) from None
    return PublishResult(post_id, snap.id, False)

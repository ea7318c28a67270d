"""`league publish --facebook`: the latest leaderboard image with its caption, posted once to the league's Page."""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass

from exporters import history
from exporters.board import board
from exporters.caption import caption
from exporters.facebook import TOKEN_VARIABLE, Graph, GraphError
from exporters.images import FEED, render
from exporters.render import title
from jobs.config import Config
from jobs.errors import ConfigError, ExitCode, JobError
from jobs.export_job import history_file, latest_snapshot

TARGET = "facebook"


class PublishError(JobError):
    """Facebook did not take the post: exit 2 for a token or permission to fix, 3 when Facebook kept failing."""

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


def run_publish(config: Config, graph: Graph | None = None, now: dt.datetime | None = None) -> PublishResult:
    """Post the latest leaderboard unless it was posted already; the post is recorded in the history."""
    page = config.branding.facebook_page_id
    if not page:
        raise ConfigError(f"{config.path}: set `facebook_page_id` in [branding] to the league's Facebook Page id")
    snap = latest_snapshot(config)
    path = history_file(config)
    done = history.posted(path, snap, TARGET)
    if done:
        return PublishResult(done, snap.id, True)
    sheet = snap.leaderboard
    if sheet is None:
        raise ConfigError("the latest sync has no leaderboard to post")
    if graph is None:
        token = os.environ.get(TOKEN_VARIABLE, "").strip()
        if not token:
            raise ConfigError(f"set {TOKEN_VARIABLE} to the Page access token (it is read from the environment only)")
        graph = Graph(token, config.branding.facebook_api)
    shown = board(sheet, snap.event_title(sheet), snap.time)
    name = title(snap, config.branding)
    image = render(shown, FEED, config.branding, name)[0]
    try:
        post_id = graph.post_photo(page, image, caption(shown, name, snap.events, config.branding.hashtags))
    except GraphError as exc:
        raise PublishError(str(exc), ExitCode.USAGE if exc.auth else ExitCode.BACKEND) from None
    history.record_post(path, snap, TARGET, post_id, now or dt.datetime.now(dt.UTC))
    return PublishResult(post_id, snap.id, False)

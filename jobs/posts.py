"""What `league publish` posts, as typed items every poster sends alike: the images in order, the caption, and the
key the history's ledger knows the post by, so each is posted once.

A run posts the leaderboard (every page of it, one post of several photos) and, once the latest event to finish is
final, its champion card; `--stats` posts the win-rate chart instead."""

from __future__ import annotations

from dataclasses import dataclass

import history
from exporters.caption import caption
from exporters.champion_card import champion_caption
from exporters.images import FEED, MAX_PAGES, render
from exporters.playoff_files import champion_events, champion_files, champion_of
from exporters.render import event_stem, shown_board, table_stems, title
from history.snapshot import Snapshot, digest
from jobs.config import Config
from jobs.errors import ConfigError
from jobs.export_job import history_errors, history_file
from league.sheet import STANDINGS_PREFIX

File = tuple[str, bytes]


@dataclass(frozen=True)
class Post:
    """One post: what it is, its images in the order they show, its caption, and its key in the ledger."""

    what: str
    """How messages name it: `leaderboard #12`, `the champion card of W1`, `the win-rate chart`."""
    images: tuple[File, ...]
    """Each image's file name and PNG bytes, in order."""
    caption: str
    key: str
    """What the ledger knows it by: the same key is never posted twice to one place."""
    kind: str = ""
    """`` the leaderboard, `champion`, `stats`: a ledger of its own each, per place posted to."""
    option: str = ""
    """The option of `league publish` that posts it (`--stats`), for the advice a refusal gives."""

    @property
    def photos(self) -> list[bytes]:
        """The images' PNG bytes, in order, as a destination sends them."""
        return [image for _, image in self.images]

    def target(self, place: str) -> str:
        """The ledger's target of this post at a place (`facebook`, `facebook:champion`)."""
        return f"{place}:{self.kind}" if self.kind else place


def publish_posts(config: Config, snap: Snapshot) -> list[Post]:
    """What a run of `league publish` posts, in order: the leaderboard, then the latest final event's champion card."""
    champion = champion_post(config, snap)
    return [leaderboard_post(config, snap), *([champion] if champion else [])]


def leaderboard_post(config: Config, snap: Snapshot) -> Post:
    """Every page of the latest leaderboard (up to ten) with its caption, keyed by the leaderboard's content."""
    sheet = snap.leaderboard
    if sheet is None:
        raise ConfigError("the latest sync has no leaderboard to post")
    shown, name = shown_board(snap, sheet), title(snap, config.branding)
    pages = render(shown, FEED, config.branding, name, MAX_PAGES)
    stem = table_stems(snap)[sheet.name]
    images = tuple((f"{stem}-{FEED.label}{f'-{n}' if n > 1 else ''}.png", png) for n, png in enumerate(pages, 1))
    text = caption(shown, name, snap.events, config.branding.hashtags, config.branding.zone, url=config.branding.url)
    with history_errors("nothing was posted"):
        key = history.board_digest(history_file(config), snap)
    return Post(f"leaderboard #{snap.id}", images, text, key)


def champion_post(config: Config, snap: Snapshot) -> Post | None:
    """The champion card of the latest event played once it is final, keyed by the event and its champion (a
    champion corrected later is posted again); None while it is not final."""
    final = set(champion_events(snap))
    latest = next((e for e in reversed(_played(snap)) if e in final), None)
    table = snap.table(STANDINGS_PREFIX + latest) if latest else None
    if latest is None or table is None:
        return None
    league, board = title(snap, config.branding), shown_board(snap, table)
    shown = champion_of(snap, latest, league, board)
    if shown is None:
        return None
    stem = event_stem(snap, latest)
    images = tuple(champion_files(snap, config.branding, latest, league, stem, board))
    text = champion_caption(shown, config.branding.hashtags, config.branding.url)
    key = digest((), ["champion", latest.casefold(), shown.name])
    return Post(f"the champion card of {latest}", images, text, key, "champion")


def _played(snap: Snapshot) -> list[str]:
    """The events in the order played (by date, then as listed)."""
    return [e.id for _, e in sorted(enumerate(snap.events), key=lambda p: (p[1].date or "9999", p[0]))]

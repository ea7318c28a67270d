"""Where `league publish` and `league watch --discord` post: the Facebook Page of `[branding]`, and the Discord channel
of `LEAGUE_DISCORD_WEBHOOK`. Each is built from league.toml and its secret, read from the environment only, checked
before anything is sent and never shown."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from exporters.discord import WEBHOOK_VARIABLE, Discord, DiscordError, Webhook, webhook
from exporters.facebook import TOKEN_VARIABLE, UNSURE_ADVICE, Graph
from exporters.posting import Failure
from exporters.secret_text import token_problem
from jobs.config import Config
from jobs.errors import ConfigError

if TYPE_CHECKING:
    from jobs.posts import Post

FACEBOOK, DISCORD = "facebook", "discord"


class Destination(Protocol):
    """Where a post goes: its name in the history's ledger of posts, how messages name it, and how it is sent."""

    @property
    def target(self) -> str:
        """The ledger's name for it (`facebook`, `discord`): a post is recorded once per target."""
        ...

    @property
    def name(self) -> str:
        """`Facebook`, `Discord`: what the command's lines call it."""
        ...

    @property
    def place(self) -> str:
        """`the Page`, `the Discord channel`: where someone looks to see whether a post landed."""
        ...

    @property
    def noun(self) -> str:
        """`post`, `message`: what its ids are ids of."""
        ...

    @property
    def advice(self) -> str:
        """What a failure whose post may have landed ends with (the ledger's note leaves it out)."""
        ...

    def described(self) -> str:
        """Which Page or channel, for a dry run: never its secret, and without needing it to be set."""
        ...

    def check(self) -> None:
        """Raise an error naming the setting when one it needs (or its secret) is missing or wrong: called before
        anything is recorded or sent."""
        ...

    def send(self, post: Post) -> str:
        """Post it, its images in order with its caption; the id of what was made. Raises `PostError`."""
        ...


class FacebookPage:
    """The league's Facebook Page (`[branding] facebook_page_id`), posted to with the Page token."""

    target, name, place, noun, advice = FACEBOOK, "Facebook", "the Page", "post", UNSURE_ADVICE

    def __init__(self, config: Config, graph: Graph | None = None) -> None:
        self.page = config.branding.facebook_page_id
        if not self.page:
            raise ConfigError(f"{config.path}: set `facebook_page_id` in [branding] to the league's Facebook Page id")
        self.config, self.graph = config, graph

    def described(self) -> str:
        return f"Facebook Page {self.page}"

    def check(self) -> None:
        if self.graph is None:
            self.graph = Graph(
                facebook_token(), self.config.branding.facebook_api, budget=self.config.facebook_retry_seconds
            )

    def send(self, post: Post) -> str:
        """Every image of the post, in order, as one post of several photos (one photo: a photo post)."""
        self.check()
        assert self.graph is not None
        return self.graph.post_photos(self.page, post.photos, post.caption)


class DiscordChannel:
    """The channel of the webhook in `LEAGUE_DISCORD_WEBHOOK`."""

    target, name, place, noun = DISCORD, "Discord", "the Discord channel", "message"
    advice = "look at the Discord channel before running `league publish --discord` again"

    def __init__(self, config: Config, client: Discord | None = None) -> None:
        self.config, self.client = config, client

    def described(self) -> str:
        try:
            hook = _webhook()
        except ConfigError as exc:
            return f"the Discord channel of {WEBHOOK_VARIABLE}, which cannot be used yet ({exc})"
        thread = f", thread {hook.thread}" if hook.thread else ""
        return f"the Discord channel of webhook {hook.id}{thread}"

    def check(self) -> None:
        if self.client is None:
            self.client = discord_client(self.config)

    def send(self, post: Post) -> str:
        """Every image of the post, in order, with its caption (ten images a message, a long caption after them)."""
        self.check()
        assert self.client is not None
        try:
            return self.client.post(post.photos, post.caption)
        except DiscordError as exc:
            if exc.failure is Failure.UNSURE:
                raise DiscordError(exc.reason, Failure.UNSURE, self.advice) from None
            raise


def destination(config: Config, target: str) -> FacebookPage | DiscordChannel:
    """Where `--facebook` or `--discord` posts."""
    return DiscordChannel(config) if target == DISCORD else FacebookPage(config)


def facebook_token() -> str:
    """The Page token from the environment as it is set, checked, not tidied: a line break or space copied with it is
    described, never shown, and the organiser sets it again."""
    token = os.environ.get(TOKEN_VARIABLE, "")
    if not token.strip():
        raise ConfigError(f"set {TOKEN_VARIABLE} to the Page access token (it is read from the environment only)")
    problem = token_problem(token)
    if problem:
        raise ConfigError(
            f"{TOKEN_VARIABLE} {problem}: a Page access token is one line of printable ASCII without "
            "spaces; copy it again from Facebook and set it (it is not shown here)"
        )
    return token


def discord_client(
    config: Config, sleep: Callable[[float], None] = time.sleep, clock: Callable[[], float] = time.monotonic
) -> Discord:
    """The client of the webhook in the environment, checked (not contacted): missing or malformed is to be fixed."""
    return Discord(_webhook(), sleep=sleep, clock=clock, budget=config.discord_retry_seconds)


def _webhook() -> Webhook:
    """The webhook in the environment, checked, never shown: missing or malformed is to be fixed."""
    text = os.environ.get(WEBHOOK_VARIABLE, "")
    if not text.strip():
        raise ConfigError(
            f"set {WEBHOOK_VARIABLE} to the channel's webhook URL (the channel's settings: Integrations, "
            "Webhooks, Copy Webhook URL); it is read from the environment only"
        )
    try:
        return webhook(text)
    except DiscordError as exc:
        raise ConfigError(str(exc)) from None

"""What `league publish` posts and where, in one shape every destination (a Facebook Page, a Discord channel) takes.

A `Post` is one thing posted once: its images in order and its caption. A `Destination` sends it and gives back the id
of what it made; a post that fails says, through its `Failure`, whether it may have landed anyway, which decides
whether the history may let it be sent again."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


class Failure(StrEnum):
    """How a post failed, which decides whether it may be where it was sent."""

    SETUP = "setup"
    """A token, a webhook, a permission or an address is wrong: nothing was posted; the organiser fixes it."""
    REFUSED = "refused"
    """Nothing was posted: the server refused it, could not be reached, or kept throttling past the budget."""
    UNSURE = "unsure"
    """The post was sent but its answer was lost, cut off, late or unclear: it may be there."""


class PostError(Exception):
    """Posting failed; the message says why and what to do, and never holds a secret."""

    def __init__(self, message: str, failure: Failure = Failure.REFUSED) -> None:
        super().__init__(message)
        self.failure = failure


@dataclass(frozen=True)
class Post:
    """One thing to post once: its PNG images, in order, and its caption (plain text, as the tool wrote it)."""

    images: tuple[bytes, ...]
    caption: str


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

    def check(self) -> None:
        """Raise an error naming the setting when one it needs (or its secret) is missing or wrong: called before
        anything is recorded or sent."""
        ...

    def send(self, post: Post) -> str:
        """Post it; the id of what was made. Raises `PostError`."""
        ...

"""How a post fails, alike for every place `league publish` posts to (a Facebook Page, a Discord channel).

A post that fails says, through its `Failure`, whether it may have landed anyway, which decides whether the history
may let it be sent again."""

from __future__ import annotations

from enum import StrEnum


class Failure(StrEnum):
    """How a post failed, which decides whether it may be where it was sent."""

    SETUP = "setup"
    """A token, a webhook, a permission or an address is wrong: nothing was posted; the organiser fixes it."""
    REFUSED = "refused"
    """Nothing was posted: the server refused it, could not be reached, or kept throttling past the budget."""
    UNSURE = "unsure"
    """The post was sent but its answer was lost, cut off, late or unclear: it may be there."""


class PostError(Exception):
    """Posting failed; the message says why and what to do, and never holds a secret.

    `reason` is what happened, as the history records it; `advice` (for a post that may have landed) what the
    organiser does next, said after it: kept apart so that nothing has to cut the advice off a message again."""

    def __init__(self, reason: str, failure: Failure = Failure.REFUSED, advice: str = "") -> None:
        super().__init__(f"{reason}: {advice}" if advice else reason)
        self.reason, self.failure, self.advice = reason, failure, advice

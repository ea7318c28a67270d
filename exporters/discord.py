"""Posting to a Discord channel through its webhook: `POST {webhook}?wait=true`, the text as JSON, images as multipart.

The webhook's URL (`LEAGUE_DISCORD_WEBHOOK`) holds its token: it is a secret like the Page token, never printed or
kept, and any echo of it is removed from what Discord said before that is shown. `?wait=true` makes Discord answer
with the message it made, whose id the history keeps. Webhook messages carry no idempotency key (no nonce), so a try
is repeated only when Discord surely made nothing: a 429 (after its `retry_after`; a global one holds every message),
a gateway unavailable (502, 503), a connection that never opened. An answer lost, cut off or unclear after sending is
reported as such (`Failure.UNSURE`) and never sent again blind. Each message keeps within one budget, its tries and
waits included, and waits while Discord's rate limit says its bucket is empty."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from exporters.discord_text import escaped_caption, packed
from exporters.http_post import Overdue, json_body, never_sent, seconds, within
from exporters.posting import Failure, PostError
from exporters.secret_text import scrub, shown, token_problem

if TYPE_CHECKING:
    import requests

WEBHOOK_VARIABLE = "LEAGUE_DISCORD_WEBHOOK"
TRIES = 5
BUDGET = 120.0
"""Seconds one message may take by default, every try and wait included (`discord_retry_seconds`)."""
CONNECT_TIMEOUT = 10.0
FILES = 10
"""The most images one Discord message carries."""
OUTAGE = {502, 503}
"""Discord's gateway unavailable or down for maintenance: the message was not taken; tried again."""
UNKNOWN_WEBHOOK = 10015
ADDRESS = re.compile(
    r"(?P<scheme>https?)://(?P<host>[^/?#@\s]+)/api(?:/v[0-9]{1,3})?/webhooks/(?P<id>[0-9]{1,20})/"
    r"(?P<token>[A-Za-z0-9_-]{8,200})/?(?:\?thread_id=(?P<thread>[0-9]{1,20}))?"
)
"""A webhook's URL as Discord's Copy Webhook URL gives it (a forum thread's `?thread_id=` allowed)."""
LOCAL = {"127.0.0.1", "localhost", "[::1]"}
"""Hosts an http:// webhook may name: this machine (a test server); anywhere else the token would travel in clear."""
MESSAGE_ID = re.compile("[0-9]{1,20}")
"""A Discord message id: a snowflake, digits."""
AGAIN = (
    "copy the webhook's URL again (the channel's settings: Integrations, Webhooks, Copy Webhook URL) and set "
    f"{WEBHOOK_VARIABLE} to it (it is not shown here)"
)
UNSURE = "so it may or may not be in the channel"


class DiscordError(PostError):
    """Posting to the channel failed; the message says why and what to do, and never holds the webhook's token."""


@dataclass(frozen=True)
class Webhook:
    """A checked webhook: the address messages are posted to, the token it holds (to keep out of messages), the
    forum thread it posts in, and its id (not a secret: what a dry run names it by)."""

    url: str
    token: str
    thread: str = ""
    id: str = ""


def webhook(text: str) -> Webhook:
    """The webhook a URL names, checked; what is wrong with it is described, never shown."""
    problem = token_problem(text)
    if problem:
        raise DiscordError(
            f"{WEBHOOK_VARIABLE} {problem}: a webhook URL is one line of printable ASCII without spaces; {AGAIN}",
            Failure.SETUP,
        )
    found = ADDRESS.fullmatch(text)
    if not found:
        raise DiscordError(
            f"{WEBHOOK_VARIABLE} is not a Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>); {AGAIN}",
            Failure.SETUP,
        )
    if found["scheme"] == "http" and found["host"].rsplit(":", 1)[0] not in LOCAL:
        raise DiscordError(
            f"{WEBHOOK_VARIABLE} is an http:// address: a webhook's token travels only over https://; {AGAIN}",
            Failure.SETUP,
        )
    return Webhook(text.partition("?")[0].rstrip("/"), found["token"], found["thread"] or "", found["id"])


@dataclass
class Discord:
    """A webhook's client; the HTTP session, the sleep and the clock are injected for tests (and the watch's clock, so
    that Ctrl-C ends a wait)."""

    hook: Webhook
    session: requests.Session | None = None
    sleep: Callable[[float], None] = time.sleep
    tries: int = TRIES
    budget: float = BUDGET
    """Seconds one message may take, every try and wait included."""
    clock: Callable[[], float] = time.monotonic
    waits: list[float] = field(default_factory=list)
    """How long each wait before a try was: what a run did, for its report and the tests."""
    ready_at: float = 0.0
    """When (on `clock`) Discord lets the next message be sent: its rate limit's bucket empty, or a 429 waited out."""

    def post(self, images: Sequence[bytes], caption: str) -> str:
        """Post the images, in order, with their caption: the caption's first part with the images (ten a message), the
        rest after them in order; the first message's id. Once one message is in, a later failure leaves the post in
        doubt."""
        chunks = packed(escaped_caption(caption).splitlines()) or [""]
        batches = [images[i : i + FILES] for i in range(0, len(images), FILES)] or [()]
        count = max(len(chunks), len(batches))
        ids: list[str] = []
        for n in range(count):
            try:
                ids.append(self.send(chunks[n] if n < len(chunks) else "", batches[n] if n < len(batches) else ()))
            except DiscordError as exc:
                if not ids:
                    raise
                raise DiscordError(
                    f"{exc} (message {n + 1} of the post's {count}: the {n} before it are in the channel)",
                    Failure.UNSURE,
                ) from None
        return ids[0]

    def check(self) -> None:
        """That the webhook still exists, read without posting: a deleted one is said before anything is sent."""
        self._guarded(lambda session: self._check(session))

    def send(self, content: str, images: Sequence[bytes] = ()) -> str:
        """Post one message (content already escaped, at most 2,000 characters); its id."""
        return self._guarded(lambda session: self._send(session, content, images, self.clock() + self.budget))

    def _guarded(self, call: Callable[[requests.Session], str]) -> str:
        """The call on a session; a bug's message that quotes the webhook never reaches the log with its token."""
        import requests

        try:
            with nullcontext(self.session) if self.session else requests.Session() as session:
                return call(session)
        except DiscordError:
            raise
        except Exception as exc:
            safe = scrub(str(exc), self.hook.token)
            if safe != str(exc):
                raise RuntimeError(f"{type(exc).__name__} while posting to Discord: {safe}") from None
            raise

    def _check(self, session: requests.Session) -> str:
        import requests

        try:
            answer = session.get(self.hook.url, timeout=(CONNECT_TIMEOUT, CONNECT_TIMEOUT), allow_redirects=False)
        except requests.exceptions.RequestException as exc:
            raise DiscordError(f"could not reach Discord to check the webhook ({type(exc).__name__})") from None
        if answer.ok:
            return ""
        raise self._failure(answer.status_code, json_body(answer), "the webhook could not be checked")

    def _send(self, session: requests.Session, content: str, images: Sequence[bytes], deadline: float) -> str:
        import requests

        for attempt in range(1, self.tries + 1):
            left = self._ready(deadline)
            try:
                answer = within(partial(self._request, session, content, images, left), left, "discord-post")
            except Overdue:
                raise DiscordError(
                    f"Discord gave no complete answer within the {self.budget:g} s of "
                    f"`discord_retry_seconds` after the message was sent, {UNSURE}",
                    Failure.UNSURE,
                ) from None
            except requests.exceptions.ConnectionError as exc:
                if isinstance(exc, requests.exceptions.ConnectTimeout) or never_sent(exc):
                    self._again(attempt, 2.0**attempt, "could not reach Discord")
                    continue
                raise DiscordError(
                    f"the connection to Discord broke after the message was sent, {UNSURE}", Failure.UNSURE
                ) from None
            except requests.exceptions.Timeout:
                raise DiscordError(
                    f"Discord did not answer in time after the message was sent, {UNSURE}", Failure.UNSURE
                ) from None
            except requests.exceptions.RequestException as exc:
                raise DiscordError(
                    f"posting to Discord failed after the message was sent ({type(exc).__name__}: "
                    f"{shown(str(exc), self.hook.token)}), {UNSURE}",
                    Failure.UNSURE,
                ) from None
            body = json_body(answer)
            self._note_limit(answer.headers)
            if answer.ok:
                return self._message_id(answer.status_code, body)
            if answer.status_code == 429:
                asked = seconds((body or {}).get("retry_after")) or seconds(answer.headers.get("Retry-After"))
                self._again(attempt, asked or 2.0**attempt, self._explain(429, body))
                continue
            if answer.status_code in OUTAGE:
                asked = seconds(answer.headers.get("Retry-After"))
                self._again(attempt, max(2.0**attempt, asked), self._explain(answer.status_code, body))
                continue
            raise self._failure(answer.status_code, body, "nothing was posted")
        raise AssertionError("unreachable: the last try raises")

    def _request(
        self, session: requests.Session, content: str, images: Sequence[bytes], left: float
    ) -> requests.Response:
        """One message: JSON, or multipart when it carries images; mentions never ping whatever the text holds."""
        params = {"wait": "true", **({"thread_id": self.hook.thread} if self.hook.thread else {})}
        payload: dict[str, Any] = {"content": content, "allowed_mentions": {"parse": []}}
        timeout = (min(CONNECT_TIMEOUT, left), left)
        if not images:
            return session.post(self.hook.url, params=params, json=payload, timeout=timeout, allow_redirects=False)
        names = [f"image-{n}.png" for n in range(1, len(images) + 1)]
        payload["attachments"] = [{"id": n, "filename": name} for n, name in enumerate(names)]
        files = {f"files[{n}]": (name, image, "image/png") for n, (name, image) in enumerate(zip(names, images))}
        return session.post(
            self.hook.url,
            params=params,
            data={"payload_json": json.dumps(payload)},
            files=files,
            timeout=timeout,
            allow_redirects=False,
        )

    def _ready(self, deadline: float) -> float:
        """Wait until Discord lets a message be sent; the seconds then left of the budget."""
        now = self.clock()
        wait = max(0.0, self.ready_at - now)
        if wait >= deadline - now:
            raise DiscordError(
                f"gave up: Discord asked to wait {wait:g} s more, past the {self.budget:g} s of "
                f"`discord_retry_seconds` ({max(deadline - now, 0.0):.0f} s left); nothing was posted. "
                "Try again later."
            )
        if wait:
            self.waits.append(wait)
            self.sleep(wait)
        return deadline - self.clock()

    def _again(self, attempt: int, wait: float, why: str) -> None:
        """Another try after `wait` seconds, if the tries allow it (the budget is checked before the try)."""
        if attempt >= self.tries:
            raise DiscordError(f"gave up after {self.tries} tries: {why}; nothing was posted. Try again later.")
        self.ready_at = max(self.ready_at, self.clock() + wait)

    def _note_limit(self, headers: Any) -> None:
        """Discord's rate limit as its answer tells it: no request left in the bucket means none until it resets."""
        if str(headers.get("X-RateLimit-Remaining", "")).strip() == "0":
            self.ready_at = max(self.ready_at, self.clock() + seconds(headers.get("X-RateLimit-Reset-After")))

    def _message_id(self, status: int, body: dict[str, Any] | None) -> str:
        """The message's id from a successful answer, checked; anything else leaves the message in doubt."""
        value = (body or {}).get("id")
        text = value.strip() if isinstance(value, str) else ""
        if MESSAGE_ID.fullmatch(text):
            return text
        found = "an answer that is not JSON" if body is None else "no message id in its answer"
        raise DiscordError(f"Discord answered HTTP {status} with {found}, {UNSURE}", Failure.UNSURE)

    def _failure(self, status: int, body: dict[str, Any] | None, outcome: str) -> DiscordError:
        said = self._explain(status, body)
        if status == 404 or (body or {}).get("code") == UNKNOWN_WEBHOOK:
            return DiscordError(
                f"the webhook in {WEBHOOK_VARIABLE} was deleted or never existed ({said}); make a new "
                f"webhook in the channel's settings (Integrations, Webhooks) and set {WEBHOOK_VARIABLE} "
                f"to its URL; {outcome}",
                Failure.SETUP,
            )
        if status in (401, 403) or 300 <= status < 400:
            return DiscordError(
                f"Discord does not take {WEBHOOK_VARIABLE} as a webhook that may post ({said}); {AGAIN}; {outcome}",
                Failure.SETUP,
            )
        if status >= 500:
            return DiscordError(
                f"Discord's server failed after the message was sent ({said}), {UNSURE}", Failure.UNSURE
            )
        return DiscordError(f"Discord refused the message: {said}; {outcome}")

    def _explain(self, status: int, body: dict[str, Any] | None) -> str:
        """Discord's own words, shortened, with the token removed wherever it appears."""
        message = shown(str((body or {}).get("message") or "no message"), self.hook.token)
        code = f", code {shown(str(body['code']), self.hook.token, 20)}" if body and "code" in body else ""
        return f"HTTP {status}{code}: {message}"

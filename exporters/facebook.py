"""Posting the leaderboard image with its caption to a Facebook Page through the Graph API.

One endpoint: `POST {api}/{page-id}/photos` (multipart: the PNG as `source`, the caption). The Page
access token goes in the `Authorization` header, never in an address, and is removed from any
message. A try is repeated only when Facebook surely did not post: the connection never opened,
a 429, or an error Graph marks as transient or a rate limit; an answer lost after sending is
reported, not retried, so a leaderboard is never posted twice by the tool."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import requests

TOKEN_VARIABLE = "LEAGUE_FACEBOOK_TOKEN"
TRIES = 4
TIMEOUT = 60.0
RATE_LIMITS = {4, 17, 32, 341, 613}
"""Graph error codes of a throttled call, which Graph did not apply."""
PERMISSION_CODES = {10, *range(200, 300)}
EXPIRED = 190


class GraphError(Exception):
    """Posting failed; the message says why and what to do. `auth` is set for a token or permission problem."""

    def __init__(self, message: str, auth: bool = False) -> None:
        super().__init__(message)
        self.auth = auth


@dataclass
class Graph:
    """A Graph API client for one Page token; the HTTP session and the sleep are injected for tests."""

    token: str
    api: str
    session: requests.Session | None = None
    sleep: Callable[[float], None] = time.sleep
    tries: int = TRIES
    waits: list[float] = field(default_factory=list)
    """How long each retry waited: what a run did, for its report and the tests."""

    def post_photo(self, page_id: str, image: bytes, caption: str) -> str:
        """Post the image with its caption to the Page's feed; returns the post id."""
        import requests

        with nullcontext(self.session) if self.session else requests.Session() as session:
            return self._post(session, page_id, image, caption)

    def _post(self, session: requests.Session, page_id: str, image: bytes, caption: str) -> str:
        import requests

        url = f"{self.api.rstrip('/')}/{page_id}/photos"
        for attempt in range(1, self.tries + 1):
            try:
                answer = session.post(url, data={"caption": caption, "published": "true"},
                                      files={"source": ("leaderboard.png", image, "image/png")},
                                      headers={"Authorization": f"Bearer {self.token}"}, timeout=TIMEOUT)
            except requests.exceptions.ConnectionError as exc:
                if isinstance(exc, requests.exceptions.ConnectTimeout) or _never_sent(exc):
                    self._wait(attempt, None, f"could not reach {self.api}")
                    continue
                raise GraphError(f"the connection to {self.api} broke after the post was sent, so it may or may not "
                                 "be on the Page: look at the Page before running `league publish` again") from None
            except requests.exceptions.Timeout:
                raise GraphError(f"{self.api} did not answer within {TIMEOUT:.0f} s after the post was sent, so it "
                                 "may or may not be on the Page: look at the Page before running it again") from None
            body = _json(answer)
            if answer.ok and isinstance(body.get("post_id") or body.get("id"), str):
                return str(body.get("post_id") or body["id"])
            found = body.get("error")
            error: dict[str, Any] = found if isinstance(found, dict) else {}
            if answer.status_code == 429 or error.get("is_transient") or error.get("code") in RATE_LIMITS:
                self._wait(attempt, answer.headers.get("Retry-After"), self._explain(answer.status_code, error))
                continue
            raise self._failure(answer.status_code, error, page_id)
        raise AssertionError("unreachable: the last try raises")

    def _wait(self, attempt: int, retry_after: str | None, why: str) -> None:
        if attempt >= self.tries:
            raise GraphError(f"gave up after {self.tries} tries: {why}; nothing was posted. Try again later.")
        seconds = max(2.0 ** attempt, float(retry_after) if retry_after and retry_after.isdigit() else 0.0)
        self.waits.append(seconds)
        self.sleep(seconds)

    def _failure(self, status: int, error: dict[str, Any], page_id: str) -> GraphError:
        code = error.get("code")
        if code == EXPIRED or status == 401:
            return GraphError(f"the Page access token in {TOKEN_VARIABLE} has expired or is not valid "
                              f"({self._explain(status, error)}); make a new Page access token and set it again",
                              auth=True)
        if code in PERMISSION_CODES or status == 403:
            return GraphError(f"the token may not post to Page {page_id} ({self._explain(status, error)}); it needs "
                              "the pages_manage_posts and pages_read_engagement permissions, from a Page admin",
                              auth=True)
        return GraphError(f"Facebook refused the post to Page {page_id}: {self._explain(status, error)}")

    def _explain(self, status: int, error: dict[str, Any]) -> str:
        """Graph's own words, shortened, with the token removed wherever it appears."""
        message = str(error.get("message") or "no message")[:200]
        if self.token:
            message = message.replace(self.token, "[token]")
        code = f", code {error['code']}" if "code" in error else ""
        return f"HTTP {status}{code}: {message}"


def _never_sent(exc: Exception) -> bool:
    """Whether the connection failed while opening (refused, no route, no such host): the post never left."""
    from urllib3.exceptions import NewConnectionError

    reason = getattr(exc.args[0], "reason", None) if exc.args else None
    return isinstance(reason, NewConnectionError)


def _json(answer: requests.Response) -> dict[str, Any]:
    try:
        body = answer.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}

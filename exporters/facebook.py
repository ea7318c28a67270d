"""Posting images with their caption to a Facebook Page through the Graph API.

One image is one call: `POST {api}/{page-id}/photos` (multipart: the PNG as `source`, the caption). Several images
are one post with several photos, in order: each uploaded unpublished (`published=false`: nothing shows on the Page,
so an upload whose answer is lost is simply never used), then `POST {api}/{page-id}/feed` with the caption as
`message` and the photos as `attached_media`. The Page
access token goes in the `Authorization` header, never in an address, and any echo of it (cut short,
in another case, base64- or URL-encoded) is removed from what Graph says before that is shown or
kept; the post id that comes back is taken only as digits and underscores. A try is repeated only
when Facebook surely did not post: the connection never opened, a 429, or an error Graph marks as
transient or a rate limit; an answer lost, cut off or unclear after sending is reported as such
(`Failure.UNSURE`), not retried, so the tool never posts a leaderboard twice blind. The whole post,
every try and wait included, keeps within one budget."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from exporters.http_post import Overdue, json_body, never_sent, seconds, within
from exporters.posting import Failure, PostError
from exporters.secret_text import scrub, shown, token_problem

if TYPE_CHECKING:
    import requests

TOKEN_VARIABLE = "LEAGUE_FACEBOOK_TOKEN"
TRIES = 4
BUDGET = 120.0
"""Seconds the whole post may take by default, every try and wait included (`facebook_retry_seconds`)."""
CONNECT_TIMEOUT = 10.0
RATE_LIMITS = {4, 17, 32, 341, 613}
"""Graph error codes of a throttled call, which Graph did not apply."""
PERMISSION_CODES = {10, *range(200, 300)}
EXPIRED = 190
UNSURE_ADVICE = "look at the Page before running `league publish` again"
POST_ID = re.compile("[0-9]+(?:_[0-9]+)*")
"""A Graph post id: the Page's id and the post's, digits joined by an underscore."""
POST_ID_LENGTH = 64


class GraphError(PostError):
    """Posting to the Page failed; the message says why and what to do, and never holds the token."""


@dataclass
class Graph:
    """A Graph API client for one Page token; the HTTP session, the sleep and the clock are injected for tests."""

    token: str
    api: str
    session: requests.Session | None = None
    sleep: Callable[[float], None] = time.sleep
    tries: int = TRIES
    budget: float = BUDGET
    """Seconds the whole `post_photo` may take, every try and wait included."""
    clock: Callable[[], float] = time.monotonic
    waits: list[float] = field(default_factory=list)
    """How long each retry waited: what a run did, for its report and the tests."""

    def post_photo(self, page_id: str, image: bytes, caption: str) -> str:
        """Post the image with its caption to the Page's feed; returns the post id."""
        return self.post_photos(page_id, [image], caption)

    def post_photos(self, page_id: str, images: Sequence[bytes], caption: str) -> str:
        """Post the images, in order, as one post with the caption; returns the post id. The whole post, every upload
        included, keeps within the one budget."""
        import requests

        problem = token_problem(self.token)
        if problem:
            raise GraphError(
                f"the Page access token in {TOKEN_VARIABLE} {problem}; a token is one line of printable "
                "ASCII without spaces (it is not shown here)",
                Failure.SETUP,
            )
        deadline = self.clock() + self.budget
        try:
            with nullcontext(self.session) if self.session else requests.Session() as session:
                if len(images) == 1:
                    return self._post(
                        session, f"{page_id}/photos", {"caption": caption, "published": "true"}, images[0], deadline
                    )
                photos = [
                    self._upload(session, page_id, image, n, len(images), deadline) for n, image in enumerate(images, 1)
                ]
                attached = {f"attached_media[{k}]": json.dumps({"media_fbid": photo}) for k, photo in enumerate(photos)}
                return self._post(
                    session, f"{page_id}/feed", {"message": caption, "published": "true", **attached}, None, deadline
                )
        except GraphError:
            raise
        except Exception as exc:
            safe = scrub(str(exc), self.token)
            if safe != str(exc):  # a bug's message may quote the request: it must not reach the log with the token
                raise RuntimeError(f"{type(exc).__name__} while posting: {safe}") from None
            raise

    def _upload(
        self, session: requests.Session, page_id: str, image: bytes, n: int, count: int, deadline: float
    ) -> str:
        """One photo of a post uploaded unpublished; its id. Nothing shows on the Page until the post is made, so a
        lost answer here means nothing was posted."""
        try:
            return self._post(session, f"{page_id}/photos", {"published": "false"}, image, deadline)
        except GraphError as exc:
            if exc.failure is not Failure.UNSURE:
                raise
            raise GraphError(
                f"uploading photo {n} of {count} failed ({exc.reason}); nothing was posted. Try again later."
            ) from None

    def _post(
        self, session: requests.Session, path: str, fields: dict[str, str], image: bytes | None, deadline: float
    ) -> str:
        import requests

        url = f"{self.api.rstrip('/')}/{path}"
        page_id = path.partition("/")[0]
        for attempt in range(1, self.tries + 1):
            try:
                answer = self._send(session, url, fields, image, deadline)
            except Overdue:
                raise GraphError(
                    f"{self.api} gave no complete answer within the {self.budget:g} s of "
                    f"`facebook_retry_seconds` after the post was sent, so it may or may not be on the "
                    f"Page",
                    Failure.UNSURE,
                    UNSURE_ADVICE,
                ) from None
            except requests.exceptions.ConnectionError as exc:
                if isinstance(exc, requests.exceptions.ConnectTimeout) or never_sent(exc):
                    self._wait(attempt, 0.0, f"could not reach {self.api}", deadline)
                    continue
                raise GraphError(
                    f"the connection to {self.api} broke after the post was sent, so it may or may not be on the Page",
                    Failure.UNSURE,
                    UNSURE_ADVICE,
                ) from None
            except requests.exceptions.Timeout:
                raise GraphError(
                    f"{self.api} did not answer in time after the post was sent, so it may or may not be on the Page",
                    Failure.UNSURE,
                    UNSURE_ADVICE,
                ) from None
            except (
                requests.exceptions.InvalidURL,
                requests.exceptions.InvalidSchema,
                requests.exceptions.MissingSchema,
            ) as exc:
                raise GraphError(
                    f"`branding.facebook_api` is not an http:// or https:// address of the Graph API "
                    f"({shown(str(exc), self.token)}); nothing was posted",
                    Failure.SETUP,
                ) from None
            except requests.exceptions.RequestException as exc:
                raise GraphError(
                    f"posting to {self.api} failed after the post was sent ({type(exc).__name__}: "
                    f"{shown(str(exc), self.token)}), so it may or may not be on the Page",
                    Failure.UNSURE,
                    UNSURE_ADVICE,
                ) from None
            body = json_body(answer)
            if answer.ok:
                return self._post_id(answer.status_code, body)
            found = (body or {}).get("error")
            error: dict[str, Any] = found if isinstance(found, dict) else {}
            if answer.status_code == 429 or error.get("is_transient") or error.get("code") in RATE_LIMITS:
                self._wait(
                    attempt,
                    seconds(answer.headers.get("Retry-After")),
                    self._explain(answer.status_code, error),
                    deadline,
                )
                continue
            raise self._failure(answer.status_code, error, page_id)
        raise AssertionError("unreachable: the last try raises")

    def _send(
        self, session: requests.Session, url: str, fields: dict[str, str], image: bytes | None, deadline: float
    ) -> requests.Response:
        """One request, given up at the deadline: requests' timeouts count each read alone, so a server trickling its
        answer a byte at a time would hold the command for as long as it likes. The request runs in a daemon thread
        that is left behind when the budget runs out (the command ends soon after)."""
        left = deadline - self.clock()
        if left <= 0:
            raise GraphError(
                f"gave up: the {self.budget:g} s of `facebook_retry_seconds` ran out before the post "
                "could be sent; nothing was posted. Try again later."
            )
        upload = {"source": ("leaderboard.png", image, "image/png")} if image else None
        return within(
            lambda: session.post(
                url,
                data=fields,
                files=upload,
                headers={"Authorization": f"Bearer {self.token}"},
                timeout=(min(CONNECT_TIMEOUT, left), left),
            ),
            left,
            "graph-post",
        )

    def _post_id(self, status: int, body: dict[str, Any] | None) -> str:
        """The post's id from a successful answer, checked: Graph sends it as text of digits and underscores, a proxy
        may pass it on as a number; anything else is shown safely, never kept, since the post may be on the Page."""
        key = "post_id" if (body or {}).get("post_id") is not None else "id"
        value = (body or {}).get(key)
        if value is None:
            found = "an answer that is not JSON" if body is None else "no post id in its answer"
            raise GraphError(
                f"Facebook answered HTTP {status} with {found}, so the post may well be on the Page",
                Failure.UNSURE,
                UNSURE_ADVICE,
            )
        text = str(value).strip() if isinstance(value, str | int) and not isinstance(value, bool) else ""
        if POST_ID.fullmatch(text) and len(text) <= POST_ID_LENGTH:
            return text
        came = value if isinstance(value, str) else repr(value)
        raise GraphError(
            f"Facebook answered HTTP {status} with a {key} that is not a post id "
            f"('{shown(came, self.token, 60)}', {len(came):,} characters; a post id is digits and "
            f"underscores, at most {POST_ID_LENGTH}), so the post may well be on the Page",
            Failure.UNSURE,
            UNSURE_ADVICE,
        )

    def _wait(self, attempt: int, asked: float, why: str, deadline: float) -> None:
        """Sleep before the next try: 2, 4, 8 s or what Retry-After asks, if the tries and the budget allow it."""
        if attempt >= self.tries:
            raise GraphError(f"gave up after {self.tries} tries: {why}; nothing was posted. Try again later.")
        seconds = max(2.0**attempt, asked)
        left = deadline - self.clock()
        if seconds > left:
            raise GraphError(
                f"gave up after {attempt} {'try' if attempt == 1 else 'tries'}: {why}; the next try "
                f"would wait {seconds:g} s, past the {self.budget:g} s of `facebook_retry_seconds` "
                f"({max(left, 0.0):.0f} s left); nothing was posted. Try again later."
            )
        self.waits.append(seconds)
        self.sleep(seconds)

    def _failure(self, status: int, error: dict[str, Any], page_id: str) -> GraphError:
        code = error.get("code")
        if code == EXPIRED or status == 401:
            return GraphError(
                f"the Page access token in {TOKEN_VARIABLE} has expired or is not valid "
                f"({self._explain(status, error)}); make a new Page access token and set it again",
                Failure.SETUP,
            )
        if code in PERMISSION_CODES or status == 403:
            return GraphError(
                f"the token may not post to Page {page_id} ({self._explain(status, error)}); it needs "
                "the pages_manage_posts and pages_read_engagement permissions, from a Page admin",
                Failure.SETUP,
            )
        if status >= 500:
            return GraphError(
                f"Facebook's server failed after the post was sent ({self._explain(status, error)}), "
                f"so it may or may not be on the Page",
                Failure.UNSURE,
                UNSURE_ADVICE,
            )
        return GraphError(
            f"Facebook refused the post to Page {page_id}: {self._explain(status, error)}; nothing was posted"
        )

    def _explain(self, status: int, error: dict[str, Any]) -> str:
        """Graph's own words, shortened, with the token removed wherever it appears."""
        message = shown(str(error.get("message") or "no message"), self.token)
        code = f", code {shown(str(error['code']), self.token, 20)}" if "code" in error else ""
        return f"HTTP {status}{code}: {message}"

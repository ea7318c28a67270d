"""A local stand-in for the Graph API endpoints `league publish --facebook` uses: `POST /{version}/{page}/photos`
(a photo posted, or uploaded unpublished for a post of several) and `POST /{version}/{page}/feed` (that post).

It answers as Facebook does: the post's ids on success, Graph's error bodies for a bad or expired
token (code 190), a missing permission (code 200) or an unknown Page (code 100), and whatever a
test queues in `script` first: a 429 (with a huge Retry-After too), a transient error, a plain 500,
a connection closed without an answer, an HTML page, a numeric or a hostile id with HTTP 200, an
answer trickled a byte at a time, an error echoing the token in some form. A scripted answer with
`lands` posts as well, as Facebook would have. Every request is kept in `requests` with its headers
and multipart fields."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self
from urllib.parse import parse_qsl

VERSION = "v19.0"
PERMISSIONS = ("pages_manage_posts", "pages_read_engagement")


@dataclass
class Received:
    """One request as the server saw it."""

    path: str
    headers: dict[str, str]
    fields: dict[str, bytes]


@dataclass
class Answer:
    """A scripted answer: a status and a JSON body, or `drop` to close the connection without one."""

    status: int = 200
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    drop: bool = False
    raw: bytes | None = None
    """A body sent as is (an HTML page), instead of `body` as JSON."""
    trickle: float = 0.0
    """Seconds between the body's bytes, sent one at a time."""
    lands: bool = False
    """The post is made (kept in `posts`) whatever the answer says."""
    before: Callable[[], object] | None = None
    """Called once the request is in, before answering: a test's hook (another process takes the history)."""


class LocalServer:
    """A test server on a free local port, answering in a thread from the start of a `with` block to its end."""

    closed: threading.Event

    def serve(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.closed = threading.Event()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True  # closing waits for no connection a client keeps alive
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)

    @property
    def port(self) -> int:
        return int(self.httpd.server_address[1])

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.closed.set()
        self.httpd.shutdown()
        self.httpd.server_close()


class GraphServer(LocalServer):
    """The fake Graph API on a free local port; `token` and `page` are what it accepts."""

    def __init__(self, token: str, page: str) -> None:
        self.token, self.page = token, page
        self.permissions: set[str] = set(PERMISSIONS)
        self.script: list[Answer] = []
        self.requests: list[Received] = []
        self.posts: list[dict[str, bytes]] = []
        self.uploads: list[bytes] = []
        """Photos uploaded unpublished, for a post of several."""
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                raw = self.rfile.read(length)
                form = BytesParser(policy=HTTP).parsebytes(
                    f"Content-Type: {self.headers.get('Content-Type', '')}\r\n\r\n".encode() + raw
                )
                fields: dict[str, bytes] = (
                    {
                        str(part.get_param("name", header="content-disposition")): part.get_payload(decode=True) or b""
                        for part in form.iter_parts()
                    }
                    if form.is_multipart()
                    else {k: v.encode() for k, v in parse_qsl(raw.decode())}
                )
                server.requests.append(Received(self.path, dict(self.headers), fields))
                answer = server.script.pop(0) if server.script else server.answer(self.path, self.headers, fields)
                if answer.lands:
                    server.posts.append(fields)
                if answer.before:
                    answer.before()
                reply(self, answer, server.closed)

            def log_message(self, *_: object) -> None:
                """Quiet: the tests read `requests`."""

        self.serve(Handler)

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/{VERSION}"

    def answer(self, path: str, headers: Any, fields: dict[str, bytes]) -> Answer:
        """What Graph answers to a photo upload."""
        if headers.get("Authorization") != f"Bearer {self.token}":
            given = str(headers.get("Authorization", "")).removeprefix("Bearer ")
            return _error(400, 190, f"Error validating access token: Session has expired. Token {given}", 463)
        if path == f"/{VERSION}/{self.page}/feed" and "message" in fields:
            return self._feed(fields)
        if path != f"/{VERSION}/{self.page}/photos":
            return _error(400, 100, "Unsupported post request. Object with ID does not exist")
        if not set(PERMISSIONS) <= self.permissions:
            return _error(403, 200, "(#200) requires both pages_read_engagement and pages_manage_posts permission")
        if fields.get("published") == b"false" and fields.get("source", b"").startswith(b"\x89PNG"):
            self.uploads.append(fields["source"])
            return Answer(200, {"id": f"{len(self.uploads)}0000"})
        if not fields.get("source", b"").startswith(b"\x89PNG") or "caption" not in fields:
            return _error(400, 324, "Requires upload file")
        self.posts.append(fields)
        n = len(self.posts)
        return Answer(200, {"id": f"photo{n}", "post_id": f"{self.page}_{n}"})

    def _feed(self, fields: dict[str, bytes]) -> Answer:
        """A post of several photos uploaded before: kept in `posts` with its photos' bytes as `photos`, in order."""
        attached = [
            json.loads(fields[f"attached_media[{k}]"])["media_fbid"]
            for k in range(len(fields))
            if f"attached_media[{k}]" in fields
        ]
        if not attached or any(not str(m).endswith("0000") or int(str(m)[:-4]) > len(self.uploads) for m in attached):
            return _error(400, 100, "Invalid attached media")
        self.posts.append({**fields, "photos": b"\0".join(self.uploads[int(str(m)[:-4]) - 1] for m in attached)})
        n = len(self.posts)
        return Answer(200, {"id": f"{self.page}_{n}"})


def reply(handler: BaseHTTPRequestHandler, answer: Answer, closed: threading.Event) -> None:
    """Send a scripted answer: none (the connection dropped), at once, or a byte at a time until the server closes."""
    if answer.drop:
        handler.close_connection = True
        handler.connection.shutdown(2)
        return
    body = answer.raw if answer.raw is not None else json.dumps(answer.body or {}).encode()
    handler.send_response(answer.status)
    for key, value in answer.headers.items():
        handler.send_header(key, value)
    if "Content-Type" not in answer.headers:
        handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    if not answer.trickle:
        handler.wfile.write(body)
        return
    handler.close_connection = True
    for byte in body:
        handler.wfile.write(bytes([byte]))
        handler.wfile.flush()
        if closed.wait(answer.trickle):
            return


def _error(status: int, code: int, message: str, subcode: int | None = None, transient: bool = False) -> Answer:
    error: dict[str, Any] = {"message": message, "type": "OAuthException", "code": code, "fbtrace_id": "Abc"}
    if subcode:
        error["error_subcode"] = subcode
    error["is_transient"] = transient
    return Answer(status, {"error": error})


def transient(status: int = 500) -> Answer:
    """Graph's "please retry" error."""
    return _error(status, 2, "An unexpected error has occurred. Please retry your request later.", transient=True)


def throttled() -> Answer:
    return retry_after(3)


def server_error() -> Answer:
    """A 500 Graph does not call transient: the post may have been made."""
    return _error(500, 1, "An unknown error occurred")


def retry_after(seconds: int) -> Answer:
    """A 429 asking to come back after `seconds`."""
    return Answer(
        429, {"error": {"message": "(#4) Application request limit reached", "code": 4}}, {"Retry-After": str(seconds)}
    )


def html_ok() -> Answer:
    """A proxy's HTML page with HTTP 200, after the post was made."""
    return Answer(200, raw=b"<html><body>OK</body></html>", headers={"Content-Type": "text/html"}, lands=True)


def numeric_id(number: int = 1234567890123) -> Answer:
    """The post made, its id sent as a JSON number, not text."""
    return Answer(200, {"id": number}, lands=True)


def trickling(interval: float) -> Answer:
    """The post made, then its answer sent one byte every `interval` seconds."""
    return Answer(200, {"id": "photo1", "post_id": "trickled_1"}, trickle=interval, lands=True)


def with_post_id(value: object) -> Answer:
    """The post made, its answer giving `value` as the post id (an id of escapes and 100,000 digits too)."""
    return Answer(200, {"id": "1", "post_id": value}, lands=True)


def echoing(text: str) -> Answer:
    """Graph's bad-token error quoting `text`: the token as Graph echoes it, cut short, lower-cased or encoded."""
    return _error(400, 190, f"Error validating access token: {text} is not valid", 463)

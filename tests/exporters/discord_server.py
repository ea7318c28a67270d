"""A local stand-in for a Discord channel's webhook: `POST /api/webhooks/{id}/{token}?wait=true` and `GET` of it.

It answers as Discord does: the message made (with its snowflake id) when `wait=true`, a 204 without it, `Unknown
Webhook` (404, code 10015) once the webhook is deleted, `Invalid Webhook Token` (401, code 50027) for another token,
`Invalid Form Body` (400, code 50035) for content over 2,000 characters, and whatever a test queues in `script` first
(the Graph fake's `Answer`: a 429 with its `retry_after`, a 5xx, a connection dropped after the message was made).
Every request is kept in `requests`, every message made in `messages`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.exporters.graph_server import Answer, LocalServer, reply

HOOK_ID = "112233445566778899"
TOKEN = "Sx9-webhookTOKEN_abc123DEF456ghi789"
FIRST_ID = 1300000000000000000


@dataclass
class Message:
    """A message as the channel shows it."""

    content: str
    allowed_mentions: Any
    images: list[bytes] = field(default_factory=list)
    id: str = ""


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes


def rate_limited(retry_after: float, glob: bool = False) -> Answer:
    """Discord's 429: the body's `retry_after` in seconds (a float), `global` for the limit on every route."""
    headers = {"Retry-After": str(int(retry_after) + 1), "X-RateLimit-Scope": "global" if glob else "user"}
    if glob:
        headers["X-RateLimit-Global"] = "true"
    return Answer(429, {"message": "You are being rate limited.", "retry_after": retry_after, "global": glob}, headers)


def unavailable(status: int = 502) -> Answer:
    """A gateway unavailable (502) or maintenance (503): the message was not made."""
    return Answer(status, raw=b"<html><body>502 Bad Gateway</body></html>", headers={"Content-Type": "text/html"})


def server_error() -> Answer:
    """A 500 after which the message may have been made (this one was)."""
    return Answer(500, {"message": "500: Internal Server Error", "code": 0}, lands=True)


def dropped() -> Answer:
    """The message made, then the connection closed without an answer."""
    return Answer(drop=True, lands=True)


class DiscordServer(LocalServer):
    """The fake webhook on a free local port."""

    def __init__(self, hook_id: str = HOOK_ID, token: str = TOKEN) -> None:
        self.hook_id, self.token = hook_id, token
        self.deleted = False
        self.script: list[Answer] = []
        self.requests: list[Request] = []
        self.messages: list[Message] = []
        self.limit_headers: dict[str, str] = {}
        """Headers of every successful answer (`X-RateLimit-Remaining: 0` with its reset)."""
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                server.requests.append(Request("GET", *_split(self.path), dict(self.headers), b""))
                answer = server.script.pop(0) if server.script else server.hook()
                reply(self, answer, server.closed)

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                path, query = _split(self.path)
                server.requests.append(Request("POST", path, query, dict(self.headers), raw))
                message = _message(self.headers.get("Content-Type", ""), raw)
                answer = server.script.pop(0) if server.script else server.post(path, query, message)
                if answer.lands:
                    server.made(message)
                reply(self, answer, server.closed)

            def log_message(self, *_: object) -> None:
                """Quiet: the tests read `requests`."""

        self.serve(Handler)

    @property
    def url(self) -> str:
        """The webhook's URL, as Copy Webhook URL gives it (http, since it is this machine)."""
        return f"http://127.0.0.1:{self.port}/api/webhooks/{self.hook_id}/{self.token}"

    def hook(self) -> Answer:
        if self.deleted:
            return Answer(404, {"message": "Unknown Webhook", "code": 10015})
        return Answer(200, {"type": 1, "id": self.hook_id, "name": "League", "channel_id": "1", "token": self.token})

    def post(self, path: str, query: dict[str, list[str]], message: Message) -> Answer:
        """What Discord answers to a webhook's message."""
        if self.deleted or not path.startswith(f"/api/webhooks/{self.hook_id}/"):
            return Answer(404, {"message": "Unknown Webhook", "code": 10015})
        if path != f"/api/webhooks/{self.hook_id}/{self.token}":
            return Answer(401, {"message": "Invalid Webhook Token", "code": 50027})
        if len(message.content) > 2000 or not (message.content or message.images):
            return Answer(400, {"message": "Invalid Form Body", "code": 50035})
        made = self.made(message)
        if query.get("wait") != ["true"]:
            return Answer(204, raw=b"")
        return Answer(
            200, {"id": made.id, "content": made.content, "webhook_id": self.hook_id}, dict(self.limit_headers)
        )

    def made(self, message: Message) -> Message:
        message.id = str(FIRST_ID + len(self.messages))
        self.messages.append(message)
        return message


def _split(target: str) -> tuple[str, dict[str, list[str]]]:
    parts = urlsplit(target)
    return parts.path, parse_qs(parts.query)


def _message(content_type: str, raw: bytes) -> Message:
    """The message a request carries: JSON, or multipart with `payload_json` and `files[n]`."""
    if content_type.startswith("application/json"):
        payload = json.loads(raw or b"{}")
        return Message(str(payload.get("content", "")), payload.get("allowed_mentions"))
    form = BytesParser(policy=HTTP).parsebytes(f"Content-Type: {content_type}\r\n\r\n".encode() + raw)
    parts = (
        {
            str(p.get_param("name", header="content-disposition")): p.get_payload(decode=True) or b""
            for p in form.iter_parts()
        }
        if form.is_multipart()
        else {}
    )
    payload = json.loads(parts.pop("payload_json", b"{}"))
    images = [parts[name] for name in sorted(parts) if name.startswith("files[")]
    return Message(str(payload.get("content", "")), payload.get("allowed_mentions"), images)

"""One HTTP request of a post, as every destination sends it: given up at a deadline however slowly the server answers,
told apart when it never left this machine, its answer's JSON and Retry-After read leniently.

Shared by the Graph (Facebook) and Discord clients, whose retries differ but whose requests fail alike."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import requests

GRACE = 0.2
"""Seconds past the budget a request's own timeouts get to end it, so a connection that never opened says so."""


class Overdue(Exception):
    """A request still unanswered when the budget ran out."""


def within(send: Callable[[], requests.Response], left: float, name: str) -> requests.Response:
    """The answer of `send` (one request, its timeouts set to `left`), given up after `left` seconds: requests'
    timeouts count each read alone, so a server trickling its answer a byte at a time would hold the command for as
    long as it likes. The request runs in a daemon thread that is left behind when the budget runs out (the command
    ends soon after)."""
    outcome: list[requests.Response | Exception] = []

    def run() -> None:
        try:
            outcome.append(send())
        except Exception as exc:
            outcome.append(exc)

    worker = threading.Thread(target=run, name=name, daemon=True)
    worker.start()
    worker.join(left + GRACE)
    if not outcome:
        raise Overdue
    if isinstance(outcome[0], Exception):
        raise outcome[0]
    return outcome[0]


def never_sent(exc: Exception) -> bool:
    """Whether the connection failed while opening (refused, no route, no such host): the request never left."""
    from urllib3.exceptions import NewConnectionError

    reason = getattr(exc.args[0], "reason", None) if exc.args else None
    return isinstance(reason, NewConnectionError)


def seconds(retry_after: object) -> float:
    """The seconds a Retry-After header (or a `retry_after` field) asks for; 0 when absent or not a number."""
    try:
        value = float(retry_after or 0)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0.0
    return max(0.0, value)


def json_body(answer: requests.Response) -> dict[str, Any] | None:
    """The answer's JSON object; None when the body is not JSON (an HTML page from a proxy), {} for other JSON."""
    try:
        body = answer.json()
    except ValueError:
        return None
    return body if isinstance(body, dict) else {}

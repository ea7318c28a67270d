"""The bounded retry client, driven by a scripted session and a fake clock (nothing of gspread patched)."""

from __future__ import annotations

import random
from typing import Any

import pytest
import requests
from gspread.exceptions import APIError

from sync.google import (
    BoundedRetryClient,
    GaveUp,
    GoogleWorkbook,
    RetryPolicy,
    Unanswered,
    retry_after,
)
from sync.workbook import BackendError


def _response(status: int, body: str = "{}", headers: dict[str, str] | None = None) -> requests.Response:
    r = requests.Response()
    r.status_code = status
    r._content = body.encode()
    r.headers.update(headers or {})
    return r


class ScriptedSession:
    """Answers each request with the next scripted response or exception."""

    def __init__(self, script: list[Any]) -> None:
        self.script, self.calls = list(script), []

    def request(self, **kwargs: Any) -> requests.Response:
        self.calls.append(kwargs)
        step = self.script.pop(0) if len(self.script) > 1 else self.script[0]
        if isinstance(step, Exception):
            raise step
        return step


class Clock:
    def __init__(self) -> None:
        self.now, self.sleeps = 0.0, []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def _client(script: list[Any], budget: float = 60.0) -> tuple[BoundedRetryClient, ScriptedSession, Clock]:
    session, clock = ScriptedSession(script), Clock()
    client = BoundedRetryClient(None, session, RetryPolicy(budget=budget, base=1.0, cap=8.0, timeout=(1.0, 2.0)),
                                sleep=clock.sleep, clock=clock, rng=random.Random(3))
    return client, session, clock


HTML_502 = "<!DOCTYPE html><html lang=en><title>Error 502 (Server Error)!!1</title></html>"


@pytest.mark.parametrize("failure", [
    _response(429, '{"error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED"}}'),
    _response(429, HTML_502, {"Content-Type": "text/html"}),
    _response(500), _response(502, HTML_502), _response(503), _response(408),
    requests.ConnectionError("connection reset"), requests.ReadTimeout("slow"),
])
def test_passing_failures_are_retried(failure: Any) -> None:
    client, session, clock = _client([failure, failure, _response(200, '{"ok": true}')])
    assert client.request("GET", "http://sheets.test/v4/x").json() == {"ok": True}
    assert len(session.calls) == 3
    assert all(call["timeout"] == (1.0, 2.0) for call in session.calls), "every try has a timeout"
    assert len(clock.sleeps) == 2 and all(0 <= s <= 8.0 for s in clock.sleeps)


def test_client_errors_are_not_retried() -> None:
    client, session, _ = _client([_response(403, '{"error": {"code": 403, "message": "denied", "status": "PERMISSION_DENIED"}}')])
    with pytest.raises(APIError):
        client.request("GET", "http://sheets.test/v4/x")
    assert len(session.calls) == 1


def test_persistent_429_gives_up_within_the_budget() -> None:
    client, session, clock = _client([_response(429)], budget=30.0)
    with pytest.raises(GaveUp) as info:
        client.request("GET", "http://sheets.test/v4/x")
    assert info.value.status == 429 and info.value.tries == len(session.calls) > 3
    assert clock.now <= 30.0


def test_retry_after_is_honoured() -> None:
    client, _, clock = _client([_response(429, headers={"Retry-After": "7"}), _response(200)])
    client.request("GET", "http://sheets.test/v4/x")
    assert clock.sleeps == [7.0]


def test_backoff_grows_exponentially_up_to_the_cap() -> None:
    client, _, clock = _client([_response(503)], budget=1000.0)
    with pytest.raises(GaveUp):
        client.request("GET", "http://sheets.test/v4/x")
    ceilings = [min(8.0, 2.0 ** i) for i in range(len(clock.sleeps))]
    assert all(s <= c for s, c in zip(clock.sleeps, ceilings))
    assert max(clock.sleeps) > 4.0, "later waits reach toward the cap"


@pytest.mark.parametrize(("header", "seconds"), [("12", 12.0), ("0", 0.0), (None, None), ("", None), ("soon", None)])
def test_retry_after_parsing(header: str | None, seconds: float | None) -> None:
    assert retry_after(header) == seconds


@pytest.mark.parametrize("lost", [requests.ReadTimeout("slow"), requests.ConnectionError("Connection aborted.")])
def test_a_write_whose_answer_is_lost_is_not_sent_again(lost: Exception) -> None:
    client, session, _ = _client([lost, _response(200)])
    with pytest.raises(Unanswered):
        client.request("POST", "http://sheets.test/v4/x:batchUpdate", json={"requests": []})
    assert len(session.calls) == 1


def test_a_write_that_never_connected_is_retried() -> None:
    client, session, _ = _client([requests.ConnectTimeout("no route"), _response(200, '{"replies": []}')])
    assert client.request("POST", "http://sheets.test/v4/x:batchUpdate", json={"requests": []}).json() == {"replies": []}
    assert len(session.calls) == 2


def test_an_unreadable_retry_after_falls_back_to_backoff() -> None:
    client, session, clock = _client([_response(503, headers={"Retry-After": "soon"}), _response(200)])
    client.request("GET", "http://sheets.test/v4/x")
    assert len(session.calls) == 2 and 0 <= clock.sleeps[0] <= 1.0


def test_a_disabled_api_is_not_explained_as_sharing() -> None:
    body = ('{"error": {"code": 403, "message": "Google Sheets API has not been used in project 12 before or it is '
            'disabled.", "status": "PERMISSION_DENIED"}}')
    client, _, _ = _client([_response(403, body)])
    book = GoogleWorkbook("sheet-id", client, "http://sheets.test", "bot@example.iam.gserviceaccount.com")
    with pytest.raises(BackendError, match="not enabled for the service account's project"):
        book.tab_names()

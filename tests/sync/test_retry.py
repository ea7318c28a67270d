"""The bounded retry client, driven by a scripted session and a fake clock (nothing of gspread patched)."""

from __future__ import annotations

import random
from typing import Any

import pytest
import requests
from google.auth.exceptions import RefreshError, TransportError
from gspread.exceptions import APIError

from sync.google import GoogleWorkbook
from sync.retry import BoundedRetryClient, GaveUp, RetryPolicy, Unanswered, retry_after
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
    client = BoundedRetryClient(
        None,
        session,
        RetryPolicy(budget=budget, base=1.0, cap=8.0, timeout=(1.0, 2.0)),
        sleep=clock.sleep,
        clock=clock,
        rng=random.Random(3),
    )
    return client, session, clock


HTML_502 = "<!DOCTYPE html><html lang=en><title>Error 502 (Server Error)!!1</title></html>"


@pytest.mark.parametrize(
    "failure",
    [
        _response(429, '{"error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED"}}'),
        _response(429, HTML_502, {"Content-Type": "text/html"}),
        _response(500),
        _response(502, HTML_502),
        _response(503),
        _response(408),
        requests.ConnectionError("connection reset"),
        requests.ReadTimeout("slow"),
    ],
)
def test_passing_failures_are_retried(failure: Any) -> None:
    client, session, clock = _client([failure, failure, _response(200, '{"ok": true}')])
    assert client.request("GET", "http://sheets.test/v4/x").json() == {"ok": True}
    assert len(session.calls) == 3
    assert all(call["timeout"] == (1.0, 2.0) for call in session.calls), "every try has a timeout"
    assert len(clock.sleeps) == 2 and all(0 <= s <= 8.0 for s in clock.sleeps)


def test_client_errors_are_not_retried() -> None:
    client, session, _ = _client(
        [_response(403, '{"error": {"code": 403, "message": "denied", "status": "PERMISSION_DENIED"}}')]
    )
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
    ceilings = [min(8.0, 2.0**i) for i in range(len(clock.sleeps))]
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
    assert client.request("POST", "http://sheets.test/v4/x:batchUpdate", json={"requests": []}).json() == {
        "replies": []
    }
    assert len(session.calls) == 2


def test_an_unreadable_retry_after_falls_back_to_backoff() -> None:
    client, session, clock = _client([_response(503, headers={"Retry-After": "soon"}), _response(200)])
    client.request("GET", "http://sheets.test/v4/x")
    assert len(session.calls) == 2 and 0 <= clock.sleeps[0] <= 1.0


def test_a_disabled_api_is_not_explained_as_sharing() -> None:
    body = (
        '{"error": {"code": 403, "message": "Google Sheets API has not been used in project 12 before or it is '
        'disabled.", "status": "PERMISSION_DENIED"}}'
    )
    client, _, _ = _client([_response(403, body)])
    book = GoogleWorkbook("sheet-id", client, "http://sheets.test", "bot@example.iam.gserviceaccount.com")
    with pytest.raises(BackendError, match="not enabled for the service account's project"):
        book.tab_names()


def test_retry_after_zero_is_no_tight_loop() -> None:
    client, session, clock = _client([_response(429, headers={"Retry-After": "0"})], budget=30.0)
    with pytest.raises(GaveUp):
        client.request("GET", "http://sheets.test/v4/x")
    assert len(session.calls) < 30 and sum(clock.sleeps) > 10


def test_the_budget_covers_the_whole_sync_not_each_request() -> None:
    client, session, clock = _client([_response(503)], budget=20.0)
    with pytest.raises(GaveUp):
        client.request("GET", "http://sheets.test/v4/metadata")
    spent = clock.now
    with pytest.raises(GaveUp):
        client.request("GET", "http://sheets.test/v4/values:batchGet")
    assert clock.now <= 20.0 and clock.now - spent < 8.0, "the second request only had what was left"


@pytest.mark.parametrize(
    "failure",
    [TransportError("token endpoint unreachable"), RefreshError("503 from the token endpoint", retryable=True)],
)
def test_a_passing_token_failure_is_retried(failure: Exception) -> None:
    client, session, _ = _client([failure, _response(200)])
    client.request("POST", "http://sheets.test/v4/x:batchUpdate", json={"requests": []})
    assert len(session.calls) == 2, "the token request comes before anything is sent, so even a write is safe"


def test_a_refused_key_is_not_retried() -> None:
    client, session, _ = _client([RefreshError("invalid_grant: Invalid JWT Signature.", retryable=False)])
    with pytest.raises(RefreshError):
        client.request("GET", "http://sheets.test/v4/x")
    assert len(session.calls) == 1


def test_an_answer_cut_off_midway_is_retried_for_reads_only() -> None:
    cut = requests.exceptions.ChunkedEncodingError("Connection broken: IncompleteRead")
    client, session, _ = _client([cut, _response(200)])
    client.request("GET", "http://sheets.test/v4/x")
    assert len(session.calls) == 2
    client, session, _ = _client([cut, _response(200)])
    with pytest.raises(Unanswered):
        client.request("POST", "http://sheets.test/v4/x:batchUpdate", json={"requests": []})


@pytest.mark.parametrize("status", [500, 502, 503, 504, 408])
def test_a_write_answered_with_a_server_error_is_not_sent_again(status: int) -> None:
    client, session, _ = _client([_response(status), _response(200)])
    with pytest.raises(Unanswered):
        client.request("POST", "http://sheets.test/v4/x:batchUpdate", json={"requests": []})
    assert len(session.calls) == 1


def test_a_write_refused_for_quota_is_sent_again() -> None:
    client, session, _ = _client([_response(429), _response(200)])
    client.request("POST", "http://sheets.test/v4/x:batchUpdate", json={"requests": []})
    assert len(session.calls) == 2


def test_every_try_has_a_read_timeout_within_the_budget() -> None:
    client, session, clock = _client([_response(503), _response(503), _response(200)], budget=60.0)
    client.policy = RetryPolicy(budget=3.0, base=1.0, cap=1.0, timeout=(1.0, 30.0))
    client.request("GET", "http://sheets.test/v4/x")
    assert all(1.0 <= call["timeout"][1] <= 3.0 for call in session.calls)

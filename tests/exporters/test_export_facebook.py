"""`league publish --facebook` against the local Graph API: posted once per changed leaderboard, bounded retries,
clear errors, and the token never shown."""

from __future__ import annotations

import base64
import time
from dataclasses import replace
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest
from typer.testing import CliRunner

import history
from exporters.facebook import TOKEN_VARIABLE, Failure, Graph, GraphError, scrub
from history.snapshot import Snapshot
from jobs.cli import app
from jobs.config import Config, load_config
from jobs.errors import ConfigError, ExitCode
from jobs.export_job import history_file
from jobs.publish_job import PublishError, run_publish
from tests.exporters.conftest import PAGE, TOKEN
from tests.exporters.graph_server import (
    Answer,
    GraphServer,
    echoing,
    html_ok,
    numeric_id,
    retry_after,
    server_error,
    throttled,
    transient,
    trickling,
    with_post_id,
)
from tests.exporters.tables import leaderboard

runner = CliRunner()


@pytest.fixture()
def league(tmp_path: Path, graph: GraphServer, snapshot: Snapshot) -> Config:
    (tmp_path / "league.toml").write_text(
        f'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n[branding]\nfacebook_page_id = "{PAGE}"\n'
        f'facebook_api = "{graph.api}"\nhashtags = ["GLUnmatched"]\n',
        encoding="utf-8",
    )
    config = load_config(tmp_path)
    history.record(history_file(config), snapshot)
    return config


def _graph(server: GraphServer, waits: list[float], token: str = TOKEN) -> Graph:
    return Graph(token, server.api, sleep=waits.append)


def test_the_leaderboard_is_posted_once_per_change(league: Config, graph: GraphServer, snapshot: Snapshot) -> None:
    waits: list[float] = []
    first = run_publish(league, _graph(graph, waits))
    assert (first.post_id, first.already) == (f"{PAGE}_1", False)
    [post] = graph.posts
    assert (
        post["caption"].decode().startswith("GL Unmatched League: leaderboard") and b"#GLUnmatched" in post["caption"]
    )
    assert post["source"].startswith(b"\x89PNG") and post["published"] == b"true"
    assert TOKEN not in graph.requests[0].path, "the token travels in a header, never in the address"
    again = run_publish(league, _graph(graph, waits))
    assert again.already and again.post_id == f"{PAGE}_1" and len(graph.requests) == 1
    changed = replace(snapshot, tables=(leaderboard(("Someone New",)),))
    history.record(history_file(league), changed)
    assert run_publish(league, _graph(graph, waits)).post_id == f"{PAGE}_2"
    assert waits == []


def test_passing_failures_are_retried_a_bounded_number_of_times(league: Config, graph: GraphServer) -> None:
    waits: list[float] = []
    graph.script = [throttled(), transient()]
    assert run_publish(league, _graph(graph, waits)).post_id == f"{PAGE}_1"
    assert waits == [3.0, 4.0], "Retry-After is honoured, then the backoff doubles"
    graph.script = [transient()] * 10
    history.record(
        history_file(league),
        replace(
            history.latest(history_file(league)),  # type: ignore[type-var]
            tables=(leaderboard(("Changed",)),),
            placings={},
        ),
    )
    with pytest.raises(PublishError, match="gave up after 4 tries") as failed:
        run_publish(league, _graph(graph, waits))
    assert failed.value.code == ExitCode.BACKEND and len(graph.requests) == 2 + 1 + 4


def test_a_lost_answer_is_not_sent_again(league: Config, graph: GraphServer) -> None:
    graph.script = [Answer(drop=True)]
    with pytest.raises(PublishError, match="may or may not be on the Page"):
        run_publish(league, _graph(graph, []))
    assert len(graph.requests) == 1


def test_an_unreachable_api_is_retried_then_reported(league: Config, graph: GraphServer) -> None:
    waits: list[float] = []
    closed = Graph(TOKEN, "http://127.0.0.1:9/v19.0", sleep=waits.append)
    with pytest.raises(PublishError, match="could not reach"):
        run_publish(league, closed)
    assert len(waits) == 3


def test_an_expired_token_is_a_clear_error_and_never_printed(
    league: Config, graph: GraphServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TOKEN_VARIABLE, "EAAGexpiredToken999")
    monkeypatch.chdir(league.path.parent)
    done = runner.invoke(app, ["publish", "--facebook"])
    assert done.exit_code == ExitCode.USAGE
    text = " ".join(done.output.split())
    assert "has expired or is not valid" in text and "code 190" in text
    assert "EAAGexpiredToken999" not in done.output, "Graph echoes the token; the message drops it"


def test_a_missing_permission_names_it(league: Config, graph: GraphServer) -> None:
    graph.permissions = {"pages_read_engagement"}
    with pytest.raises(PublishError, match="pages_manage_posts") as failed:
        run_publish(league, _graph(graph, []))
    assert failed.value.code == ExitCode.USAGE


def test_the_cli_posts_with_the_token_from_the_environment(
    league: Config, graph: GraphServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(league.path.parent)
    monkeypatch.delenv(TOKEN_VARIABLE, raising=False)
    missing = runner.invoke(app, ["publish", "--facebook"])
    assert missing.exit_code == ExitCode.USAGE and TOKEN_VARIABLE in missing.output
    monkeypatch.setenv(TOKEN_VARIABLE, TOKEN)
    done = runner.invoke(app, ["publish", "--facebook"])
    assert done.exit_code == 0 and f"post {PAGE}_1" in done.output and TOKEN not in done.output
    again = runner.invoke(app, ["publish", "--facebook"])
    assert again.exit_code == 0 and "posted already" in again.output and len(graph.posts) == 1
    assert runner.invoke(app, ["publish"]).exit_code == ExitCode.USAGE


def test_no_page_id_is_a_config_error(tmp_path: Path, snapshot: Snapshot) -> None:
    (tmp_path / "league.toml").write_text('ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    config = load_config(tmp_path)
    with pytest.raises(ConfigError, match="facebook_page_id"):
        run_publish(config, Graph(TOKEN, "http://127.0.0.1:9"))


class Clock:
    """Time that passes only when the client sleeps."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_retries_stop_when_the_budget_cannot_cover_the_next_wait(graph: GraphServer) -> None:
    clock = Clock()
    client = Graph(TOKEN, graph.api, sleep=clock.sleep, clock=clock, budget=10, tries=10)
    graph.script = [transient()] * 10
    with pytest.raises(
        GraphError,
        match=r"gave up after 3 tries: .*would wait 8 s, past the 10 s of "
        r"`facebook_retry_seconds` \(4 s left\); nothing was posted",
    ) as failed:
        client.post_photo(PAGE, b"\x89PNG", "caption")
    assert failed.value.failure is Failure.REFUSED and len(graph.requests) == 3 and clock.now == 6


def test_a_retry_after_beyond_the_budget_gives_up_at_once(graph: GraphServer) -> None:
    waits: list[float] = []
    graph.script = [retry_after(100_000)]
    with pytest.raises(GraphError, match="would wait 100000 s, past the 120 s") as failed:
        _graph(graph, waits).post_photo(PAGE, b"\x89PNG", "caption")
    assert failed.value.failure is Failure.REFUSED and waits == [] and len(graph.requests) == 1


def test_an_answer_trickled_past_the_budget_is_given_up(graph: GraphServer) -> None:
    graph.script = [trickling(0.2)]
    started = time.monotonic()
    with pytest.raises(GraphError, match="no complete answer within the 1 s of `facebook_retry_seconds`") as failed:
        Graph(TOKEN, graph.api, budget=1).post_photo(PAGE, b"\x89PNG", "caption")
    assert time.monotonic() - started < 2, "one budget for the whole post, however slowly the bytes come"
    assert failed.value.failure is Failure.UNSURE and len(graph.posts) == 1


@pytest.mark.parametrize(
    ("answer", "failure", "words"),
    [
        (html_ok(), Failure.UNSURE, "HTTP 200 with an answer that is not JSON, so the post may well be on the Page"),
        (Answer(200, {"success": True}, lands=True), Failure.UNSURE, "HTTP 200 with no post id in its answer"),
        (server_error(), Failure.UNSURE, "Facebook's server failed after the post was sent (HTTP 500, code 1"),
        (
            Answer(502, raw=b"<html>Bad Gateway</html>"),
            Failure.UNSURE,
            "server failed after the post was sent (HTTP 502",
        ),
        (Answer(drop=True, lands=True), Failure.UNSURE, "broke after the post was sent"),
        (
            Answer(400, {"error": {"message": "Invalid parameter", "code": 100}}),
            Failure.REFUSED,
            "Facebook refused the post to Page 1234567890: HTTP 400, code 100: Invalid parameter; nothing was posted",
        ),
    ],
)
def test_what_an_answer_says_of_the_post(graph: GraphServer, answer: Answer, failure: Failure, words: str) -> None:
    graph.script = [answer]
    with pytest.raises(GraphError) as failed:
        _graph(graph, []).post_photo(PAGE, b"\x89PNG", "caption")
    assert failed.value.failure is failure and words in str(failed.value) and len(graph.requests) == 1
    assert failure is Failure.REFUSED or "look at the Page before running `league publish` again" in str(failed.value)


def test_a_numeric_id_is_the_post_id(graph: GraphServer) -> None:
    graph.script = [numeric_id(1234567890123)]
    assert _graph(graph, []).post_photo(PAGE, b"\x89PNG", "caption") == "1234567890123"


@pytest.mark.parametrize("api", ["graph.facebook.com/v19.0", "ftp://graph.facebook.com/v19.0", "http://"])
def test_an_address_requests_cannot_use_is_a_setup_error(api: str) -> None:
    with pytest.raises(GraphError, match="`branding.facebook_api` is not an http:// or https:// address") as failed:
        Graph(TOKEN, api).post_photo(PAGE, b"\x89PNG", "caption")
    assert failed.value.failure is Failure.SETUP


@pytest.mark.parametrize(
    "token",
    [
        "EAAB-SECRET\nTOKEN-123",
        "EAAB-SECRET-TOKEN-€",
        "EAAB SECRET\tTOKEN",
        "EAAB-SECRET-TOKEN-123\n",
        " EAAB-SECRET-TOKEN-123",
        "EAAB-SECRET TOKEN-123",
    ],
)
def test_a_token_that_cannot_travel_in_a_header_is_refused_unseen(token: str) -> None:
    with pytest.raises(GraphError, match="one line of printable ASCII") as failed:
        Graph(token, "http://127.0.0.1:9", sleep=lambda _: None).post_photo(PAGE, b"\x89PNG", "caption")
    assert failed.value.failure is Failure.SETUP and "SECRET" not in str(failed.value)


class Failing:
    """A session whose post fails with a message quoting the request, as a library's bug might."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def post(self, *_: object, **__: object) -> None:
        raise self.error


@pytest.mark.parametrize(
    "error",
    [
        ValueError(f"bad header: Bearer {TOKEN}"),
        KeyError(f"Bearer {TOKEN}"),
        OSError(f"headers { ({'Authorization': 'Bearer ' + TOKEN})!r}"),
    ],
)
def test_an_unexpected_error_quoting_the_token_is_shown_without_it(error: Exception) -> None:
    client = Graph(TOKEN, "http://127.0.0.1:9", session=Failing(error))  # type: ignore[arg-type]
    with pytest.raises(RuntimeError) as failed:
        client.post_photo(PAGE, b"\x89PNG", "caption")
    assert TOKEN not in str(failed.value) and "[token]" in str(failed.value) and failed.value.__cause__ is None


def test_scrub_removes_the_token_as_sent_quoted_and_line_by_line() -> None:
    token = "EAAB-SECRET\nTOKEN-123"
    text = f"{token} | {token!r} | EAAB-SECRET only | TOKEN-123 only"
    assert scrub(text, token) == "[token] | '[token]' | [token] only | [token] only"
    assert scrub("nothing here", "") == "nothing here"


@pytest.mark.parametrize(
    ("value", "post_id"),
    [
        ("1234567890_987654321", "1234567890_987654321"),
        (" 1234567890_5 ", "1234567890_5"),
        (1234567890123, "1234567890123"),
    ],
)
def test_a_post_id_of_digits_and_underscores_is_taken(graph: GraphServer, value: object, post_id: str) -> None:
    graph.script = [with_post_id(value)]
    assert _graph(graph, []).post_photo(PAGE, b"\x89PNG", "caption") == post_id


@pytest.mark.parametrize(
    "value",
    [
        "\x1b[2J\x1b]0;pwned\x07" + "1" * 100_000,
        "1" * 65,
        "photo1",
        "",
        "١٢٣_٤",
        "123\n456",
        "123_",
        f"{TOKEN}_1",
        f"1_{TOKEN.lower()}",
        -5,
        True,
        1.5,
        ["123"],
        {"id": "1"},
    ],
)
def test_any_other_post_id_is_an_unsure_post_shown_safely(graph: GraphServer, value: object) -> None:
    graph.script = [with_post_id(value)]
    with pytest.raises(GraphError) as failed:
        _graph(graph, []).post_photo(PAGE, b"\x89PNG", "caption")
    message = str(failed.value)
    assert failed.value.failure is Failure.UNSURE and len(graph.posts) == 1 and len(graph.requests) == 1
    assert "with a post_id that is not a post id" in message and "look at the Page" in message
    assert not any(c < " " or "\x7f" <= c <= "\x9f" for c in message) and len(message) < 400
    assert TOKEN.lower() not in message.lower()


def _echoes(token: str) -> dict[str, str]:
    """The token as a server might echo it back."""
    raw = token.encode()
    b64 = base64.b64encode(raw).decode()
    return {
        "as sent": token,
        "lower-cased": token.lower(),
        "upper-cased": token.upper(),
        "cut short": f"{token[:12]}...",
        "its end": f"...{token[-9:]}",
        "base64": b64,
        "base64, unpadded": b64.rstrip("="),
        "base64 after a byte": base64.b64encode(b":" + raw).decode(),
        "base64 after two bytes": base64.b64encode(b"x:" + raw).decode(),
        "URL-safe base64": base64.urlsafe_b64encode(raw).decode(),
        "URL-encoded": quote(token, safe=""),
        "URL-encoded in lower case": quote(token, safe="").lower(),
        "form-encoded": quote_plus(token),
        "base64, URL-encoded": quote(b64, safe=""),
    }


ECHOED = "EAAG/secret+Page=Token123"
"""A token with characters base64 and URL-encoding change."""


@pytest.mark.parametrize(("form", "echo"), _echoes(ECHOED).items(), ids=list(_echoes(ECHOED)))
def test_an_echo_of_the_token_in_any_form_is_removed(graph: GraphServer, form: str, echo: str) -> None:
    graph.script = [echoing(echo)]
    with pytest.raises(GraphError) as failed:
        Graph(ECHOED, graph.api).post_photo(PAGE, b"\x89PNG", "caption")
    message = str(failed.value)
    assert failed.value.failure is Failure.SETUP and "Error validating access token: " in message
    assert "[token]" in message and " is not valid" in message
    assert [echo[i : i + 10] for i in range(len(echo) - 9) if echo[i : i + 10] in message] == [], (
        f"the token {form} shows"
    )

"""`league publish --facebook` against the local Graph API: posted once per changed leaderboard, bounded retries,
clear errors, and the token never shown."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from tables import leaderboard
from graph_server import Answer, GraphServer, throttled, transient
from typer.testing import CliRunner

from exporters import history
from exporters.facebook import TOKEN_VARIABLE, Graph
from exporters.snapshot import Snapshot
from jobs.cli import app
from jobs.config import Config, load_config
from jobs.errors import ConfigError, ExitCode
from jobs.export_job import history_file
from jobs.publish_job import PublishError, run_publish

TOKEN = "EAAGsecretPageToken123"
PAGE = "1234567890"
runner = CliRunner()


@pytest.fixture()
def graph() -> Iterator[GraphServer]:
    with GraphServer(TOKEN, PAGE) as server:
        yield server


@pytest.fixture()
def league(tmp_path: Path, graph: GraphServer, snapshot: Snapshot) -> Config:
    (tmp_path / "league.toml").write_text(
        f'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n[branding]\nfacebook_page_id = "{PAGE}"\n'
        f'facebook_api = "{graph.api}"\nhashtags = ["GLUnmatched"]\n', encoding="utf-8")
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
    assert post["caption"].decode().startswith("GL Unmatched League: leaderboard") and b"#GLUnmatched" in post["caption"]
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
    history.record(history_file(league), replace(history.latest(history_file(league)),  # type: ignore[type-var]
                                                 tables=(leaderboard(("Changed",)),)))
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


def test_an_expired_token_is_a_clear_error_and_never_printed(league: Config, graph: GraphServer,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
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


def test_the_cli_posts_with_the_token_from_the_environment(league: Config, graph: GraphServer,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
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

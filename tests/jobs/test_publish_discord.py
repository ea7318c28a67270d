"""`league publish --discord` through the CLI against the local Discord webhook: what `--facebook` posts, once per
changed leaderboard through the history's ledger, to both with `--facebook --discord`; a message that may have landed
never sent again without `--force`; a missing, malformed or deleted webhook exit 2 naming the setting; the webhook's
URL never printed nor kept."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import history
from exporters.discord import WEBHOOK_VARIABLE
from exporters.facebook import TOKEN_VARIABLE
from history.snapshot import Snapshot
from jobs.cli import app
from jobs.errors import ExitCode
from tests.conftest import DemoCopy
from tests.exporters.discord_server import TOKEN as HOOK_TOKEN
from tests.exporters.discord_server import DiscordServer, dropped
from tests.exporters.graph_server import GraphServer, server_error
from tests.exporters.tables import UPDATED, leaderboard, standings

PAGE_TOKEN = "EAABpageTOKEN123"
PAGE = "1234567890"
runner = CliRunner()


@dataclass
class League:
    folder: Path
    graph: GraphServer
    discord: DiscordServer

    @property
    def history(self) -> Path:
        return self.folder / "league-history.sqlite"

    def publish(self, *args: str) -> Result:
        """`league publish ...`; whatever happens, the webhook's URL and token show nowhere and are kept nowhere."""
        done = runner.invoke(app, ["publish", *args])
        for secret in (HOOK_TOKEN, self.discord.url, HOOK_TOKEN[:12]):
            assert secret not in done.output
            for file in self.folder.rglob("*"):
                assert not file.is_file() or secret.encode() not in file.read_bytes(), f"the webhook is kept in {file}"
        return done

    def ledger(self, target: str) -> tuple[str | None, history.Doubt | None]:
        snap = history.latest(self.history)
        assert snap is not None
        return history.posted(self.history, snap, target), history.in_doubt(self.history, snap, target)


@pytest.fixture(params=["", "1"], ids=["plain", "LEAGUE_DEBUG"])
def league(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[League]:
    monkeypatch.setenv("LEAGUE_DEBUG", request.param)
    monkeypatch.setenv(TOKEN_VARIABLE, PAGE_TOKEN)
    monkeypatch.chdir(tmp_path)
    with GraphServer(PAGE_TOKEN, PAGE) as graph, DiscordServer() as discord:
        monkeypatch.setenv(WEBHOOK_VARIABLE, discord.url)
        (tmp_path / "league.toml").write_text(
            f'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\ndiscord_retry_seconds = 5\n[branding]\n'
            f'facebook_page_id = "{PAGE}"\nfacebook_api = "{graph.api}"\nhashtags = ["GLUnmatched"]\n',
            encoding="utf-8",
        )
        made = League(tmp_path, graph, discord)
        history.record(made.history, Snapshot(UPDATED, "abc123", "GL Unmatched League", (leaderboard(), standings())))
        yield made


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_leaderboard_is_posted_to_discord_once_per_change(league: League) -> None:
    done = league.publish("--discord")
    assert done.exit_code == 0, done.output
    [message] = league.discord.messages
    assert f"posted leaderboard #1 to Discord (message {message.id})" in done.output
    assert message.images and message.images[0].startswith(b"\x89PNG") and message.allowed_mentions == {"parse": []}
    assert message.content.startswith("GL Unmatched League\\: leaderboard") and "\\#GLUnmatched" in message.content
    assert league.graph.requests == [], "--discord alone posts nowhere else"
    again = league.publish("--discord")
    assert again.exit_code == 0 and "leaderboard #1 was posted already" in again.output
    assert len(league.discord.requests) == 1
    snap = history.latest(league.history)
    assert snap is not None
    history.record(league.history, replace(snap, tables=(leaderboard(("Someone New",)),), placings={}))
    changed = league.publish("--discord")
    assert changed.exit_code == 0 and len(league.discord.messages) == 2, changed.output


def test_facebook_and_discord_are_posted_each_once(league: League) -> None:
    done = league.publish("--facebook", "--discord")
    assert done.exit_code == 0, done.output
    assert f"posted leaderboard #1 to Facebook (post {PAGE}_1)" in done.output
    assert "posted leaderboard #1 to Discord (message " in done.output
    assert len(league.graph.posts) == 1 and len(league.discord.messages) == 1
    assert league.ledger("facebook")[0] == f"{PAGE}_1" and league.ledger("discord")[0] == league.discord.messages[0].id
    again = league.publish("--facebook", "--discord")
    assert again.exit_code == 0 and _flat(again.output).count("posted already") == 2


def test_one_destination_failing_leaves_the_other_posted(league: League) -> None:
    league.graph.script = [server_error()]
    done = league.publish("--facebook", "--discord")
    assert done.exit_code == ExitCode.BACKEND and "may or may not be on the Page" in _flat(done.output)
    assert len(league.discord.messages) == 1 and "to Discord (message " in done.output


def test_a_lost_answer_is_never_sent_again_without_force(league: League) -> None:
    league.discord.script = [dropped()]
    done = league.publish("--discord")
    assert done.exit_code == ExitCode.BACKEND and "may or may not be in the channel" in _flat(done.output)
    assert league.ledger("discord")[1] is not None
    again = league.publish("--discord")
    text = _flat(again.output)
    assert again.exit_code == ExitCode.BACKEND and "may be on the Discord channel already" in text
    assert "`league publish --discord --force`" in text and len(league.discord.requests) == 1
    forced = league.publish("--discord", "--force")
    assert forced.exit_code == 0 and len(league.discord.messages) == 2


def test_a_deleted_webhook_is_exit_2_naming_the_setting(league: League) -> None:
    league.discord.deleted = True
    done = league.publish("--discord")
    assert done.exit_code == ExitCode.USAGE and f"the webhook in {WEBHOOK_VARIABLE} was deleted" in _flat(done.output)
    assert league.ledger("discord") == (None, None), "surely not posted: not in doubt"
    league.discord.deleted = False
    assert league.publish("--discord").exit_code == 0


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("", f"set {WEBHOOK_VARIABLE} to the channel's webhook URL"),
        ("https://discord.com/channels/1/2", "is not a Discord webhook URL"),
        (f"https://discord.com/api/webhooks/1/{HOOK_TOKEN}\n", "ends with a line break"),
    ],
)
def test_a_missing_or_malformed_webhook_is_exit_2(
    league: League, monkeypatch: pytest.MonkeyPatch, value: str, words: str
) -> None:
    monkeypatch.setenv(WEBHOOK_VARIABLE, value)
    done = league.publish("--discord")
    assert done.exit_code == ExitCode.USAGE and words in _flat(done.output)
    assert league.discord.requests == [] and league.ledger("discord") == (None, None)


def test_publish_says_where_to_post(league: League) -> None:
    done = league.publish()
    assert done.exit_code == ExitCode.USAGE and "--facebook, --discord, or both" in done.output


def test_the_win_rate_chart_is_posted_to_discord_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, demo_copy: DemoCopy
) -> None:
    folder = demo_copy("ogaming-mtg", tmp_path / "demo")
    with DiscordServer() as discord:
        monkeypatch.setenv(WEBHOOK_VARIABLE, discord.url)
        done = runner.invoke(app, ["publish", str(folder), "--discord", "--stats"])
        assert done.exit_code == 0 and "posted the win-rate chart to Discord (message " in done.output, done.output
        [message] = discord.messages
        assert message.images[0].startswith(b"\x89PNG") and "win rates by Deck" in message.content
        again = runner.invoke(app, ["publish", str(folder), "--discord", "--stats"])
        assert again.exit_code == 0 and "the win rates were posted already" in again.output
        assert len(discord.requests) == 1

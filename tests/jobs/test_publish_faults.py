"""`league publish --facebook` when something goes wrong, through the CLI as cron runs it: each fault ends with its
exit code and what to do, a post that may have landed is never sent again blind, and the token is never shown,
kept or written, with LEAGUE_DEBUG=1 too."""

from __future__ import annotations

import base64
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import quote

import pytest
from typer.testing import CliRunner, Result

import history
from exporters.facebook import TOKEN_VARIABLE
from history.snapshot import Snapshot
from jobs.cli import app
from jobs.config import load_config
from jobs.errors import ExitCode
from jobs.export_job import history_file
from jobs.publish_job import PublishError, run_publish
from tests.exporters.graph_server import (
    Answer,
    GraphServer,
    echoing,
    html_ok,
    numeric_id,
    retry_after,
    server_error,
    transient,
    trickling,
    with_post_id,
)
from tests.exporters.tables import UPDATED, leaderboard, standings

TOKEN = "EAAB/SECRET+TOKEN=123"
"""A token with characters that base64 and URL-encoding change."""
PAGE = "1234567890"
ECHOES = {
    "cut short": f"{TOKEN[:13]}...",
    "lower-cased": TOKEN.lower(),
    "base64": base64.b64encode(TOKEN.encode()).decode(),
    "base64 of the header": base64.b64encode(f"Bearer {TOKEN}".encode()).decode(),
    "URL-encoded": quote(TOKEN, safe=""),
    "base64, URL-encoded": quote(base64.b64encode(TOKEN.encode()).decode()),
}
"""The token as Graph may echo it back."""
SECRETS = (
    TOKEN,
    "SECRET+TOKEN",
    TOKEN.lower(),
    ECHOES["cut short"].strip("."),
    ECHOES["base64"][:-4],
    ECHOES["base64 of the header"][12:-4],
    ECHOES["URL-encoded"],
    ECHOES["base64, URL-encoded"][:-6],
)
runner = CliRunner()


@dataclass
class League:
    """A synced league folder whose Page is the local Graph API."""

    folder: Path
    graph: GraphServer

    @property
    def history(self) -> Path:
        return self.folder / "league-history.sqlite"

    def configure(self, api: str | None = None, extra: str = "") -> None:
        (self.folder / "league.toml").write_text(
            f'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n{extra}[branding]\nfacebook_page_id = "{PAGE}"\n'
            f'facebook_api = "{api or self.graph.api}"\nhashtags = ["GLUnmatched"]\n',
            encoding="utf-8",
        )

    def publish(self) -> Result:
        """Run `league publish --facebook`; whatever happens, the token shows nowhere."""
        done = runner.invoke(app, ["publish", "--facebook"])
        for secret in SECRETS:
            assert secret not in done.output, "the token is never printed"
            for file in self.folder.rglob("*"):
                assert not file.is_file() or secret.encode() not in file.read_bytes(), f"the token is kept in {file}"
        return done

    def posted(self) -> str | None:
        snap = history.latest(self.history)
        assert snap is not None
        return history.posted(self.history, snap, "facebook")

    def in_doubt(self) -> history.Doubt | None:
        snap = history.latest(self.history)
        assert snap is not None
        return history.in_doubt(self.history, snap, "facebook")


@pytest.fixture(params=["", "1"], ids=["plain", "LEAGUE_DEBUG"])
def league(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[League]:
    monkeypatch.setenv("LEAGUE_DEBUG", request.param)
    monkeypatch.setenv(TOKEN_VARIABLE, TOKEN)
    monkeypatch.setattr(history.database, "LOCK_WAIT", 0.2)
    monkeypatch.chdir(tmp_path)
    with GraphServer(TOKEN, PAGE) as graph:
        made = League(tmp_path, graph)
        made.configure()
        history.record(made.history, Snapshot(UPDATED, "abc123", "GL Unmatched League", (leaderboard(), standings())))
        yield made


def _flat(text: str) -> str:
    return " ".join(text.split())


@dataclass(frozen=True)
class Fault:
    """One way publishing fails, and what the organiser is told."""

    name: str
    code: ExitCode
    words: str
    script: tuple[Answer, ...] = ()
    token: str = TOKEN
    api: str | None = None
    extra: str = ""
    """Top-level league.toml lines."""
    unsure: bool = False
    """The post may have landed: the next run refuses to send it again."""


BUDGET_1 = "facebook_retry_seconds = 1\n"
FAULTS = [
    Fault(
        "a token with a line break", ExitCode.USAGE, f"{TOKEN_VARIABLE} holds a line break", token=f"{TOKEN}\nEAAB-2"
    ),
    Fault(
        "a token with a trailing line break",
        ExitCode.USAGE,
        f"{TOKEN_VARIABLE} ends with a line break",
        token=f"{TOKEN}\n",
    ),
    Fault(
        "a token with a trailing CRLF", ExitCode.USAGE, f"{TOKEN_VARIABLE} ends with a line break", token=f"{TOKEN}\r\n"
    ),
    Fault(
        "a token with a leading space",
        ExitCode.USAGE,
        f"{TOKEN_VARIABLE} holds a space (character 1)",
        token=f" {TOKEN}",
    ),
    Fault(
        "a token with a euro sign",
        ExitCode.USAGE,
        f"{TOKEN_VARIABLE} holds a character that is not printable ASCII",
        token=f"{TOKEN}€",
    ),
    Fault("a token with a tab", ExitCode.USAGE, "not printable ASCII", token=f"{TOKEN}\tEAAB-2"),
    Fault(
        "an address without a scheme",
        ExitCode.USAGE,
        "`branding.facebook_api` must be the http:// or https:// address of the Graph API",
        api="graph.facebook.com/v19.0",
    ),
    Fault("an ftp address", ExitCode.USAGE, "`branding.facebook_api` must be", api="ftp://graph.facebook.com/v19.0"),
    Fault(
        "an expired token echoed by Graph",
        ExitCode.USAGE,
        "has expired or is not valid (HTTP 400, code 190: Session has expired. Token [token])",
        script=(Answer(400, {"error": {"message": f"Session has expired. Token {TOKEN}", "code": 190}}),),
    ),
    Fault(
        "a missing permission",
        ExitCode.USAGE,
        "it needs the pages_manage_posts and pages_read_engagement",
        script=(Answer(403, {"error": {"message": f"(#200) {TOKEN} lacks pages_manage_posts", "code": 200}}),),
    ),
    Fault(
        "a refusal quoting the token",
        ExitCode.BACKEND,
        "Facebook refused the post to Page 1234567890: HTTP 400, "
        "code 100: Invalid parameter near [token]; nothing was posted",
        script=(Answer(400, {"error": {"message": f"Invalid parameter near {TOKEN}", "code": 100}}),),
    ),
    Fault(
        "a server error",
        ExitCode.BACKEND,
        "Facebook's server failed after the post was sent (HTTP 500, code 1: An "
        "unknown error occurred), so it may or may not be on the Page",
        script=(replace(server_error(), lands=True),),
        unsure=True,
    ),
    Fault(
        "an HTML page with HTTP 200",
        ExitCode.BACKEND,
        "Facebook answered HTTP 200 with an answer that is not JSON, so the post may well be on the Page",
        script=(html_ok(),),
        unsure=True,
    ),
    Fault(
        "an answer lost after sending",
        ExitCode.BACKEND,
        "broke after the post was sent, so it may or may not be on the Page",
        script=(Answer(drop=True, lands=True),),
        unsure=True,
    ),
    Fault(
        "an answer trickled a byte at a time",
        ExitCode.BACKEND,
        "gave no complete answer within the 1 s of `facebook_retry_seconds`",
        script=(trickling(0.2),),
        extra=BUDGET_1,
        unsure=True,
    ),
    Fault(
        "a Retry-After past the budget",
        ExitCode.BACKEND,
        "would wait 100000 s, past the 120 s of `facebook_retry_seconds` (120 s left); nothing was posted",
        script=(retry_after(100_000),),
    ),
    Fault(
        "transient errors past the budget",
        ExitCode.BACKEND,
        "gave up after 1 try: HTTP 500, code 2: An unexpected error has occurred",
        script=(transient(),) * 4,
        extra=BUDGET_1,
    ),
    Fault(
        "a post id of escapes and 100,000 digits",
        ExitCode.BACKEND,
        "with a post_id that is not a post id",
        script=(with_post_id(f"\x1b[2J\x1b]0;{TOKEN}\x07" + "1" * 100_000),),
        unsure=True,
    ),
    *(
        Fault(f"an echo of the token {form}", ExitCode.USAGE, "[token]", script=(echoing(echo),))
        for form, echo in ECHOES.items()
    ),
    Fault(
        "an address nothing answers at",
        ExitCode.BACKEND,
        "gave up after 1 try: could not reach http://127.0.0.1:9/v19.0",
        api="http://127.0.0.1:9/v19.0",
        extra=BUDGET_1,
    ),
]


@pytest.mark.parametrize("fault", FAULTS, ids=[f.name for f in FAULTS])
def test_each_fault_is_reported_with_its_code_and_never_shows_the_token(
    league: League, fault: Fault, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TOKEN_VARIABLE, fault.token)
    league.configure(fault.api, fault.extra)
    league.graph.script = list(fault.script)
    done = league.publish()
    assert done.exit_code == fault.code, done.output
    assert fault.words in _flat(done.output)
    assert "This is a bug" not in done.output and league.posted() is None
    assert (league.in_doubt() is not None) == fault.unsure
    sent = len(league.graph.requests)
    if fault.unsure:
        again = league.publish()
        assert again.exit_code == ExitCode.BACKEND and len(league.graph.requests) == sent, "not sent again blind"
        assert "may be on the Page already" in _flat(again.output) and "--force" in again.output


def test_a_numeric_id_is_the_post_id(league: League) -> None:
    league.graph.script = [numeric_id(1234567890123)]
    done = league.publish()
    assert done.exit_code == ExitCode.CLEAN and "(post 1234567890123)" in done.output
    assert league.posted() == "1234567890123" and league.in_doubt() is None


def test_a_history_held_by_another_process_posts_nothing(league: League) -> None:
    other = sqlite3.connect(league.history, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    done = league.publish()
    other.rollback()
    text = _flat(done.output)
    assert done.exit_code == ExitCode.BACKEND and "is held by another process" in text and "nothing was posted" in text
    assert "move it aside" not in text and league.graph.requests == []


def test_a_damaged_history_says_to_move_it_aside(league: League) -> None:
    league.history.write_bytes(b"not a history\n" * 100)
    done = league.publish()
    assert done.exit_code == ExitCode.USAGE and "move it aside" in done.output and league.graph.requests == []


def test_a_post_the_history_could_not_record_is_not_posted_again(league: League) -> None:
    held: list[sqlite3.Connection] = []

    def another_process_takes_the_history() -> None:
        held.append(sqlite3.connect(league.history, isolation_level=None, check_same_thread=False))
        held[0].execute("BEGIN EXCLUSIVE")

    league.graph.script = [
        Answer(200, {"id": "photo1", "post_id": f"{PAGE}_1"}, lands=True, before=another_process_takes_the_history)
    ]
    done = league.publish()
    held[0].rollback()
    text = _flat(done.output)
    assert done.exit_code == ExitCode.BACKEND
    assert f"leaderboard #1 was posted to the Page (post {PAGE}_1), but the history could not record it" in text
    assert "will not post this leaderboard again unless you add --force" in text
    again = league.publish()
    assert again.exit_code == ExitCode.BACKEND and "may be on the Page already" in _flat(again.output)
    assert "did not record how it ended" in _flat(again.output) and len(league.graph.posts) == 1


def test_force_posts_a_leaderboard_in_doubt_once_more(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TOKEN_VARIABLE, TOKEN)
    with GraphServer(TOKEN, PAGE) as graph:
        (tmp_path / "league.toml").write_text(
            f'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n[branding]\n'
            f'facebook_page_id = "{PAGE}"\nfacebook_api = "{graph.api}"\n'
        )
        config = load_config(tmp_path)
        history.record(history_file(config), Snapshot(UPDATED, "abc", "GL", (leaderboard(),)))
        graph.script = [html_ok()]
        with pytest.raises(PublishError, match="not JSON"):
            run_publish(config)
        with pytest.raises(PublishError, match="may be on the Page already") as refused:
            run_publish(config)
        assert refused.value.code == ExitCode.BACKEND and len(graph.requests) == 1
        forced = run_publish(config, force=True)
        assert (forced.post_id, forced.already, len(graph.posts)) == (f"{PAGE}_2", False, 2)
        assert run_publish(config).already, "posted now: the doubt is settled"


def test_a_hostile_post_id_is_neither_printed_nor_kept(league: League) -> None:
    league.graph.script = [with_post_id("\x1b[2J\x1b]0;pwned\x07" + "9" * 100_000)]
    done = league.publish()
    assert done.exit_code == ExitCode.BACKEND and "\x1b" not in done.output and len(done.output) < 1000
    assert "' [2J ]0;pwned 9999" in done.output and "9" * 100 not in done.output
    assert "100,014 characters" in _flat(done.output)
    doubt = league.in_doubt()
    assert doubt is not None and "\x1b" not in doubt.note and "9" * 1000 not in doubt.note and len(doubt.note) < 1000
    with sqlite3.connect(league.history) as db:
        kept = " ".join(
            str(cell) for table in ("posts", "attempts") for row in db.execute(f"SELECT * FROM {table}") for cell in row
        )
    assert "\x1b" not in kept and "9" * 1000 not in kept

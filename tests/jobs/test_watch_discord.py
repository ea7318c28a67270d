"""`league watch --discord` against the local Discord webhook, on the watch's test clock: a 16-player weekly's rounds,
its bracket as it is seeded and advances, and its champion, each posted once and in order, also across a restart; a
lost answer never sent again; an outage tried again at the next poll; a deleted webhook stopping the posting, not the
watch; a missing or deleted webhook at the start exit 2."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from exporters.discord import WEBHOOK_VARIABLE, Discord, webhook
from exporters.discord_text import LIMIT
from jobs.cli import app
from jobs.config import Config
from jobs.errors import ExitCode
from jobs.watch_changes import source_of
from jobs.watch_discord import Announcer
from jobs.watch_job import Watcher, WatchOptions
from league.cells import as_text
from tests.exporters.discord_server import TOKEN as HOOK_TOKEN
from tests.exporters.discord_server import DiscordServer, dropped, unavailable
from tests.jobs.test_watch import EVENT, RESULTS, StepClock, judges_at_work, magic_weekly, type_round
from tests.support.judges import Judge, rows_of


@pytest.fixture
def weekly(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Config, Judge]]:
    yield from magic_weekly("xlsx", tmp_path, request)


@pytest.fixture()
def discord() -> Iterator[DiscordServer]:
    with DiscordServer() as server:
        yield server


def watcher(config: Config, clock: StepClock, lines: list[str], server: DiscordServer, *auto_pair: str) -> Watcher:
    """The watch as `league watch --discord` makes it, on the test clock (Discord's waits are the watch's)."""
    client = Discord(webhook(server.url), sleep=clock.sleep, clock=clock.monotonic, budget=30)
    announcer = Announcer(config, client, lines.append)
    return Watcher(
        config,
        WatchOptions(5.0, auto_pair, True),
        source_of(config, clock, random.Random(1)),
        clock,
        lines.append,
        announcer.synced,
        rng=random.Random(2),
        told=announcer.post,
    )


def titles(server: DiscordServer) -> list[str]:
    return [m.content.splitlines()[0] for m in server.messages]


def test_the_weekly_is_posted_round_by_round_to_its_champion_once(
    weekly: tuple[Config, Judge], discord: DiscordServer
) -> None:
    config, judge = weekly
    lines: list[str] = []
    work = judges_at_work(judge, random.Random(3))
    finished: list[float] = []

    def step(now: float) -> bool:
        if not finished and not work():
            finished.append(now)
        return not finished or now < finished[0] + 20

    clock = StepClock(step)
    watcher(config, clock, lines, discord, EVENT).run()
    assert titles(discord)[:-1] == [f"**W1 · Round {n} of 4**" for n in range(1, 5)] + [
        f"**W1 · Playoffs: {stage}**" for stage in ("quarter-finals", "semi-finals", "final")
    ]
    champion = re.fullmatch(r"🏆 \*\*W1\*\* · champion: \*\*(.+)\*\*", discord.messages[-1].content)
    assert champion and champion.group(1).startswith("Player ")
    assert all(m.allowed_mentions == {"parse": []} and len(m.content) < LIMIT for m in discord.messages)
    first = discord.messages[0].content.splitlines()[1:]
    typed = {
        (as_text(c["Table"]), as_text(c["Player A"]), as_text(c["Player B"]))
        for _, c in rows_of(judge.read(RESULTS), 1)
    }
    assert first == [f"Table {t} · {a} vs {b}" for t, a, b in sorted(typed, key=lambda p: int(p[0]))], "table order"
    quarters = discord.messages[4].content.splitlines()[1:]
    assert len(quarters) == 4 and quarters[0].startswith("Match 1 · ") and quarters[0].endswith(" (8)")
    assert sum(" posted " in line for line in lines) == 8
    watcher(config, StepClock(lambda now: True), lines, discord, EVENT).poll()  # a restart
    assert len(discord.messages) == 8, "each round once, also across a restart"


def test_a_judge_typed_round_is_posted_and_a_lost_answer_never_again(
    weekly: tuple[Config, Judge], discord: DiscordServer
) -> None:
    config, judge = weekly
    lines: list[str] = []
    discord.script = [dropped()]
    clock = StepClock(lambda now: True)
    watch = watcher(config, clock, lines, discord)
    watch.poll()
    assert len(discord.messages) == 1 and any(
        "W1 round 1 pairings may not be in the Discord channel" in line for line in lines
    ), lines
    watch.poll()
    watcher(config, clock, lines, discord).poll()
    assert len(discord.requests) == 1, "in doubt: never sent again blind"
    type_round(judge, 1)
    from jobs.pair_job import run_pair
    from sync.open import open_workbook

    assert run_pair(config, open_workbook(config), EVENT).written  # a judge pairs round 2 with `league pair`
    watch.poll()
    assert titles(discord) == ["**W1 · Round 1 of 4**", "**W1 · Round 2 of 4**"]


def test_an_outage_is_tried_again_at_the_next_poll(weekly: tuple[Config, Judge], discord: DiscordServer) -> None:
    config, _ = weekly
    lines: list[str] = []
    discord.script = [unavailable(503)] * 5
    watch = watcher(config, StepClock(lambda now: True), lines, discord)
    watch.poll()
    assert (
        discord.messages == []
        and sum("W1 round 1 pairings not posted to Discord: gave up" in line for line in lines) == 1
    )
    watch.poll()
    assert titles(discord) == ["**W1 · Round 1 of 4**"] and lines[-1].split(" ", 1)[1].startswith("posted W1 round 1")


def test_a_webhook_deleted_during_the_watch_stops_the_posting_not_the_watch(
    weekly: tuple[Config, Judge], discord: DiscordServer
) -> None:
    config, judge = weekly
    lines: list[str] = []
    discord.deleted = True
    watch = watcher(config, StepClock(lambda now: True), lines, discord)
    watch.poll()
    assert any(f"posting to Discord stopped: the webhook in {WEBHOOK_VARIABLE} was deleted" in line for line in lines)
    type_round(judge, 1)
    watch.poll()
    assert sum("synced" in line for line in lines) == 2 and len(discord.requests) == 1


@pytest.mark.parametrize("fault", ["missing", "deleted"])
def test_a_watch_without_a_working_webhook_does_not_start(
    weekly: tuple[Config, Judge], discord: DiscordServer, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    config, _ = weekly
    monkeypatch.setenv(WEBHOOK_VARIABLE, "" if fault == "missing" else discord.url)
    discord.deleted = True
    done = CliRunner().invoke(app, ["watch", str(config.path), "--discord"])
    assert done.exit_code == ExitCode.USAGE and WEBHOOK_VARIABLE in done.output and HOOK_TOKEN not in done.output
    assert "synced" not in done.output

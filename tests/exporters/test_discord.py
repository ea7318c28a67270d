"""The Discord webhook client against the local fake: messages made once with mentions off and markup escaped,
Discord's 429 and outages waited out within the budget, a lost answer never sent again, a deleted or malformed webhook
said as the setting to fix, and the webhook's token never in a message."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from exporters.discord import Discord, DiscordError, Webhook, webhook
from exporters.discord_text import LIMIT, escaped, escaped_caption, titled
from exporters.posting import Failure
from tests.exporters.discord_server import TOKEN, DiscordServer, dropped, rate_limited, server_error, unavailable
from tests.exporters.graph_server import Answer
from tests.exporters.test_export_facebook import Clock

PNG = b"\x89PNG\r\n\x1a\nimage"


@pytest.fixture()
def discord() -> Iterator[DiscordServer]:
    with DiscordServer() as server:
        yield server


def client(server: DiscordServer, budget: float = 120.0) -> Discord:
    clock = Clock()
    return Discord(webhook(server.url), sleep=clock.sleep, clock=clock, budget=budget)


def test_a_message_is_made_once_with_mentions_off(discord: DiscordServer) -> None:
    sent = client(discord).send(escaped("@everyone meet **Ana** <@&123>"))
    [message] = discord.messages
    assert sent == message.id and message.allowed_mentions == {"parse": []}
    assert message.content == r"\@everyone meet \*\*Ana\*\* \<\@&123\>"
    [request] = discord.requests
    assert request.query["wait"] == ["true"], "Discord answers with the message, whose id the history keeps"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("@everyone", r"\@everyone"),
        ("@here", r"\@here"),
        ("<@123456>", r"\<\@123456\>"),
        ("**Bold** _it_", r"\*\*Bold\*\* \_it\_"),
        ("# Heading", r"\# Heading"),
        ("[site](https://x.io)", None),
        ("||spoiler||", r"\|\|spoiler\|\|"),
        (":smile:", r"\:smile\:"),
        ("a\nb", "a b"),
    ],
)
def test_names_never_ping_nor_format(name: str, shown: str | None) -> None:
    text = escaped(name)
    if shown is not None:
        assert text == shown
    assert "\n" not in text and all(text[i - 1] == "\\" for i, c in enumerate(text) if c in "@*_#[]()<>|:")


def test_the_caption_keeps_its_links_working() -> None:
    caption = "1. Ana_B leads\n\nFull standings: https://league.example/w_1\n#GLUnmatched"
    assert (
        escaped_caption(caption) == "1\\. Ana\\_B leads\n\nFull standings\\: https://league.example/w_1\n\\#GLUnmatched"
    )


def test_long_pairings_are_several_messages_in_order_each_under_discords_limit() -> None:
    lines = [f"Table {n} · Player Number {n:03} With A Long Name vs Someone Else {n:03}" for n in range(1, 301)]
    messages = titled("W1 · Round 1 of 5", lines)
    assert len(messages) > 1 and all(len(m) < LIMIT for m in messages)
    assert [m.splitlines()[0] for m in messages] == [
        f"**W1 · Round 1 of 5 ({n} of {len(messages)})**" for n in range(1, len(messages) + 1)
    ]
    assert [line for m in messages for line in m.splitlines()[1:]] == lines, "every table once, in order"
    assert titled("T", ["x" * 5000])[0].endswith("…") and len(titled("T", ["x" * 5000])[0]) < LIMIT


def test_a_post_carries_its_images_and_a_long_caption_follows_in_order(discord: DiscordServer) -> None:
    caption = "\n".join(f"{n}. Player {n}" for n in range(1, 400))
    first = client(discord).post((PNG, PNG), caption)
    assert first == discord.messages[0].id and discord.messages[0].images == [PNG, PNG]
    assert len(discord.messages) > 1 and not discord.messages[1].images
    assert "\n".join(m.content for m in discord.messages) == escaped_caption(caption)


def test_a_429_is_waited_out_as_discord_asks(discord: DiscordServer) -> None:
    discord.script = [rate_limited(0.75)]
    made = client(discord)
    made.send("hello")
    assert made.waits == [0.75] and len(discord.messages) == 1


def test_the_global_limit_and_an_empty_bucket_hold_the_next_message(discord: DiscordServer) -> None:
    made = client(discord)
    discord.script = [rate_limited(3.5, glob=True)]
    made.send("one")
    discord.limit_headers = {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "1.25"}
    made.send("two")
    made.send("three")
    assert made.waits == [3.5, 1.25] and [m.content for m in discord.messages] == ["one", "two", "three"]


def test_a_wait_past_the_budget_gives_up_at_once_and_nothing_is_posted(discord: DiscordServer) -> None:
    discord.script = [rate_limited(500.0, glob=True)]
    made = client(discord, budget=60)
    with pytest.raises(DiscordError, match="asked to wait 500 s more, past the 60 s of `discord_retry_seconds`") as err:
        made.send("hello")
    assert err.value.failure is Failure.REFUSED and made.waits == [] and discord.messages == []


def test_an_outage_is_retried_within_its_tries(discord: DiscordServer) -> None:
    discord.script = [unavailable(502), unavailable(503)]
    made = client(discord)
    made.send("hello")
    assert made.waits == [2.0, 4.0] and len(discord.messages) == 1
    discord.script = [unavailable()] * 10
    with pytest.raises(DiscordError, match="gave up after 5 tries: HTTP 502") as err:
        made.send("again")
    assert err.value.failure is Failure.REFUSED and len(discord.messages) == 1


def test_an_unreachable_discord_is_retried_then_said(discord: DiscordServer) -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    made = Discord(Webhook(f"http://127.0.0.1:{port}/api/webhooks/1/{TOKEN}", TOKEN), sleep=lambda _: None, tries=3)
    with pytest.raises(DiscordError, match="gave up after 3 tries: could not reach Discord") as err:
        made.send("hello")
    assert err.value.failure is Failure.REFUSED


@pytest.mark.parametrize(
    "answer",
    [dropped(), server_error(), Answer(200, raw=b"<html>ok</html>", lands=True)],
    ids=["dropped", "500", "not JSON"],
)
def test_a_message_that_may_have_landed_is_not_sent_again(discord: DiscordServer, answer: Answer) -> None:
    discord.script = [answer]
    with pytest.raises(DiscordError, match="may or may not be in the channel") as err:
        client(discord).send("hello")
    assert err.value.failure is Failure.UNSURE
    assert len(discord.requests) == 1 and len(discord.messages) == 1, "no duplicate"


def test_a_later_message_of_a_post_failing_leaves_the_post_in_doubt(discord: DiscordServer) -> None:
    discord.script = [Answer(200, {"id": "1300000000000000000"}, lands=True), Answer(400, {"message": "no", "code": 1})]
    with pytest.raises(DiscordError, match="message 2 of the post's 2: the 1 before it are in the channel") as err:
        client(discord).post((PNG,), "x\n" * 1500)
    assert err.value.failure is Failure.UNSURE


def test_a_deleted_webhook_names_the_setting(discord: DiscordServer) -> None:
    discord.deleted = True
    made = client(discord)
    for call in (made.check, lambda: made.send("hello")):
        with pytest.raises(DiscordError, match="LEAGUE_DISCORD_WEBHOOK was deleted or never existed") as err:
            call()
        assert err.value.failure is Failure.SETUP and TOKEN not in str(err.value)
    assert discord.messages == []


def test_a_wrong_token_names_the_setting(discord: DiscordServer) -> None:
    made = Discord(webhook(discord.url.replace(TOKEN, "Another-token-1234")))
    with pytest.raises(DiscordError, match="Discord does not take LEAGUE_DISCORD_WEBHOOK") as err:
        made.send("hello")
    assert err.value.failure is Failure.SETUP


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("", "is empty"),
        (f"https://discord.com/api/webhooks/1/{TOKEN}\n", "ends with a line break"),
        (f"https://discord.com/api/webhooks/1/{TOKEN} ", "holds a space"),
        (f"https://discord.com/api/channels/1/{TOKEN}", "is not a Discord webhook URL"),
        (f"discord.com/api/webhooks/1/{TOKEN}", "is not a Discord webhook URL"),
        (f"http://discord.com/api/webhooks/1/{TOKEN}", "travels only over https://"),
    ],
)
def test_a_malformed_webhook_is_described_never_shown(url: str, words: str) -> None:
    with pytest.raises(DiscordError, match=words) as err:
        webhook(url)
    assert err.value.failure is Failure.SETUP and "LEAGUE_DISCORD_WEBHOOK" in str(err.value)
    assert TOKEN not in str(err.value) and "Copy Webhook URL" in str(err.value)


def test_good_webhooks_are_taken() -> None:
    assert webhook(f"https://discord.com/api/webhooks/123/{TOKEN}") == Webhook(
        f"https://discord.com/api/webhooks/123/{TOKEN}", TOKEN, id="123"
    )
    assert webhook(f"https://ptb.discord.com/api/v10/webhooks/123/{TOKEN}?thread_id=99").thread == "99"


def test_what_discord_says_is_shown_without_the_token(discord: DiscordServer) -> None:
    discord.script = [
        Answer(400, {"message": f"bad request to /webhooks/{discord.hook_id}/{TOKEN.lower()}", "code": 50035})
    ]
    with pytest.raises(DiscordError, match="Discord refused the message: HTTP 400, code 50035") as err:
        client(discord).send("hello")
    assert TOKEN.lower() not in str(err.value) and "[token]" in str(err.value)

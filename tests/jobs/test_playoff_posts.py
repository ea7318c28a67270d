"""The Magic demo's W1 top 8 from seeding to its champion: the sync draws the bracket images as games are typed and the
champion card once W1 is final; `league publish` posts every page of the leaderboard as one post of several photos and
the champion card once, with its caption, to the Page and to the Discord channel; `--dry-run` shows all of it, per
destination, and posts nothing."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from exporters.discord import WEBHOOK_VARIABLE
from exporters.discord_text import escaped_caption
from exporters.facebook import TOKEN_VARIABLE, Graph
from exporters.images import FEED, render
from exporters.render import shown_board, title
from jobs.cli import app
from jobs.config import Config, load_config
from jobs.export_job import latest_snapshot
from jobs.publish_job import PublishError, run_publish
from tests.conftest import DemoCopy
from tests.exporters.conftest import PAGE, TOKEN
from tests.exporters.discord_server import HOOK_ID, DiscordServer
from tests.exporters.discord_server import TOKEN as HOOK_TOKEN
from tests.exporters.graph_server import Answer, GraphServer
from tests.support.judges import XlsxJudge
from tests.support.playoff_league import copy_of, play_rounds, seeded_demo

runner = CliRunner()


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("playoffs") / "demo"
    seeded_demo(folder)
    return folder


@pytest.fixture(scope="module")
def final(seeded: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("final") / "demo"
    play_rounds(copy_of(seeded, folder), 3)
    return folder


@pytest.fixture()
def graph() -> Iterator[GraphServer]:
    with GraphServer(TOKEN, PAGE) as server:
        yield server


@pytest.fixture()
def discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[DiscordServer]:
    with DiscordServer() as server:
        monkeypatch.setenv(WEBHOOK_VARIABLE, server.url)
        yield server


def _on_page(folder: Path, into: Path, graph: GraphServer) -> Config:
    config = copy_of(folder, into)
    with (into / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write(
            f'[branding]\nfacebook_page_id = "{PAGE}"\nfacebook_api = "{graph.api}"\n'
            'url = "https://ogaming.example/league"\nhashtags = ["FNM"]\n'
        )
    return load_config(config.path.parent)


def _size(path: Path) -> tuple[int, int]:
    with Image.open(path) as image:
        return image.size


def test_the_sync_draws_the_bracket_as_games_are_typed(seeded: Path, tmp_path: Path) -> None:
    exports = seeded / "exports"
    feed, card = exports / "bracket-w1-1080x1350.png", exports / "bracket-w1-1200x630.png"
    assert _size(feed) == (1080, 1350) and _size(card) == (1200, 630), "seeded, not played: its seeds drawn"
    assert not (exports / "champion-w1-1080x1350.png").exists()
    config = copy_of(seeded, tmp_path / "demo")
    before = (tmp_path / "demo" / "exports" / feed.name).read_bytes()
    play_rounds(config, 1)
    assert (tmp_path / "demo" / "exports" / feed.name).read_bytes() != before, "the quarter-finals' winners drawn"
    assert not (tmp_path / "demo" / "exports" / "champion-w1-1080x1350.png").exists(), "not final yet"


def test_a_final_event_has_its_champion_card(final: Path) -> None:
    snap = latest_snapshot(load_config(final))
    w1 = next(e for e in snap.events if e.id == "W1")
    assert w1.champion and snap.brackets["W1"].champion == w1.champion
    assert _size(final / "exports" / "champion-w1-1080x1350.png") == (1080, 1350)


def test_publish_posts_the_leaderboard_pages_as_one_post_then_the_champion_once(
    final: Path, tmp_path: Path, graph: GraphServer
) -> None:
    config = _on_page(final, tmp_path / "demo", graph)
    done = run_publish(config, Graph(TOKEN, graph.api, sleep=lambda _: None))
    assert [s.post.kind for s in done.sent] == ["", "champion"] and not any(s.already for s in done.sent)
    board, champion = graph.posts
    snap = latest_snapshot(config)
    assert snap.leaderboard is not None
    pages = render(shown_board(snap, snap.leaderboard), FEED, config.branding, title(snap, config.branding))
    assert len(pages) >= 2 and board["photos"] == b"\0".join(pages), "every page, in order, in one post"
    assert board["message"].decode().startswith("Kátia Ramos leads")
    w1 = next(e for e in snap.events if e.id == "W1")
    assert champion["source"].startswith(b"\x89PNG") and Image.open(io.BytesIO(champion["source"])).size == (1080, 1350)
    words = champion["caption"].decode()
    assert words.startswith(f"🏆 {w1.champion} wins Friday Night Magic W1 (2025-01-09)!") and "#FNM" in words
    assert "Won the final" in words and "Runner-up:" in words and "Semi-finalists:" in words
    requests = len(graph.requests)
    again = run_publish(config, Graph(TOKEN, graph.api, sleep=lambda _: None))
    assert all(s.already for s in again.sent) and len(graph.requests) == requests, "each posted once"


def test_a_dry_run_shows_what_would_be_posted_and_posts_nothing(
    final: Path, tmp_path: Path, graph: GraphServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _on_page(final, tmp_path / "demo", graph)
    monkeypatch.delenv(TOKEN_VARIABLE, raising=False)
    (config.exports / "publish-dry-run").mkdir()
    (config.exports / "publish-dry-run" / "3-an-earlier-run.png").write_bytes(b"\x89PNG")
    shown = runner.invoke(app, ["publish", str(config.path.parent), "--facebook", "--dry-run"], env={"COLUMNS": "300"})
    assert shown.exit_code == 0, shown.output
    text = shown.output
    assert f"To Facebook Page {PAGE}" in text and "photos in this order" in text and "the champion card of W1" in text
    assert "| Kátia Ramos leads" in text and "wins Friday Night Magic W1" in text
    previews = sorted(p.name for p in (config.exports / "publish-dry-run").iterdir())
    assert previews[:2] == ["1-leaderboard-1080x1350-2.png", "1-leaderboard-1080x1350.png"]
    assert "2-champion-w1-1080x1350.png" in previews and "3-an-earlier-run.png" not in previews
    assert graph.requests == [], "nothing sent, no token needed"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_champion_card_is_posted_once_to_discord_too(
    final: Path, tmp_path: Path, graph: GraphServer, discord: DiscordServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Posted to the Page first, the leaderboard and the champion card still go to Discord (a ledger per destination),
    each once: the leaderboard's pages in order in one message, the card with its caption in the next."""
    config = _on_page(final, tmp_path / "demo", graph)
    monkeypatch.setenv(TOKEN_VARIABLE, TOKEN)
    folder = str(config.path.parent)
    assert runner.invoke(app, ["publish", folder, "--facebook"]).exit_code == 0 and len(graph.posts) == 2
    done = runner.invoke(app, ["publish", folder, "--discord"], env={"COLUMNS": "300"})
    assert done.exit_code == 0, done.output
    board, champion = discord.messages
    snap = latest_snapshot(config)
    assert snap.leaderboard is not None
    pages = render(shown_board(snap, snap.leaderboard), FEED, config.branding, title(snap, config.branding))
    assert len(pages) >= 2 and board.images == pages, "every page, in order, in one message"
    assert champion.images == [graph.posts[1]["source"]], "the card the Page got"
    assert champion.content == escaped_caption(graph.posts[1]["caption"].decode()).rstrip("\n")
    assert "wins Friday Night Magic W1" in champion.content and champion.allowed_mentions == {"parse": []}
    assert f"posted the champion card of W1 to Discord (message {champion.id})" in done.output
    requests = len(discord.requests), len(graph.requests)
    again = runner.invoke(app, ["publish", folder, "--facebook", "--discord"], env={"COLUMNS": "300"})
    assert again.exit_code == 0 and _flat(again.output).count("posted already") == 4, again.output
    assert f"the champion card of W1 was posted already (message {champion.id}); nothing sent" in _flat(again.output)
    assert (len(discord.requests), len(graph.requests)) == requests, "each posted once to each"


def test_a_dry_run_to_discord_shows_the_champion_card_and_posts_nothing(
    final: Path, tmp_path: Path, graph: GraphServer, discord: DiscordServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _on_page(final, tmp_path / "demo", graph)
    monkeypatch.delenv(TOKEN_VARIABLE, raising=False)
    folder = str(config.path.parent)
    shown = runner.invoke(app, ["publish", folder, "--discord", "--dry-run"], env={"COLUMNS": "300"})
    assert shown.exit_code == 0, shown.output
    text = shown.output
    assert f"To the Discord channel of webhook {HOOK_ID}:" in text and "Facebook" not in text
    assert "photos in this order" in text and "2. the champion card of W1: 1 photo" in text
    assert "| Kátia Ramos leads" in text and "wins Friday Night Magic W1" in text
    assert discord.url not in text and HOOK_TOKEN[:8] not in text, "the webhook's URL is a secret"
    assert (config.exports / "publish-dry-run" / "2-champion-w1-1080x1350.png").is_file()
    assert discord.requests == [] and graph.requests == [], "nothing sent"
    monkeypatch.setenv(TOKEN_VARIABLE, TOKEN)
    assert runner.invoke(app, ["publish", folder, "--discord"]).exit_code == 0
    sent = len(discord.requests)
    both = runner.invoke(app, ["publish", folder, "--facebook", "--discord", "--dry-run"], env={"COLUMNS": "300"})
    page, channel = both.output.split(f"To the Discord channel of webhook {HOOK_ID}:")
    assert f"To Facebook Page {PAGE}:" in page and "2. the champion card of W1: 1 photo" in page, "not on the Page yet"
    card = discord.messages[1].id
    assert f"2. the champion card of W1: posted already (message {card}), not posted again" in channel
    assert (config.exports / "publish-dry-run" / "2-champion-w1-1080x1350.png").is_file(), "the Page's still to see"
    assert len(discord.requests) == sent and graph.requests == []
    monkeypatch.delenv(WEBHOOK_VARIABLE)
    unset = runner.invoke(app, ["publish", folder, "--discord", "--dry-run"], env={"COLUMNS": "300"})
    assert unset.exit_code == 0 and f"{WEBHOOK_VARIABLE}, which cannot be used yet" in _flat(unset.output)


def test_a_photo_whose_upload_is_lost_posts_nothing_and_the_next_run_posts(
    final: Path, tmp_path: Path, graph: GraphServer
) -> None:
    """The photos of a post of several are uploaded unpublished: one whose answer is lost shows nowhere, so the post
    is refused as not made (not as one that may be on the Page), and the next run posts it."""
    config = _on_page(final, tmp_path / "demo", graph)
    graph.script = [Answer(drop=True)]
    with pytest.raises(PublishError, match="uploading photo 1 of 2 failed .*nothing was posted"):
        run_publish(config, Graph(TOKEN, graph.api, sleep=lambda _: None))
    assert graph.posts == []
    done = run_publish(config, Graph(TOKEN, graph.api, sleep=lambda _: None))
    assert not done.already and len(graph.posts) == 2


def test_the_nasef_demos_top_16_takes_two_halves_and_the_final_four(tmp_path: Path, demo_copy: DemoCopy) -> None:
    """The NASEF demo's cut decided (two of the teams tied at the cut go through), its top 16 seeded: the sync draws
    the bracket's halves and its final four on three feed images, and the link card."""
    folder = demo_copy("nasef-lol", tmp_path / "nasef")
    decided = {
        "Hamilton North Gold": "in",
        "Franklin Tech Gold": "in",
        "Madison STEM Blue": "out",
        "Grant West Gold": "out",
        "Washington Central Blue": "out",
        "Kennedy High Gold": "out",
    }
    judge = XlsxJudge(folder / "nasef-lol-league.xlsx")
    teams = judge.read("Teams")
    judge.type(
        "Teams",
        {
            (row, "Cut"): decided[str(cells[0])]
            for row, cells in enumerate(teams[1:], 2)
            if cells and str(cells[0]) in decided
        },
    )
    seeded = runner.invoke(app, ["bracket", str(folder), "--event", "SPRING26", "--force"])
    assert seeded.exit_code == 0, seeded.output
    runner.invoke(app, ["sync", str(folder)])
    drawn = sorted(p.name for p in (folder / "exports").glob("bracket-*.png"))
    assert drawn == [
        "bracket-spring26-1080x1350-2.png",
        "bracket-spring26-1080x1350-3.png",
        "bracket-spring26-1080x1350.png",
        "bracket-spring26-1200x630.png",
    ]

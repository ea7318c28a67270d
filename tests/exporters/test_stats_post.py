"""The win-rate chart and its caption: `league export --format stats`, and `league publish --facebook --stats` posted
once per changed win rates against the local Graph API."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from exporters import history
from exporters.facebook import Graph
from jobs.cli import app
from jobs.config import Config, load_config
from jobs.errors import ConfigError
from jobs.export_job import history_file
from jobs.publish_job import PublishError, run_publish_stats
from league.stats import Sides
from tests.exporters.conftest import PAGE, TOKEN
from tests.exporters.graph_server import GraphServer, html_ok

runner = CliRunner()


@pytest.fixture()
def league(tmp_path: Path, graph: GraphServer) -> Config:
    folder = tmp_path / "demo"
    assert runner.invoke(app, ["demo", str(folder), "--ruleset", "ogaming-mtg"]).exit_code == 0
    with (folder / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write(f'[branding]\nfacebook_page_id = "{PAGE}"\nfacebook_api = "{graph.api}"\nhashtags = ["OGamingMTG"]\n')
    return load_config(folder)


def test_export_writes_the_chart_and_its_caption(league: Config) -> None:
    result = runner.invoke(app, ["export", str(league.path), "--format", "stats"])
    assert result.exit_code == 0, result.output
    image = Image.open(league.exports / "stats-1080x1350.png")
    assert image.size == (1080, 1350)
    caption = (league.exports / "stats.txt").read_text(encoding="utf-8")
    assert "win rates by Deck, 78 games" in caption and "Boros Energy: 48% (10-11-7, 28 games)" in caption
    assert "mirror matches are left out" in caption and caption.rstrip().endswith("#OGamingMTG")


def test_export_before_any_sync_says_to_sync(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init"]).exit_code == 0
    result = runner.invoke(app, ["export", "--format", "stats"], env={"COLUMNS": "300"})
    assert result.exit_code == 2 and "run `league sync` first" in result.output


def test_the_chart_is_posted_once_per_change_of_the_win_rates(league: Config, graph: GraphServer) -> None:
    waits: list[float] = []
    first = run_publish_stats(league, Graph(TOKEN, graph.api, sleep=waits.append))
    assert not first.already
    [post] = graph.posts
    assert post["source"].startswith(b"\x89PNG") and b"win rates by Deck" in post["caption"]
    again = run_publish_stats(league, Graph(TOKEN, graph.api, sleep=waits.append))
    assert again.already and again.post_id == first.post_id and len(graph.posts) == 1
    path = history_file(league)
    kept = history.kept_games(path)
    assert kept is not None
    fewer = Sides.from_json(kept.data)
    assert fewer is not None
    history.keep_games(path, history.Games(kept.time, kept.fingerprint, fewer.only(event="W1").to_json()))
    assert not run_publish_stats(league, Graph(TOKEN, graph.api, sleep=waits.append)).already
    assert len(graph.posts) == 2


def test_a_post_whose_outcome_is_unknown_is_not_sent_again_blind(league: Config, graph: GraphServer) -> None:
    graph.script = [html_ok()]
    with pytest.raises(PublishError, match="not JSON"):
        run_publish_stats(league, Graph(TOKEN, graph.api, sleep=lambda _: None))
    with pytest.raises(PublishError, match="may be on the Page already"):
        run_publish_stats(league, Graph(TOKEN, graph.api, sleep=lambda _: None))
    result = run_publish_stats(league, Graph(TOKEN, graph.api, sleep=lambda _: None), force=True)
    assert not result.already and len(graph.posts) == 2
    assert run_publish_stats(league, Graph(TOKEN, graph.api, sleep=lambda _: None)).already, "posted now: settled"


def test_a_ruleset_without_stats_has_no_chart(tmp_path: Path, graph: GraphServer) -> None:
    folder = tmp_path / "nasef"
    assert runner.invoke(app, ["demo", str(folder), "--ruleset", "nasef-lol"]).exit_code == 0
    with (folder / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write(f'[branding]\nfacebook_page_id = "{PAGE}"\nfacebook_api = "{graph.api}"\n')
    with pytest.raises(ConfigError, match="records nothing to group games by"):
        run_publish_stats(load_config(folder), Graph(TOKEN, graph.api))
    assert graph.posts == []


def test_no_text_on_the_chart_is_under_20_px() -> None:
    """Read on a phone 390 points wide, a 1080 px image shows 20 px as about 7 points: nothing is smaller."""
    from exporters import stats_chart

    sizes = [stats_chart.NAME, stats_chart.FIGURE, stats_chart.FOOT, stats_chart.TITLE, stats_chart.SUB]
    assert min(size / stats_chart.PX for size in sizes) >= 20

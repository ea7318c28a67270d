"""The win-rate chart and its caption: `league export --format stats`, and `league publish --facebook --stats` posted
once per changed win rates against the local Graph API."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

import history
from exporters.branding import Branding
from exporters.facebook import Graph
from jobs.cli import app
from jobs.config import Config, load_config
from jobs.errors import ConfigError
from jobs.export_job import history_file
from jobs.publish_job import PublishError, run_publish_stats
from league.stats import Rate, Sides, fold
from league.stats.figures import _rate
from tests.conftest import DemoCopy
from tests.exporters.conftest import PAGE, TOKEN
from tests.exporters.graph_server import GraphServer, html_ok

runner = CliRunner()


@pytest.fixture()
def league(tmp_path: Path, graph: GraphServer, demo_copy: DemoCopy) -> Config:
    folder = demo_copy("ogaming-mtg", tmp_path / "demo")
    with (folder / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write(
            f'[branding]\nfacebook_page_id = "{PAGE}"\nfacebook_api = "{graph.api}"\nhashtags = ["OGamingMTG"]\n'
        )
    return load_config(folder)


def test_export_writes_the_chart_and_its_caption(league: Config) -> None:
    result = runner.invoke(app, ["export", str(league.path), "--format", "stats"])
    assert result.exit_code == 0, result.output
    image = Image.open(league.exports / "stats-1080x1350.png")
    assert image.size == (1080, 1350)
    caption = (league.exports / "stats.txt").read_text(encoding="utf-8")
    assert "win rates by Deck, 78 matches" in caption and "Boros Energy: 48% (10-11-7, 28 matches)" in caption
    assert "mirror matches are left out" in caption and caption.rstrip().endswith("#OGamingMTG")
    one = runner.invoke(app, ["export", str(league.path), "--format", "stats", "--event", "W1"], env={"COLUMNS": "300"})
    assert one.exit_code == 2 and "--event does not apply to --format stats" in one.output, "refused, never ignored"
    unknown = runner.invoke(app, ["export", str(league.path), "--format", "gif"], env={"COLUMNS": "300"})
    assert unknown.exit_code == 2 and "csv or stats" in unknown.output


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
    history.keep_games(path, history.KeptGames(kept.time, kept.fingerprint, fewer.only(event="W1").to_json()))
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


def _rates(names: list[str]) -> list[Rate]:
    return sorted((_rate(n, 20 - i, 0, i) for i, n in enumerate(names)), key=lambda r: -r.win_rate)


WHEN = dt.datetime(2026, 3, 14, 18, tzinfo=dt.UTC)


def test_cjk_names_are_drawn_in_a_face_that_holds_them() -> None:
    """Noto Sans CJK is a collection (.ttc): its face is cut to the names' characters as a static TTF, which matplotlib
    reads, so Korean and Chinese names are drawn, not boxes."""
    from matplotlib import font_manager

    from exporters import stats_chart
    from exporters.fonts import Face, coverage

    names = stats_chart.families("김민준 東京 Medusa")
    assert len(names) == 2 and names[0] == "DejaVu Sans"
    path = font_manager.findfont(font_manager.FontProperties(family=names[1]), fallback_to_default=False)
    assert {ord(c) for c in "김민준東京"} <= coverage(Face(Path(path)))
    assert stats_chart.families("Medusa") == ("DejaVu Sans",)


def test_names_are_cut_by_their_drawn_width() -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from exporters import stats_chart

    fig = Figure(figsize=(10.8, 13.5), dpi=100)
    renderer = FigureCanvasAgg(fig).get_renderer()
    font = {"family": list(stats_chart.families("김민준의 아주 긴 덱 이름"))}
    assert stats_chart._short(fig, renderer, "i" * 18, font) == "i" * 18, "narrow letters fit"
    wide = stats_chart._short(fig, renderer, "W" * 18, font)
    korean = stats_chart._short(fig, renderer, "김민준의 아주 긴 덱 이름", font)
    assert wide.endswith("…") and len(wide) < 18 and korean.endswith("…")
    for cut in (wide, korean):
        probe = fig.text(0, 0, cut, fontsize=stats_chart.NAME, fontdict=font)
        assert probe.get_window_extent(renderer).width <= stats_chart.LABEL_ROOM


def test_entries_past_the_14th_are_folded_into_other_and_the_caption_names_only_what_is_shown() -> None:
    from exporters.stats_chart import MOST, stats_caption

    rates = _rates([f"Deck {i:02}" for i in range(20)])
    shown = fold(rates, MOST)
    assert len(shown) == MOST + 1 and shown[-1].entry == "other"
    assert shown[-1].games == sum(r.games for r in rates[MOST:])
    caption = stats_caption(rates, "Deck", "L", Branding(), WHEN, 100, 10)
    assert f"Lowest: {rates[MOST - 1].entry}:" in caption and rates[-1].entry not in caption
    assert "past the 14th: other" in caption


def test_bars_and_lines_contrast_with_a_dark_background_and_the_logo_is_drawn(tmp_path: Path) -> None:
    from PIL import Image as PILImage

    from exporters.branding import contrast
    from exporters.stats_chart import GRAPHICS, chart, colours

    dark = Branding(
        primary="#202830", background="#101418", text="#303030", accent="#402000", logo=tmp_path / "logo.png"
    )
    PILImage.new("RGBA", (400, 200), (255, 0, 0, 255)).save(dark.logo)
    bar, other, lines, half = colours(dark)
    assert min(contrast(c, dark.background) for c in (bar, other, lines, half)) >= GRAPHICS
    assert min(contrast(lines, c) for c in (bar, other)) >= GRAPHICS
    image = PILImage.open(io.BytesIO(chart(_rates(["A", "B"]), "Deck", "L", dark, WHEN, 40, 10))).convert("RGB")
    assert image.getpixel((120, 100)) == (255, 0, 0), "the logo at the left of the band"


def test_no_games_no_half_line_and_nothing_to_post(
    tmp_path: Path, graph: GraphServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PIL import Image as PILImage

    from exporters.branding import rgb
    from exporters.stats_chart import chart, colours

    image = PILImage.open(io.BytesIO(chart([], "Deck", "L", Branding(), WHEN, 0, 10))).convert("RGB")
    half = rgb(colours(Branding())[3])
    assert half not in {c for _, c in image.getcolors(1 << 20) or []}, "no 50% line through an empty chart"
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init"]).exit_code == 0
    with (tmp_path / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write(f'[branding]\nfacebook_page_id = "{PAGE}"\nfacebook_api = "{graph.api}"\n')
    assert runner.invoke(app, ["sync"]).exit_code == 0
    with pytest.raises(ConfigError, match="no games played yet"):
        run_publish_stats(load_config(tmp_path), Graph(TOKEN, graph.api))
    assert graph.posts == []


def test_the_charts_header_counts_what_its_bars_add_up_to_in_the_rulesets_unit(league: Config) -> None:
    from exporters.stats_chart import MOST, counted
    from jobs.stats_job import stats_post
    from league import stats

    post = stats_post(league)
    sides = stats.Sides.from_json(history.kept_games(history_file(league)).data)  # type: ignore[union-attr]
    rates = stats.win_rates(sides, sides.field(None)[1])
    assert counted(rates) == sum(r.games for r in fold(rates, MOST)) > post.games, "each match once for each side"
    assert "78 matches" in post.caption and " games" not in post.caption.split("#")[0], "Magic counts matches"

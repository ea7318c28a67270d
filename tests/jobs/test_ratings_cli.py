"""`league ratings` through the real CLI, `[ratings]` in league.toml and in a ruleset, the `Ratings` tab of a sync,
the image and caption, and `lg.ratings()`: two seasons of the Magic demo, the second rated after the first."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import openpyxl
import pytest
from PIL import Image
from typer.testing import CliRunner

import league
from jobs.cli import app
from jobs.config import load_ruleset
from jobs.errors import ConfigError
from league.stats import StatsError

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
BOOK = "ogaming-mtg-league.xlsx"


@pytest.fixture(scope="module")
def seasons(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`2025` and `2026`: the same demo league twice, the later naming the earlier in `[ratings] seasons`."""
    root = tmp_path_factory.mktemp("ratings")
    assert runner.invoke(app, ["demo", str(root / "2025"), "--ruleset", "ogaming-mtg"]).exit_code == 0
    shutil.copytree(root / "2025", root / "2026")
    with (root / "2026" / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write('\n[ratings]\nseasons = ["../2025/league.toml"]\n')
    return root


def ratings(*args: str) -> str:
    result = runner.invoke(app, ["ratings", *args], env=WIDE)
    assert result.exit_code == 0, result.output
    return result.output


def test_ratings_print_the_ranked_then_the_provisional_with_what_they_mean(seasons: Path) -> None:
    out = ratings(str(seasons / "2025"))
    assert "┃ Rank ┃ Player       ┃ Rating ┃ Uncertainty ┃ Games ┃ Change ┃" in out
    assert "│ 1    │ Kátia Ramos  │ 14.9   │ 6.1         │ 12    │ 2.4    │" in out
    assert "Provisional" in out and "│      │ Sílvia Lopes │ -0.8   │ 7.7         │ 2     │ new    │" in out
    assert "78 game(s) of 1 season(s) rated, up to 2025 W3" in out and "intentional draws are not games" in out
    assert "4 provisional (fewer than 5 games)" in out


def test_a_later_season_carries_the_earlier_ones_games(seasons: Path) -> None:
    out = ratings(str(seasons / "2026"), "--top", "3")
    assert "156 game(s) of 2 season(s) rated, up to 2026 W3" in out
    assert "│ 1    │ Kátia Ramos  │ 19     │ 5.5         │ 24    │ 1      │" in out
    assert "│ 3    │" in out and "│ 4    │" not in out, "--top 3 shows three of the ranked"
    after_w1 = ratings(str(seasons / "2026"), "--event", "w1")
    assert "100 game(s) of 2 season(s) rated, up to 2026 W1" in after_w1
    since = ratings(str(seasons / "2026"), "--since", "2025-01-20")
    assert "54 game(s) of 2 season(s) rated" in since, "W3 of each season, the only events dated on or after it"


@pytest.mark.parametrize(
    "toml, message",
    [
        (
            'seasons = ["../2024/league.toml"]',
            "seasons names ../2024/league.toml, which can't be read: no league config",
        ),
        ('seasons = "../2025"', "seasons must be a list of earlier seasons' league.toml files"),
        ("tab = 1", "tab must be true or false"),
        ('season = ["../2025"]', "[ratings] has 'season'; it takes `seasons` and `tab`"),
        ('seasons = ["."]', "names this league itself"),
    ],
)
def test_a_wrong_ratings_table_is_a_usage_error_naming_it(
    seasons: Path, tmp_path: Path, toml: str, message: str
) -> None:
    folder = tmp_path / "2026"
    shutil.copytree(seasons / "2025", folder)
    with (folder / "league.toml").open("a", encoding="utf-8") as file:
        file.write(f"\n[ratings]\n{toml}\n")
    shutil.copytree(seasons / "2025", tmp_path / "2025")
    result = runner.invoke(app, ["ratings", str(folder)], env=WIDE)
    assert result.exit_code == 2 and message in " ".join(result.output.split()), result.output


def test_an_event_without_games_is_a_usage_error_naming_those_with_some(seasons: Path) -> None:
    result = runner.invoke(app, ["ratings", str(seasons / "2025"), "--event", "W9"], env=WIDE)
    assert result.exit_code == 2 and "no games of an event 'W9' in 2025; events with games: W1, W2, W3" in result.output


def test_the_ruleset_sets_the_widening_and_the_provisional_games(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(
        'extends = "ogaming-mtg"\n[ratings]\nwiden = 1.5\nprovisional = 10\n', encoding="utf-8"
    )
    mine, _ = load_ruleset("mine.toml", tmp_path)
    assert (mine.ratings.widen, mine.ratings.provisional, mine.ratings.members) == (1.5, 10, True)
    for bad, message in (("widen = 9", "between 0 and 8.33"), ("provisional = -1", "0 or more"), ("widn = 1", "widen")):
        (tmp_path / "bad.toml").write_text(f'extends = "ogaming-mtg"\n[ratings]\n{bad}\n', encoding="utf-8")
        with pytest.raises(ConfigError, match=message):
            load_ruleset("bad.toml", tmp_path)


def test_a_sync_writes_the_ratings_tab_only_when_asked(seasons: Path, tmp_path: Path) -> None:
    folder = tmp_path / "2026"
    shutil.copytree(seasons / "2026", folder)
    shutil.copytree(seasons / "2025", tmp_path / "2025")
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 1, "the demo's planted errors"
    assert "Ratings" not in openpyxl.load_workbook(folder / BOOK).sheetnames
    with (folder / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write("tab = true\n")
    assert runner.invoke(app, ["sync", str(folder)]).exit_code == 1
    tab = openpyxl.load_workbook(folder / BOOK)["Ratings"]
    rows = [r for r in tab.iter_rows(values_only=True)]
    assert rows[0] == ("Rank", "Player", "Rating", "Uncertainty", "Games", "Change")
    assert rows[1] == (1, "Kátia Ramos", 19.0, 5.5, 24, 1.0)
    heading = rows.index(("Provisional: fewer than 5 games", None, None, None, None, None))
    assert rows[heading + 1] == rows[0] and tab.cell(heading + 2, 1).font.b
    assert rows[heading + 2][1:] == ("Sílvia Lopes", -2.3, 7.7, 4, 0.1)
    assert str(rows[-1][0]).startswith("Rating: skill minus three times its uncertainty (OpenSkill), from 156 games")


def test_the_image_and_caption_of_the_top_ten(seasons: Path) -> None:
    out = ratings(str(seasons / "2025"), "--export")
    exports = seasons / "2025" / "exports"
    assert f"exported {exports / 'ratings-1080x1350.png'}" in " ".join(out.split()).replace("\n", "")
    image = Image.open(io.BytesIO((exports / "ratings-1080x1350.png").read_bytes()))
    assert image.size == (1080, 1350)
    edge = [image.convert("RGB").getpixel((10, y)) for y in range(image.height)]
    stripes = [y for y in range(1, image.height) if edge[y] != edge[y - 1] and edge[y] == edge[300]]
    assert edge[0] != edge[300] != (255, 255, 255) and len(stripes) == 5, "ten lines, every other one striped"
    assert {b - a for a, b in zip(stripes, stripes[1:])} == {160}, "each line 80 px tall"
    caption = (exports / "ratings.txt").read_text(encoding="utf-8")
    assert caption.startswith(
        "O-Gaming Magic: the Gathering League: ratings after 2025 W3\n\n1. Kátia Ramos 14.9 (±6.1, 12 games)\n"
    )
    assert "\n10. " in caption and "\n11. " not in caption
    assert "fewer than 5 games are provisional" in caption and caption.endswith("\n\n#MTG #MagicTheGathering\n")


def test_the_notebook_api_frames_the_ratings_and_their_history(seasons: Path) -> None:
    lg = league.open(seasons / "2026" / "league.toml")
    frame = lg.ratings()
    assert list(frame.columns) == ["mu", "sigma", "rating", "games", "change", "provisional"]
    assert frame.index.name == "Player" and frame.index[0] == "Kátia Ramos"
    assert dict(frame.dtypes.astype(str)) == {
        "mu": "float64",
        "sigma": "float64",
        "rating": "float64",
        "games": "int64",
        "change": "float64",
        "provisional": "bool",
    }
    assert (frame.rating == frame.mu - 3 * frame.sigma).all() and frame.loc["Kátia Ramos", "games"] == 24
    history = lg.ratings(history=True)
    assert list(history.columns) == ["season", "event", "date", "competitor", "mu", "sigma", "rating", "games"]
    katia = history[history.competitor == "Kátia Ramos"]
    assert list(zip(katia.season, katia.event)) == [(s, e) for s in ("2025", "2026") for e in ("W1", "W2", "W3")]
    assert katia.games.is_monotonic_increasing and katia.rating.iloc[-1] == pytest.approx(
        frame.loc["Kátia Ramos", "rating"]
    )
    assert lg.ratings(event="W1").loc["Kátia Ramos", "games"] == 16
    with pytest.raises(StatsError, match="events with games"):
        lg.ratings(event="W9")

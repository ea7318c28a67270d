"""PNG images: their sizes, real content from the table, pages, ellipses; never compared with a golden image alone."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from exporters.board import Board, board
from exporters.branding import Branding
from exporters.image_feed import pages
from exporters.image_text import fit, font
from exporters.images import FEED, LAYOUTS, LINK, MAX_PAGES, Layout, render
from league.table import Display, Role, Table
from tests.exporters.tables import NAMES, UPDATED, leaderboard
from tests.support.export_lines import leaderboard_lines


def _shown(table: Table) -> Board:
    """The leaderboard as a sync shows it: the top four lines hold its prizes, drawn under their names."""
    return board(table, "Leaderboard", UPDATED, leaderboard_lines(table))


ROOT = Path(__file__).parents[2]


def _image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.label)
def test_each_size_is_exact_and_not_blank(layout: Layout) -> None:
    png = render(_shown(leaderboard()), layout, Branding(), "GL Unmatched League")[0]
    image = _image(png)
    assert image.size == (layout.width, layout.height)
    colours = image.getcolors(maxcolors=1_000_000) or []
    assert len(colours) > 50, "text is antialiased: a page with content has many shades"


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.label)
def test_what_is_drawn_comes_from_the_table(layout: Layout) -> None:
    """The same table twice with one name changed: the pixels differ, and only where the rows are."""
    renamed = (NAMES[0], "Someone Else", *NAMES[2:])
    one = _image(render(_shown(leaderboard()), layout, Branding(), "League")[0])
    two = _image(render(_shown(leaderboard(renamed)), layout, Branding(), "League")[0])
    box = ImageChops.difference(one, two).getbbox()
    assert box is not None
    assert box[1] > layout.band, "the title band is the same"
    same = _image(render(_shown(leaderboard()), layout, Branding(), "League")[0])
    assert ImageChops.difference(one, same).getbbox() is None, "the same table draws the same image"


def test_the_score_and_the_branding_colours_are_drawn() -> None:
    table = leaderboard()
    changed = Table.of(table.name, table.columns, ((1, NAMES[0], 5, 6, 99, 0.5, "", 2, ""), *table.rows[1:]))
    one = _image(render(_shown(table), FEED, Branding(), "League")[0])
    two = _image(render(_shown(changed), FEED, Branding(), "League")[0])
    assert ImageChops.difference(one, two).getbbox() is not None
    red = _image(render(_shown(table), FEED, Branding(primary="#ff0000"), "League")[0])
    assert red.getpixel((5, 5)) == (255, 0, 0)


def test_a_long_table_goes_on_further_pages() -> None:
    names = tuple(f"Player {i}" for i in range(1, 60))
    shown = _shown(leaderboard(names))
    cut = pages(shown, FEED)
    assert len(cut) == -(-59 // FEED.per_page) > 1
    assert [line.name for page in cut for line in page] == list(names), "every competitor, in order, once"
    assert len(render(shown, FEED, Branding(), "League")) == len(cut)
    assert len(render(shown, LINK, Branding(), "League")) == 1, "a link shows one card: the feed pages list everyone"


def test_a_very_long_table_stops_at_ten_pages() -> None:
    names = tuple(f"Player {i}" for i in range(1, 501))
    shown = _shown(leaderboard(names))
    cut = pages(shown, FEED)
    assert len(cut) == MAX_PAGES and cut[-1][-1].name == f"Player {MAX_PAGES * FEED.per_page}"


def test_an_empty_table_is_one_page() -> None:
    empty = leaderboard(())
    assert len(render(_shown(empty), LINK, Branding(), "League")) == 1


def test_a_long_name_is_shortened_with_an_ellipsis_that_fits() -> None:
    face = font(FEED.name)
    name = "Maximiliano Bartholomew Fitzgerald-Żółkiewski de la Santísima Trinidad"
    shown = fit(name, face, 300)
    assert shown.endswith("…") and name.startswith(shown[:-1])
    assert face.getlength(shown) <= 300 < face.getlength(shown[:-1] + name[len(shown) - 1] + "…")
    assert fit("Ana", face, 300) == "Ana"


def test_a_logo_is_drawn_in_the_band(tmp_path: Path) -> None:
    logo = tmp_path / "logo.png"
    Image.new("RGB", (60, 30), (0, 200, 0)).save(logo)
    shown = _shown(leaderboard())
    image = _image(render(shown, FEED, Branding(logo=logo), "League")[0])
    assert image.getpixel((int(0.04 * FEED.width) + 5, FEED.band // 2)) == (0, 200, 0)


def test_the_readme_shows_a_demo_image() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [path] = re.findall(r"!\[[^\]]*\]\((docs/[^)]+\.png)\)", readme)
    with Image.open(ROOT / path) as image:
        assert image.size == (LINK.width, LINK.height)


def test_the_arrows_are_drawn_in_the_move_column() -> None:
    table = leaderboard()
    kept = (0, 3)  # the first move, and the widest ("NEW"): the column keeps its width
    still = Table.of(
        table.name, table.columns, tuple((*r[:7], r[7] if i in kept else None, r[8]) for i, r in enumerate(table.rows))
    )
    one = _image(render(_shown(table), FEED, Branding(), "League")[0])
    two = _image(render(_shown(still), FEED, Branding(), "League")[0])
    box = ImageChops.difference(one, two).getbbox()
    assert box is not None and box[0] > 0.86 * FEED.width, "only the Move column differs"


def test_each_tiebreaker_shows_as_the_sheet_shows_it() -> None:
    table = leaderboard()
    for display, shown in ((Display.DECIMAL, "0.5000"), (Display.PERCENT, "50.00%"), (Display.WHOLE, "0.5")):
        columns = tuple(replace(c, display=display) if c.role is Role.TIEBREAKER else c for c in table.columns)
        assert board(Table.of(table.name, columns, table.rows), "Leaderboard", UPDATED).lines[0].tiebreak == shown

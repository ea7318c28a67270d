"""The web page in a real browser: headless Chromium at a phone's 390 px and a laptop's 1280 px; the page and every
table fit the screen, and the table links take one line before the first table on a phone."""

from __future__ import annotations

import io
import re
import subprocess
from html import escape
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from exporters.board import board
from exporters.branding import Branding
from exporters.html import page
from tests.exporters.tables import NAMES, UPDATED, leaderboard, standings
from tests.serve.chromium import CHROMIUM, dumped_dom

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")

LONG = (
    *NAMES,
    "Bartholomew Featherstonehaugh-Cholmondeley",
    "Αλέξανδρος Παπαδόπουλος",
    "Wolfeschlegelsteinhausen",
    *(f"Player {i}" for i in range(1, 30)),
)
FRAME = """<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" style="border:0;width:%(width)dpx;height:900px" srcdoc="%(page)s"></iframe>
<script>
document.getElementById('f').addEventListener('load', function () {
  var w = this.contentWindow, d = w.document.documentElement, inner = 0;
  w.document.querySelectorAll('.wrap').forEach(function (e) {
    inner = Math.max(inner, e.scrollWidth - e.clientWidth);
  });
  var nav = w.document.querySelector('nav'), logo = w.document.querySelector('header img');
  document.body.dataset.w = d.scrollWidth;
  document.body.dataset.vw = w.innerWidth;
  document.body.dataset.inner = inner;
  document.body.dataset.nav = nav ? Math.round(nav.getBoundingClientRect().height) : 0;
  document.body.dataset.logo = logo ? Math.round(logo.getBoundingClientRect().width) : 0;
  document.body.dataset.title = Math.round(w.document.querySelector('h1').getBoundingClientRect().width);
});
</script></body></html>"""
"""The page in a frame as wide as the screen measured (a headless window is at least 500 px wide), and a script
that writes what it measures into the outer page, which Chromium prints."""


def _measure(html: str, width: int, tmp_path: Path) -> dict[str, int]:
    """The page's width, the viewport's, the most any table overflows its box, the navigation's height and the
    widths of the logo and the title."""
    frame = tmp_path / f"frame-{width}.html"
    frame.write_text(FRAME % {"width": width, "page": escape(html, quote=True)}, encoding="utf-8")
    dom = dumped_dom(frame.as_uri())
    body = re.search(r"<body([^>]*)>", dom)
    assert body, dom[:500]
    return {k: int(v) for k, v in re.findall(r'data-(\w+)="(\d+)"', body.group(1))}


def _page(logo: bytes | None = None) -> str:
    events = [board(standings(f"QR{i}", LONG), f"QR{i} at Greenbelt 5 · 2024-09-{i:02}", UPDATED) for i in range(1, 9)]
    return page(
        [board(leaderboard(LONG), "Leaderboard", UPDATED), *events],
        "GL Unmatched League Philippines",
        Branding(url="https://example.org/league/"),
        logo,
    )


def _wide_logo() -> bytes:
    """A banner-shaped logo, 1600x200, as some stores have."""
    out = io.BytesIO()
    Image.new("RGB", (1600, 200), "#c62828").save(out, "PNG")
    return out.getvalue()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_page_fits_the_screen(width: int, tmp_path: Path) -> None:
    seen = _measure(_page(), width, tmp_path)
    assert seen["vw"] == width, seen
    assert seen["w"] <= width, f"the page is {seen['w']} px wide on a {width} px screen"
    assert seen["inner"] == 0, f"a table is {seen['inner']} px wider than its box on a {width} px screen"
    assert seen["nav"] <= 60 if width == 390 else True, f"the table links take {seen['nav']} px before the first table"


@pytest.mark.parametrize("width", [390, 1280])
def test_a_wide_logo_is_capped_and_the_title_keeps_its_room(width: int, tmp_path: Path) -> None:
    seen = _measure(_page(_wide_logo()), width, tmp_path)
    assert seen["w"] <= width, f"the page is {seen['w']} px wide on a {width} px screen"
    assert 0 < seen["logo"] <= 0.22 * width, f"the logo takes {seen['logo']} of {width} px"
    assert seen["title"] >= 0.6 * width if width == 390 else True, f"the title keeps {seen['title']} px"


def test_printed_tables_leave_no_row_alone_and_no_blank_page(tmp_path: Path) -> None:
    # Tables from a little under to a little over a page each: one of them would leave its last row alone on the
    # next page without the rule that keeps the last two rows together.
    boards = [
        board(leaderboard(tuple(f"T{n} Player {i}" for i in range(1, n + 1))), f"T{n}", UPDATED) for n in range(22, 34)
    ]
    html = tmp_path / "league.html"
    html.write_text(page(boards, "League", Branding()), encoding="utf-8")
    pdf = tmp_path / "league.pdf"
    assert CHROMIUM is not None
    subprocess.run(
        [CHROMIUM, "--headless", "--disable-gpu", "--no-sandbox", f"--print-to-pdf={pdf}", html.as_uri()],
        capture_output=True,
        timeout=60,
        check=True,
    )
    texts = [p.extract_text() for p in PdfReader(pdf).pages]
    assert all(re.search(r"T\d+ Player", text) for text in texts), "a page without a table (a blank last page)"
    for n in range(22, 34):
        rows = [len(re.findall(rf"T{n} Player \d+", text)) for text in texts]
        assert sum(rows) == n and 1 not in rows, f"the table of {n} rows prints as {[r for r in rows if r]}"

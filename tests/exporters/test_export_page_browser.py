"""The web page in a real browser: headless Chromium at a phone's 390 px and a laptop's 1280 px; the page and every
table fit the screen, and the table links take one line before the first table on a phone."""

from __future__ import annotations

import re
import shutil
import subprocess
from html import escape
from pathlib import Path

import pytest
from tests.exporters.tables import NAMES, UPDATED, leaderboard, standings

from exporters.board import board
from exporters.branding import Branding
from exporters.html import page

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")

LONG = (*NAMES, "Bartholomew Featherstonehaugh-Cholmondeley", "Αλέξανδρος Παπαδόπουλος", "Wolfeschlegelsteinhausen",
        *(f"Player {i}" for i in range(1, 30)))
FRAME = """<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" style="border:0;width:%(width)dpx;height:900px" srcdoc="%(page)s"></iframe>
<script>
document.getElementById('f').addEventListener('load', function () {
  var w = this.contentWindow, d = w.document.documentElement, inner = 0;
  w.document.querySelectorAll('.wrap').forEach(function (e) { inner = Math.max(inner, e.scrollWidth - e.clientWidth); });
  var nav = w.document.querySelector('nav');
  document.body.dataset.w = d.scrollWidth;
  document.body.dataset.vw = w.innerWidth;
  document.body.dataset.inner = inner;
  document.body.dataset.nav = nav ? Math.round(nav.getBoundingClientRect().height) : 0;
});
</script></body></html>"""
"""The page in a frame as wide as the screen measured (a headless window is at least 500 px wide), and a script
that writes what it measures into the outer page, which Chromium prints."""


def _measure(html: str, width: int, tmp_path: Path) -> dict[str, int]:
    """The page's width, the viewport's, the most any table overflows its box, and the navigation's height."""
    frame = tmp_path / f"frame-{width}.html"
    frame.write_text(FRAME % {"width": width, "page": escape(html, quote=True)}, encoding="utf-8")
    assert CHROMIUM is not None
    dom = subprocess.run([CHROMIUM, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
                          "--window-size=1400,1000", "--virtual-time-budget=3000", "--dump-dom", frame.as_uri()],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    body = re.search(r"<body([^>]*)>", dom)
    assert body, dom[:500]
    return {k: int(v) for k, v in re.findall(r'data-(\w+)="(\d+)"', body.group(1))}


def _page() -> str:
    events = [board(standings(f"QR{i}", LONG), f"QR{i} at Greenbelt 5 · 2024-09-{i:02}", UPDATED) for i in range(1, 9)]
    return page([board(leaderboard(LONG), "Leaderboard", UPDATED), *events], "GL Unmatched League Philippines",
                Branding(url="https://example.org/league/"))


@pytest.mark.parametrize("width", [390, 1280])
def test_the_page_fits_the_screen(width: int, tmp_path: Path) -> None:
    seen = _measure(_page(), width, tmp_path)
    assert seen["vw"] == width, seen
    assert seen["w"] <= width, f"the page is {seen['w']} px wide on a {width} px screen"
    assert seen["inner"] == 0, f"a table is {seen['inner']} px wider than its box on a {width} px screen"
    assert seen["nav"] <= 60 if width == 390 else True, f"the table links take {seen['nav']} px before the first table"

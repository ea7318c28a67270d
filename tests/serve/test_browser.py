"""The live pages in headless Chromium: a player finds their table on a 390 px phone by typing their name, the
pages fit the screen, a new sync shows up by itself (the search typed kept), and the TV shows one slide in type
read across a room."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from serve.app import RunningServer
from serve.board import LiveBoard
from serve.view import LiveView, live_view
from tests.serve.chromium import CHROMIUM, Browser
from tests.support.event_day import HOSTILE, NOW, event_day, serving

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")

SHOWN_ROWS = (
    "[...document.querySelectorAll('main tbody tr')].filter(r => r.offsetParent !== null).map(r => r.dataset.table)"
)
WIDTHS = "[document.documentElement.scrollWidth, window.innerWidth]"
OVERFLOW = "Math.max(0, ...[...document.querySelectorAll('.wrap')].map(e => e.scrollWidth - e.clientWidth))"
FOUND = "document.querySelector('#found').textContent"


def test_a_player_finds_their_table_by_typing_their_name_on_a_phone(live: tuple[RunningServer, LiveBoard]) -> None:
    server, _ = live
    with Browser(390) as browser:
        browser.open(server.url + "pairings")
        assert len(browser.evaluate(SHOWN_ROWS)) == 8
        browser.type("#q", "fabio n")  # typed without the accent, in lower case
        browser.wait_for(f"{FOUND} !== ''")
        assert browser.evaluate(FOUND) == "Fábio Nunes: Table 4 v Carla Mendes · Friday Night Magic W3 · 2025-01-23"
        assert browser.evaluate(SHOWN_ROWS) == ["4"]
        width, screen = browser.evaluate(WIDTHS)
        assert screen == 390 and width <= screen, f"the page is {width} px wide on a {screen} px screen"
        browser.evaluate(
            "document.querySelector('#q').value = ''; document.querySelector('#q').dispatchEvent(new Event('input'))"
        )
        browser.type("#q", "nobody here")
        browser.wait_for(f"{FOUND} !== ''")
        assert browser.evaluate(FOUND) == "No one by that name in the current round"


@pytest.mark.parametrize("width", [390, 1280])
def test_the_standings_page_fits_the_screen(live: tuple[RunningServer, LiveBoard], width: int) -> None:
    server, _ = live
    with Browser(width) as browser:
        browser.open(server.url)
        page, screen = browser.evaluate(WIDTHS)
        assert screen == width and page <= width, f"the page is {page} px wide on a {width} px screen"
        assert browser.evaluate(OVERFLOW) == 0
        assert browser.evaluate("document.querySelectorAll('main section').length") == 2


def test_a_published_sync_shows_up_by_itself_keeping_the_search(
    live: tuple[RunningServer, LiveBoard], day_view: LiveView
) -> None:
    server, board = live
    with Browser(390) as browser:
        browser.open(server.url + "pairings")
        browser.wait_for("document.documentElement.dataset.listening === '1'")
        browser.type("#q", "Carla")
        browser.wait_for(f"{FOUND} !== ''")
        w3 = day_view.events[0]
        done = tuple(replace(p, done=True) for p in w3.pairings)
        board.publish(replace(day_view, league="Store Championship", events=(replace(w3, pairings=done),)))
        browser.wait_for("document.querySelector('h1').textContent === 'Store Championship'")
        assert browser.evaluate("document.documentElement.dataset.version") == "2"
        assert browser.evaluate(SHOWN_ROWS) == ["4"]
        assert browser.evaluate("document.querySelector('tr[data-table=\"4\"]').className") == "done"
        assert browser.evaluate(FOUND).startswith("Carla Mendes: Table 4 v Fábio Nunes")


def test_the_screen_shows_one_slide_at_a_time_in_large_type(live: tuple[RunningServer, LiveBoard]) -> None:
    server, _ = live
    with Browser(1920, 1080) as browser:
        browser.open(server.url + "screen")
        browser.wait_for("document.querySelectorAll('.slide.on').length === 1")
        shown = browser.evaluate("[...document.querySelectorAll('.slide')].filter(s => s.offsetParent !== null).length")
        assert shown == 1
        bottom = browser.evaluate("document.querySelector('.slide.on').getBoundingClientRect().bottom")
        assert bottom <= 1080, "the slide runs off the screen"
        size = browser.evaluate("parseFloat(getComputedStyle(document.querySelector('.slide.on .pair')).fontSize)")
        assert size >= 40, f"names are {size} px high on a 1080 px screen"


def test_long_names_on_the_screen_are_shown_whole(exports: Path) -> None:
    """At 1920x1080 a table's names share half the width: a long name is set smaller, wrapped if need be, never cut."""
    config, ev = event_day(hostile=True)
    with serving(live_view(config.branding, ev, NOW), exports) as (server, _):
        with Browser(1920, 1080) as browser:
            browser.open(server.url + "screen")
            browser.wait_for("document.querySelectorAll('.slide.on').length === 1")
            cut = browser.evaluate(
                "[...document.querySelectorAll('.slide .n')].map(n => { const s = n.closest('.slide');"
                " s.style.display = 'block'; const out = n.scrollWidth > n.clientWidth + 1 ? n.textContent"
                " : ''; s.style.display = ''; return out; }).filter(Boolean)"
            )
            assert cut == [], "names cut off"
            shown = browser.evaluate("[...document.querySelectorAll('.slide .n')].map(n => n.textContent)")
            assert HOSTILE[1] in shown, "the long name is on the screen as typed"
            bottom = browser.evaluate(
                "(() => { const all = [...document.querySelectorAll('.slide')]; return Math.max(...all.map("
                "s => { all.forEach(o => { o.style.display = o === s ? 'block' : 'none'; });"
                " return s.getBoundingClientRect().bottom; })); })()"
            )
            assert bottom <= 1080, "a slide runs off the screen"

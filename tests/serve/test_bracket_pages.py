"""The bracket's tree wherever the standings are read: the web page under the event's title, `/pairings` during the
playoffs, a slide of its own on `/screen`; at 390 px a bracket of eight fits the phone, no name cut."""

from __future__ import annotations

import re
from dataclasses import replace
from html import escape
from pathlib import Path

import pytest

from exporters.board import board
from exporters.branding import Branding
from exporters.html import page
from league.evaluate import evaluate
from serve.pages import pairings, screen
from serve.view import LiveView, live_view
from tests.exporters.tables import UPDATED, standings
from tests.serve.chromium import CHROMIUM, dumped_dom
from tests.support.event_day import NOW, demo_tabs
from tests.support.playoff_league import bracket


def _view(rounds: int) -> LiveView:
    """The Magic demo with W1's top 8 seeded and its first `rounds` playoff rounds played."""
    config, tabs = demo_tabs("ogaming-mtg")
    ev = evaluate(tabs, config.ruleset, config.catalog)
    seeds = [ev.names[s.key] for s in ev.standings["W1"][:8]]
    ev = evaluate(tabs, config.ruleset, config.catalog, {"W1": bracket(8, rounds, seeds=seeds)})
    return live_view(config.branding, ev, NOW)


def test_pairings_and_the_screen_show_the_tree_during_the_playoffs() -> None:
    view = _view(1)
    w1 = view.events[0]
    assert w1.bracket is not None and w1.round == "Playoffs: semi-finals"
    listed = pairings(view)
    assert (
        listed.count('class="bracket"') == 1
        and "<h4>Quarter-finals</h4>" in listed
        and "Champion: to be decided" in listed
    )
    for seed in w1.bracket.seeds:
        assert f'<span class="who">{escape(seed)}</span>' in listed
    shown = screen(view)
    assert shown.count('class="bracket"') == 1 and 'data-seconds="20"><h2>' in shown


def test_the_champion_ends_the_tree_once_the_event_is_final() -> None:
    played = bracket(8, 3)
    shown = board(standings("W1"), "Friday Night Magic W1 · 2026-03-14", UPDATED)
    html = page([replace(shown, bracket=played, champion=played.champion)], "League", Branding())
    tree = f'<div class="champion">Champion: {escape(played.champion)}</div>'
    assert played.champion and html.count(tree) == 1
    assert html.index('class="bracket"') < html.index("<table>"), "the tree over the final standings"


def test_a_won_final_names_no_champion_while_the_event_is_not_final() -> None:
    """The event's state decides its champion (a row still to fix keeps it open): the tree waits for it too."""
    played = bracket(8, 3)
    shown = board(standings("W1"), "Friday Night Magic W1 · 2026-03-14", UPDATED)
    html = page([replace(shown, bracket=played)], "League", Branding())
    assert played.champion and f"Champion: {escape(played.champion)}" not in html
    assert '<div class="champion">Champion: to be decided</div>' in html


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")
@pytest.mark.parametrize("size", [8, 16])
def test_the_tree_fits_a_phone_and_cuts_no_name(size: int, tmp_path: Path) -> None:
    shown = board(standings("W1"), "Friday Night Magic W1 · 2026-03-14", UPDATED)
    played = bracket(size, 2)
    html = page([replace(shown, bracket=played)], "League", Branding())
    frame = tmp_path / "frame.html"
    frame.write_text(FRAME % {"page": escape(html, quote=True)}, encoding="utf-8")
    dom = dumped_dom(frame.as_uri())
    body = re.search(r"<body([^>]*)>", dom)
    assert body, dom[:500]
    seen = {k: int(v) for k, v in re.findall(r'data-(\w+)="(\d+)"', body.group(1))}
    assert seen["w"] <= 390 and seen["rounds"] == 0, seen
    assert seen["cut"] == 0 and seen["names"] >= size, seen


FRAME = """<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" style="border:0;width:390px;height:900px" srcdoc="%(page)s"></iframe>
<script>
document.getElementById('f').addEventListener('load', function () {
  var w = this.contentWindow, d = w.document, over = 0, cut = 0, names = 0;
  d.querySelectorAll('.bracket .rounds').forEach(function (e) {
    over = Math.max(over, e.scrollWidth - e.clientWidth);
  });
  d.querySelectorAll('.bracket .who').forEach(function (e) {
    if (e.textContent) { names++; }
    if (e.scrollWidth > e.clientWidth) { cut++; }
  });
  document.body.dataset.w = d.documentElement.scrollWidth;
  document.body.dataset.rounds = over;
  document.body.dataset.cut = cut;
  document.body.dataset.names = names;
});
</script></body></html>"""
"""The page in a frame 390 px wide, and what a script measures there written into the outer page."""

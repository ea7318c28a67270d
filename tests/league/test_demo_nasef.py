"""The NASEF demo season: 24 teams over 8 rounds whose only problems are the planted ones, each at its cell."""

from __future__ import annotations

from pathlib import Path

from jobs.config import load_ruleset
from league.demos.nasef import RESULT, build_nasef_demo
from league.evaluate import evaluate
from league.report import standings_sheets


def test_the_nasef_demo_reports_exactly_its_planted_mistakes() -> None:
    ruleset, catalog = load_ruleset("nasef-lol", Path("."))
    demo = build_nasef_demo()
    ev = evaluate(demo.tabs(ruleset, catalog), ruleset, catalog)
    assert sorted((p.code, p.tab, p.cell) for p in ev.problems) == sorted((p.code, p.tab, p.cell) for p in demo.planted)
    assert {p.code for p in demo.planted} == {"series-score", "lineup-short", "club-teams", "member-twice"}
    [rows] = demo.results.values()
    assert len(demo.players) == 24 and max(int(str(r[0])) for r in rows) == 8 and len(rows) == 8 * 12
    words = [r[RESULT] for r in rows]
    assert words.count("Double Forfeit") == 1 and words.count("Forfeit A") + words.count("Forfeit B") == 2
    [sheet] = standings_sheets(ev)
    playoffs = [r[6] for r in sheet.rows]
    assert playoffs.count("in") < 16 < playoffs.count("in") + playoffs.count("tiebreaker match")

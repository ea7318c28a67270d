"""The Magic demo league: realistic weeks whose only problems are the planted ones, each at its cell."""

from __future__ import annotations

from pathlib import Path

from jobs.config import load_ruleset
from league.demos.magic import PLAYER_A, PLAYER_B, RESULT, build_magic_demo
from league.evaluate import evaluate


def test_the_magic_demo_reports_exactly_its_planted_mistakes() -> None:
    ruleset, catalog = load_ruleset("ogaming-mtg", Path("."))
    demo = build_magic_demo()
    ev = evaluate(demo.tabs(ruleset, catalog), ruleset, catalog)
    assert sorted((p.code, p.tab, p.cell) for p in ev.problems) == sorted((p.code, p.tab, p.cell) for p in demo.planted)
    assert len(demo.planted) == 4
    assert list(ev.standings) == ["W1", "W2", "W3"] and all(len(lines) >= 13 for lines in ev.standings.values())
    draw = next(r for r in demo.results["Results W1"] if r[RESULT] == "Intentional Draw")
    lines = {ev.names[s.key]: s for s in ev.standings["W1"]}
    assert lines[str(draw[PLAYER_A])].record[2] >= 1 and lines[str(draw[PLAYER_B])].record[2] >= 1
    assert any(r[RESULT] == "Bye" for rows in demo.results.values() for r in rows)
    dropped = [r for r in demo.players if r[4] == "Dropped"]
    assert len(dropped) == 1 and demo.penalties[0][3] == "Drop"
    assert ev.leaderboard[0].rank == 1 and len(ev.leaderboard) == len({r[0] for r in demo.players})

"""The cut line as a general setting: a Magic top 8 decided by the tiebreakers uses the same `[cut]` table as NASEF."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from jobs.config import load_ruleset
from league.demos.magic import build_magic_demo
from league.evaluate import evaluate
from league.report import standings_sheets
from league.rules.load import parse_ruleset


def test_a_magic_top_8_by_tiebreakers() -> None:
    plain, catalog = load_ruleset("ogaming-mtg", Path("."))
    data = tomllib.loads((resources.files("league") / "rules" / "presets" / "ogaming-mtg.toml").read_text(encoding="utf-8"))
    data["cut"] = {"size": 8, "by": "tiebreakers", "label": "Top 8"}
    ruleset = parse_ruleset(data, "magic with a cut (test)")
    tabs = build_magic_demo().tabs(ruleset, catalog)
    sheet = next(s for s in standings_sheets(evaluate(tabs, ruleset, catalog)) if s.name == "Standings W2")
    assert sheet.header[-3:] == ("Top 8", "Prize", "Note")
    marks = [row[-3] for row in sheet.rows]
    ranks = [row[0] for row in sheet.rows]
    assert marks[:8].count("in") == 8 - marks[:8].count("tiebreaker match") and set(marks[8:]) <= {"out", "tiebreaker match"}
    assert all(m != "tiebreaker match" or ranks.count(r) > 1 for m, r in zip(marks, ranks))  # only full ties
    unchanged = next(s for s in standings_sheets(evaluate(tabs, plain, catalog)) if s.name == "Standings W2")
    assert "Top 8" not in unchanged.header and [r[:-2] for r in unchanged.rows] == [r[:-3] for r in sheet.rows]

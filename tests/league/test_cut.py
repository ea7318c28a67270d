"""The cut line as a general setting: a Magic top 8 decided by the tiebreakers uses the same `[cut]` table as NASEF."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import pytest

from jobs.config import load_ruleset
from league.cells import Grid, header_key
from league.demos.magic import build_magic_demo
from league.demos.nasef import build_nasef_demo
from league.evaluate import evaluate
from league.problems import Severity
from league.report import standings_sheets
from league.rules.catalog import Catalog
from league.rules.components.base import ranked_problems
from league.rules.load import parse_ruleset
from league.rules.ruleset import Ruleset


def test_a_magic_top_8_by_tiebreakers() -> None:
    plain, catalog = load_ruleset("ogaming-mtg", Path("."))
    data = tomllib.loads(
        (resources.files("league") / "rules" / "presets" / "ogaming-mtg.toml").read_text(encoding="utf-8")
    )
    data["cut"] = {"size": 8, "by": "tiebreakers", "label": "Top 8"}
    ruleset = parse_ruleset(data, "magic with a cut (test)")
    tabs = build_magic_demo().tabs(ruleset, catalog)
    sheet = next(s for s in standings_sheets(evaluate(tabs, ruleset, catalog)) if s.name == "Standings W2")
    assert sheet.header[-3:] == ("Top 8", "Prize", "Note")
    marks = [row[-3] for row in sheet.rows]
    ranks = [row[0] for row in sheet.rows]
    assert marks[:8].count("in") == 8 - marks[:8].count("tiebreaker match") and set(marks[8:]) <= {
        "out",
        "tiebreaker match",
    }
    assert all(m != "tiebreaker match" or ranks.count(r) > 1 for m, r in zip(marks, ranks))  # only full ties
    unchanged = next(s for s in standings_sheets(evaluate(tabs, plain, catalog)) if s.name == "Standings W2")
    assert "Top 8" not in unchanged.header and [r[:-2] for r in unchanged.rows] == [r[:-3] for r in sheet.rows]


def _officials(words: list[str]) -> tuple[list[str], dict[str, Grid], Ruleset, Catalog, int]:
    """The NASEF demo with `words` typed in `Cut` for the teams level across the cut, in standings order."""
    ruleset, catalog = load_ruleset("nasef-lol", Path("."))
    tabs = build_nasef_demo().tabs(ruleset, catalog)
    [sheet] = standings_sheets(evaluate(tabs, ruleset, catalog))
    level = [str(r[1]) for r in sheet.rows if r[6] == "tiebreaker match"]
    places = 16 - sum(r[6] == "in" for r in sheet.rows)
    teams = tabs["Teams"]
    cut = [header_key(h) for h in teams[0]].index("cut")
    for row in teams[1:]:
        row += [""] * (cut + 1 - len(row))
        if row[0] in level:
            row[cut] = words[level.index(str(row[0]))] if level.index(str(row[0])) < len(words) else ""
    return level, tabs, ruleset, catalog, places


@pytest.mark.parametrize("more", [1, -1])
def test_more_ins_than_places_left_or_fewer_once_all_decided_is_an_error_at_those_cells(more: int) -> None:
    level, tabs, ruleset, catalog, places = _officials([])
    ins = places + more
    _, tabs, _, _, _ = _officials(["in"] * ins + ["out"] * (len(level) - ins))
    ev = evaluate(tabs, ruleset, catalog)
    found = [p for p in ranked_problems(ev.league, ev.standings)]
    assert found and all(
        (p.severity, p.tab, p.column, p.code) == (Severity.ERROR, "Teams", "Cut", "cut-decisions") for p in found
    )
    assert len(found) == (ins if more > 0 else len(level))  # at each `in` typed, or at every decision
    assert f"but {places} place(s) are left" in found[0].problem
    [sheet] = standings_sheets(ev)
    assert [r[6] for r in sheet.rows if r[1] in level] == ["tiebreaker match"] * len(level)


def test_the_right_number_of_ins_settles_the_group_and_the_empty_cells_are_out() -> None:
    level, _, ruleset, catalog, places = _officials([])
    for words in (["in"] * places + ["out"] * (len(level) - places), ["in"] * places):
        _, tabs, _, _, _ = _officials(words)
        ev = evaluate(tabs, ruleset, catalog)
        assert not ranked_problems(ev.league, ev.standings)
        [sheet] = standings_sheets(ev)
        marks = {str(r[1]): r[6] for r in sheet.rows}
        assert [marks[team] for team in level] == ["in"] * places + ["out"] * (len(level) - places)


def test_a_group_begun_but_not_settled_is_a_warning_at_the_cells_still_empty() -> None:
    level, _, ruleset, catalog, places = _officials([])
    _, tabs, _, _, _ = _officials(["out"] * (len(level) - places))
    ev = evaluate(tabs, ruleset, catalog)
    found = ranked_problems(ev.league, ev.standings)
    assert [(p.severity, p.tab, p.column, p.code) for p in found] == [
        (Severity.WARNING, "Teams", "Cut", "cut-unsettled")
    ] * places
    assert (
        f"{places} place(s) left" in found[0].problem and ", ".join(level[-places:]) + " still need" in found[0].problem
    )

"""The NASEF League of Legends preset: team rosters checked at their cells, best-of-three series, forfeits at the
minimum winning score, stages, the cut line, and the wins leaderboard over several events. Figures worked by hand."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from fractions import Fraction as F
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from jobs.config import load_ruleset
from league.cells import Cell, Grid
from league.evaluate import Evaluation, evaluate
from league.report import leaderboard_sheet, standings_sheets
from league.rules.load import parse_ruleset
from league.rules.ruleset import Ruleset
from league.rules.schema import RulesetError

RULESET, CATALOG = load_ruleset("nasef-lol", Path("."))
TEAMS = ("Alpha", "Bravo", "Cobra", "Delta")
RESULTS = ["Round", "Stage", "Team A", "Team B", "Games A", "Games B", "Best Of", "Result", "Date", "Notes"]


def preset(change: dict[str, Any]) -> Ruleset:
    """The preset with some tables replaced or updated."""
    data = tomllib.loads(
        (resources.files("league") / "rules" / "presets" / "nasef-lol.toml").read_text(encoding="utf-8")
    )
    for section, values in change.items():
        data[section] = {**data.get(section, {}), **values} if isinstance(values, dict) else values
    return parse_ruleset(data, "nasef-lol (test)")


def tabs(rows: list[list[Cell]], teams: tuple[str, ...] = TEAMS, size: int = 5) -> dict[str, Grid]:
    """A season S1 of `teams` (two a club), each with `size` Active players added on 2026-01-01."""
    return {
        "Events": [
            ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"],
            ["S1", "Spring", "2026-01-28", "Online", 32, "", "Results S1"],
        ],
        "Teams": [["Team", "Club", "Status"], *([t, f"Club {i // 2}", ""] for i, t in enumerate(teams))],
        "Rosters": [
            ["Team", "Player", "Summoner", "Status", "Added", "MMR"],
            *(
                [t, f"{t} {i}", f"{t[0]}{i}", "Active", "2026-01-01", 1000 + 100 * j]
                for j, t in enumerate(teams)
                for i in range(size)
            ),
        ],
        "Results S1": [RESULTS, *rows],
    }


def run(grid: dict[str, Grid], ruleset: Ruleset = RULESET) -> Evaluation:
    return evaluate(grid, ruleset, CATALOG)


def found(ev: Evaluation) -> list[tuple[str, str, str]]:
    return sorted((p.code, p.tab, p.cell) for p in ev.problems)


def sheet(ev: Evaluation) -> list[dict[str, Cell]]:
    [tab] = standings_sheets(ev)
    return [dict(zip(tab.header, row)) for row in tab.rows]


ROUND_1: list[list[Cell]] = [
    [1, "Swiss", "Alpha", "Bravo", 2, 1, 3, "", "2026-01-28", ""],
    [1, "Swiss", "Cobra", "Delta", None, None, None, "Forfeit B", "2026-01-28", ""],
]


def test_the_standings_columns_and_percentages() -> None:
    """Alpha 2-1 and Cobra by Delta's forfeit (recorded 2-0): GW% 2/3 and 2/2; each opponent lost its match."""
    ev = run(tabs(ROUND_1))
    assert ev.problems == []
    [tab] = standings_sheets(ev)
    assert tab.header == ("Rank", "Team", "Wins", "Losses", "Game Win %", "OMW%", "Playoffs", "Prize", "Note")
    assert [r[:7] for r in tab.rows] == [
        (1, "Cobra", 1, 0, 1.0, 0.0, "in"),
        (2, "Alpha", 1, 0, float(F(2, 3)), 0.0, "in"),
        (3, "Bravo", 0, 1, float(F(1, 3)), 1.0, "in"),
        (4, "Delta", 0, 1, 0.0, 1.0, "in"),
    ]
    assert dict(tab.number_formats) == {4: "0.00%", 5: "0.00%"}


@pytest.mark.parametrize("games", [(None, None), (0, 2)])
def test_a_forfeit_counts_at_the_minimum_winning_score_typed_or_not(games: tuple[Cell, Cell]) -> None:
    rows = [[1, "Swiss", "Alpha", "Bravo", *games, 3, "Forfeit A", "2026-01-28", ""]]
    ev = run(tabs(rows))
    assert ev.problems == []
    by_team = {r["Team"]: (r["Wins"], r["Losses"], r["Game Win %"]) for r in sheet(ev)}
    assert by_team["Bravo"] == (1, 0, 1.0) and by_team["Alpha"] == (0, 1, 0.0)


@pytest.mark.parametrize("games", [(None, None), (0, 3)])
def test_a_best_of_five_forfeit_counts_at_3_0_typed_or_not(games: tuple[Cell, Cell]) -> None:
    """Bravo wins a best of five by forfeit (3-0) and loses 1-2 to Cobra: GW% 4/6 (2-0 would give 3/5)."""
    rows = [
        [1, "Swiss", "Alpha", "Bravo", *games, 5, "Forfeit A", "2026-01-28", ""],
        [2, "Swiss", "Bravo", "Cobra", 1, 2, 3, "", "2026-02-04", ""],
    ]
    ev = run(tabs(rows))
    assert ev.problems == []
    by_team = {r["Team"]: (r["Wins"], r["Losses"], r["Game Win %"]) for r in sheet(ev)}
    assert by_team["Bravo"] == (1, 1, float(F(4, 6))) and by_team["Alpha"] == (0, 1, 0.0)


@pytest.mark.parametrize("games, length", [((1, 2), 3), ((0, 2), 5), ((0, 3), 3), ((3, 0), 5)])
def test_a_forfeit_typed_at_another_score_is_an_error(games: tuple[int, int], length: int) -> None:
    ev = run(tabs([[1, "Swiss", "Alpha", "Bravo", *games, length, "Forfeit A", "2026-01-28", ""]]))
    assert found(ev) == [("forfeit-score", "Results S1", "E2")]


def test_a_double_forfeit_is_a_loss_for_both_with_no_games() -> None:
    rows = [[1, "Swiss", "Alpha", "Bravo", None, None, 3, "Double Forfeit", "2026-01-28", ""], ROUND_1[1]]
    ev = run(tabs(rows))
    assert ev.problems == []
    by_team = {r["Team"]: (r["Wins"], r["Losses"], r["Game Win %"]) for r in sheet(ev)}
    assert by_team["Alpha"] == (0, 1, None) and by_team["Bravo"] == (0, 1, None)


def test_a_bye_is_a_win_with_no_games() -> None:
    """An odd round (a team withdrawn): the bye counts as a win, and no games for Game Win %."""
    ev = run(tabs([*ROUND_1, [2, "Swiss", "Alpha", None, None, None, None, "Bye", "2026-02-04", ""]]))
    assert ev.problems == []
    assert {r["Team"]: (r["Wins"], r["Losses"], r["Game Win %"]) for r in sheet(ev)}["Alpha"] == (2, 0, float(F(2, 3)))


@pytest.mark.parametrize("games, length", [((2, 2), 3), ((3, 1), 3), ((1, 0), 3), ((2, 1), 5)])
def test_a_score_that_cannot_end_the_series_is_an_error(games: tuple[int, int], length: int) -> None:
    ev = run(tabs([[1, "Swiss", "Alpha", "Bravo", *games, length, "", "2026-01-28", ""]]))
    assert ("series-score", "Results S1", "F2") in found(ev)


@pytest.mark.parametrize(
    "size, problem", [(4, [("roster-size", "Teams", "A2")]), (5, []), (8, []), (9, [("roster-size", "Teams", "A2")])]
)
def test_a_team_has_five_to_eight_active_players(size: int, problem: list[tuple[str, str, str]]) -> None:
    grid = tabs([])
    others = [r for r in grid["Rosters"][1:] if r[0] != "Alpha"]
    grid["Rosters"][1:] = [*(["Alpha", f"A{i}", "", "Active", "2026-01-01", 900] for i in range(size)), *others]
    assert found(run(grid)) == problem


def test_pending_players_never_count() -> None:
    grid = tabs([])
    grid["Rosters"][1][3] = "Pending"  # Alpha has 4 Active and 1 Pending
    assert found(run(grid)) == [("roster-size", "Teams", "A2")]
    grid["Rosters"].append(["Alpha", "Late", "", "Pending", "2026-01-01", 900])
    grid["Rosters"].append(["Alpha", "Later", "", "pending", "2026-01-01", 900])
    assert found(run(grid)) == [("roster-size", "Teams", "A2")]


def test_a_player_on_two_teams_is_reported_at_the_second_player_cell() -> None:
    grid = tabs([])
    grid["Rosters"].append(["Bravo", "alpha 0", "", "Active", "2026-01-01", 900])
    assert found(run(grid)) == [("member-twice", "Rosters", "B22")]


def test_a_club_has_at_most_two_teams() -> None:
    grid = tabs([])
    grid["Teams"][3][1] = "Club 0"  # Alpha, Bravo and now Cobra
    assert found(run(grid)) == [("club-teams", "Teams", "B4")]


@pytest.mark.parametrize("added, problem", [("2026-01-25", []), ("2026-01-26", [("lineup-short", "Results S1", "C2")])])
def test_a_team_needs_five_players_added_three_days_before_the_match(
    added: str, problem: list[tuple[str, str, str]]
) -> None:
    grid = tabs(ROUND_1)
    grid["Rosters"][1][4] = added  # one of Alpha's five
    assert found(run(grid)) == problem


def test_a_late_player_is_no_problem_when_five_others_were_added_in_time() -> None:
    grid = tabs(ROUND_1, size=6)
    grid["Rosters"][1][4] = "2026-01-27"
    assert found(run(grid)) == []


def test_roster_cells_are_checked() -> None:
    grid = tabs([])
    grid["Rosters"][2][3], grid["Rosters"][3][4], grid["Rosters"][4][5] = "Benched", "soon", "lots"
    grid["Rosters"].append(["Zulu", "Z", "", "Active", "2026-01-01", 900])
    assert found(run(grid)) == [
        ("roster-size", "Teams", "A2"),
        ("unknown-competitor", "Rosters", "A22"),
        ("unknown-status", "Rosters", "D3"),
        ("unreadable", "Rosters", "E4"),
        ("unreadable", "Rosters", "F5"),
    ]


def test_playoff_rows_are_checked_but_not_counted() -> None:
    rows = [*ROUND_1, [1, "Playoff", "Alpha", "Cobra", 2, 0, 3, "", "2026-04-01", ""]]
    ev = run(tabs(rows))
    assert ev.problems == [] and ev.counted == 2
    assert {r["Team"]: r["Wins"] for r in sheet(ev)}["Alpha"] == 1
    rows[2][5], rows[2][1] = 2, "Finals"
    assert found(run(tabs(rows))) == [("series-score", "Results S1", "F4"), ("unknown-stage", "Results S1", "B4")]


EIGHT = ("Alpha", "Bravo", "Cobra", "Delta", "Echo", "Foxtrot", "Golf", "Hotel")
ROUND_OF_EIGHT: list[list[Cell]] = [
    [1, "Swiss", "Alpha", "Bravo", 2, 0, 3, "", "2026-01-28", ""],
    [1, "Swiss", "Cobra", "Delta", 2, 1, 3, "", "2026-01-28", ""],
    [1, "Swiss", "Echo", "Foxtrot", 2, 1, 3, "", "2026-01-28", ""],
    [1, "Swiss", "Golf", "Hotel", 1, 2, 3, "", "2026-01-28", ""],
]
"""Winners Alpha (2-0), Cobra, Echo, Hotel (2-1): four teams on one win."""


@pytest.mark.parametrize(
    "by, size, playoffs",
    [
        (
            "score",
            2,
            {
                "Alpha": "tiebreaker match",
                "Cobra": "tiebreaker match",
                "Echo": "tiebreaker match",
                "Hotel": "tiebreaker match",
                "Bravo": "out",
                "Delta": "out",
                "Foxtrot": "out",
                "Golf": "out",
            },
        ),
        (
            "score",
            4,
            {
                "Alpha": "in",
                "Cobra": "in",
                "Echo": "in",
                "Hotel": "in",
                "Bravo": "out",
                "Delta": "out",
                "Foxtrot": "out",
                "Golf": "out",
            },
        ),
        (
            "tiebreakers",
            2,
            {
                "Alpha": "in",
                "Cobra": "tiebreaker match",
                "Echo": "tiebreaker match",
                "Hotel": "tiebreaker match",
                "Bravo": "out",
                "Delta": "out",
                "Foxtrot": "out",
                "Golf": "out",
            },
        ),
    ],
)
def test_the_cut_line(by: str, size: int, playoffs: dict[str, str]) -> None:
    """Wins alone: the four winners straddle 2nd place. By the tiebreakers, Alpha's 2-0 (GW% 1) is clear and the
    three 2-1 winners (GW% 2/3, OMW% 0) stay tied across the cut."""
    ev = run(tabs(ROUND_OF_EIGHT, EIGHT), preset({"cut": {"size": size, "by": by}, "lineup": {"per_club": 0}}))
    assert ev.problems == []
    assert {r["Team"]: r["Playoffs"] for r in sheet(ev)} == playoffs


def test_officials_settle_the_cut_after_the_tiebreaker_matches() -> None:
    grid = tabs(ROUND_OF_EIGHT, EIGHT)
    grid["Teams"][0].append("Cut")
    for row, decision in ((1, "in"), (3, "out"), (5, "In"), (8, "out")):  # Alpha, Cobra, Echo, Hotel
        grid["Teams"][row].append(decision)
    rs = preset({"cut": {"size": 2}, "lineup": {"per_club": 0}})
    assert {r["Team"]: r["Playoffs"] for r in sheet(run(grid, rs))}["Echo"] == "in"
    grid["Teams"][5][3] = "out"  # only one `in` for two places: still to settle
    assert {r["Team"]: r["Playoffs"] for r in sheet(run(grid, rs))}["Alpha"] == "tiebreaker match"
    grid["Teams"][5][3] = "maybe"
    assert found(run(grid, rs)) == [("unknown-value", "Teams", "D6")]


def test_no_playoffs_column_before_anyone_has_played_or_without_a_cut() -> None:
    assert {r["Playoffs"] for r in sheet(run(tabs([])))} == {""}
    data = tomllib.loads(
        (resources.files("league") / "rules" / "presets" / "nasef-lol.toml").read_text(encoding="utf-8")
    )
    data.pop("cut")
    assert "Playoffs" not in standings_sheets(run(tabs(ROUND_1), parse_ruleset(data, "no cut (test)")))[0].header


def test_the_leaderboard_sums_wins_and_recomputes_tiebreakers_over_every_event() -> None:
    """S1: Alpha beats Bravo 2-1, Cobra beats Delta by forfeit. S2: Bravo beats Cobra 2-0, Delta beats Alpha 2-1.
    Over both: every team 1-1; GW% Bravo 3/5, Alpha 3/6, Cobra 2/4, Delta 2/5; each one's OMW% is 1/2."""
    grid = tabs(ROUND_1)
    grid["Events"].append(["S2", "Summer", "2026-06-01", "Online", 32, "", "Results S2"])
    grid["Results S2"] = [
        RESULTS,
        [1, "Swiss", "Bravo", "Cobra", 2, 0, 3, "", "2026-06-03", ""],
        [1, "Swiss", "Delta", "Alpha", 2, 1, 3, "", "2026-06-03", ""],
    ]
    ev = run(grid)
    assert ev.problems == []
    board = leaderboard_sheet(ev, None)
    rows = [dict(zip(board.header, r)) for r in board.rows]
    assert [(r["Rank"], r["Team"], r["Total Wins"], r["Game Win %"], r["OMW%"]) for r in rows] == [
        (1, "Bravo", 1, 0.6, 0.5),
        (2, "Alpha", 1, 0.5, 0.5),
        (2, "Cobra", 1, 0.5, 0.5),
        (4, "Delta", 1, 0.4, 0.5),
    ]
    assert [r["S1"] for r in rows] == [0, 1, 1, 0] and rows[1]["Note"] == "tied with Cobra: judge decision"


@pytest.mark.parametrize(
    "change, message",
    [
        (
            {"members": {"fields": ["Summoner", "Status", "Added"]}},
            "`members.fields` must list 'MMR', which `lineup` reads",
        ),
        ({"lineup": {"min": 9}}, "`lineup.max` must be at least `min`"),
        ({"lineup": {"date": "when"}}, "`lineup.date` is 'when', which is not a key of results.row_texts"),
        ({"lineup": {"counted": ["Starter"]}}, "`lineup.counted` must list some of `statuses`"),
        ({"cut": {"by": "coin"}}, "`cut.by` is 'coin'; use one of 'score', 'tiebreakers'"),
        ({"stages": {"column": "phase"}}, "`stages.column` is 'phase', which is not a key of results.row_texts"),
        (
            {"results": {"kinds": {"Forfeit A": {"kind": "forfeit", "loser": "A", "games": [0, 2]}}, "aliases": {}}},
            "`results.kinds.'Forfeit A'.games`: with `series`, a forfeit records the minimum winning score",
        ),
    ],
)
def test_a_bad_setting_names_its_key(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesetError, match="nasef-lol \\(test\\)") as raised:
        preset(change)
    assert message in str(raised.value)


Change = Callable[[dict[str, Grid]], None]


def _set(tab: str, row: int, col: int, value: Cell) -> Change:
    def change(grid: dict[str, Grid]) -> None:
        grid[tab][row][col] = value

    return change


def _drop_column(tab: str, col: int) -> Change:
    def change(grid: dict[str, Grid]) -> None:
        grid[tab] = [[c for i, c in enumerate(r) if i != col] for r in grid[tab]]

    return change


def _append(tab: str, row: list[Cell]) -> Change:
    return lambda grid: grid[tab].append(list(row))


def _cut(value: str) -> Change:
    def change(grid: dict[str, Grid]) -> None:
        grid["Teams"][0].append("Cut")
        grid["Teams"][1].append(value)

    return change


@pytest.mark.parametrize(
    "change, expected",
    [
        (
            _set("Rosters", 1, 3, "Actve"),
            [("lineup-short", "Results S1", "C2"), ("roster-size", "Teams", "A2"), ("unknown-status", "Rosters", "D2")],
        ),
        (_set("Results S1", 1, 1, "Swis"), [("unknown-stage", "Results S1", "B2")]),
        (_set("Results S1", 2, 7, "Forfiet B"), [("unknown-result", "Results S1", "H3")]),
        (_set("Results S1", 1, 4, "two"), [("unreadable", "Results S1", "E2")]),
        (_set("Results S1", 1, 6, "three"), [("unreadable", "Results S1", "G2")]),
        (_set("Results S1", 1, 8, "28/01/2026"), [("unreadable", "Results S1", "I2")]),
        (_set("Results S1", 1, 8, None), [("missing-value", "Results S1", "I2")]),
        (_set("Results S1", 1, 4, None), [("missing-value", "Results S1", "E2")]),
        (_set("Rosters", 1, 4, None), [("lineup-short", "Results S1", "C2"), ("missing-value", "Rosters", "E2")]),
        (_set("Rosters", 1, 5, "lots"), [("unreadable", "Rosters", "F2")]),
        (_drop_column("Rosters", 4), [("missing-header", "Rosters", "F1")]),
        (
            _append("Rosters", ["Alpha", "Alpha 0", "A0", "Active", "2026-01-01", 1000]),
            [("member-twice", "Rosters", "B22")],
        ),
        (
            _append("Rosters", ["Bravo", "ALPHA 0", "A0", "Active", "2026-01-01", 1000]),
            [("member-twice", "Rosters", "B22")],
        ),
        (_append("Teams", ["Alpha", "Club 0", ""]), [("duplicate-row", "Teams", "A6")]),
        (_append("Results S1", ROUND_1[0]), [("duplicate-row", "Results S1", "A4")]),
        (_cut("ni"), [("unknown-value", "Teams", "D2")]),
        (_set("Rosters", 1, 1, "Alpha\x1b[2J0"), [("control-character", "Rosters", "B2")]),
        (
            _set("Results S1", 1, 3, '=HYPERLINK("https://x","Bravo")'),
            [("formula-like", "Results S1", "D2"), ("unknown-competitor", "Results S1", "D2")],
        ),
    ],
)
def test_bad_input_in_the_teams_rosters_and_results_tabs_is_reported_at_its_cell(
    change: Change, expected: list[tuple[str, str, str]]
) -> None:
    grid = copy.deepcopy(tabs(ROUND_1))
    change(grid)
    ev = run(grid)
    assert found(ev) == expected
    assert all(p.fix for p in ev.problems)


def test_a_player_listed_twice_on_one_roster_counts_once() -> None:
    """Alpha's five rows name four players: a roster too small, whatever the row count."""
    grid = copy.deepcopy(tabs([]))
    grid["Rosters"][5][1] = "alpha 0"
    assert found(run(grid)) == [("member-twice", "Rosters", "B6"), ("roster-size", "Teams", "A2")]


def _renamed(registered: str, typed: str) -> Change:
    """Alpha registered (and on its roster) as `registered`, typed as `typed` in the results."""

    def change(grid: dict[str, Grid]) -> None:
        grid["Teams"][1][0] = registered
        for row in grid["Rosters"][1:]:
            row[0] = registered if row[0] == "Alpha" else row[0]
        grid["Results S1"][1][2] = typed

    return change


def _reordered(grid: dict[str, Grid]) -> None:
    for tab in ("Teams", "Rosters", "Results S1"):
        grid[tab] = [list(reversed(r + [None] * (len(grid[tab][0]) - len(r)))) for r in grid[tab]]


@pytest.mark.parametrize(
    "change, alpha",
    [
        (_reordered, "Alpha"),
        (_set("Results S1", 1, 4, "2"), "Alpha"),
        (_set("Results S1", 1, 6, " 3 "), "Alpha"),
        (_set("Rosters", 1, 5, "1000"), "Alpha"),
        (_renamed("Łódź Żubry", "ŁÓDŹ ŻUBRY"), "Łódź Żubry"),
        (
            _renamed('=HYPERLINK("https://x","Alpha")', '=HYPERLINK("https://x","Alpha")'),
            '=HYPERLINK("https://x","Alpha")',
        ),
    ],
)
def test_harmless_variations_give_the_same_standings(change: Change, alpha: str) -> None:
    """Reordered columns, numbers as text, unicode names typed in another case, formula-looking names (a warning at
    each cell, nothing more)."""
    clean = [r[:7] for r in standings_sheets(run(tabs(ROUND_1)))[0].rows]
    grid = copy.deepcopy(tabs(ROUND_1))
    change(grid)
    ev = run(grid)
    assert {p.code for p in ev.problems} == ({"formula-like"} if alpha.startswith("=") else set())
    assert [r[:7] for r in standings_sheets(ev)[0].rows] == [
        (r[0], alpha if r[1] == "Alpha" else r[1], *r[2:]) for r in clean
    ]


def test_a_teams_row_is_checked_once_however_many_events_the_season_has() -> None:
    """A `Teams` row registers its team for every event, yet a problem in it is one problem at its cell."""
    grid = tabs(ROUND_1)
    grid["Teams"][0].append("Cut")
    grid["Teams"][1][0] = "Alpha\u200f"
    grid["Teams"][2].append("maybe")
    grid["Events"].append(["S2", "Summer", "2026-06-01", "Online", 32, "", "Results S2"])
    grid["Results S2"] = [RESULTS]
    assert [(c, cell) for c, _, cell in found(run(grid)) if c in ("hidden-character", "unknown-value")] == [
        ("hidden-character", "A2"),
        ("unknown-value", "D3"),
    ]

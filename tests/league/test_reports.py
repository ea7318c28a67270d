"""Players' reports reconciled with the pending rows of a Magic weekly (Ana v Ben, Cy v Dee paired in round 1):
agreeing, disagreeing and single reports, later answers, typed results, who may report and reports that fit no row."""

from __future__ import annotations

import datetime as dt
import tomllib
from importlib import resources
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from jobs.config import load_ruleset
from league.cells import Cell, Grid
from league.evaluate import evaluate
from league.pairing.bracket import bracket_sheet, resolve
from league.player_reports import Reconciled, reconcile_tabs
from league.problems import Problem, Severity
from league.read.reports import form_time, read_emails
from league.rules.load import parse_ruleset
from league.rules.schema import RulesetError
from league.sheet import Fill

RULESET, CATALOG = load_ruleset("ogaming-mtg", Path("."))
MESBG, _ = load_ruleset("mesbg-pairs", Path("."))
NOW = dt.datetime(2026, 3, 14, 18, 0, tzinfo=dt.UTC)
DAY = dt.timedelta(hours=24)
TAB = "Form Responses 1"
FORM = ["Timestamp", "Email Address", "Event", "Round", "Player", "Opponent", "My Wins", "Opponent Wins", "Draws"]
RESULTS = ["Round", "Table", "Player A", "Player B", "Wins A", "Wins B", "Draws", "Result", "Drop A", "Drop B", "Notes"]
EMAILS = {"Ana": "ana@example.org", "Ben": "ben@example.org", "Cy": "cy@example.org", "Dee": "dee@example.org"}


def report(
    hours_ago: float,
    player: str,
    opponent: str,
    wins: Cell,
    lost: Cell,
    draws: Cell = 0,
    *,
    event: str = "W1",
    rnd: Cell = 1,
    email: str = "",
) -> list[Cell]:
    """One answer to the Form, sent `hours_ago` before NOW (as the Form writes it: a naive time, here UTC)."""
    when = (NOW - dt.timedelta(hours=hours_ago)).replace(tzinfo=None)
    return [when, email or EMAILS.get(player.strip(), ""), event, rnd, player, opponent, wins, lost, draws]


def league(
    reports: list[list[Cell]],
    results: list[list[Cell]] | None = None,
    status: dict[str, str] | None = None,
    emails: bool = True,
) -> dict[str, Grid]:
    players = [
        ["Player", "Event", "Account Standing", "Deck", "Status", *(["Email"] if emails else [])],
        *([p, "W1", "Good", "", (status or {}).get(p, ""), *([e] if emails else [])] for p, e in EMAILS.items()),
    ]
    return {
        "Events": [
            ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab", "Rounds"],
            ["W1", "Weekly", "2026-03-13", "", None, "", "R1", 2],
        ],
        "Players": players,
        "R1": [RESULTS, *(results if results is not None else [[1, 1, "Ana", "Ben"], [1, 2, "Cy", "Dee"]])],
        TAB: [FORM, *reports],
    }


def reconciled(tabs: dict[str, Grid]) -> tuple[dict[str, Grid], Reconciled]:
    return reconcile_tabs(tabs, RULESET, CATALOG, TAB, NOW, DAY, dt.UTC)


def at(problems: list[Problem]) -> set[tuple[str, str, str]]:
    return {(p.severity.value, p.tab, p.cell) for p in problems}


# --- reconciling -----------------------------------------------------------------------------


def test_both_sides_agreeing_fill_the_rows_empty_result_cells_and_the_row_counts() -> None:
    tabs = league([report(3, "Ana", "Ben", 2, 1), report(2, "Ben", "Ana", 1, 2, 0)])
    filled, done = reconciled(tabs)
    assert done.fills == [Fill("R1", 2, (("Wins A", 2), ("Wins B", 1), ("Draws", 0)))]
    assert done.problems == [] and done.awaiting == []
    assert done.log == [
        "W1 round 1 table 1: Ana v Ben: both reported Wins A 2, Wins B 1, Draws 0: written into R1 row 2"
    ]
    assert filled["R1"][1][:7] == [1, 1, "Ana", "Ben", 2, 1, 0] and tabs["R1"][1] == [1, 1, "Ana", "Ben"]
    ev = evaluate(filled, RULESET, CATALOG)
    assert ev.counted == 1 and ev.problems == []


def test_the_reporter_on_side_b_is_turned_round_and_empty_draws_mean_none() -> None:
    _, done = reconciled(
        league([report(3, "Dee", "Cy", 2, 0, None), report(2, " cy ", "DEE", 0, 2, 0, email="cy@example.org")])
    )
    assert done.fills == [Fill("R1", 3, (("Wins A", 0), ("Wins B", 2), ("Draws", 0)))] and done.problems == []


def test_disagreeing_reports_are_an_error_at_both_report_rows_naming_both_answers() -> None:
    _, done = reconciled(league([report(3, "Ana", "Ben", 2, 0), report(2, "Ben", "Ana", 2, 0)]))
    assert done.fills == []
    assert at(done.problems) == {("error", TAB, "G2"), ("error", TAB, "G3")}
    assert (
        "Ana answered My Wins 2, Opponent Wins 0, Draws 0 (row 2), "
        "Ben answered My Wins 2, Opponent Wins 0, Draws 0 (row 3)" in done.problems[0].problem
    )


def test_one_side_waits_for_the_other_and_is_a_warning_after_confirm_hours() -> None:
    _, done = reconciled(league([report(23.9, "Ana", "Ben", 2, 1)]))
    assert done.fills == [] and done.problems == []
    assert done.awaiting == [
        "W1 round 1 table 1: Ana v Ben: Ana reported My Wins 2, Opponent Wins 1, Draws 0 at "
        "2026-03-13 18:06 UTC; awaiting Ben"
    ]
    _, done = reconciled(league([report(24, "Ana", "Ben", 2, 1)]))
    assert at(done.problems) == {("warning", TAB, "E2")} and "not confirmed within 24 hours" in done.problems[0].problem


def test_a_later_answer_from_the_same_side_replaces_the_earlier_whatever_the_row_order() -> None:
    later, earlier = report(1, "Ana", "Ben", 2, 1), report(5, "Ana", "Ben", 2, 0)
    _, done = reconciled(league([later, earlier, report(2, "Ben", "Ana", 1, 2)]))
    assert done.fills == [Fill("R1", 2, (("Wins A", 2), ("Wins B", 1), ("Draws", 0)))] and done.problems == []
    assert done.log[0] == (
        "W1 round 1 table 1: Ana v Ben: Ana's report of 2026-03-14 17:00:00 UTC (My Wins 2, Opponent "
        "Wins 1, Draws 0) replaces the one of 2026-03-14 13:00:00 UTC (My Wins 2, Opponent Wins 0, Draws 0)"
    )
    _, done = reconciled(league([report(5, "Ana", "Ben", 2, 1), report(1, "Ana", "Ben", 2, 1)]))
    assert done.log == [], "the same answer sent twice replaces nothing"


def test_a_replaced_answer_is_logged_once_by_the_first_sync_after_it_naming_what_counted_before() -> None:
    answers = [report(9, "Ana", "Ben", 2, 0), report(7, "Ana", "Ben", 2, 1), report(5, "Ana", "Ben", 1, 2)]
    logged = [
        reconcile_tabs(league(answers), RULESET, CATALOG, TAB, NOW, DAY, dt.UTC, since=NOW - dt.timedelta(hours=h))[
            1
        ].log
        for h in (8, 6, 4)
    ]
    assert logged[0] == [
        "W1 round 1 table 1: Ana v Ben: Ana's report of 2026-03-14 13:00:00 UTC (My Wins 1, Opponent Wins 2, "
        "Draws 0) replaces the one of 2026-03-14 09:00:00 UTC (My Wins 2, Opponent Wins 0, Draws 0)"
    ]
    assert "replaces the one of 2026-03-14 11:00:00 UTC" in logged[1][0], "what counted at the previous sync"
    assert logged[2] == [], "logged already"
    back = [*answers, report(3, "Ana", "Ben", 2, 0)]
    assert (
        reconcile_tabs(league(back), RULESET, CATALOG, TAB, NOW, DAY, dt.UTC, since=NOW - dt.timedelta(hours=8))[1].log
        == []
    ), "back to what counted at the previous sync: nothing replaced"


def test_a_typed_result_is_never_changed_and_a_report_differing_from_it_is_a_warning() -> None:
    typed = [[1, 1, "Ana", "Ben", 2, 0, None], [1, 2, "Cy", "Dee"]]
    tabs = league([report(3, "Ana", "Ben", 2, 1), report(2, "Ben", "Ana", 1, 2), report(2, "Cy", "Dee", 2, 0)], typed)
    filled, done = reconciled(tabs)
    assert done.fills == [] and filled["R1"] == tabs["R1"]
    assert at(done.problems) == {("warning", TAB, "G2"), ("warning", TAB, "G3")}
    assert "differs from the result typed in R1 row 2" in done.problems[0].problem
    _, done = reconciled(league([report(3, "Ana", "Ben", 2, 0), report(2, "Ben", "Ana", 0, 2, None)], typed))
    assert done.problems == [] and done.fills == []


@pytest.mark.parametrize(
    ("word", "agreeing", "differing"),
    [
        ("Intentional Draw", (0, 0, 3), (2, 1, 0)),
        ("Forfeit B", (2, 0, 0), (0, 2, 0)),
        ("forfeit a", (0, 2, 0), (2, 0, 0)),
    ],
)
def test_a_result_word_stands_for_the_games_it_records(
    word: str, agreeing: tuple[int, int, int], differing: tuple[int, int, int]
) -> None:
    typed = [[1, 1, "Ana", "Ben", None, None, None, word], [1, 2, "Cy", "Dee"]]
    a, b, d = agreeing
    _, done = reconciled(league([report(3, "Ana", "Ben", a, b, d), report(2, "Ben", "Ana", b, a, d)], typed))
    assert done.problems == [] and done.fills == []
    a, b, d = differing
    _, done = reconciled(league([report(3, "Ana", "Ben", a, b, d)], typed))
    assert at(done.problems) == {("warning", TAB, "G2")} and "differs from the result typed" in done.problems[0].problem


# --- who may report, and reports that fit no row ----------------------------------------------


def test_a_report_from_another_address_is_an_error_and_ignored() -> None:
    _, done = reconciled(
        league([report(3, "Ana", "Ben", 2, 1, email="ben@example.org"), report(2, "Ben", "Ana", 1, 2)])
    )
    assert done.fills == [] and at(done.problems) == {("error", TAB, "B2")}
    assert "came from 'ben@example.org', which is not Ana's" in done.problems[0].problem
    _, done = reconciled(
        league([report(3, "Ana", "Ben", 2, 1, email="ANA@example.org "), report(2, "Ben", "Ana", 1, 2)])
    )
    assert len(done.fills) == 1


def test_a_reports_tab_without_email_address_is_one_error_at_its_header_when_addresses_are_checked() -> None:
    tabs = league([report(3, "Ana", "Ben", 2, 1), report(2, "Ben", "Ana", 1, 2)])
    tabs[TAB] = [[c for i, c in enumerate(r) if i != 1] for r in tabs[TAB]]
    _, done = reconciled(tabs)
    assert [(p.severity.value, p.tab, p.cell) for p in done.problems] == [("error", TAB, "I1")] and done.fills == []
    assert "no column Email Address" in done.problems[0].problem and "Collect email addresses" in done.problems[0].fix
    _, done = reconciled({**tabs, "Players": [r[:-1] for r in tabs["Players"]]})
    assert done.problems == [] and len(done.fills) == 1, "no Email column: anyone may report, no address needed"


def test_a_form_without_the_draws_question_counts_no_drawn_games() -> None:
    tabs = league([report(3, "Ana", "Ben", 2, 1), report(2, "Ben", "Ana", 1, 2)])
    tabs[TAB] = [r[:-1] for r in tabs[TAB]]
    filled, done = reconciled(tabs)
    assert done.problems == [] and done.fills == [Fill("R1", 2, (("Wins A", 2), ("Wins B", 1)))]
    assert evaluate(filled, RULESET, CATALOG).counted == 1


def test_without_an_email_column_anyone_may_report() -> None:
    _, done = reconciled(
        league(
            [report(3, "Ana", "Ben", 2, 1, email="x@y.z"), report(2, "Ben", "Ana", 1, 2, email="x@y.z")], emails=False
        )
    )
    assert len(done.fills) == 1 and done.problems == []


def test_reports_that_fit_no_row_are_errors_at_their_cells_with_did_you_mean() -> None:
    _, done = reconciled(
        league(
            [
                report(9, "Ana", "Ben", 2, 1, event="W 1"),  # row 2: unknown event
                report(8, "Ana", "Ben", 2, 1, rnd=2),  # row 3: round 2 is not paired
                report(7, "Ana", "Cy", 2, 1),  # row 4: Cy is not Ana's opponent
                report(6, "Anna", "Ben", 2, 1),  # row 5: misspelt name
                report(5, "Ana", "Ben", "two", 1),  # row 6: not a number
                report(4, "Ana", "Ben", 2, 1, rnd="first"),  # row 7: not a round
            ]
        )
    )
    assert at(done.problems) == {("error", TAB, c) for c in ("C2", "D3", "F4", "E5", "G6", "D7")}
    said = {p.cell: p.problem + " / " + p.fix for p in done.problems}
    assert "event 'W 1' is not in the Events tab" in said["C2"] and "did you mean W1?" in said["C2"]
    assert "round 2 of W1 is not paired" in said["D3"]
    assert "Cy is not Ana's opponent in round 1 of W1: Ana played Ben (R1 row 2)" in said["F4"]
    assert "'Anna' is not registered for W1" in said["E5"] and "did you mean Ana?" in said["E5"]
    assert done.fills == []


def test_a_report_for_a_dropped_player_is_an_error() -> None:
    _, done = reconciled(
        league([report(3, "Ana", "Ben", 2, 1), report(2, "Ben", "Ana", 1, 2)], status={"Ben": "Dropped"})
    )
    assert done.fills == [] and at(done.problems) == {("error", TAB, "F2"), ("error", TAB, "E3")}
    assert "Ben has left W1 (Status Dropped in Players row 3)" in done.problems[0].problem


def test_a_report_differing_from_a_finished_events_result_is_an_error_but_not_while_its_playoffs_run() -> None:
    played = [
        [1, 1, "Ana", "Ben", 2, 0],
        [1, 2, "Cy", "Dee", 2, 0],
        [2, 1, "Ana", "Cy", 2, 0],
        [2, 2, "Ben", "Dee", 2, 0],
    ]
    tabs = league([report(3, "Ana", "Ben", 2, 1), report(3, "Cy", "Dee", 2, 0)], played)
    _, during = reconciled(tabs)  # the Swiss rounds are over, the top 8 not yet played
    assert (
        at(during.problems) == {("warning", TAB, "G2")} and "never changes a typed result" in during.problems[0].problem
    )
    bracket = [
        list(bracket_sheet("W1", ["Ana", "Cy", "Ben", "Dee"], [3]).header),
        [1, 1, 3, 1, "Ana", 4, "Dee", 2, 0, "", ""],
        [1, 2, 3, 2, "Cy", 3, "Ben", 2, 1, "", ""],
        [2, 1, 3, 1, "Ana", 2, "Cy", 2, 0, "", ""],
    ]
    seeds = ["Ana", "Cy", "Ben", "Dee"]
    _, running = reconcile_tabs(
        tabs, RULESET, CATALOG, TAB, NOW, DAY, dt.UTC, playoffs={"W1": resolve("W1", seeds, [3], bracket[:3]).playoff}
    )  # the final not played
    assert at(running.problems) == {("warning", TAB, "G2")}
    playoff = resolve("W1", seeds, [3], bracket).playoff
    assert playoff.champion == "Ana"
    _, done = reconcile_tabs(tabs, RULESET, CATALOG, TAB, NOW, DAY, dt.UTC, playoffs={"w1": playoff})
    assert at(done.problems) == {("error", TAB, "C2")} and "W1 is finished" in done.problems[0].problem


def test_a_pending_row_a_report_fills_is_only_its_empty_cells_and_mesbg_finds_the_game_by_army() -> None:
    form = [
        "Timestamp",
        "Email Address",
        "Event",
        "Round",
        "Pair",
        "Opponent",
        "Army",
        "My Scenario Points",
        "Opponent Scenario Points",
    ]
    when = dt.datetime(2026, 3, 14, 12, 0)
    tabs: dict[str, Grid] = {
        "Events": [
            ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"],
            ["D1", "", "2026-03-14", "", 12, "", "R"],
        ],
        "Pairs": [
            [
                "Pair",
                "Event",
                "Player 1",
                "Player 2",
                "Good Army",
                "Evil Army",
                "Restricted Models",
                "List On Time",
                "Rules Present",
                "Status",
            ],
            ["Red", "D1", "a", "b", "", "", "", "", "", ""],
            ["Blue", "D1", "c", "d", "", "", "", "", "", ""],
        ],
        "R": [
            ["Round", "Table", "Pair A", "Army A", "Scenario A", "Pair B", "Army B", "Scenario B", "Result"],
            [1, 1, "Red", "Good", None, "Blue", "Evil"],
            [1, 1, "Red", "Evil", None, "Blue", "Good"],
        ],
        TAB: [
            form,
            [when, "", "D1", 1, "Blue", "Red", "Good", 4, 9],
            [when, "", "D1", 1, "Red", "Blue", "Evil", 9, 4],
            [when, "", "D1", 1, "Red", "Blue", "Purple", 9, 4],
        ],
    }
    _, done = reconcile_tabs(tabs, MESBG, CATALOG, TAB, NOW, DAY, dt.UTC)
    assert done.fills == [Fill("R", 3, (("Scenario A", 9), ("Scenario B", 4)))]
    assert at(done.problems) == {("error", TAB, "G4")} and "Army 'Purple' matches no game" in done.problems[0].problem


def test_a_league_without_a_reports_tab_or_questions_is_unchanged() -> None:
    tabs = league([])
    del tabs[TAB]
    assert reconciled(tabs) == (tabs, Reconciled())
    assert all(p.severity is not Severity.ERROR for p in reconciled(league([]))[1].problems)


@pytest.mark.parametrize(
    ("named", "tab", "hint"),
    [
        ("Form Responses1", TAB, f"did you mean {TAB!r}?"),
        ("Form Responses 1", "Respostas ao formulário 1", "did you mean 'Respostas ao formulário 1'?"),
        ("Answers", "Other", "set `reports` to the name of the tab the Form fills"),
    ],
)
def test_a_reports_tab_named_in_league_toml_that_is_missing_is_a_warning_with_the_closest_tab(
    named: str, tab: str, hint: str
) -> None:
    tabs = league([report(3, "Ana", "Ben", 2, 1)])
    tabs[tab] = tabs.pop(TAB) if tab != "Other" else [["Nothing"]]
    _, done = reconcile_tabs(tabs, RULESET, CATALOG, named, NOW, DAY, dt.UTC, named=True)
    assert [(p.severity.value, p.tab, p.code) for p in done.problems] == [("warning", named, "missing-reports-tab")]
    assert (
        f"`reports = {named!r}` in league.toml names no tab" in done.problems[0].problem
        and hint in done.problems[0].fix
    )
    assert reconcile_tabs(tabs, RULESET, CATALOG, named, NOW, DAY, dt.UTC)[1] == Reconciled(), (
        "the default Reports: quiet"
    )


# --- the Form's times, the addresses, the [reports] table ----------------------------------------


def test_form_times_are_read_from_cells_serial_numbers_and_text_in_the_spreadsheets_zone() -> None:
    warsaw = ZoneInfo("Europe/Warsaw")
    expected = dt.datetime(2026, 3, 14, 11, 30, tzinfo=dt.UTC)
    assert form_time(dt.datetime(2026, 3, 14, 12, 30), warsaw) == expected
    assert form_time(46095.520833333336, warsaw) == expected
    assert form_time("3/14/2026 12:30:00", warsaw) == form_time("2026-03-14 12:30:00", warsaw) == expected
    assert form_time("yesterday", warsaw) is None and form_time(None, warsaw) is None
    for text in (
        "2026-03-14T12:30:00",
        "14 Mar 2026 12:30:00",
        "14 March 2026 12:30:00",
        "14/3/2026 12:30:00",
        "2026-03-14T12:30:00+01:00",
    ):
        assert form_time(text, warsaw) == expected, text
    assert form_time("3/4/2026 12:30:00", dt.UTC) == dt.datetime(2026, 3, 4, 12, 30, tzinfo=dt.UTC), "month first"
    tabs = league([["soon", "ana@example.org", "W1", 1, "Ana", "Ben", 2, 1, 0]])
    assert at(reconciled(tabs)[1].problems) == {("error", TAB, "A2")}


def test_a_teams_addresses_are_those_of_its_roster_rows() -> None:
    nasef, _ = load_ruleset("nasef-lol", Path("."))
    tabs: dict[str, Grid] = {
        "Teams": [["Team", "Club", "Status"], ["Owls", "North", ""]],
        "Rosters": [["Team", "Player", "Email"], ["Owls", "Kim", "Kim@School.edu "], ["Owls", "Lee", None]],
    }
    assert read_emails(tabs, nasef) == {"owls": frozenset({"kim@school.edu"})}
    assert read_emails({"Teams": tabs["Teams"]}, nasef) is None


def test_a_team_with_captains_marked_reports_only_from_their_addresses() -> None:
    nasef, _ = load_ruleset("nasef-lol", Path("."))
    tabs: dict[str, Grid] = {
        "Rosters": [
            ["Team", "Player", "Email", "Captain"],
            ["Owls", "Kim", "kim@s.edu", "✓"],
            ["Owls", "Lee", "lee@s.edu", ""],
            ["Owls", "Max", "max@s.edu", " Yes"],
            ["Bats", "Ray", "ray@s.edu", None],
            ["Bats", "Sam", "sam@s.edu", "no"],
        ]
    }
    assert read_emails(tabs, nasef) == {
        "owls": frozenset({"kim@s.edu", "max@s.edu"}),
        "bats": frozenset({"ray@s.edu", "sam@s.edu"}),
    }


def test_the_reports_table_names_results_headers_and_needs_the_round_and_both_sides() -> None:
    data = tomllib.loads(
        (resources.files("league") / "rules" / "presets" / "ogaming-mtg.toml").read_text(encoding="utf-8")
    )
    with pytest.raises(RulesetError, match=r"`reports.My Wins` is 'Wins C', which is not a header"):
        parse_ruleset({**data, "reports": {**data["reports"], "My Wins": "Wins C"}}, "x.toml")
    with pytest.raises(RulesetError, match=r"`reports` needs a question for 'Player B'"):
        parse_ruleset({**data, "reports": {k: v for k, v in data["reports"].items() if k != "Opponent"}}, "x.toml")
    assert parse_ruleset({k: v for k, v in data.items() if k != "reports"}, "x.toml").reports == ()
    for question in ("Timestamp", "event ", ""):
        with pytest.raises(RulesetError, match="is a question every Form asks already"):
            parse_ruleset({**data, "reports": {**data["reports"], question: "Notes"}}, "x.toml")
    with pytest.raises(RulesetError, match="fills 'Wins A', which another question fills already"):
        parse_ruleset({**data, "reports": {**data["reports"], "Opponent Wins": "Wins A"}}, "x.toml")


GL, GL_CATALOG = load_ruleset("gl-unmatched", Path("."))


def gl_league(*answers: list[Cell]) -> dict[str, Grid]:
    """A GL qualifier with Ana Souza v Ben Cruz pending in round 1, and these answers (from the Form's Round on)."""
    form = ["Timestamp", "Email Address", "Event", *(q for q, _ in GL.reports)]
    when = dt.datetime(2026, 3, 14, 12, 0)
    fighters = ["Medusa", "Sinbad", "Alice", "Achilles", "Bigfoot"]
    return {
        "Events": [
            ["Event", "Name", "Date", "Venue", "Capacity", "Stage", "Results Tab"],
            ["Q1", "", "2024-08-10", "", 8, "Q1", "R"],
        ],
        "Players": [
            ["Player", "Event", "Fighter 1", "Fighter 2", "Fighter 3", "Fighter 4", "Fighter 5", "Status"],
            ["Ana Souza", "Q1", *fighters, ""],
            ["Ben Cruz", "Q1", *fighters, ""],
        ],
        "R": [list(GL.results.order), [1, 1, "Ana Souza", None, None, None, "Ben Cruz"]],
        TAB: [form, *([when, "", "Q1", *a] for a in answers)],
    }


def test_gl_answers_are_written_as_the_registered_and_official_names_are_spelt() -> None:
    tabs = gl_league(
        [1, "ana souza", "ben cruz", "medusa", "SINBAD", "hanging  gardens", "ana  souza", 5, 0, 16, 15],
        [1, "Ben Cruz", "Ana Souza", "Sinbad", "Medusa", "Hanging Gardens", "Ana Souza", 0, 5, 15, 16],
    )
    filled, done = reconcile_tabs(tabs, GL, GL_CATALOG, TAB, NOW, DAY, dt.UTC)
    assert done.problems == []
    assert filled["R"][1] == [
        1,
        1,
        "Ana Souza",
        "Medusa",
        5,
        16,
        "Ben Cruz",
        "Sinbad",
        0,
        15,
        "Hanging Gardens",
        "Ana Souza",
    ]


@pytest.mark.parametrize(
    ("answer", "cell", "says"),
    [
        ({9: "Bruno"}, "J2", "Winner 'Bruno' is not one of the two in that match / answer one of: Ana Souza, Ben Cruz"),
        (
            {6: "Medussa"},
            "G2",
            "My Fighter 'Medussa' is not one of its choices (the official names) / did you mean Medusa?",
        ),
        ({8: "Atlantis"}, "I2", "Map 'Atlantis' is not one of its choices"),
        ({10: -1}, "K2", "My Health '-1' is not a whole number of 0 or more"),
        ({10: 0}, "J2", "they would be wrong: "),
    ],
)
def test_an_answer_that_is_no_valid_result_is_an_error_at_its_cell_and_nothing_is_written(
    answer: dict[int, Cell], cell: str, says: str
) -> None:
    mine: list[Cell] = [1, "Ana Souza", "Ben Cruz", "Medusa", "Sinbad", "Hanging Gardens", "Ana Souza", 5, 0, 16, 15]
    theirs: list[Cell] = [1, "Ben Cruz", "Ana Souza", "Sinbad", "Medusa", "Hanging Gardens", "Ana Souza", 0, 5, 15, 16]
    for at_, value in answer.items():
        mine[at_ - 3] = value
        if at_ == 10:
            theirs[at_ - 2] = value
    filled, done = reconcile_tabs(gl_league(mine, theirs), GL, GL_CATALOG, TAB, NOW, DAY, dt.UTC)
    assert done.fills == [] and filled["R"] == gl_league()["R"]
    found = {p.cell: f"{p.problem} / {p.fix}" for p in done.problems if p.row == 2}
    assert cell in found and says in found[cell], found


def test_negative_games_are_an_error_in_an_answer_and_in_the_results_tab() -> None:
    _, done = reconciled(league([report(3, "Ana", "Ben", -1, 2), report(2, "Ben", "Ana", 2, -1)]))
    assert done.fills == [] and at(done.problems) == {("error", TAB, "G2"), ("error", TAB, "H3")}
    assert "My Wins '-1' is not a whole number of 0 or more" in done.problems[0].problem
    ev = evaluate(league([], [[1, 1, "Ana", "Ben", -1, 2], [1, 2, "Cy", "Dee", 2, 0, -1]]), RULESET, CATALOG)
    assert {(p.cell, p.problem) for p in ev.problems if p.severity is Severity.ERROR} == {
        ("E2", "Wins A '-1' is not a whole number of 0 or more"),
        ("G3", "Draws '-1' is not a whole number of 0 or more"),
    }
    assert ev.counted == 0


def test_more_games_than_a_match_allows_are_refused_in_answers_and_an_error_in_the_results_tab() -> None:
    _, done = reconciled(league([report(3, "Ana", "Ben", 5, 0), report(2, "Ben", "Ana", 0, 5)]))
    assert done.fills == [] and at(done.problems) == {("error", TAB, "G2"), ("error", TAB, "G3")}
    assert "the games are 5-0: a best of 3 is over once a player has won 2 (R1!E2)" in done.problems[0].problem
    ev = evaluate(league([], [[1, 1, "Ana", "Ben", 3, 0], [1, 2, "Cy", "Dee", 2, 1, 1]]), RULESET, CATALOG)
    assert [(p.code, p.cell) for p in ev.problems if p.severity is Severity.ERROR] == [("impossible-games", "E2")]
    assert ev.counted == 1


def test_a_gl_match_reported_alike_by_both_players_fills_a_whole_valid_row() -> None:
    gl, catalog = GL, GL_CATALOG
    tabs = gl_league(
        [1, "Ana Souza", "Ben Cruz", "Medusa", "Sinbad", "Hanging Gardens", "Ana Souza", 5, 0, 16, 15],
        [1, "Ben Cruz", "Ana Souza", "sinbad", "Medusa", "Hanging Gardens", "ana souza", 0, 5, 15, 16],
    )
    filled, done = reconcile_tabs(tabs, gl, catalog, TAB, NOW, DAY, dt.UTC)
    assert done.problems == [] and len(done.fills) == 1
    assert filled["R"][1] == [
        1,
        1,
        "Ana Souza",
        "Medusa",
        5,
        16,
        "Ben Cruz",
        "Sinbad",
        0,
        15,
        "Hanging Gardens",
        "Ana Souza",
    ]
    ev = evaluate(filled, gl, catalog)
    assert ev.counted == 1 and ev.errors == 0


@pytest.mark.parametrize(
    "stamp", [dt.datetime(9999, 12, 31, 23, 59, 59), dt.datetime(1, 1, 1), 2958465.9999999, "9999-12-31 23:59:59"]
)
def test_a_timestamp_at_the_edge_of_the_calendar_is_read_or_refused_at_its_cell_never_a_crash(stamp: Cell) -> None:
    answer = report(3, "Ana", "Ben", 2, 1)
    answer[0] = stamp
    refused = 0
    for zone in (ZoneInfo("America/New_York"), ZoneInfo("Europe/Warsaw"), ZoneInfo("Asia/Kathmandu")):
        _, done = reconcile_tabs(league([answer]), RULESET, CATALOG, TAB, NOW, DAY, zone)
        assert done.fills == [] and all(p.tab == TAB for p in done.problems)
        refused += ("error", TAB, "A2") in at(done.problems)
    assert refused or stamp != 2958465.9999999, "the last serial a day can hold is refused"


def test_an_e_mail_column_spelt_otherwise_still_guards_the_reports() -> None:
    tabs = league(
        [report(3, "Ana", "Ben", 2, 1, email="attacker@evil"), report(2, "Ben", "Ana", 1, 2, email="attacker@evil")]
    )
    tabs["Players"][0][-1] = "E-mail"
    _, done = reconciled(tabs)
    assert done.fills == [] and {p.cell for p in done.problems} == {"B2", "B3"}


def test_a_player_with_no_address_yet_is_told_to_have_it_typed_in() -> None:
    tabs = league([report(3, "Ana", "Ben", 2, 1, email="ana@example.org"), report(2, "Ben", "Ana", 1, 2)])
    tabs["Players"][1][-1] = ""  # Ana's Email cell, left empty as `league init --reports` adds the column
    _, done = reconciled(tabs)
    said = next(p for p in done.problems if p.cell == "B2")
    assert "Ana has no address in the Players tab's Email column" in said.problem and "type Ana's address" in said.fix


# --- answers a judge sets aside --------------------------------------------------------------


def judged(reports: list[list[Cell]], words: list[str]) -> dict[str, Grid]:
    """The league with a `Judge` column after the Form's questions, each answer's cell as typed."""
    tabs = league([[*r, w] for r, w in zip(reports, words, strict=True)])
    tabs[TAB][0] = [*FORM, "Judge"]
    return tabs


def test_an_answer_a_judge_sets_aside_counts_for_nothing_says_nothing_and_is_one_log_line() -> None:
    disagreeing = [report(5, "Ana", "Ben", 2, 0), report(4, "Ben", "Ana", 2, 0), report(3, "Ben", "Ana", 0, 2)]
    assert {p.row for p in reconciled(judged(disagreeing, ["", "", ""]))[1].problems} == set(), "Ben corrected himself"
    _, done = reconciled(judged(disagreeing, ["", "", " Ignore "]))
    assert {(p.row, p.cell) for p in done.problems} == {(2, "G2"), (3, "G3")}, (
        "Ben's correction set aside: they disagree"
    )
    _, done = reconciled(
        judged([report(3, "Ana", "Ben", 2, 1), report(2, "Ben", "Ana", 1, 2, email="cy@example.org")], ["", "ignore"])
    )
    assert done.problems == [] and done.fills == [], "a refused answer set aside: quiet, and Ana's awaits Ben's"
    assert done.aside == [
        "Form Responses 1 row 3: the answer sent 2026-03-14 16:00:00 UTC from cy@example.org (W1) is "
        "set aside by a judge (Judge ignore): it counts for nothing"
    ]
    assert done.log == [] and len(done.awaiting) == 1


def test_a_judge_word_the_sync_does_not_know_is_a_warning_at_its_cell_and_the_answer_counts() -> None:
    _, done = reconciled(judged([report(3, "Ana", "Ben", 2, 1), report(2, "Ben", "Ana", 1, 2)], ["", "checked"]))
    assert [(p.severity, p.cell, p.fix) for p in done.problems] == [
        (Severity.WARNING, "J3", "type 'ignore' to set the answer aside, or clear the cell")
    ]
    assert [f.row for f in done.fills] == [2] and done.aside == []


def test_an_unreadable_timestamp_set_aside_is_quiet() -> None:
    broken = report(3, "Ana", "Ben", 2, 1)
    broken[0] = "yesterday"
    _, done = reconciled(judged([broken], ["ignore"]))
    assert done.problems == [] and done.aside[0].startswith("Form Responses 1 row 2: the answer sent 'yesterday' from")

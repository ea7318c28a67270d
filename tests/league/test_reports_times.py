"""A Form answer counts only when its `Timestamp` lies between its event's date and the sync (a few minutes of clock
skew allowed): one from the future would pin its answer over every correction, one from before the event is about
none of its games. Either is an error at its timestamp, and the rest of the reports settle without it."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from league.player_reports import reconcile_tabs
from league.problems import Severity
from league.sheet import Fill
from tests.league.test_reports import CATALOG, DAY, NOW, RULESET, TAB, league, reconciled, report

YEAR_2099 = (NOW - dt.datetime(2099, 1, 1, tzinfo=dt.UTC)) / dt.timedelta(hours=1)
"""`hours_ago` of an answer stamped 2099-01-01 00:00 (negative: ahead of the sync)."""


def test_an_answer_from_the_future_counts_for_nothing_and_the_later_correction_settles_the_row() -> None:
    tabs = league([report(YEAR_2099, "Ana", "Ben", 2, 0), report(2, "Ana", "Ben", 2, 1), report(1, "Ben", "Ana", 1, 2)])
    _, done = reconciled(tabs)
    assert done.fills == [Fill("R1", 2, (("Wins A", 2), ("Wins B", 1), ("Draws", 0)))]
    assert [(p.severity, p.code, p.cell) for p in done.problems] == [(Severity.ERROR, "report-time", "A2")]
    assert "2099-01-01 00:00:00 UTC is later than this sync (2026-03-14 18:00:00 UTC)" in done.problems[0].problem
    assert not any("2099" in line for line in [*done.log, *done.awaiting])


def test_an_answer_from_the_future_alone_awaits_nothing() -> None:
    _, done = reconciled(league([report(YEAR_2099, "Ana", "Ben", 2, 0)]))
    assert done.awaiting == [] and [p.cell for p in done.problems] == ["A2"]


@pytest.mark.parametrize(("minutes_ahead", "refused"), [(0, False), (4.9, False), (5.1, True), (60, True)])
def test_a_few_minutes_of_clock_skew_are_allowed(minutes_ahead: float, refused: bool) -> None:
    _, done = reconciled(league([report(-minutes_ahead / 60, "Ana", "Ben", 2, 1), report(1, "Ben", "Ana", 1, 2)]))
    assert (done.fills == []) is refused
    assert [p.cell for p in done.problems] == (["A2"] if refused else [])


def test_an_answer_sent_before_the_events_date_is_an_error_at_its_timestamp() -> None:
    tabs = league([report(48, "Ana", "Ben", 2, 0), report(1, "Ben", "Ana", 0, 2)])  # the weekly is dated 2026-03-13
    _, done = reconciled(tabs)
    assert done.fills == [] and [(p.code, p.cell) for p in done.problems] == [("report-time", "A2")]
    assert "2026-03-12 18:00:00 UTC is before W1's date (2026-03-13 in the Events tab)" in done.problems[0].problem
    assert "Events row 2" in done.problems[0].fix
    assert done.awaiting == [
        "W1 round 1 table 1: Ana v Ben: Ben reported My Wins 0, Opponent Wins 2, Draws 0 at "
        "2026-03-14 17:00 UTC; awaiting Ana"
    ]


def test_the_events_date_is_the_leagues_own_and_an_undated_event_takes_any_past_answer() -> None:
    early = [report(18.5, "Ana", "Ben", 2, 1), report(1, "Ben", "Ana", 1, 2)]  # 2026-03-13 23:30 UTC, 00:30 in Warsaw
    tabs = league(early)
    tabs["Events"][1][2] = "2026-03-14"
    assert [p.cell for p in reconciled(tabs)[1].problems] == ["A2"], "the 13th in UTC"
    _, done = reconcile_tabs(tabs, RULESET, CATALOG, TAB, NOW, DAY, dt.UTC, shown=ZoneInfo("Europe/Warsaw"))
    assert done.problems == [] and len(done.fills) == 1, "the 14th in Warsaw"
    tabs["Events"][1][2] = ""
    assert reconciled(tabs)[1].problems == [] and len(reconciled(tabs)[1].fills) == 1


def test_an_answer_at_the_end_of_the_calendar_shown_in_a_zone_past_it_is_refused_never_a_crash() -> None:
    answer = report(3, "Ana", "Ben", 2, 1)
    answer[0] = dt.datetime(9999, 12, 31, 20, 0)
    _, done = reconcile_tabs(league([answer]), RULESET, CATALOG, TAB, NOW, DAY, dt.UTC, shown=ZoneInfo("Asia/Tokyo"))
    assert [p.cell for p in done.problems] == ["A2"] and "9999-12-31 20:00:00 UTC is later" in done.problems[0].problem

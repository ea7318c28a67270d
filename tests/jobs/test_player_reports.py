"""A Magic weekly of 8 players and 3 rounds whose results come only from the players' Form, on `.xlsx` and through the
local Sheets API: agreeing pairs fill their rows, a disagreeing pair and a missing report are reported, a late
correction replaces an answer, a report from the wrong address is refused, and the standings are those of the same
results typed by a judge."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import openpyxl
import pytest
from typer.testing import CliRunner

from jobs import sync_job
from jobs.cli import app
from jobs.config import Config, load_config
from jobs.errors import ConfigError, ExitCode
from jobs.init_job import run_init
from jobs.pair_job import run_pair
from jobs.status_job import run_status
from jobs.sync_job import SyncResult, run_sync
from league.cells import SERIAL_EPOCH, Cell, Grid, as_text
from league.checks import CHECKS
from league.evaluate import evaluate
from league.model.league import League
from league.problems import Problem
from league.report import standings_sheets
from league.sheet import Changes
from sync.open import open_workbook
from sync.workbook import BackendError, Workbook
from tests.support.google_league import SHEET_ID
from tests.support.judges import Judge, csv_only, new_league, rows_of
from tests.support.sheets_server import SheetsServer

PLAYERS = ["Ana Souza", "Bruno Lima", "Carla Mendes", "Dan Wu", "Elisa Prado", "Fábio Nunes", "Gabi Torres", "Hugo Sá"]
EMAIL = {p: f"{p.split()[0].lower()}@example.org" for p in PLAYERS}
EVENT, RESULTS, FORM = "W1", "Results W1", "Form Responses 1"
NOW = dt.datetime(2026, 3, 14, 18, 0, 30, tzinfo=dt.UTC)
"""The frozen clock (tests/conftest.py)."""


@pytest.fixture(params=["xlsx", "sheets"])
def league(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Config, Judge]]:
    """A new Magic league with one weekly, the Form's tab named as Google names it, players with their addresses."""
    for config, judge in new_league(request.param, tmp_path, "ogaming-mtg", [EVENT], request):
        toml = tmp_path / "league.toml"
        toml.write_text(toml.read_text(encoding="utf-8") + f'reports = "{FORM}"\ntimezone = "UTC"\n', encoding="utf-8")
        assert f"rename Google's to '{FORM}'" in run_init(tmp_path, "", Path(), [], reports=True)
        config = csv_only(load_config(tmp_path))
        open_workbook(config).add_rows(
            "Players", [{"Player": p, "Event": EVENT, "Account Standing": "Good", "Email": EMAIL[p]} for p in PLAYERS]
        )
        yield config, judge


class Form:
    """The players' Google Form: each answer a new row of its tab, as Google appends it."""

    def __init__(self, judge: Judge, sheets: bool) -> None:
        self.judge, self.sheets, self.sent = judge, sheets, 0

    def send(
        self, hours_ago: float, player: str, opponent: str, rnd: int, mine: int, theirs: int, sender: str = ""
    ) -> int:
        when = (NOW - dt.timedelta(hours=hours_ago)).replace(tzinfo=None, microsecond=0)
        stamp: Cell = (
            ((when - dt.datetime.combine(SERIAL_EPOCH, dt.time())) / dt.timedelta(days=1)) if self.sheets else when
        )
        row = 2 + self.sent
        self.sent += 1
        answers = {
            "Timestamp": stamp,
            "Email Address": EMAIL[sender or player],
            "Event": EVENT,
            "Round": rnd,
            "Player": player,
            "Opponent": opponent,
            "My Wins": mine,
            "Opponent Wins": theirs,
            "Draws": 0,
        }
        self.judge.type(FORM, {(row, q): a for q, a in answers.items()})
        return row

    def clear(self, row: int) -> None:
        """The organiser deletes an answer's cells."""
        self.judge.type(
            FORM,
            {
                (row, q): ""
                for q in (
                    "Timestamp",
                    "Email Address",
                    "Event",
                    "Round",
                    "Player",
                    "Opponent",
                    "My Wins",
                    "Opponent Wins",
                    "Draws",
                )
            },
        )


def synced(config: Config) -> SyncResult:
    return run_sync(config, open_workbook(config))


def tables(judge: Judge, rnd: int) -> list[tuple[int, str, str]]:
    """(results row, Player A, Player B) of the round's matches (the bye left out)."""
    return [
        (row, as_text(c["Player A"]), as_text(c["Player B"]))
        for row, c in rows_of(judge.read(RESULTS), rnd)
        if as_text(c.get("Player B"))
    ]


def test_a_weekly_played_from_the_players_reports_alone(
    league: tuple[Config, Judge], request: pytest.FixtureRequest
) -> None:
    config, judge = league
    server: SheetsServer | None = request.getfixturevalue("sheets_server") if config.sheets else None
    form = Form(judge, config.sheets is not None)
    rng = random.Random(21)
    decided: dict[int, tuple[int, int]] = {}  # results row -> (Wins A, Wins B) as played

    # Round 1: table 1 agrees; table 2 disagrees; table 3 has one report only; table 4 is corrected by its A later,
    # and its B's answer comes first from A's address (refused).
    assert run_pair(config, open_workbook(config), EVENT, seed=1).written
    (r1, a1, b1), (r2, a2, b2), (r3, a3, b3), (r4, a4, b4) = tables(judge, 1)
    decided |= {r1: (2, 1), r2: (0, 2), r3: (0, 2), r4: (2, 1)}
    form.send(5, a1, b1, 1, 2, 1), form.send(4, b1, a1, 1, 1, 2)
    disagreeing = [form.send(5, a2, b2, 1, 2, 0), form.send(4, b2, a2, 1, 2, 0)]
    alone = form.send(30, a3, b3, 1, 0, 2)
    form.send(6, a4, b4, 1, 2, 0), form.send(3, a4, b4, 1, 2, 1)
    wrong = form.send(2, b4, a4, 1, 1, 2, sender=a4)
    first = synced(config)
    assert first.code == ExitCode.INPUT_ERRORS
    results = dict(rows_of(judge.read(RESULTS), 1))
    assert [(results[r]["Wins A"], results[r]["Wins B"]) for r in (r1,)] == [(2, 1)]
    assert all(as_text(results[r].get("Wins A")) == "" for r in (r2, r3, r4)), "nothing is written without both sides"
    problems = {(p.severity.value, p.tab, p.row): p.problem for p in first.evaluation.problems}
    assert {("error", FORM, row) for row in disagreeing} <= problems.keys()
    assert "disagree" in problems[("error", FORM, disagreeing[0])]
    assert ("warning", FORM, alone) in problems, "one side alone for 30 hours: the judges are warned"
    assert "is not " in problems[("error", FORM, wrong)] and "ignored" in problems[("error", FORM, wrong)]
    log = [as_text(r[-1]) for r in judge.read("Sync Log")[1:]]
    assert any(line.endswith(f"written into {RESULTS} row {r1}") for line in log)
    assert any(f"{a4}'s report of" in line and "replaces the one of" in line for line in log)
    status = run_status(config, open_workbook(config)).lines
    assert any(line.startswith("awaiting a report:") and f"awaiting {b3}" in line for line in status)

    # The disagreeing A corrects; the missing side and the refused side report from their own addresses.
    form.clear(wrong)
    form.send(1, a2, b2, 1, 0, 2), form.send(1, b3, a3, 1, 2, 0), form.send(1, b4, a4, 1, 1, 2)
    before = server.count() if server else 0
    second = synced(config)
    assert server is None or server.count() - before == 4, (
        "a sync that fills reads the rows it fills again: one request"
    )
    assert second.code == ExitCode.CLEAN, [p.problem for p in second.evaluation.problems]
    results = dict(rows_of(judge.read(RESULTS), 1))
    assert {r: (results[r]["Wins A"], results[r]["Wins B"]) for r in decided} == decided

    # Rounds 2 and 3: everyone reports, in either order, as played.
    for rnd in (2, 3):
        assert run_pair(config, open_workbook(config), EVENT, seed=rnd).written
        for row, a, b in tables(judge, rnd):
            won, lost = rng.choice([(2, 0), (2, 1), (0, 2), (1, 2)])
            decided[row] = (won, lost)
            form.send(1, b, a, rnd, lost, won), form.send(0.5, a, b, rnd, won, lost)
        done = synced(config)
        assert done.code == ExitCode.CLEAN, [p.problem for p in done.evaluation.problems]
    final = synced(config)
    state = final.evaluation.states[EVENT]  # every Swiss round played, nothing to fix: the top 8 is next
    assert (
        state.swiss_final
        and state.to_fix == 0
        and state.status.startswith("Swiss complete")
        and final.code == ExitCode.CLEAN
    )

    # The same results typed by a judge, with no reports: the same standings.
    inputs = open_workbook(config).read(open_workbook(config).tab_names())
    typed: dict[str, Grid] = {t: g for t, g in inputs.items() if t in ("Events", "Players", "Penalties", "Avoid")}
    header = [as_text(h) for h in inputs[RESULTS][0]]
    typed[RESULTS] = [inputs[RESULTS][0]]
    for row, cells in rows_of(inputs[RESULTS]):
        line = [cells.get(h) for h in header]
        if row in decided:
            line[header.index("Wins A")], line[header.index("Wins B")] = decided[row]
            line[header.index("Draws")] = None
        typed[RESULTS].append(line)
    by_judge = evaluate(typed, config.ruleset, config.catalog)
    assert by_judge.errors == 0 and by_judge.counted == final.evaluation.counted == 12
    assert [(t.name, t.header, t.rows) for t in standings_sheets(by_judge)] == [
        (t.name, t.header, t.rows) for t in standings_sheets(final.evaluation)
    ]


def test_a_result_a_judge_types_while_the_sync_runs_is_never_overwritten(
    league: tuple[Config, Judge], monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    config, judge = league
    server: SheetsServer | None = request.getfixturevalue("sheets_server") if config.sheets else None
    form = Form(judge, config.sheets is not None)
    assert run_pair(config, open_workbook(config), EVENT, seed=1).written
    (row, a, b), *_ = tables(judge, 1)
    form.send(2, a, b, 1, 2, 1), form.send(1, b, a, 1, 1, 2)
    evaluate_now = sync_job.evaluate_league

    def judge_types_first(*args: Any, **kwargs: Any) -> Any:
        judge.type(RESULTS, {(row, "Wins A"): 0, (row, "Wins B"): 2})
        return evaluate_now(*args, **kwargs)

    monkeypatch.setattr(sync_job, "evaluate_league", judge_types_first)
    before = server.count() if server else 0
    with pytest.raises(BackendError, match=rf"{RESULTS}!.{row} holds '0' now.*sync again"):
        synced(config)
    assert server is None or server.count() - before == 3, "metadata, the read, the rows to fill read again: no write"
    cells = dict(rows_of(judge.read(RESULTS), 1))[row]
    assert (cells["Wins A"], cells["Wins B"]) == (0, 2)
    monkeypatch.setattr(sync_job, "evaluate_league", evaluate_now)
    again = synced(config)
    cells = dict(rows_of(judge.read(RESULTS), 1))[row]
    assert (cells["Wins A"], cells["Wins B"]) == (0, 2)
    assert any(
        p.severity.value == "warning" and "differs from the result typed" in p.problem
        for p in again.evaluation.problems
    )


class RowsRead(list[list[Cell]]):
    """A tab whose rows below its headers count each time they are taken to be read (`grid[1:]`)."""

    taken = 0

    def __getitem__(self, at: Any) -> Any:
        if isinstance(at, slice) and at.start == 1:
            self.taken += 1
        return super().__getitem__(at)


class CountingWorkbook:
    """A workbook that counts the tabs read through it, and how often its Events tab is read into a league;
    every call passed on."""

    def __init__(self, inner: Workbook) -> None:
        self.inner = inner
        self.reads: list[list[str]] = []
        self.events = RowsRead()

    def read(self, tabs: Sequence[str]) -> dict[str, Grid]:
        self.reads.append(list(tabs))
        grids = self.inner.read(tabs)
        if "Events" in grids:
            self.events.extend(grids["Events"])
            grids["Events"] = self.events
        return grids

    def tab_names(self) -> list[str]:
        return self.inner.tab_names()

    def time_zone(self) -> str | None:
        return self.inner.time_zone()

    def write(self, changes: Changes) -> None:
        self.inner.write(changes)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


@pytest.mark.parametrize("league", ["xlsx"], indirect=True)
def test_a_sync_with_reports_reads_the_workbook_once_and_checks_the_league_once(league: tuple[Config, Judge]) -> None:
    config, judge = league
    form = Form(judge, sheets=False)
    assert run_pair(config, open_workbook(config), EVENT, seed=1).written
    (r1, a1, b1), (r2, a2, b2), *_ = tables(judge, 1)
    form.send(3, a1, b1, 1, 2, 1), form.send(2, b1, a1, 1, 1, 2)  # agreed: filled in
    form.send(2, a2, b2, 1, 2, 0)  # one side only: awaits the other
    checked: list[League] = []

    def counted(lg: League) -> Iterator[Problem]:
        checked.append(lg)
        return iter(())

    book = CountingWorkbook(open_workbook(config))
    with CHECKS.added("counted_runs", counted):
        done = run_sync(config, book)
    assert done.code == ExitCode.CLEAN, [p.problem for p in done.evaluation.problems]
    assert [(f.tab, f.row) for f in done.changes.fill] == [(RESULTS, r1)]
    assert len(book.reads) == 1 and len(set(book.reads[0])) == len(book.reads[0]), book.reads
    assert book.events.taken == 1, "the tabs are read into one league, for the reports and the standings alike"
    assert len(checked) == 1, "the rows the reports fill are checked with the rest, in the one run of the checks"
    assert checked[0] is done.evaluation.league
    assert dict(rows_of(judge.read(RESULTS), 1))[r1]["Wins A"] == 2


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('reports = ""', "`reports` must be the name of the tab the Form fills"),
        ("reports = 3", "`reports` must be the name"),
        ("confirm_hours = 0", "`confirm_hours` must be a number of hours above 0 and at most 720"),
        ('confirm_hours = "a day"', "`confirm_hours` must be a number of hours"),
    ],
)
def test_bad_reports_settings_stop_the_command_naming_the_key(tmp_path: Path, line: str, message: str) -> None:
    (tmp_path / "league.toml").write_text(f'ruleset = "ogaming-mtg"\nworkbook = "x.xlsx"\n{line}\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load_config(tmp_path)


def test_reports_settings_default_to_the_reports_tab_and_a_day(tmp_path: Path) -> None:
    (tmp_path / "league.toml").write_text('ruleset = "ogaming-mtg"\nworkbook = "x.xlsx"\n', encoding="utf-8")
    config = load_config(tmp_path)
    assert (config.reports, config.reports_named, config.confirm_hours, config.warnings) == ("Reports", False, 24.0, ())


def test_a_reports_tab_named_in_league_toml_and_missing_is_a_warning_in_problems(tmp_path: Path) -> None:
    run_init(tmp_path, "ogaming-mtg", tmp_path / "league.xlsx", ["W1"], reports=True)
    toml = tmp_path / "league.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + 'reports = "Form Responses1"\n', encoding="utf-8")
    config = load_config(tmp_path)
    problems = synced(config).evaluation.problems
    assert [(p.code, p.fix.split("?")[0]) for p in problems if p.tab == "Form Responses1"] == [
        ("missing-reports-tab", "did you mean 'Reports'")
    ]


def test_init_reports_prints_the_forms_questions_and_a_dry_run_names_the_rows_it_would_fill(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    said = CliRunner().invoke(app, ["init", "--ruleset", "mesbg-pairs", "--event", "D1", "--reports"])
    assert said.exit_code == 0, said.output
    assert (
        "3. Round: Dropdown, required: 1 to 3" in said.output
        and "6. Army: Dropdown, required: Good, Evil" in said.output
    )
    config = load_config(tmp_path)
    book = open_workbook(config)
    assert book.read(["Reports"])["Reports"] == [
        [
            "Timestamp",
            "Email Address",
            "Event",
            "Round",
            "Pair",
            "Opponent",
            "Army",
            "My Scenario Points",
            "Opponent Scenario Points",
            "Judge",
        ]
    ]
    judges = openpyxl.load_workbook(tmp_path / "league.xlsx")["Reports"].data_validations.dataValidation
    assert [(str(v.sqref).split(":")[0], v.formula1) for v in judges] == [("J2", '"ignore"')]
    assert "give it a 'Judge' column after the questions, where a judge types 'ignore'" in said.output
    assert book.read(["Pairs"])["Pairs"][0][-1] == "Email"
    book.add_rows(
        "Pairs",
        [
            {"Pair": p, "Event": "D1", "Player 1": f"{p}1", "Player 2": f"{p}2", "Email": f"{p}@x.org"}
            for p in ("Red", "Blue")
        ],
    )
    book.add_rows(
        "Results D1",
        [
            {"Round": 1, "Table": 1, "Pair A": "Red", "Army A": "Good", "Pair B": "Blue", "Army B": "Evil"},
            {"Round": 1, "Table": 1, "Pair A": "Red", "Army A": "Evil", "Pair B": "Blue", "Army B": "Good"},
        ],
    )
    when = dt.datetime(2026, 3, 14, 9, 0)
    book.add_rows(
        "Reports",
        [
            {
                "Timestamp": when,
                "Email Address": "red@x.org",
                "Event": "D1",
                "Round": 1,
                "Pair": "Red",
                "Opponent": "Blue",
                "Army": "Evil",
                "My Scenario Points": 7,
                "Opponent Scenario Points": 2,
            },
            {
                "Timestamp": when,
                "Email Address": "blue@x.org",
                "Event": "d1",
                "Round": 1,
                "Pair": "blue",
                "Opponent": "red",
                "Army": "Good",
                "My Scenario Points": 2,
                "Opponent Scenario Points": 7,
            },
        ],
    )
    preview = run_sync(config, open_workbook(config), dry_run=True).preview
    assert "Results D1 row 3: would be filled in from the players' reports" in preview
    status = CliRunner().invoke(app, ["status"])
    assert "awaiting a report" not in status.output


def test_init_reports_gives_a_teams_roster_its_email_and_captain_columns(tmp_path: Path) -> None:
    said = run_init(tmp_path, "nasef-lol", tmp_path / "league.xlsx", ["S1"], reports=True)
    assert "Our Games" in said
    book = open_workbook(load_config(tmp_path))
    assert book.read(["Rosters"])["Rosters"][0][-2:] == ["Email", "Captain"]


def test_pair_counts_the_results_both_sides_reported_before_a_sync_writes_them(league: tuple[Config, Judge]) -> None:
    config, judge = league
    form = Form(judge, config.sheets is not None)
    assert run_pair(config, open_workbook(config), EVENT, seed=1).written
    for _, a, b in tables(judge, 1):
        form.send(2, a, b, 1, 2, 0), form.send(1, b, a, 1, 0, 2)
    paired = run_pair(config, open_workbook(config), EVENT, seed=2)
    assert paired.written and paired.round == 2, paired.reasons
    assert all(as_text(c.get("Wins A")) == "" for _, c in rows_of(judge.read(RESULTS), 1)), "the sync writes them"
    assert synced(config).code == ExitCode.CLEAN
    assert all(c.get("Wins A") == 2 for _, c in rows_of(judge.read(RESULTS), 1) if as_text(c.get("Player B")))


def test_form_times_are_read_in_the_spreadsheets_zone_and_shown_in_the_leagues(
    league: tuple[Config, Judge], request: pytest.FixtureRequest
) -> None:
    config, judge = league
    toml = config.path
    toml.write_text(
        toml.read_text(encoding="utf-8").replace('timezone = "UTC"', 'timezone = "America/New_York"'), encoding="utf-8"
    )
    config = load_config(toml.parent)
    sent = NOW - dt.timedelta(hours=2)  # 16:00:30 UTC, 12:00 in New York; the Form writes 01:00 in Tokyo
    if config.sheets:
        server: SheetsServer = request.getfixturevalue("sheets_server")
        server.set_time_zone(SHEET_ID, "Asia/Tokyo")
        local = sent.astimezone(ZoneInfo("Asia/Tokyo")).replace(tzinfo=None)
        stamp: Cell = (local - dt.datetime.combine(SERIAL_EPOCH, dt.time())) / dt.timedelta(days=1)
    else:
        stamp = sent.astimezone(ZoneInfo("America/New_York")).replace(tzinfo=None)
    assert run_pair(config, open_workbook(config), EVENT, seed=1).written
    (_, a, b), *_ = tables(judge, 1)
    judge.type(
        FORM,
        {
            (2, q): v
            for q, v in {
                "Timestamp": stamp,
                "Email Address": EMAIL[a],
                "Event": EVENT,
                "Round": 1,
                "Player": a,
                "Opponent": b,
                "My Wins": 2,
                "Opponent Wins": 0,
            }.items()
        },
    )
    lines = run_status(config, open_workbook(config)).lines
    assert any(f"at 2026-03-14 12:00 EDT; awaiting {b}" in line for line in lines), lines


def test_an_answer_stamped_in_the_future_is_refused_at_its_cell_and_never_pins_the_row(
    league: tuple[Config, Judge],
) -> None:
    config, judge = league
    form = Form(judge, config.sheets is not None)
    assert run_pair(config, open_workbook(config), EVENT, seed=1).written
    (row, a, b), *_ = tables(judge, 1)
    pinned = form.send((NOW - dt.datetime(2099, 1, 1, tzinfo=dt.UTC)) / dt.timedelta(hours=1), a, b, 1, 2, 0)
    status = run_status(config, open_workbook(config)).lines
    assert not any("2099" in line or "awaiting a report" in line for line in status), status
    form.send(2, a, b, 1, 2, 1), form.send(1, b, a, 1, 1, 2)
    result = synced(config)
    assert result.code == ExitCode.INPUT_ERRORS
    refused = [p for p in result.evaluation.problems if p.tab == FORM]
    assert [(p.severity.value, p.row, p.column) for p in refused] == [("error", pinned, "Timestamp")]
    assert "2099-01-01 00:00:00 UTC is later than this sync" in refused[0].problem
    results = dict(rows_of(judge.read(RESULTS), 1))
    assert (results[row]["Wins A"], results[row]["Wins B"]) == (2, 1), "the correction counts"


def test_a_replaced_answer_is_logged_once_in_the_sync_log(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    config, judge = next(new_league("xlsx", tmp_path, "ogaming-mtg", [EVENT], request))
    run_init(tmp_path, "", Path(), [], reports=True)
    config = load_config(tmp_path)
    open_workbook(config).add_rows(
        "Players", [{"Player": p, "Event": EVENT, "Account Standing": "Good", "Email": EMAIL[p]} for p in PLAYERS]
    )
    assert run_pair(config, open_workbook(config), EVENT, seed=1).written
    (_, a, b), *_ = tables(judge, 1)

    def answer(row: int, hours: int, wins: int) -> None:
        judge.type(
            "Reports",
            {
                (row, q): v
                for q, v in {
                    "Timestamp": (NOW - dt.timedelta(hours=hours)).replace(tzinfo=None),
                    "Email Address": EMAIL[a],
                    "Event": EVENT,
                    "Round": 1,
                    "Player": a,
                    "Opponent": b,
                    "My Wins": wins,
                    "Opponent Wins": 2,
                }.items()
            },
        )

    def sync(hours: int) -> None:
        run_sync(config, open_workbook(config), now=NOW - dt.timedelta(hours=hours))

    answer(2, 20, 2), answer(3, 15, 1), sync(14), sync(13)
    answer(4, 8, 0), sync(7), sync(6)
    log = [as_text(r[-1]) for r in judge.read("Sync Log")[1:] if "replaces" in as_text(r[-1])]
    assert len(log) == 2, log
    assert "report of 2026-03-14 03:00:30 UTC (My Wins 1, Opponent Wins 2" in log[0]
    assert "report of 2026-03-14 10:00:30 UTC (My Wins 0, Opponent Wins 2" in log[1]
    assert "replaces the one of 2026-03-14 03:00:30 UTC" in log[1]


def test_a_judge_sets_a_refused_answer_aside_and_the_sync_log_says_so_once(
    league: tuple[Config, Judge], monkeypatch: pytest.MonkeyPatch
) -> None:
    config, judge = league
    monkeypatch.chdir(config.path.parent)
    form = Form(judge, config.sheets is not None)
    assert judge.read(FORM)[0][-1] == "Judge", "init --reports gives the reports tab its Judge column"
    assert run_pair(config, open_workbook(config), EVENT, seed=1).written
    (r1, a1, b1), *_ = tables(judge, 1)
    form.send(3, a1, b1, 1, 2, 1), form.send(2, b1, a1, 1, 1, 2)
    wrong = form.send(1, b1, a1, 1, 0, 2, sender=a1)  # refused: from Ana's address, for Ben
    runner = CliRunner()
    assert runner.invoke(app, ["sync"]).exit_code == ExitCode.INPUT_ERRORS
    assert any(FORM in as_text(cell) for row in judge.read("Problems")[1:] for cell in row), "refused at its cell"
    judge.type(FORM, {(wrong, "Judge"): "ignore"})
    for _ in range(2):
        done = runner.invoke(app, ["sync"])
        assert done.exit_code == ExitCode.CLEAN, done.output
    problems = judge.read("Problems")
    assert not any(FORM in as_text(cell) for row in problems[1:] for cell in row), problems
    aside = [as_text(r[-1]) for r in judge.read("Sync Log")[1:] if "set aside" in as_text(r[-1])]
    assert aside == [
        f"{FORM} row {wrong}: the answer sent 2026-03-14 17:00:30 UTC from {EMAIL[a1]} ({EVENT}) is set "
        "aside by a judge (Judge ignore): it counts for nothing"
    ], "logged by one sync, not by each"
    assert dict(rows_of(judge.read(RESULTS), 1))[r1]["Wins A"] == 2, "the two answers left still agree"


@pytest.mark.parametrize("named", ["Results D1", "results d1", "Pairs", "Events", "Standings D1", "Leaderboard"])
def test_init_reports_never_adds_the_forms_headers_to_a_tab_the_league_uses(
    tmp_path: Path, named: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(app, ["init", "--ruleset", "mesbg-pairs", "--event", "D1"]).exit_code == 0
    config = load_config(tmp_path)
    before = open_workbook(config).read(["Results D1", "Pairs", "Events"])
    with (tmp_path / "league.toml").open("a", encoding="utf-8") as toml:
        toml.write(f'reports = "{named}"\n')
    said = CliRunner().invoke(app, ["init", "--reports"])
    assert said.exit_code == 2 and "names a tab the league already uses" in said.output, said.output
    assert open_workbook(load_config(tmp_path)).read(["Results D1", "Pairs", "Events"]) == before

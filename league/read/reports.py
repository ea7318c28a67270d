"""The reports tab a Google Form fills (one row per answer), and the e-mail addresses allowed to report."""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass

from league.cells import SERIAL_EPOCH, Cell, Grid, as_text, name_key
from league.plain_text import one_line
from league.problems import Problem, Severity
from league.read.columns import LocatedTab, locate
from league.rules.ruleset import FORM_QUESTIONS, Ruleset

TIMESTAMP, EMAIL, EVENT = FORM_QUESTIONS
"""Questions every reports Form has: Google adds the first two, the third names the event."""
EMAIL_COLUMN = "Email"
"""The registration (or members) tab's column of the addresses a competitor reports from."""
CAPTAIN_COLUMN = "Captain"
"""The members tab's column marking a team's captains: when a team has one marked, only captains report for it."""
CAPTAIN_MARKS = frozenset({"yes", "y", "x", "✓", "✔", "true", "captain"})
"""What a `Captain` cell says of a captain (any case); anything else, empty included, is a member who isn't one."""
FORM_FORMATS = ("%m/%d/%Y %H:%M:%S", "%d/%m/%Y %H:%M:%S", "%d %b %Y %H:%M:%S", "%d %B %Y %H:%M:%S")
"""Timestamps typed as text besides ISO (`2026-12-01 23:10:54`, `2026-12-01T23:10:54`): Google's own (month first),
day first where the month can't come first (`13/12/2026`), and `1 Dec 2026` or `1 December 2026`."""
JUDGE = "Judge"
"""The reports tab's own column (the Form never fills it): a judge's word about an answer."""
SET_ASIDE = "ignore"
"""The judge's word (any case) that sets an answer aside: it counts for nothing and says nothing in Problems, so a
refused answer stops failing every sync without deleting the Form's row (the record of what was sent)."""


@dataclass(frozen=True)
class Report:
    """One answer to the Form: who reported which match, and the result as they see it."""

    row: int
    time: dt.datetime
    """When it was sent, in UTC."""
    email: str
    event: str
    answers: Mapping[str, Cell]
    """Results header as the ruleset maps the question (the reporter is side A) -> the answer as typed."""


def read_reports(
    tab: str, grid: Grid, ruleset: Ruleset, zone: dt.tzinfo, checked: bool = False
) -> tuple[LocatedTab | None, list[Report], list[Problem], list[str]]:
    """Every answer with a readable timestamp, save those a judge set aside (`Judge` column: `ignore`), and one
    `Sync Log` line per answer set aside; a naive time is in `zone` (the spreadsheet's). When the addresses are
    `checked` (an `Email` column says who may report), a tab without `Email Address` is one error at its header."""
    optional = optional_questions(ruleset)
    questions = [q for q, _ in ruleset.reports if q not in optional]
    table, problems = locate(tab, grid, [TIMESTAMP, EVENT, *questions], [EMAIL, *optional, JUDGE])
    if table is not None and checked and EMAIL not in table.columns:
        problems.append(
            Problem(
                Severity.ERROR,
                "missing-header",
                tab,
                1,
                EMAIL,
                len(grid[0]),
                f"no column {EMAIL} in row 1, yet the {EMAIL_COLUMN} column says who may report: "
                "no answer can be checked, so none is read",
                "turn on Collect email addresses in the Form's settings (Google adds the column), or "
                f"rename the column Google added in another language to {EMAIL!r}",
            )
        )
        return None, [], problems, []
    if table is None:
        return None, [], problems, []
    reports, aside = [], []
    for row, cells in table.rows:
        when = form_time(table.cell(cells, TIMESTAMP), zone)
        word = table.text(cells, JUDGE)
        if word.casefold() == SET_ASIDE:
            aside.append(_set_aside(table, row, cells, when))
            continue
        if word:
            problems.append(
                table.problem(
                    Severity.WARNING,
                    "unreadable",
                    row,
                    JUDGE,
                    f"{JUDGE} {word!r} is not a word the sync knows: the answer is read as sent",
                    f"type {SET_ASIDE!r} to set the answer aside, or clear the cell",
                )
            )
        if when is None:
            problems.append(
                table.problem(
                    Severity.ERROR,
                    "unreadable",
                    row,
                    TIMESTAMP,
                    f"{TIMESTAMP} {table.text(cells, TIMESTAMP)!r} is not a date and time",
                    "the Form writes it: restore it as YYYY-MM-DD HH:MM:SS, or clear the row",
                )
            )
            continue
        reports.append(
            Report(
                row,
                when,
                table.text(cells, EMAIL),
                table.text(cells, EVENT),
                {header: table.cell(cells, question) for question, header in ruleset.reports},
            )
        )
    return table, reports, problems, aside


def _set_aside(table: LocatedTab, row: int, cells: list[Cell], when: dt.datetime | None) -> str:
    """The `Sync Log` line of an answer set aside: the same at every sync, so the sync can tell it is logged already."""
    sent = f"{when:%Y-%m-%d %H:%M:%S %Z}" if when else repr(table.text(cells, TIMESTAMP))
    return one_line(
        f"{table.tab} row {row}: the answer sent {sent} from {table.text(cells, EMAIL) or 'no address'} "
        f"({table.text(cells, EVENT) or 'no event'}) is set aside by a judge ({JUDGE} "
        f"{table.text(cells, JUDGE)}): it counts for nothing"
    )


def optional_questions(ruleset: Ruleset) -> list[str]:
    """The questions a Form may leave out or players leave blank, taken as 0: the drawn games."""
    drawn = ruleset.results.games.drawn if ruleset.results.games else ""
    return [q for q, header in ruleset.reports if drawn and header == drawn]


def form_time(value: Cell, zone: dt.tzinfo) -> dt.datetime | None:
    """A Form timestamp (a date-time cell, a serial number, or text) as UTC."""
    when: dt.datetime | None = None
    if isinstance(value, dt.datetime):
        when = value
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and 1 <= value < 2958465:  # up to 9999-12-30
        when = dt.datetime.combine(SERIAL_EPOCH, dt.time()) + dt.timedelta(days=float(value))
        when = when.replace(microsecond=0) + dt.timedelta(seconds=round(when.microsecond / 1e6))
    elif text := as_text(value):
        with suppress(ValueError):
            when = dt.datetime.fromisoformat(text)
        for pattern in FORM_FORMATS if when is None else ():
            try:
                when = dt.datetime.strptime(text, pattern)
                break
            except ValueError:
                continue
    if when is None:
        return None
    try:
        return (when if when.tzinfo else when.replace(tzinfo=zone)).astimezone(dt.UTC)
    except OverflowError:  # a time at the very edge of the calendar (9999-12-31 in a zone west of UTC): no real answer
        return None


def _email_header(header: Sequence[Cell]) -> str:
    """The addresses' column as headed: `Email`, or however else people write it (`E-mail`, `e-mail address`, `Email
    Address`); a column missed here would let anyone report, so every spelling counts."""
    spelt = [as_text(h) for h in header if re.sub(r"[^a-z]", "", as_text(h).casefold()) in ("email", "emailaddress")]
    return spelt[0] if spelt else EMAIL_COLUMN


def read_emails(tabs: Mapping[str, Grid], ruleset: Ruleset) -> dict[str, frozenset[str]] | None:
    """Competitor key -> the addresses it may report from (the registration tab's `Email`, or a team's in the members
    tab: its captains' when its `Captain` column marks any, else every member's); None when neither tab has an `Email`
    column, so anyone may report."""
    sources = [(ruleset.registration.tab, ruleset.registration.name)]
    if ruleset.members:
        sources.append((ruleset.members.tab, ruleset.members.competitor))
    found: dict[str, set[str]] | None = None
    for tab, name in sources:
        grid = next((g for t, g in tabs.items() if t.casefold() == tab.casefold()), None)
        email = _email_header(grid[0] if grid else [])
        table = locate(tab, grid, [name], [email, CAPTAIN_COLUMN])[0] if grid else None
        if table is None or email not in table.columns:
            continue
        found = found if found is not None else defaultdict(set)
        captains: dict[str, set[str]] = defaultdict(set)
        for _, cells in table.rows:
            if address := table.text(cells, email).casefold():
                key = name_key(table.text(cells, name))
                found[key].add(address)
                if CAPTAIN_COLUMN in table.columns and table.text(cells, CAPTAIN_COLUMN).casefold() in CAPTAIN_MARKS:
                    captains[key].add(address)
        found.update(captains)
    return None if found is None else {key: frozenset(addresses) for key, addresses in found.items()}

"""`league init`: every input tab of a ruleset, in a new .xlsx file,
or added to a league that exists (`.xlsx` or Google)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from jobs.config import CONFIG_NAME, Config, load_config, load_ruleset
from jobs.errors import ConfigError
from jobs.locking import workbook_lock
from league.cells import Cell, Grid, as_text, header_key, name_key
from league.read.columns import locate
from league.read.events import EVENT_HEADERS, EVENTS_TAB, FORBIDDEN_TAB_CHARS
from league.read.reports import JUDGE, SET_ASIDE
from league.rules.catalog import Catalog
from league.rules.ruleset import Ruleset
from league.sheet import Sheet, is_output_tab
from league.template import form_questions, input_sheets, reports_sheets
from sync.growth import Growth
from sync.open import open_workbook
from sync.workbook import Workbook
from sync.xlsx import XlsxWorkbook

SEASON_HINT = (
    "# The events your season holds: the leaderboard is final (prizes awarded, a champion named) once they\n"
    "# all are; until then it only says who leads. `closed = true` ends a season with the events it has.\n"
    "# season = { events = 12 }\n"
)


def config_text(folder: Path, ruleset: str, workbook: Path, events: int | None = None) -> str:
    """A league.toml pointing at the workbook (relative to the folder when it lies inside it), with the season's
    number of events when given, else a commented example of it (an inline table: a key added below it stays at the
    top level)."""
    try:
        shown = workbook.resolve().relative_to(folder.resolve())
    except ValueError:
        shown = workbook.resolve()
    season = f"season = {{ events = {events} }}\n" if events else SEASON_HINT
    return f'ruleset = {json.dumps(ruleset)}\nworkbook = {json.dumps(shown.as_posix())}\nexports = "exports"\n{season}'


def write_config(folder: Path, ruleset: str, workbook: Path, events: int | None = None) -> Path:
    """Write league.toml into the folder."""
    path = folder / CONFIG_NAME
    path.write_text(config_text(folder, ruleset, workbook, events), encoding="utf-8")
    return path


def check_event_ids(events: Sequence[str]) -> None:
    """Refuse an event id that cannot name a results tab, before anything is read or written."""
    for event in events:
        if len(event) > 20 or not event.strip() or FORBIDDEN_TAB_CHARS & set(event) or "'" in event:
            raise ConfigError(f"event id {event!r} must be 1 to 20 characters, none of []:*?/\\'")


def event_row(event: str, tab: str) -> list[Cell]:
    """A new `Events` row: the id and its results tab, the rest for the judges to fill in."""
    given = {"Event": event, "Results Tab": tab}
    return [given.get(header) for header in EVENT_HEADERS]


DEFAULT_RULESET = "gl-unmatched"
"""The ruleset of a new league when `--ruleset` is not given."""


def run_init(
    folder: Path,
    ruleset_name: str | None,
    workbook: Path,
    events: Sequence[str],
    reports: bool = False,
    load: Callable[[Path], Config] = load_config,
) -> str:
    """Create the input tabs and say where: a new .xlsx and league.toml, or where an existing league.toml says,
    adding to a league that exists only what it lacks. With `reports`, also the tab the players' Form fills and the
    `Email` column, then the Form's questions. An existing league.toml is read with `load` (the CLI's says its
    warnings, as every command does); a `ruleset_name` other than the league's is refused, nothing written."""
    check_event_ids(events)
    if not (folder / CONFIG_NAME).is_file():
        ruleset_name = ruleset_name or DEFAULT_RULESET
        ruleset, catalog = load_ruleset(ruleset_name, folder)
        ids = _unique(events or [FIRST_EVENT])
        sheets = input_sheets(ruleset, catalog, [event_row(e, f"Results {e}") for e in ids])
        XlsxWorkbook(workbook).create(with_reports(sheets, ruleset, REPORTS_TAB) if reports else sheets)
        said = f"created {workbook} and {write_config(folder, ruleset_name, workbook)}"
        return _questions(said, ruleset, catalog, REPORTS_TAB, ids, []) if reports else said
    config = load(folder)  # an existing config decides the ruleset and where the tabs go
    if ruleset_name:
        check_same_ruleset(config, ruleset_name, folder)
    where = f"spreadsheet {config.sheets.spreadsheet_id}" if config.sheets else str(config.workbook)
    fresh = config.sheets is None and config.workbook is not None and not config.workbook.exists()
    with workbook_lock(config):
        return grow(
            open_workbook(config),
            config.ruleset,
            config.catalog,
            events,
            where,
            fresh,
            config.reports if reports else "",
        )


def check_same_ruleset(config: Config, ruleset_name: str, folder: Path) -> None:
    """Refuse `--ruleset` naming another ruleset than the league's: its events would be added under the league's
    ruleset, silently, as if they were of the kind asked for."""
    asked = load_ruleset(ruleset_name, folder)[0].name
    if asked != config.ruleset.name:
        raise ConfigError(
            f"{config.path} keeps a {config.ruleset.name!r} league: --ruleset {ruleset_name} cannot be added "
            f"to it (nothing was written). Leave --ruleset out to add events of {config.ruleset.name!r}; "
            f"for a {asked!r} league, run `league init --ruleset {ruleset_name}` in a new folder: a second "
            "league, with its own league.toml and workbook"
        )


REPORTS_TAB = "Reports"
"""The reports tab of a new league (league.toml's `reports` default)."""


def with_reports(sheets: Sequence[Sheet], ruleset: Ruleset, tab: str) -> list[Sheet]:
    """The input sheets with the reports tab added and the `Email` column on the tab saying who may report."""
    extra = {s.name: s for s in reports_sheets(ruleset, tab)}
    out = [
        replace(s, header=tuple(dict.fromkeys([*s.header, *extra.pop(s.name).header]))) if s.name in extra else s
        for s in sheets
    ]
    return [*out, *extra.values()]


def _questions(
    said: str, ruleset: Ruleset, catalog: Catalog, tab: str, events: Sequence[str], names: Sequence[str]
) -> str:
    """What `league init --reports` says after what it added: the Form to create, question by question."""
    lines = "\n".join(f"  {i}. {q}" for i, q in enumerate(form_questions(ruleset, catalog, events, names), start=1))
    return (
        f"{said}\nCreate a Google Form with these questions, in this order, and link it to the spreadsheet; Google "
        f'makes its own answers tab ("Form Responses 1"): delete the empty {tab!r} tab and rename Google\'s to '
        f"{tab!r}, or set `reports` in league.toml to its name; then give it a {JUDGE!r} column after the "
        f"questions, where a judge types {SET_ASIDE!r} to set an answer aside:\n{lines}"
    )


def _names(grids: dict[str, Grid], ruleset: Ruleset) -> list[str]:
    """The competitors registered, once each, as typed: the Form's dropdown choices."""
    reg = ruleset.registration
    grid = next((g for t, g in grids.items() if t.casefold() == reg.tab.casefold()), None)
    table = locate(reg.tab, grid, [reg.name])[0] if grid else None
    return list(dict.fromkeys(table.text(cells, reg.name) for _, cells in table.rows)) if table else []


def grow(
    book: Workbook,
    ruleset: Ruleset,
    catalog: Catalog,
    events: Sequence[str],
    where: str,
    fresh: bool = False,
    reports: str = "",
) -> str:
    """Add to the workbook the tabs, headers and `Events` rows these events and the ruleset need; say what was added.

    Every input tab is read in one pass (on Google: the metadata and one values:batchGet), then `add_tabs` writes once
    (a `fresh` workbook, an `.xlsx` not made yet, is not read). An event already in `Events` keeps its row; its results
    tab is the one that row names."""
    grids = {} if fresh else book.read([t for t in book.tab_names() if not is_output_tab(t)])
    listed = _listed(next((g for t, g in grids.items() if t.casefold() == EVENTS_TAB.casefold()), None))
    if not events and not listed:
        events = [FIRST_EVENT]
    wanted = [(e, listed.get(name_key(e)) or f"Results {e}") for e in _unique(events)]
    sheets = input_sheets(ruleset, catalog, [event_row(e, tab) for e, tab in wanted])
    added = [e for e, _ in wanted if name_key(e) not in listed]
    sheets = [
        replace(s, rows=tuple(tuple(event_row(e, f"Results {e}")) for e in added)) if s.name == EVENTS_TAB else s
        for s in sheets
    ]
    if not reports:
        return _said(book.add_tabs(sheets), added, where)
    judges = {s.name.casefold() for s in sheets} | {tab.casefold() for tab in listed.values()}
    if reports.casefold() in judges or is_output_tab(reports):
        raise ConfigError(
            f"`reports = {reports!r}` in league.toml names a tab the league already uses for something "
            'else; set it to the tab the players\' Form fills (such as "Form Responses 1"), or leave it '
            'out for "Reports"'
        )
    said = _said(book.add_tabs(with_reports(sheets, ruleset, reports)), added, where)
    return _questions(said, ruleset, catalog, reports, [*listed_ids(grids), *added], _names(grids, ruleset))


def listed_ids(grids: dict[str, Grid]) -> list[str]:
    """The event ids of the `Events` tab as typed."""
    grid = next((g for t, g in grids.items() if t.casefold() == EVENTS_TAB.casefold()), None)
    table = locate(EVENTS_TAB, grid, ["Event"])[0] if grid else None
    return [table.text(cells, "Event") for _, cells in table.rows] if table else []


FIRST_EVENT = "EVENT-1"
"""The event a new league starts with when no `--event` is given."""


def _unique(events: Sequence[str]) -> list[str]:
    """The ids once each, as first typed (ids are matched ignoring case and spaces)."""
    seen: dict[str, str] = {}
    for event in events:
        seen.setdefault(name_key(event), event)
    return list(seen.values())


def _listed(grid: Grid | None) -> dict[str, str]:
    """Event id key -> the results tab its `Events` row names (empty when it names none)."""
    if not grid:
        return {}
    keys = [header_key(h) for h in grid[0]]
    if header_key("Event") not in keys:
        return {}
    event, tab = (
        keys.index(header_key("Event")),
        keys.index(header_key("Results Tab")) if header_key("Results Tab") in keys else None,
    )
    return {
        name_key(row[event]): (as_text(row[tab]).strip() if tab is not None and tab < len(row) else "")
        for row in grid[1:]
        if event < len(row) and as_text(row[event]).strip()
    }


def _said(plans: Sequence[Growth], events: Sequence[str], where: str) -> str:
    """What `add_tabs` added, in one sentence: the new tabs, then the columns and rows added to existing ones."""
    if not plans:
        return (
            f"nothing to add: {where} already has every tab and header the ruleset and these events need; "
            "nothing changed"
        )
    parts = [", ".join(p.tab for p in plans if p.new)] if any(p.new for p in plans) else []
    for plan in plans:
        if plan.headers:
            columns = ", ".join(plan.headers)
            parts.append(f"the {columns} column{'s' if len(plan.headers) > 1 else ''} of {plan.tab}")
        if plan.rows and not plan.new:
            rows = " and ".join(events) if plan.tab == EVENTS_TAB else str(len(plan.rows))
            parts.append(f"the {rows} row{'s' if len(plan.rows) > 1 else ''} of {plan.tab}")
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"added {listed} to {where}; nothing else changed"

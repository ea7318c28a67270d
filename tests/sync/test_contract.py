"""One contract for every workbook backend: the same calls give the same grids and the same errors.

Each test runs on the `.xlsx` backend (a file in a temporary folder), the Google backend (gspread
and google-auth over HTTP to the local Sheets API server) and the in-memory one, and states the
one expected result all three must give. Two differences are the media's own and are spelt out
where they show: Google's values API has no dates (a date cell reads as its serial number) and
no whole floats (7.0 reads as 7); and the `.xlsx` backend keeps long dropdown lists in a hidden
`Lists` tab.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from league.cells import Cell, Grid, parse_date
from league.sheet import Changes, Dropdown, Fill, Sheet
from sync.google import GoogleWorkbook, load_credentials
from sync.memory import MemoryWorkbook
from sync.retry import BoundedRetryClient, RetryPolicy
from sync.workbook import BackendError, Workbook
from sync.xlsx import LISTS, XlsxWorkbook
from tests.support.sheets_server import SERVICE_ACCOUNT_EMAIL, SheetsServer

SHEET_ID = "1ContractSpreadsheet000000000000000000000000"
TRICKY = ('=IMPORTXML("http://example.invalid","//a")', "+1", "-2", "@me", "#N/A", "=")
RESULTS = ("Round", "Table", "Player A", "Player B", "Winner", "Notes")


@dataclass
class Backend:
    """A way to reach one workbook: `open()` gives a new handle, as a new command would."""

    name: str
    open: Callable[[], Workbook]
    before: list[str]
    """Tabs an empty workbook of this kind already has (a spreadsheet always has one)."""
    server: SheetsServer | None = None


@pytest.fixture(params=["xlsx", "google", "memory"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    if request.param == "xlsx":
        yield Backend("xlsx", lambda: XlsxWorkbook(tmp_path / "league.xlsx"), [])
    elif request.param == "memory":
        book = MemoryWorkbook()
        yield Backend("memory", lambda: book, [])
    else:
        server: SheetsServer = request.getfixturevalue("sheets_server")
        key = load_credentials(request.getfixturevalue("service_account_file"))
        server.add_spreadsheet(SHEET_ID, {}, shared_with=[SERVICE_ACCOUNT_EMAIL])
        policy = RetryPolicy(budget=8.0, base=0.01, cap=0.05, timeout=(2.0, 5.0))
        yield Backend(
            "google",
            lambda: GoogleWorkbook(
                SHEET_ID, BoundedRetryClient(key, policy=policy), server.url, key.service_account_email
            ),
            ["Sheet1"],
            server,
        )


def results(rows: tuple[tuple[Cell, ...], ...] = (), tab: str = "Results QR1") -> Sheet:
    """A results tab whose dropdowns name their columns in another case and spacing than the headers."""
    return Sheet(
        tab, RESULTS, rows, (Dropdown("player  a", source="'Players'!$A$2:$A"), Dropdown(" WINNER", ("Ana", "Bo")))
    )


def seeded(backend: Backend, *sheets: Sheet) -> Workbook:
    """A workbook holding the Players tab and these tabs, made through `create`."""
    backend.open().create([Sheet("Players", ("Player", "Event"), (("Ana", "QR1"), ("Bo", "QR1"))), *sheets])
    return backend.open()


def everything(book: Workbook) -> dict[str, Grid]:
    return book.read(book.tab_names())


def typed(value: object) -> object:
    """Grids with each cell's type beside it, since `1 == 1.0 == True` would hide a backend's drift."""
    if isinstance(value, dict):
        return {k: typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [typed(v) for v in value]
    return (type(value).__name__, value)


def own(book: Workbook, backend: Backend) -> list[str]:
    return [t for t in book.tab_names() if t not in backend.before and t != LISTS]


def test_create_then_read_every_tab(backend: Backend) -> None:
    book = seeded(backend, results(((1, 2, "Ana", "Bo", "Ana", 7.5), (1, 3, "Cy", None, None, True))))
    assert own(book, backend) == ["Players", "Results QR1"]
    assert typed(book.read(["Results QR1", "Missing", "players"])) == typed(
        {
            "Results QR1": [list(RESULTS), [1, 2, "Ana", "Bo", "Ana", 7.5], [1, 3, "Cy", None, None, True]],
            "players": [["Player", "Event"], ["Ana", "QR1"], ["Bo", "QR1"]],
        }
    )


def test_create_refuses_existing_tabs_and_dropdowns_for_missing_headers(backend: Backend) -> None:
    with pytest.raises(BackendError, match="'Results QR1' has no column 'Fighter'"):
        backend.open().create([Sheet("Results QR1", RESULTS, dropdowns=(Dropdown("Fighter", ("Medusa",)),))])
    if backend.name == "xlsx":  # an .xlsx workbook is its file: none was made
        with pytest.raises(BackendError, match="not found"):
            backend.open().tab_names()
    else:
        assert own(backend.open(), backend) == []
    book = seeded(backend)
    with pytest.raises(BackendError, match="already"):
        book.create([Sheet("Players", ("Player",))])
    assert everything(backend.open())["Players"][0] == ["Player", "Event"]


def test_write_replaces_appends_and_removes_output_tabs(backend: Backend) -> None:
    seeded(backend).write(
        Changes(
            replace=(
                Sheet("Standings QR1", ("Rank", "Player"), ((1, "Ana"), (2, "Bo"))),
                Sheet("Leaderboard", ("Rank",), ((1,),)),
            ),
            append=(Sheet("Sync Log", ("Time", "Outcome"), (("09:00", "synced"),)),),
        )
    )
    backend.open().write(
        Changes(
            replace=(Sheet("LEADERBOARD", ("Rank", "Player"), ((1, "Bo"),)),),
            append=(Sheet("Sync Log", ("Time", "Outcome"), (("10:00", "dry run"),)),),
            remove=("standings qr1",),
        )
    )
    book = backend.open()
    assert own(book, backend) == ["Players", "LEADERBOARD", "Sync Log"]
    assert typed(book.read(["Leaderboard", "Sync Log"])) == typed(
        {
            "Leaderboard": [["Rank", "Player"], [1, "Bo"]],
            "Sync Log": [["Time", "Outcome"], ["09:00", "synced"], ["10:00", "dry run"]],
        }
    )


def test_write_leaves_the_typed_cells_it_does_not_set(backend: Backend) -> None:
    """An output tab's `typed` columns (a bracket's games) keep what the tab holds where the sheet has None, even
    what was typed after the sync read it; a value is written, "" clears; every other column is written whole."""
    header = ("Round", "Games A", "Games B", "Winner")
    seeded(backend).write(
        Changes(
            replace=(
                Sheet("Bracket W1", header, ((1, 2, 0, "Ana"), (2, 1, 2, "Bo"), (3, 2, 1, "Cy"), (4, None, None, "x"))),
            )
        )
    )
    backend.open().write(
        Changes(
            replace=(
                Sheet(
                    "Bracket W1",
                    header,
                    ((1, None, None, "Ana"), (2, 2, None, None), (3, "", "", None)),
                    typed=("Games A", "Games B"),
                ),
            )
        )
    )
    assert typed(backend.open().read(["Bracket W1"])) == typed(
        {"Bracket W1": [["Round", "Games A", "Games B", "Winner"], [1, 2, 0, "Ana"], [2, 2, 2], [3]]}
    )


def test_write_keeps_the_judges_columns_and_rows_of_a_typed_tab(backend: Backend) -> None:
    """A bracket's `Note` and the judges' own columns past the tool's are `typed` too: None keeps what the tab holds
    (a note typed after the read), rows and columns beyond the tab's earlier size are written, short rows padded."""
    header = ("Round", "Winner", "Note", "Comments")
    seeded(backend).write(Changes(replace=(Sheet("Bracket W1", header[:3], ((1, "Ana", "bye"), (2, "Bo"))),)))
    backend.open().write(
        Changes(
            replace=(
                Sheet(
                    "Bracket W1",
                    header,
                    ((1, "Ana", None, "late"), (2, None, "", None), (None, None, "prizes at 6", "ask Cy")),
                    typed=("Note", "Comments"),
                ),
            )
        )
    )
    assert typed(backend.open().read(["Bracket W1"])) == typed(
        {"Bracket W1": [list(header), [1, "Ana", "bye", "late"], [2], [None, None, "prizes at 6", "ask Cy"]]}
    )


def test_write_refuses_appending_to_an_input_tab(backend: Backend) -> None:
    book = seeded(backend, results(((1, 1, "Ana"),)))
    before = everything(book)
    with pytest.raises(BackendError, match="'Results QR1'.*add_rows"):
        book.write(Changes(append=(Sheet("Results QR1", RESULTS, ((2, 1, "Bo"),)),)))
    assert typed(everything(backend.open())) == typed(before)


def test_write_fills_in_empty_cells_of_an_input_tab_with_the_output_tabs(backend: Backend) -> None:
    book = seeded(backend, results(((1, 1, "Ana", "Bo"), (1, 2, "Cy", "Di", None, "late"))))
    book.read(book.tab_names())  # as a sync does: the cells filled are those it read empty
    book.write(
        Changes(
            replace=(Sheet("Leaderboard", ("Rank",), ((1,),)),),
            fill=(Fill("Results QR1", 2, (("winner", "Bo"),)), Fill("results qr1", 3, (("Winner", "Cy"),))),
        )
    )
    assert typed(backend.open().read(["Results QR1", "Leaderboard"])) == typed(
        {
            "Results QR1": [list(RESULTS), [1, 1, "Ana", "Bo", "Bo"], [1, 2, "Cy", "Di", "Cy", "late"]],
            "Leaderboard": [["Rank"], [1]],
        }
    )


@pytest.mark.parametrize(
    ("fill", "message"),
    [
        (Fill("Results QR1", 2, (("Winner", "Bo"), ("Player A", "Cy"))), r"Results QR1!C2 holds 'Ana'"),
        (Fill("Results QR1", 2, (("Fighter A", "Medusa"),)), "has no column 'Fighter A'"),
        (Fill("Results QR2", 2, (("Winner", "Bo"),)), "no tab 'Results QR2'"),
        (Fill("Results QR1", 1, (("Notes", "x"),)), "only empty cells"),
        (Fill("Leaderboard", 2, (("Rank", 1),)), "only empty cells"),
    ],
)
def test_write_never_fills_a_cell_that_holds_something_and_changes_nothing(
    backend: Backend, fill: Fill, message: str
) -> None:
    book = seeded(backend, results(((1, 1, "Ana", "Bo"),)))
    book.write(Changes(replace=(Sheet("Leaderboard", ("Rank",)),)))
    before = everything(backend.open())
    book = backend.open()
    book.read(book.tab_names())
    with pytest.raises(BackendError, match=message):
        book.write(Changes(replace=(Sheet("Leaderboard", ("Rank",), ((1,),)),), fill=(fill,)))
    assert typed(everything(backend.open())) == typed(before)


def test_add_rows_goes_below_the_last_row_holding_data(backend: Backend) -> None:
    rows = ((1, 1, "Ana", "Bo", "Ana"), (None,) * 6, (1, 2, "Cy", "Di", "Di"), ("", None, ""))
    book = seeded(backend, results(rows))
    book.add_rows("results qr1", [{"ROUND": 2, "  player   a ": "Ana", "Player B": "Di"}, {"Round": 2, "Notes": "bye"}])
    assert typed(backend.open().read(["Results QR1"])["Results QR1"]) == typed(
        [
            list(RESULTS),
            [1, 1, "Ana", "Bo", "Ana"],
            [],
            [1, 2, "Cy", "Di", "Di"],
            [2, None, "Ana", "Di"],
            [2, None, None, None, None, "bye"],
        ]
    )
    backend.open().add_rows("Results QR1", [{"Table": 3.5, "Winner": False}])
    assert typed(backend.open().read(["Results QR1"])["Results QR1"][-1]) == typed([None, 3.5, None, None, False])


def test_add_rows_to_a_tab_with_only_a_header(backend: Backend) -> None:
    seeded(backend, results()).add_rows("Results QR1", [{"Round": 1, "Table": 1}])
    assert typed(backend.open().read(["Results QR1"])["Results QR1"]) == typed([list(RESULTS), [1, 1]])


@pytest.mark.parametrize(
    ("tab", "row", "message"),
    [
        ("Results QR2", {"Round": 1}, "no tab 'Results QR2'"),
        ("Results QR1", {"Round": 1, "Fighter A": "Medusa"}, "tab 'Results QR1' has no column 'Fighter A'.*'Player A'"),
        ("Leaderboard", {"Rank": 1}, "'Leaderboard' is written by the tool"),
    ],
)
def test_add_rows_refusals_name_the_tab_and_change_nothing(
    backend: Backend, tab: str, row: dict[str, Cell], message: str
) -> None:
    book = seeded(backend, results(((1, 1, "Ana"),)))
    book.write(Changes(replace=(Sheet("Leaderboard", ("Rank",)),)))
    before = everything(backend.open())
    with pytest.raises(BackendError, match=message):
        backend.open().add_rows(tab, [{"Round": 2}, row])
    assert typed(everything(backend.open())) == typed(before)


def test_formula_looking_text_stays_text_everywhere(backend: Backend) -> None:
    typed = tuple((n, 1, text) for n, text in enumerate(TRICKY, start=1))
    book = seeded(backend, results(typed))
    book.write(
        Changes(replace=(Sheet("Leaderboard", ("Rank", "Player"), tuple((n, t) for n, t in enumerate(TRICKY))),))
    )
    backend.open().add_rows("Results QR1", [{"Round": 9, "Player A": text, "Notes": text} for text in TRICKY])
    grids = backend.open().read(["Results QR1", "Leaderboard"])
    assert [row[2] for row in grids["Results QR1"][1:]] == [*TRICKY, *TRICKY]
    assert [row[5] for row in grids["Results QR1"][1 + len(TRICKY) :]] == list(TRICKY)
    assert [row[1] for row in grids["Leaderboard"][1:]] == list(TRICKY)
    if backend.server:
        assert "formulaValue" not in json.dumps([r.body for r in backend.server.requests if r.body])


def test_dates_read_as_dates_or_serial_numbers_and_are_added_as_typed(backend: Backend) -> None:
    book = seeded(backend, Sheet("Events", ("Event", "Date"), (("QR1", dt.date(2024, 8, 10)),)))
    book.add_rows("Events", [{"Event": "QR2", "Date": dt.date(2024, 9, 7)}])
    (_, (_, first), (_, added)) = backend.open().read(["Events"])["Events"]
    assert first == (45514 if backend.name == "google" else dt.date(2024, 8, 10))
    assert parse_date(first) == dt.date(2024, 8, 10)
    assert added == "2024-09-07"


def test_tab_names_keep_workbook_order(backend: Backend) -> None:
    book = seeded(backend, results(), results(tab="Results QR2"))
    book.write(Changes(replace=(Sheet("Problems", ("Severity",)),)))
    assert own(backend.open(), backend) == ["Players", "Results QR1", "Results QR2", "Problems"]


def grown_league(backend: Backend) -> Workbook:
    """Players, a results tab with a row and the Leaderboard: a league that `add_tabs` grows."""
    book = seeded(backend, results(((1, 1, "Ana", "Bo", "Ana"),)))
    book.write(Changes(replace=(Sheet("Leaderboard", ("Rank", "Player"), ((1, "Ana"),)),)))
    return backend.open()


GROWN = (
    Sheet("PLAYERS", ("player", "Event", "Status"), (("Cy", "QR2", None),), (Dropdown("Status", ("Dropped", "DQ")),)),
    Sheet("Events", ("Event", "Results Tab"), (("QR2", "Results QR2"),)),
    results(tab="Results QR2"),
    results(),
)


def test_add_tabs_adds_missing_tabs_headers_and_rows_and_changes_nothing_else(backend: Backend) -> None:
    before = everything(grown_league(backend))
    added = backend.open().add_tabs(GROWN)
    assert [(a.tab, bool(a.new), a.column, a.headers, [c for c, _ in a.dropdowns], a.start, a.rows) for a in added] == [
        ("PLAYERS", False, 2, ("Status",), [2], 3, (("Cy", "QR2"),)),
        ("Events", True, 0, (), [], 0, ()),
        ("Results QR2", True, 0, (), [], 0, ()),
    ], "the Player header is there in another case, so Cy goes under it; Results QR1 lacks nothing"
    book = backend.open()
    assert own(book, backend) == ["Players", "Results QR1", "Leaderboard", "Events", "Results QR2"]
    after = everything(book)
    assert typed(after["Players"]) == typed(
        [["Player", "Event", "Status"], ["Ana", "QR1"], ["Bo", "QR1"], ["Cy", "QR2"]]
    )
    assert typed(after["Events"]) == typed([["Event", "Results Tab"], ["QR2", "Results QR2"]])
    assert after["Results QR2"] == [list(RESULTS)]
    assert typed({t: g for t, g in after.items() if t in before and t != "Players"}) == typed(
        {t: g for t, g in before.items() if t != "Players"}
    )


def test_add_tabs_a_second_time_adds_nothing(backend: Backend) -> None:
    """Rows are added as asked (the caller asks only for those missing): without them, nothing is left to add."""
    shapes = [replace(sheet, rows=()) for sheet in GROWN]
    grown_league(backend).add_tabs(shapes)
    before = everything(backend.open())
    assert backend.open().add_tabs(shapes) == []
    assert typed(everything(backend.open())) == typed(before)


def test_add_tabs_adds_rows_below_the_last_row_of_an_existing_tab(backend: Backend) -> None:
    grown_league(backend).add_tabs([results(((2, 1, "Bo", "Ana"),))])
    assert typed(backend.open().read(["Results QR1"])["Results QR1"][1:]) == typed(
        [[1, 1, "Ana", "Bo", "Ana"], [2, 1, "Bo", "Ana"]]
    )


@pytest.mark.parametrize(
    ("sheet", "message"),
    [
        (Sheet("Leaderboard", ("Rank", "Move")), "'Leaderboard' is written by the tool"),
        (
            Sheet("Players", ("Player", "Event"), dropdowns=(Dropdown("Status", ("DQ",)),)),
            "'Players' has no column 'Status'",
        ),
    ],
)
def test_add_tabs_refusals_change_nothing(backend: Backend, sheet: Sheet, message: str) -> None:
    before = everything(grown_league(backend))
    with pytest.raises(BackendError, match=message):
        backend.open().add_tabs([results(tab="Results QR2"), sheet])
    assert typed(everything(backend.open())) == typed(before)


def test_time_zone_is_the_spreadsheets_own_and_none_for_a_file(backend: Backend) -> None:
    book = seeded(backend)
    assert book.time_zone() == ("Etc/GMT" if backend.name == "google" else None)
    if backend.server:
        backend.server.set_time_zone(SHEET_ID, "Europe/Warsaw")
        before = backend.server.count()
        fresh = backend.open()
        assert (fresh.tab_names(), fresh.time_zone()) == (["Sheet1", "Players"], "Europe/Warsaw")
        assert backend.server.count() - before == 1, "the zone comes with the metadata GET"

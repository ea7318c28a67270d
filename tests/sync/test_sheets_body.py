"""Request bodies for the Sheets API, built from literals."""

from __future__ import annotations

import datetime as dt

from league.sheet import Changes, Dropdown, Link, Sheet
from sync.sheets_body import PROTECTION_NOTE, cell_data, grids_from, init_requests, read_ranges, sync_requests
from sync.sheets_marker import MARKER_KEY, Marker, has_marker, marker_requests
from sync.sheets_rows import add_rows_requests

METADATA = {
    "sheets": [
        {"properties": {"sheetId": 0, "title": "Events", "index": 0}},
        {"properties": {"sheetId": 7, "title": "Results QR1-AE", "index": 1}},
        {
            "properties": {"sheetId": 9, "title": "Leaderboard", "index": 2},
            "protectedRanges": [{"protectedRangeId": 1, "description": PROTECTION_NOTE}],
        },
    ]
}


def test_text_is_never_a_formula() -> None:
    assert cell_data('=IMPORTXML("x")') == {"userEnteredValue": {"stringValue": '=IMPORTXML("x")'}}
    assert cell_data("+1") == {"userEnteredValue": {"stringValue": "+1"}}
    assert cell_data(3) == {"userEnteredValue": {"numberValue": 3}}
    assert cell_data(True) == {"userEnteredValue": {"boolValue": True}}
    assert cell_data(None) == {}
    assert cell_data(dt.date(2024, 8, 10))["userEnteredValue"] == {"numberValue": 45514}


def test_ranges_quote_tab_names() -> None:
    assert read_ranges(["Events", "Results QR1-AE", "O'Brien"]) == ["'Events'", "'Results QR1-AE'", "'O''Brien'"]
    grids = grids_from(
        [{"range": "Events!A1:B2", "values": [["Event", "Name"]]}, {"range": "'Results QR1-AE'!A1:Z1000"}],
        ["Events", "Results QR1-AE"],
    )
    assert grids == {"Events": [["Event", "Name"]], "Results QR1-AE": []}


def test_sync_adds_missing_tabs_and_rewrites_existing_ones_whole() -> None:
    board = Sheet("Leaderboard", ("Rank", "Player"), ((1, "Ana"),))
    problems = Sheet(
        "Problems", ("Tab", "Cell"), (("Results QR1-AE", "E14"),), links=(Link(0, 1, "Results QR1-AE", "E14"),)
    )
    log = Sheet("Sync Log", ("Time",), (("now",),))
    requests = sync_requests(METADATA, Changes(replace=(board, problems), append=(log,)))
    kinds = [next(iter(r)) for r in requests]
    assert kinds[0] == "addSheet" and requests[0]["addSheet"]["properties"]["title"] == "Problems"
    new_id = requests[0]["addSheet"]["properties"]["sheetId"]
    assert new_id not in (0, 7, 9)
    updates = [r["updateCells"] for r in requests if "updateCells" in r]
    assert updates[0]["range"] == {"sheetId": 9}, "the whole sheet range, so stale rows are cleared"
    assert updates[0]["rows"][0]["values"][0]["userEnteredFormat"]["textFormat"]["bold"] is True
    link = updates[1]["rows"][1]["values"][1]["userEnteredFormat"]["textFormat"]["link"]
    assert link == {"uri": "#gid=7&range=E14"}
    sizes = [
        r["updateSheetProperties"]["properties"]["gridProperties"] for r in requests if "updateSheetProperties" in r
    ]
    assert sizes[0] == {"rowCount": 3, "columnCount": 2, "frozenRowCount": 1}
    protections = [r["addProtectedRange"]["protectedRange"] for r in requests if "addProtectedRange" in r]
    assert len(protections) == 2 and all(p["warningOnly"] for p in protections), "Leaderboard already protected"
    assert kinds.count("appendCells") == 1 and kinds.count("addSheet") == 2


def test_init_makes_headers_and_dropdowns() -> None:
    players = Sheet(
        "Players",
        ("Player", "Event", "Fighter 1"),
        dropdowns=(Dropdown("Event", source="'Events'!$A$2:$A"), Dropdown("Fighter 1", ("Medusa", "Sinbad"))),
    )
    requests = init_requests({"sheets": []}, [players])
    rules = [r["setDataValidation"] for r in requests if "setDataValidation" in r]
    assert rules[0]["rule"]["condition"] == {
        "type": "ONE_OF_RANGE",
        "values": [{"userEnteredValue": "='Events'!$A$2:$A"}],
    }
    assert rules[1]["range"]["startColumnIndex"] == 2
    assert [v["userEnteredValue"] for v in rules[1]["rule"]["condition"]["values"]] == ["Medusa", "Sinbad"]


def test_stale_output_tabs_are_deleted_first() -> None:
    requests = sync_requests(METADATA, Changes(remove=("leaderboard", "Standings Gone")))
    assert requests == [{"deleteSheet": {"sheetId": 9}}]


def test_text_longer_than_a_cell_holds_is_cut_not_refused() -> None:
    text = cell_data("x" * 60_000)["userEnteredValue"]["stringValue"]
    assert len(text) == 50_000 and text.endswith("…")


def test_number_formats_apply_to_data_rows_only() -> None:
    sheet = Sheet("Leaderboard", ("Rank", "Health Ratio"), ((1, 0.419), (2, None)), number_formats=((1, "0.0000"),))
    update = next(r["updateCells"] for r in sync_requests(METADATA, Changes(replace=(sheet,))) if "updateCells" in r)
    assert "numberFormat" not in update["rows"][0]["values"][1].get("userEnteredFormat", {})
    assert update["rows"][1]["values"][1]["userEnteredFormat"] == {
        "numberFormat": {"type": "NUMBER", "pattern": "0.0000"}
    }
    assert update["rows"][2]["values"][1] == {}


def test_add_rows_sends_only_set_cells_and_grows_the_grid_first() -> None:
    metadata = {
        "sheets": [{"properties": {"sheetId": 7, "title": "Results QR1-AE", "gridProperties": {"rowCount": 3}}}]
    }
    requests = add_rows_requests(metadata, "results qr1-ae", 2, [[1, None, "=x", "Bo"], [None, 2]])
    assert requests[0] == {
        "updateSheetProperties": {
            "properties": {"sheetId": 7, "gridProperties": {"rowCount": 4}},
            "fields": "gridProperties.rowCount",
        }
    }
    cells = [
        (
            r["updateCells"]["start"]["rowIndex"],
            r["updateCells"]["start"]["columnIndex"],
            [v["userEnteredValue"] for v in r["updateCells"]["rows"][0]["values"]],
        )
        for r in requests[1:]
    ]
    assert cells == [
        (2, 0, [{"numberValue": 1}]),
        (2, 2, [{"stringValue": "=x"}, {"stringValue": "Bo"}]),
        (3, 1, [{"numberValue": 2}]),
    ]
    assert {r["updateCells"]["fields"] for r in requests[1:]} == {"userEnteredValue"}


def test_a_marker_replaces_the_earlier_ones_and_is_created_first() -> None:
    metadata = {
        **METADATA,
        "developerMetadata": [
            {"metadataId": 5, "metadataKey": MARKER_KEY, "metadataValue": "old"},
            {"metadataId": 6, "metadataKey": "someone.else", "metadataValue": "x"},
        ],
    }
    marker = Marker(77, "run-2")
    create, *deletes = marker_requests(metadata, marker)
    assert create["createDeveloperMetadata"]["developerMetadata"] == {
        "metadataId": 77,
        "metadataKey": MARKER_KEY,
        "metadataValue": "run-2",
        "location": {"spreadsheet": True},
        "visibility": "DOCUMENT",
    }
    assert deletes == [{"deleteDeveloperMetadata": {"dataFilter": {"developerMetadataLookup": {"metadataId": 5}}}}]
    assert not has_marker(metadata, marker)
    assert has_marker(
        {"developerMetadata": [{"metadataId": 77, "metadataKey": MARKER_KEY, "metadataValue": "run-2"}]}, marker
    )
    assert not has_marker(
        {"developerMetadata": [{"metadataId": 77, "metadataKey": MARKER_KEY, "metadataValue": "run-1"}]}, marker
    )


def test_new_tabs_get_their_ids_from_us() -> None:
    """A batch that adds a tab, applied twice, fails on the id instead of making a second tab."""
    added = [
        r["addSheet"]["properties"]
        for r in sync_requests(METADATA, Changes(replace=(Sheet("Problems", ("Severity",), ()),)))
        if "addSheet" in r
    ]
    assert added and added[0]["sheetId"] == 10

"""Spreadsheet-level developer metadata on the local Sheets API server, as Google keeps it."""

from __future__ import annotations

from typing import Any

import requests

from tests.support.sheets_server import SheetsServer

SHEET = "1MetadataTestSpreadsheet000000000000000000"
EMAIL = "someone@league-tests.iam.gserviceaccount.com"


def _batch(server: SheetsServer, *requests_: dict[str, Any]) -> requests.Response:
    return requests.post(
        f"{server.url}/v4/spreadsheets/{SHEET}:batchUpdate",
        json={"requests": list(requests_)},
        headers={"Authorization": f"Bearer {server.issue_token(EMAIL)}"},
        timeout=30,
    )


def _create(metadata_id: int | None, visibility: str = "DOCUMENT") -> dict[str, Any]:
    made: dict[str, Any] = {
        "metadataKey": "k",
        "metadataValue": "v",
        "location": {"spreadsheet": True},
        "visibility": visibility,
    }
    return {
        "createDeveloperMetadata": {
            "developerMetadata": made | ({} if metadata_id is None else {"metadataId": metadata_id})
        }
    }


def _held(server: SheetsServer) -> list[Any]:
    answer = requests.get(
        f"{server.url}/v4/spreadsheets/{SHEET}",
        params={"fields": "developerMetadata(metadataId,metadataValue)"},
        headers={"Authorization": f"Bearer {server.issue_token(EMAIL)}"},
        timeout=30,
    )
    held: list[Any] = answer.json().get("developerMetadata", [])
    return held


def test_create_read_and_delete(sheets_server: SheetsServer) -> None:
    sheets_server.add_spreadsheet(SHEET, {"Sheet1": []})
    assert _held(sheets_server) == [], "no developerMetadata key when there is none"
    made = _batch(sheets_server, _create(12), _create(None))
    assert made.status_code == 200
    assert made.json()["replies"][0]["createDeveloperMetadata"]["developerMetadata"]["location"] == {
        "locationType": "SPREADSHEET",
        "spreadsheet": True,
    }
    assert [m["metadataId"] for m in _held(sheets_server)][0] == 12 and len(_held(sheets_server)) == 2
    gone = _batch(
        sheets_server, {"deleteDeveloperMetadata": {"dataFilter": {"developerMetadataLookup": {"metadataId": 12}}}}
    )
    assert [
        m["metadataId"] for m in gone.json()["replies"][0]["deleteDeveloperMetadata"]["deletedDeveloperMetadata"]
    ] == [12]
    assert len(_held(sheets_server)) == 1


def test_a_taken_id_or_a_missing_visibility_fails_the_whole_batch(sheets_server: SheetsServer) -> None:
    sheets_server.add_spreadsheet(SHEET, {"Sheet1": []})
    assert _batch(sheets_server, _create(12)).status_code == 200
    for bad in (_create(12), _create(13, "DEVELOPER_METADATA_VISIBILITY_UNSPECIFIED"), _create(-1)):
        refused = _batch(sheets_server, {"addSheet": {"properties": {"title": "New"}}}, bad)
        assert refused.status_code == 400 and refused.json()["error"]["message"].startswith("Invalid requests[1]")
    assert sheets_server.tab_names(SHEET) == ["Sheet1"] and len(_held(sheets_server)) == 1

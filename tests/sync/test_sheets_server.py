"""Fidelity tests for the local Sheets API server (`tests/support/sheets_server/`).

REPLAY (the first tests below). gspread recorded 124 cassettes against the real Google Sheets
and Drive APIs: nine of them are committed in `tests/fidelity/gspread-cassettes/` (every kind of
request replayed is in them), all of them are in `shared/fidelity/gspread-cassettes/` beside the
repository, and the replay takes those too when they are there. Each cassette holds one or more
*runs*; a run starts with the Drive call that creates a fresh spreadsheet ("Sheet1", 1000 x 26,
sheetId 0, titled after the test). The replay mirrors that: at each Drive create it seeds the
server with the same empty spreadsheet under the same id, then sends every Sheets API interaction
of the run to the server, in order, with the recorded method, path, query string and body, and
compares the answer with Google's recorded one:

* the HTTP status must be identical;
* the JSON must be *equal* once Google's random ids (sheetId, protectedRangeId, learnt from
  earlier answers) are mapped to ours. Error answers must have the same shape and the same
  `status`, and here the same message too.

Result with all 124 at the time of writing: of the 1508 Sheets API interactions, 1132 are
replayed: 1122 answers equal Google's exactly and all 10 error answers (404 x4, 403, 400 x5) are
equal including the message. By kind: metadata GET 508, values GET 189, values :clear 143,
:batchUpdate 137, values PUT 129, values :append 20, values:batchGet 4, values:batchUpdate 2.
`test_replay_coverage` pins these numbers (roughly) so that coverage cannot silently shrink.

The 376 interactions NOT replayed, and why:

* 132 read spreadsheets that no run created (ClientTest.test_openall / test_open_all_has_metadata
  list the recording account's own files through Drive; test_copy opens a Drive copy). Drive API
  calls themselves (create, copy, export, permissions, delete, list) are never replayed: the
  server speaks only the Sheets API, and a Drive *create* is turned into seeding as said above.
* 48 are requests the server does not emulate and answers 501 (batchUpdates with repeatCell,
  mergeCells, named ranges, sortRange, insertDimension, ...: 46; values:batchClear: 2), and 163
  come later in the same runs: the spreadsheet's state would differ from Google's from then on.
* 27 come after a formula was written (`=...` under USER_ENTERED, or a formulaValue): the server
  does not evaluate formulas, so later reads would differ by design.
* 6 come after a CSV import through Drive rewrote the spreadsheet.
* The one private spreadsheet that Google answered 403 for is seeded as "shared with nobody".
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import requests
from google.auth import crypt
from google.auth import jwt as google_jwt
from google.auth.exceptions import RefreshError
from google.auth.transport.requests import AuthorizedSession, Request
from google.oauth2 import service_account

from tests.support.sheets_server import SERVICE_ACCOUNT_EMAIL, SPREADSHEETS_SCOPE, Fault, SheetsServer, make_rsa_key

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "tests" / "fidelity" / "gspread-cassettes"
"""The recordings committed with the tests: a subset holding every kind of request replayed."""
SHARED = ROOT.parent / "shared" / "fidelity" / "gspread-cassettes"
"""All 124 recordings, in the shared folder beside the repository when there is one."""
CASSETTES = {p.name: p for folder in (SHARED, COMMITTED) if folder.is_dir() for p in folder.glob("*.json")}
EXACT_AT_LEAST = 1120
"""Answers equal to Google's over all 124 recordings (1122 at the time of writing)."""
REPLAYED_KINDS = {
    "GET metadata",
    "GET values",
    "PUT values",
    "POST values:append",
    "POST values:clear",
    "GET values:batchGet",
    "POST values:batchUpdate",
    "POST :batchUpdate",
}
"""Every kind of request the server emulates that the recordings hold."""

SHEETS_HOST = "https://sheets.googleapis.com"
DRIVE_FILES = "https://www.googleapis.com/drive/v3/files"
ID_KEYS = ("sheetId", "protectedRangeId")
GSPREAD_ACCOUNT = "telegram-budgeter@telegram-budgeter.iam.gserviceaccount.com"  # who recorded them


# ---------------------------------------------------------------------------------------------
# replay machinery


def shape(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: shape(v) for k, v in sorted(value.items())}
    if isinstance(value, list):
        return [shape(v) for v in value]
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if value is None:
        return "null"
    return "str"


def _learn_ids(recorded: Any, ours: Any, mapping: dict[Any, Any]) -> None:
    """Walk Google's answer and ours side by side; pair up differing ids."""
    if isinstance(recorded, dict) and isinstance(ours, dict):
        for key, value in recorded.items():
            if key not in ours:
                continue
            if key in ID_KEYS and not isinstance(value, (dict, list)):
                if value != ours[key] and value not in mapping:
                    mapping[value] = ours[key]
            else:
                _learn_ids(value, ours[key], mapping)
    elif isinstance(recorded, list) and isinstance(ours, list):
        for a, b in zip(recorded, ours):
            _learn_ids(a, b, mapping)


def _map_ids(value: Any, mapping: dict[Any, Any], key: str | None = None) -> Any:
    if isinstance(value, dict):
        return {k: _map_ids(v, mapping, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_map_ids(v, mapping, key) for v in value]
    if key in ID_KEYS and not isinstance(value, bool) and value in mapping:
        return mapping[value]
    return value


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The first path where two JSON values differ, with both sides (for readable failures)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}: ours={json.dumps(a.get(key))[:200]} google={json.dumps(b.get(key))[:200]}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{path}: {len(a)} items (ours) vs {len(b)} (google)"
        return None
    if a != b or type(a) is not type(b) and not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
        return f"{path}: ours={json.dumps(a)[:200]} google={json.dumps(b)[:200]}"
    return None


def _writes_formula(request: dict[str, Any]) -> bool:
    body = request.get("body") or ""
    if "formulaValue" in body:
        return True
    if "USER_ENTERED" in request["uri"] or "USER_ENTERED" in body:
        try:
            data = json.loads(body)
        except ValueError:
            return False
        return '"=' in json.dumps(data.get("values", data.get("data", [])))
    return False


class Outcome:
    """What replaying one cassette found: answers equal to Google's, error answers, what was not replayed and why."""

    def __init__(self) -> None:
        self.exact = 0
        self.error_messages_equal = 0
        self.errors = 0
        self.skipped: dict[str, int] = {}
        self.problems: list[str] = []
        self.kinds: dict[str, int] = {}

    def skip(self, reason: str, n: int = 1) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + n


def _kind(method: str, path: str) -> str:
    if path.endswith(":batchUpdate") and "/values" not in path:
        return "POST :batchUpdate"
    if "/values:" in path:
        return f"{method} values:{path.rsplit(':', 1)[1]}"
    if "/values/" in path:
        return f"{method} values" + (":" + path.rsplit(":", 1)[1] if path.endswith((":append", ":clear")) else "")
    return f"{method} metadata"


_REPLAYED: dict[str, Outcome] = {}


def replay(name: str, server: SheetsServer) -> Outcome:
    """Replay one cassette against `server` (cached: each cassette is replayed once per session)."""
    if name not in _REPLAYED:
        _REPLAYED[name] = _replay(name, server)
    return _REPLAYED[name]


def _replay(name: str, server: SheetsServer) -> Outcome:
    interactions = json.loads(CASSETTES[name].read_text(encoding="utf-8"))["interactions"]
    out = Outcome()
    with requests.Session() as session:
        session.headers["Authorization"] = f"Bearer {server.issue_token(SERVICE_ACCOUNT_EMAIL)}"
        mapping: dict[Any, Any] = {}
        seeded: set[str] = set()  # spreadsheets this cassette made (the server is shared)
        run_state = "none"  # none | live | abandoned
        abandoned_because = ""
        for index, it in enumerate(interactions):
            req, resp = it["request"], it["response"]
            uri, method = req["uri"], req["method"]
            if uri.startswith(DRIVE_FILES):
                body = req.get("body") or ""
                if method == "POST" and urlsplit(uri).path == "/drive/v3/files" and "spreadsheet" in body:
                    created = json.loads(resp["body"]["string"])
                    server.add_spreadsheet(created["id"], {"Sheet1": []}, title=created["name"])
                    seeded.add(created["id"])
                    mapping, run_state = {}, "live"
                continue
            if not uri.startswith(SHEETS_HOST):
                if method in ("PUT", "PATCH") and run_state == "live":
                    run_state, abandoned_because = "abandoned", "a Drive call that rewrote the spreadsheet"
                    out.skip("Drive call that rewrites the spreadsheet")
                continue
            split = urlsplit(uri)
            where = f"{name}#{index} {method} {split.path[len('/v4/spreadsheets/') :][:70]}"
            if run_state == "abandoned":
                out.skip(f"later in a run abandoned after {abandoned_because}")
                continue
            status = resp["status"]["code"]
            sid = split.path.split("/")[3].split(":")[0] if split.path.count("/") >= 3 else ""
            if sid not in seeded:
                if status == 403:
                    server.add_spreadsheet(sid, {"Sheet1": []}, shared_with=())
                    seeded.add(sid)
                elif status != 404 or server.has_spreadsheet(sid):
                    out.skip("spreadsheet made outside the cassette")
                    continue
            data = req.get("body")
            if data and mapping:
                data = json.dumps(_map_ids(json.loads(data), mapping))
            answer = session.request(
                method,
                server.url + split.path + (f"?{split.query}" if split.query else ""),
                data=data.encode("utf-8") if isinstance(data, str) else data,
                headers={"Content-Type": "application/json"} if data else {},
                timeout=10,
            )
            kind = _kind(method, split.path)
            if answer.status_code == 501:  # not emulated, and so nothing applied: the rest of the run would differ
                out.skip(f"not emulated: {kind}")
                run_state, abandoned_because = "abandoned", "a request the server does not emulate"
                continue
            out.kinds[kind] = out.kinds.get(kind, 0) + 1
            recorded_text = resp["body"]["string"]
            recorded = json.loads(recorded_text) if recorded_text.strip() else None
            try:
                ours = answer.json()
            except ValueError:
                out.problems.append(f"{where}: non-JSON answer {answer.status_code} {answer.text[:200]}")
                continue
            if answer.status_code != status:
                out.problems.append(
                    f"{where}: status {answer.status_code} != Google's {status}: {json.dumps(ours)[:300]}"
                )
                continue
            _learn_ids(recorded, ours, mapping)
            expected = json.loads(
                json.dumps(_map_ids(recorded, mapping)).replace(GSPREAD_ACCOUNT, SERVICE_ACCOUNT_EMAIL)
            )
            if status >= 400:
                out.errors += 1
                if shape(ours) != shape(expected) or ours["error"]["status"] != expected["error"]["status"]:
                    out.problems.append(
                        f"{where}: error shape {json.dumps(ours)[:300]} vs {json.dumps(expected)[:300]}"
                    )
                elif ours == expected:
                    out.error_messages_equal += 1
            elif ours == expected:
                out.exact += 1
            else:
                out.problems.append(f"{where}: answer differs at {first_difference(ours, expected)}")
            if _writes_formula(req):
                run_state, abandoned_because = "abandoned", "a formula write"
    return out


@pytest.fixture(scope="module")
def replay_server() -> Iterator[SheetsServer]:
    """One server for the whole replay: every run uses its own spreadsheet id anyway."""
    with SheetsServer(seed=1) as server:
        yield server


@pytest.mark.parametrize("cassette", sorted(CASSETTES))
def test_replay_cassette(cassette: str, replay_server: SheetsServer) -> None:
    outcome = replay(cassette, replay_server)
    assert not outcome.problems, "\n".join(outcome.problems)


def _totals(names: list[str], server: SheetsServer) -> tuple[Outcome, dict[str, int]]:
    total, kinds = Outcome(), dict[str, int]()
    for name in names:
        outcome = replay(name, server)
        total.exact += outcome.exact
        total.errors += outcome.errors
        total.error_messages_equal += outcome.error_messages_equal
        for kind, n in outcome.kinds.items():
            kinds[kind] = kinds.get(kind, 0) + n
    return total, kinds


def test_the_committed_recordings_replay_every_kind_of_request(replay_server: SheetsServer) -> None:
    """The subset in tests/fidelity holds every kind of request the server emulates that the recordings hold."""
    total, kinds = _totals(sorted(p.name for p in COMMITTED.glob("*.json")), replay_server)
    assert set(kinds) == REPLAYED_KINDS, kinds
    assert total.errors and total.error_messages_equal == total.errors


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"the full set of recordings is not at {SHARED}")
def test_replay_coverage(replay_server: SheetsServer) -> None:
    """All the recordings: fail loudly if a change makes the replay shrink."""
    total, kinds = _totals(sorted(CASSETTES), replay_server)
    assert total.exact >= EXACT_AT_LEAST and total.errors >= 10 and total.error_messages_equal == total.errors
    assert set(kinds) == REPLAYED_KINDS, kinds
    assert kinds["GET metadata"] >= 500 and kinds["GET values"] >= 180 and kinds["POST values:clear"] >= 140
    assert kinds["POST :batchUpdate"] >= 130 and kinds["PUT values"] >= 120 and kinds["POST values:append"] >= 20


# ---------------------------------------------------------------------------------------------
# helpers for the behaviour tests


SID = "1LeagueSheetId_abcdefghijklmnopqrstuvwxyz012"
JWT_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer"


@pytest.fixture
def session(sheets_server: SheetsServer, service_account_file: Path) -> AuthorizedSession:
    creds = service_account.Credentials.from_service_account_file(
        str(service_account_file), scopes=[SPREADSHEETS_SCOPE]
    )
    return AuthorizedSession(creds)


@pytest.fixture
def league(sheets_server: SheetsServer) -> SheetsServer:
    sheets_server.add_spreadsheet(
        SID,
        {
            "Results QR1-AE": [["Team", "Pts", "Won"], ["Ajax", 3, True], ["Bee", 1.5, False], ["", None, ""]],
            "Config": [["key", "value"], ["season", "2025"]],
            "Empty": [],
        },
    )
    return sheets_server


def _api(server: SheetsServer, path: str) -> str:
    return f"{server.url}/v4/spreadsheets/{SID}{path}"


def _assertion(private_pem: str, **claims: Any) -> str:
    now = int(time.time())
    payload = {
        "iss": SERVICE_ACCOUNT_EMAIL,
        "scope": SPREADSHEETS_SCOPE,
        "aud": "https://oauth2.googleapis.com/token",
        "iat": now,
        "exp": now + 3600,
    }
    payload.update(claims)
    return google_jwt.encode(crypt.RSASigner.from_string(private_pem), payload).decode()


# ---------------------------------------------------------------------------------------------
# token endpoint and bearer tokens


def test_key_file_is_shaped_like_googles(service_account_file: Path) -> None:
    info = json.loads(service_account_file.read_text())
    example = json.loads((Path(__file__).resolve().parents[2] / "credentials.example.json").read_text())
    assert list(info) == list(example)
    assert info["type"] == "service_account"
    assert info["client_email"] == SERVICE_ACCOUNT_EMAIL
    assert info["private_key"].startswith("-----BEGIN PRIVATE KEY-----\n")


def test_service_account_credentials_refresh_against_the_server(
    sheets_server: SheetsServer, service_account_file: Path, league: SheetsServer
) -> None:
    creds = service_account.Credentials.from_service_account_file(
        str(service_account_file), scopes=[SPREADSHEETS_SCOPE]
    )
    creds.refresh(Request())
    assert creds.valid and str(creds.token).startswith("ya29.")
    answer = AuthorizedSession(creds).get(_api(sheets_server, "/values:batchGet"), params={"ranges": "Config!A1"})
    assert answer.status_code == 200
    assert answer.json()["valueRanges"][0] == {"range": "Config!A1", "majorDimension": "ROWS", "values": [["key"]]}
    assert sheets_server.token_requests == 1
    assert sheets_server.count() == 1  # token requests are not recorded as Sheets requests


def test_assertion_signed_by_another_key_is_refused(sheets_server: SheetsServer, service_account_file: Path) -> None:
    info = json.loads(service_account_file.read_text())
    info["private_key"] = make_rsa_key().private_pem
    creds = service_account.Credentials.from_service_account_info(info, scopes=[SPREADSHEETS_SCOPE])
    with pytest.raises(RefreshError, match="invalid_grant"):
        creds.refresh(Request())
    raw = requests.post(
        sheets_server.token_uri, data={"grant_type": JWT_GRANT, "assertion": _assertion(info["private_key"])}
    )
    assert raw.status_code == 400
    assert raw.json() == {"error": "invalid_grant", "error_description": "Invalid JWT Signature."}


def test_assertion_without_the_spreadsheets_scope_is_refused(
    sheets_server: SheetsServer, service_account_file: Path
) -> None:
    creds = service_account.Credentials.from_service_account_file(
        str(service_account_file), scopes=["https://www.googleapis.com/auth/drive.readonly"]
    )
    with pytest.raises(RefreshError, match="invalid_scope"):
        creds.refresh(Request())


def test_expired_and_untrusted_assertions_are_refused(
    sheets_server: SheetsServer, service_account_file: Path, test_key: Any
) -> None:
    now = int(time.time())
    expired = _assertion(test_key.private_pem, iat=now - 7200, exp=now - 3600)
    answer = requests.post(sheets_server.token_uri, data={"grant_type": JWT_GRANT, "assertion": expired})
    assert answer.status_code == 400 and answer.json()["error"] == "invalid_grant"
    stranger = _assertion(test_key.private_pem, iss="someone@else.iam.gserviceaccount.com")
    answer = requests.post(sheets_server.token_uri, data={"grant_type": JWT_GRANT, "assertion": stranger})
    assert answer.status_code == 400 and answer.json()["error"] == "invalid_grant"
    good = requests.post(
        sheets_server.token_uri, data={"grant_type": JWT_GRANT, "assertion": _assertion(test_key.private_pem)}
    )
    assert good.status_code == 200
    assert set(good.json()) == {"access_token", "expires_in", "token_type"}
    assert good.json()["expires_in"] == 3599 and good.json()["token_type"] == "Bearer"


def test_api_calls_need_an_issued_bearer_token(league: SheetsServer, session: AuthorizedSession) -> None:
    for headers in ({}, {"Authorization": "Bearer made-up"}):
        answer = requests.get(_api(league, ""), headers=headers)
        assert answer.status_code == 401
        assert answer.json()["error"]["status"] == "UNAUTHENTICATED"
        assert set(answer.json()["error"]) == {"code", "message", "status"}
    # a revoked (expired) token makes google-auth refresh and retry by itself
    assert session.get(_api(league, "")).status_code == 200
    league.revoke_tokens()
    assert session.get(_api(league, "")).status_code == 200
    assert league.token_requests == 2
    assert [r.method for r in league.requests[-3:]] == ["GET", "GET", "GET"]


# ---------------------------------------------------------------------------------------------
# reading


def test_batch_get_shapes_like_google(league: SheetsServer, session: AuthorizedSession) -> None:
    answer = session.get(
        _api(league, "/values:batchGet"),
        params={
            "ranges": ["Results QR1-AE", "'Results QR1-AE'!A1:O50", "Config!A1:B2", "Empty", "Config!C5:D9"],
            "valueRenderOption": "UNFORMATTED_VALUE",
            "dateTimeRenderOption": "SERIAL_NUMBER",
            "majorDimension": "ROWS",
        },
    )
    assert answer.status_code == 200
    body = answer.json()
    assert list(body) == ["spreadsheetId", "valueRanges"] and body["spreadsheetId"] == SID
    whole, window, config, empty, nothing = body["valueRanges"]
    assert whole == {
        "range": "'Results QR1-AE'!A1:Z1000",
        "majorDimension": "ROWS",
        "values": [["Team", "Pts", "Won"], ["Ajax", 3, True], ["Bee", 1.5, False]],
    }
    assert window["range"] == "'Results QR1-AE'!A1:O50" and window["values"] == whole["values"]
    assert config == {
        "range": "Config!A1:B2",
        "majorDimension": "ROWS",
        "values": [["key", "value"], ["season", "2025"]],
    }
    assert empty == {"range": "Empty!A1:Z1000", "majorDimension": "ROWS"}
    assert nothing == {"range": "Config!C5:D9", "majorDimension": "ROWS"}


def test_formatted_values_are_strings(league: SheetsServer, session: AuthorizedSession) -> None:
    answer = session.get(_api(league, "/values/'Results QR1-AE'!A2:C3"))
    assert answer.json() == {
        "range": "'Results QR1-AE'!A2:C3",
        "majorDimension": "ROWS",
        "values": [["Ajax", "3", "TRUE"], ["Bee", "1.5", "FALSE"]],
    }
    columns = session.get(_api(league, "/values/Config!A1:B2"), params={"majorDimension": "COLUMNS"})
    assert columns.json()["values"] == [["key", "season"], ["value", "2025"]]


def test_bad_ranges_and_unknown_spreadsheets(league: SheetsServer, session: AuthorizedSession) -> None:
    answer = session.get(_api(league, "/values:batchGet"), params={"ranges": ["Config!A1", "Nope!A1:B2"]})
    assert answer.status_code == 400
    assert answer.json() == {
        "error": {"code": 400, "message": "Unable to parse range: Nope!A1:B2", "status": "INVALID_ARGUMENT"}
    }
    missing = session.get(f"{league.url}/v4/spreadsheets/does-not-exist")
    assert missing.status_code == 404
    assert missing.json() == {
        "error": {"code": 404, "message": "Requested entity was not found.", "status": "NOT_FOUND"}
    }
    league.add_spreadsheet("private", {"Sheet1": []}, shared_with=["someone-else@example.iam.gserviceaccount.com"])
    denied = session.get(f"{league.url}/v4/spreadsheets/private")
    assert denied.status_code == 403
    assert denied.json() == {
        "error": {"code": 403, "message": "The caller does not have permission", "status": "PERMISSION_DENIED"}
    }
    league.add_spreadsheet("mine", {"Sheet1": []}, shared_with=[SERVICE_ACCOUNT_EMAIL])
    assert session.get(f"{league.url}/v4/spreadsheets/mine").status_code == 200
    page = session.get(f"{league.url}/v4/spreadsheets/{SID}/nonsense")
    assert page.status_code == 404 and page.headers["Content-Type"].startswith("text/html")


def test_metadata_field_masks(league: SheetsServer, session: AuthorizedSession) -> None:
    body = session.get(
        _api(league, ""),
        params={"fields": "spreadsheetId,properties.title,sheets.properties", "includeGridData": "false"},
    ).json()
    assert list(body) == ["spreadsheetId", "properties", "sheets"]
    assert body["properties"] == {"title": "League"}
    assert [s["properties"]["title"] for s in body["sheets"]] == ["Results QR1-AE", "Config", "Empty"]
    assert body["sheets"][0]["properties"] == {
        "sheetId": 0,
        "title": "Results QR1-AE",
        "index": 0,
        "sheetType": "GRID",
        "gridProperties": {"rowCount": 1000, "columnCount": 26},
    }
    mask = session.get(
        _api(league, ""), params={"fields": "sheets(properties(title,gridProperties),protectedRanges)"}
    ).json()
    assert mask["sheets"][1] == {
        "properties": {"title": "Config", "gridProperties": {"rowCount": 1000, "columnCount": 26}}
    }
    bad = session.get(_api(league, ""), params={"fields": "sheets.propertiez"})
    assert bad.status_code == 400


# ---------------------------------------------------------------------------------------------
# discovery-document validation


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            {"requests": [{"addSheet": {"properties": {"title": "X"}, "foo": 1}}]},
            "Invalid JSON payload received. Unknown name \"foo\" at 'requests[0].add_sheet': Cannot find field.",
        ),
        (
            {
                "requests": [
                    {
                        "repeatCell": {
                            "range": {"sheetId": 0},
                            "cell": {"userEnteredFormat": {"textFormat": {"bolld": True}}},
                            "fields": "*",
                        }
                    }
                ]
            },
            (
                'Invalid JSON payload received. Unknown name "bolld" at '
                "'requests[0].repeat_cell.cell.user_entered_format.text_format': Cannot find field."
            ),
        ),
        (
            {"requests": [], "includeEverything": True},
            'Invalid JSON payload received. Unknown name "includeEverything": Cannot find field.',
        ),
        (
            {"requests": [{"mergeCells": {"range": {"sheetId": 0}, "mergeType": "MERGE_EVERYTHING"}}]},
            (
                "Invalid value at 'requests[0].merge_cells.merge_type' "
                '(type.googleapis.com/google.apps.sheets.v4.MergeType), "MERGE_EVERYTHING"'
            ),
        ),
        (
            {"requests": [{"addSheet": {"properties": {"gridProperties": {"rowCount": "many"}}}}]},
            "Invalid value at 'requests[0].add_sheet.properties.grid_properties.row_count' (TYPE_INT32), \"many\"",
        ),
    ],
)
def test_unknown_or_mistyped_fields_get_googles_400(
    league: SheetsServer, session: AuthorizedSession, body: dict[str, Any], message: str
) -> None:
    before = league.spreadsheet(SID)
    answer = session.post(_api(league, ":batchUpdate"), json=body)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["message"] == message
    assert error["status"] == "INVALID_ARGUMENT"
    assert error["details"][0]["@type"] == "type.googleapis.com/google.rpc.BadRequest"
    assert error["details"][0]["fieldViolations"][0]["description"] == message
    assert league.spreadsheet(SID) == before


def test_values_bodies_and_query_strings_are_validated(league: SheetsServer, session: AuthorizedSession) -> None:
    flat = session.put(
        _api(league, "/values/Config!A1"), params={"valueInputOption": "RAW"}, json={"values": ["a", "b"]}
    )
    assert flat.status_code == 400
    assert flat.json()["error"]["message"].startswith(
        "Invalid value at 'data.values[0]' (type.googleapis.com/google.protobuf.ListValue), \"a\""
    )
    text = session.put(_api(league, "/values/Config!A1"), params={"valueInputOption": "RAW"}, json={"values": "X"})
    assert text.json()["error"]["message"] == (
        "Invalid value at 'data.values' (type.googleapis.com/google.protobuf.ListValue), \"X\""
    )
    unknown = session.get(_api(league, "/values:batchGet"), params={"ranges": "Config", "renderOption": "FORMULA"})
    assert unknown.status_code == 400 and 'Unknown name "renderOption"' in unknown.json()["error"]["message"]
    enum = session.get(_api(league, "/values:batchGet"), params={"ranges": "Config", "valueRenderOption": "RAW"})
    assert enum.status_code == 400
    assert enum.json()["error"]["message"] == (
        "Invalid value at 'value_render_option' (type.googleapis.com/google.apps.sheets.v4.ValueRenderOption), \"RAW\""
    )
    assert league.values(SID, "Config") == [["key", "value"], ["season", "2025"]]


def test_valid_bodies_pass_and_apply(league: SheetsServer, session: AuthorizedSession) -> None:
    requests_ = [
        {
            "addSheet": {
                "properties": {
                    "title": "Standings",
                    "index": 1,
                    "tabColor": {"red": 1},
                    "gridProperties": {"rowCount": 50, "columnCount": 8, "frozenRowCount": 1},
                }
            }
        },
        {
            "updateSheetProperties": {
                "properties": {"sheetId": 0, "gridProperties": {"frozenRowCount": 1}},
                "fields": "gridProperties.frozenRowCount",
            }
        },
        {
            "updateCells": {
                "range": {
                    "sheetId": 0,
                    "startRowIndex": 0,
                    "endRowIndex": 1,
                    "startColumnIndex": 0,
                    "endColumnIndex": 1,
                },
                "rows": [
                    {
                        "values": [
                            {
                                "userEnteredFormat": {
                                    "textFormat": {"bold": True},
                                    "backgroundColor": {"red": 0.5, "green": 1},
                                }
                            }
                        ]
                    }
                ],
                "fields": "userEnteredFormat(textFormat,backgroundColor)",
            }
        },
        {
            "setDataValidation": {
                "range": {
                    "sheetId": 0,
                    "startRowIndex": 1,
                    "endRowIndex": 3,
                    "startColumnIndex": 2,
                    "endColumnIndex": 3,
                },
                "rule": {"condition": {"type": "BOOLEAN"}, "strict": True},
            }
        },
        {
            "addProtectedRange": {
                "protectedRange": {"range": {"sheetId": 0}, "description": "generated", "warningOnly": True}
            }
        },
        {
            "update_dimension_properties": {
                "range": {"sheetId": 0, "dimension": "COLUMNS", "startIndex": 0, "endIndex": 1},
                "properties": {"pixelSize": 180},
                "fields": "pixelSize",
            }
        },
        {
            "appendCells": {
                "sheetId": 0,
                "rows": [{"values": [{"userEnteredValue": {"stringValue": "Cat"}}]}],
                "fields": "userEnteredValue",
            }
        },
    ]
    answer = session.post(
        _api(league, ":batchUpdate"), json={"requests": requests_, "includeSpreadsheetInResponse": False}
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert list(body) == ["spreadsheetId", "replies"] and len(body["replies"]) == len(requests_)
    added = body["replies"][0]["addSheet"]["properties"]
    assert added["title"] == "Standings" and added["index"] == 1 and isinstance(added["sheetId"], int)
    assert added["gridProperties"] == {"rowCount": 50, "columnCount": 8, "frozenRowCount": 1}
    assert added["tabColorStyle"] == {"rgbColor": {"red": 1}}
    protected = body["replies"][4]["addProtectedRange"]["protectedRange"]
    assert isinstance(protected["protectedRangeId"], int) and protected["warningOnly"] is True
    assert [r for i, r in enumerate(body["replies"]) if i not in (0, 4)] == [{}] * 5
    assert league.tab_names(SID) == ["Results QR1-AE", "Standings", "Config", "Empty"]

    sheet = league.sheet(SID, "Results QR1-AE")
    assert sheet["properties"]["gridProperties"]["frozenRowCount"] == 1
    assert sheet["protectedRanges"] == [
        {
            "protectedRangeId": protected["protectedRangeId"],
            "range": {},
            "description": "generated",
            "warningOnly": True,
            "requestingUserCanEdit": True,
            "editors": {"users": [SERVICE_ACCOUNT_EMAIL]},
        }
    ]
    header = sheet["data"][0]["rowData"][0]["values"]
    assert header[0]["userEnteredFormat"]["textFormat"] == {"bold": True}
    assert header[0]["userEnteredFormat"]["backgroundColor"] == {"red": 0.49803922, "green": 1}
    assert header[0]["userEnteredFormat"]["backgroundColorStyle"] == {"rgbColor": {"red": 0.49803922, "green": 1}}
    assert sheet["data"][0]["rowData"][1]["values"][2]["dataValidation"] == {
        "condition": {"type": "BOOLEAN"},
        "strict": True,
    }
    assert sheet["data"][0]["columnMetadata"][0] == {"pixelSize": 180}
    assert league.values(SID, "Results QR1-AE")[-1] == ["Cat"]
    assert league.cell(SID, "Results QR1-AE", "A4") == {"userEnteredValue": {"stringValue": "Cat"}}


def test_what_is_not_emulated_is_answered_501_naming_it(league: SheetsServer, session: AuthorizedSession) -> None:
    """sortRange is a valid request (so no "Unknown name"), just not emulated: 501, and nothing of the batch applied;
    a method of the API the server does not emulate is answered the same way, an address the API does not have 404."""
    before = league.spreadsheet(SID)
    batch = {"requests": [{"addSheet": {"properties": {"title": "Fresh"}}}, {"sortRange": {"range": {"sheetId": 0}}}]}
    answer = session.post(_api(league, ":batchUpdate"), json=batch)
    assert answer.status_code == 501
    assert answer.json() == {
        "error": {
            "code": 501,
            "status": "NOT_IMPLEMENTED",
            "message": "The local Sheets test server does not emulate requests[1].sortRange; Google would answer it.",
        }
    }
    assert league.spreadsheet(SID) == before
    named = {"requests": [{"addProtectedRange": {"protectedRange": {"namedRangeId": "n1"}}}]}
    assert (
        "requests[0].addProtectedRange with a protected named range"
        in session.post(_api(league, ":batchUpdate"), json=named).json()["error"]["message"]
    )
    echoed = session.put(
        _api(league, "/values/Config!A1"),
        params={"valueInputOption": "RAW", "includeValuesInResponse": "true"},
        json={"values": [["x"]]},
    )
    assert echoed.status_code == 501 and "includeValuesInResponse" in echoed.json()["error"]["message"]
    cleared = session.post(_api(league, "/values:batchClear"), json={"ranges": ["Config"]})
    assert cleared.status_code == 501 and "sheets.spreadsheets.values.batchClear" in cleared.json()["error"]["message"]
    assert league.values(SID, "Config") == [["key", "value"], ["season", "2025"]]
    assert session.get(_api(league, "/nowhere")).status_code == 404


# ---------------------------------------------------------------------------------------------
# batchUpdate semantics


def test_batch_update_is_atomic(league: SheetsServer, session: AuthorizedSession) -> None:
    before = (league.tab_names(SID), league.values(SID, "Results QR1-AE"), league.sheet(SID, "Results QR1-AE"))
    batch = {
        "requests": [
            {"addSheet": {"properties": {"title": "Fresh"}}},
            {
                "updateCells": {
                    "start": {"sheetId": 0, "rowIndex": 0, "columnIndex": 0},
                    "rows": [{"values": [{"userEnteredValue": {"stringValue": "changed"}}]}],
                    "fields": "userEnteredValue",
                }
            },
            {"addSheet": {"properties": {"title": "Config"}}},
        ]
    }
    answer = session.post(_api(league, ":batchUpdate"), json=batch)
    assert answer.status_code == 400
    assert answer.json() == {
        "error": {
            "code": 400,
            "message": 'Invalid requests[2].addSheet: A sheet with the name "Config" already exists. '
            "Please enter another name.",
            "status": "INVALID_ARGUMENT",
        }
    }
    after = (league.tab_names(SID), league.values(SID, "Results QR1-AE"), league.sheet(SID, "Results QR1-AE"))
    assert after == before
    batch["requests"].pop()
    assert session.post(_api(league, ":batchUpdate"), json=batch).status_code == 200
    assert league.tab_names(SID)[-1] == "Fresh" and league.values(SID, "Results QR1-AE")[0][0] == "changed"


def test_update_cells_with_a_grid_range_clears_what_rows_do_not_cover(
    league: SheetsServer, session: AuthorizedSession
) -> None:
    batch = {
        "requests": [
            {
                "updateCells": {
                    "range": {
                        "sheetId": 0,
                        "startRowIndex": 0,
                        "endRowIndex": 3,
                        "startColumnIndex": 0,
                        "endColumnIndex": 3,
                    },
                    "rows": [
                        {
                            "values": [
                                {"userEnteredValue": {"stringValue": "Team"}},
                                {"userEnteredValue": {"numberValue": 7}},
                            ]
                        }
                    ],
                    "fields": "userEnteredValue",
                }
            }
        ]
    }
    assert session.post(_api(league, ":batchUpdate"), json=batch).status_code == 200
    assert league.values(SID, "Results QR1-AE") == [["Team", 7]]


def test_add_protected_range(league: SheetsServer, session: AuthorizedSession) -> None:
    add = {
        "requests": [
            {
                "addProtectedRange": {
                    "protectedRange": {
                        "range": {"sheetId": 0, "startRowIndex": 0, "endRowIndex": 1},
                        "description": "headers",
                        "warningOnly": True,
                    }
                }
            }
        ]
    }
    reply = session.post(_api(league, ":batchUpdate"), json=add).json()["replies"][0]["addProtectedRange"][
        "protectedRange"
    ]
    assert reply == {
        "protectedRangeId": reply["protectedRangeId"],
        "range": {"startRowIndex": 0, "endRowIndex": 1},
        "description": "headers",
        "warningOnly": True,
        "requestingUserCanEdit": True,
        "editors": {},
    }
    meta = session.get(_api(league, ""), params={"fields": "sheets(properties.title,protectedRanges)"}).json()
    assert meta["sheets"][0]["protectedRanges"][0]["protectedRangeId"] == reply["protectedRangeId"]
    again = session.post(
        _api(league, ":batchUpdate"),
        json={
            "requests": [
                {
                    "addProtectedRange": {
                        "protectedRange": {"protectedRangeId": reply["protectedRangeId"], "range": {"sheetId": 0}}
                    }
                }
            ]
        },
    )
    assert again.status_code == 400 and again.json()["error"]["message"].startswith(
        "Invalid requests[0].addProtectedRange:"
    )


def test_a_formula_looking_string_is_stored_and_read_back_verbatim(
    league: SheetsServer, session: AuthorizedSession
) -> None:
    text = '=IMPORTXML("https://evil.example/x", "//a")'
    batch = {
        "requests": [
            {
                "updateCells": {
                    "range": {
                        "sheetId": 0,
                        "startRowIndex": 1,
                        "endRowIndex": 2,
                        "startColumnIndex": 0,
                        "endColumnIndex": 1,
                    },
                    "rows": [{"values": [{"userEnteredValue": {"stringValue": text}}]}],
                    "fields": "userEnteredValue",
                }
            },
            {
                "updateCells": {
                    "start": {"sheetId": 0, "rowIndex": 1, "columnIndex": 3},
                    "rows": [{"values": [{"userEnteredValue": {"formulaValue": "=SUM(B2:B3)"}}]}],
                    "fields": "userEnteredValue",
                }
            },
        ]
    }
    assert session.post(_api(league, ":batchUpdate"), json=batch).status_code == 200
    answer = session.get(
        _api(league, "/values:batchGet"),
        params={"ranges": "'Results QR1-AE'!A2:D2", "valueRenderOption": "UNFORMATTED_VALUE"},
    )
    assert answer.json()["valueRanges"][0]["values"] == [[text, 3, True, "=SUM(B2:B3)"]]
    assert league.cell(SID, "Results QR1-AE", "A2") == {"userEnteredValue": {"stringValue": text}}
    assert league.cell(SID, "Results QR1-AE", "D2") == {"userEnteredValue": {"formulaValue": "=SUM(B2:B3)"}}


# ---------------------------------------------------------------------------------------------
# faults


def test_fault_json_with_retry_after(league: SheetsServer, session: AuthorizedSession) -> None:
    league.inject(Fault(status=429, retry_after=7, match="values:batchGet"))
    first = session.get(_api(league, "/values:batchGet"), params={"ranges": "Config"})
    assert first.status_code == 429
    assert first.headers["Retry-After"] == "7"
    assert first.headers["Content-Type"].startswith("application/json")
    error = first.json()["error"]
    assert error["code"] == 429 and error["status"] == "RESOURCE_EXHAUSTED"
    assert error["message"].startswith("Quota exceeded for quota metric 'Read requests'")
    assert session.get(_api(league, "/values:batchGet"), params={"ranges": "Config"}).status_code == 200
    assert league.count("values:batchGet") == 2  # the faulted request is recorded too


def test_fault_html_page(league: SheetsServer, session: AuthorizedSession) -> None:
    league.inject(Fault(status=502, body="html"))
    answer = session.get(_api(league, ""))
    assert answer.status_code == 502
    assert answer.headers["Content-Type"].startswith("text/html")
    assert answer.text.startswith("<!DOCTYPE html>\n<html lang=en>")
    assert "<title>Error 502 (Server Error)!!1</title>" in answer.text


def test_fault_matching_and_times(league: SheetsServer, session: AuthorizedSession) -> None:
    league.inject(Fault(status=500, match=":batchUpdate", times=2))
    body = {"requests": [{"addSheet": {"properties": {"title": "T"}}}]}
    assert session.get(_api(league, "")).status_code == 200
    assert session.post(_api(league, ":batchUpdate"), json=body).status_code == 500
    assert session.post(_api(league, ":batchUpdate"), json=body).json()["error"]["status"] == "INTERNAL"
    assert session.post(_api(league, ":batchUpdate"), json=body).status_code == 200
    assert league.count(":batchUpdate") == 3 and league.count("GET /v4/spreadsheets/") == 1
    assert league.tab_names(SID)[-1] == "T"


def test_fault_delay_then_served(league: SheetsServer, session: AuthorizedSession) -> None:
    session.get(_api(league, ""))  # token fetched before timing
    league.inject(Fault(status=200, delay=0.3))
    started = time.monotonic()
    answer = session.get(_api(league, "/values/Config!A1"))
    assert answer.status_code == 200 and answer.json()["values"] == [["key"]]
    assert time.monotonic() - started >= 0.3


def test_fault_delay_triggers_client_timeout(league: SheetsServer, session: AuthorizedSession) -> None:
    session.get(_api(league, ""))
    league.inject(Fault(status=503, delay=2.0))
    with pytest.raises(requests.exceptions.ReadTimeout):
        session.get(_api(league, ""), timeout=0.2)
    assert session.get(_api(league, ""), timeout=5).status_code == 200


def test_fault_drop_closes_the_connection(league: SheetsServer, session: AuthorizedSession) -> None:
    session.get(_api(league, ""))
    league.inject(Fault(drop=True, match="values"))
    with pytest.raises(requests.exceptions.ConnectionError):
        session.get(_api(league, "/values/Config!A1"))
    assert session.get(_api(league, "/values/Config!A1")).status_code == 200


def test_faults_never_touch_the_token_endpoint(league: SheetsServer, session: AuthorizedSession) -> None:
    league.inject(Fault(status=503, times=1000))
    assert session.get(_api(league, "")).status_code == 503  # the token fetch went through
    assert league.token_requests == 1
    league.clear_faults()
    assert session.get(_api(league, "")).status_code == 200


# ---------------------------------------------------------------------------------------------
# plumbing


def test_concurrent_clients_are_all_served(league: SheetsServer, session: AuthorizedSession) -> None:
    session.get(_api(league, ""))
    token = session.credentials.token
    errors: list[BaseException] = []

    def worker(n: int) -> None:
        try:
            with requests.Session() as own:
                own.headers["Authorization"] = f"Bearer {token}"
                for i in range(5):
                    body = {
                        "requests": [
                            {
                                "appendCells": {
                                    "sheetId": 0,
                                    "fields": "userEnteredValue",
                                    "rows": [{"values": [{"userEnteredValue": {"stringValue": f"w{n}-{i}"}}]}],
                                }
                            }
                        ]
                    }
                    assert own.post(_api(league, ":batchUpdate"), json=body, timeout=10).status_code == 200
        except Exception as exc:  # noqa: BLE001 - reported by the main thread below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert not errors
    appended = [row[0] for row in league.values(SID, "Results QR1-AE")[3:]]
    assert sorted(appended) == sorted(f"w{n}-{i}" for n in range(6) for i in range(5))


def test_server_starts_fast_and_stops_cleanly() -> None:
    started = time.monotonic()
    with SheetsServer() as server:
        assert time.monotonic() - started < 0.5
        assert server.url.startswith("http://127.0.0.1:") and server.token_uri == server.url + "/token"
    assert requests.Session  # no thread left serving: a new request cannot connect
    with pytest.raises(requests.exceptions.ConnectionError):
        requests.get(server.url + "/v4/spreadsheets/x", timeout=1)


def test_sheet_index_moves_use_before_the_move_positions(league: SheetsServer, session: AuthorizedSession) -> None:
    config_id = league.spreadsheet(SID)["sheets"][1]["properties"]["sheetId"]
    move = {"requests": [{"updateSheetProperties": {"properties": {"sheetId": 0, "index": 2}, "fields": "index"}}]}
    assert session.post(_api(league, ":batchUpdate"), json=move).status_code == 200
    assert league.tab_names(SID) == ["Config", "Results QR1-AE", "Empty"]
    back = {
        "requests": [{"updateSheetProperties": {"properties": {"sheetId": config_id, "index": 1}, "fields": "index"}}]
    }
    assert session.post(_api(league, ":batchUpdate"), json=back).status_code == 200  # current + 1: no move
    assert league.tab_names(SID) == ["Config", "Results QR1-AE", "Empty"]
    assert [s["properties"]["index"] for s in league.spreadsheet(SID)["sheets"]] == [0, 1, 2]


def test_user_entered_and_raw_input(league: SheetsServer, session: AuthorizedSession) -> None:
    row = ["=1+1", "'=x", "12", "TRUE", "1,234.5", "50%", "text", ""]
    for option, line in (("USER_ENTERED", "A1"), ("RAW", "A2")):
        answer = session.put(
            _api(league, f"/values/Empty!{line}"), params={"valueInputOption": option}, json={"values": [row]}
        )
        assert answer.json()["updatedRange"] == f"Empty!{line}:{chr(ord('A') + len(row) - 1)}{line[1]}"
    entered, raw = league.values(SID, "Empty")
    assert entered == ["=1+1", "=x", 12, True, 1234.5, 0.5, "text"]
    assert raw == ["=1+1", "'=x", "12", "TRUE", "1,234.5", "50%", "text"]
    assert league.cell(SID, "Empty", "A1") == {"userEnteredValue": {"formulaValue": "=1+1"}}
    assert league.cell(SID, "Empty", "A2") == {"userEnteredValue": {"stringValue": "=1+1"}}
    missing = session.put(_api(league, "/values/Empty!A3"), json={"values": [["x"]]})
    assert missing.status_code == 400
    assert missing.json()["error"]["message"] == "Invalid valueInputOption: INPUT_VALUE_OPTION_UNSPECIFIED"

"""A local HTTP server that speaks the Google Sheets API v4 (and Google's OAuth token endpoint).

Test support for `sync/google.py`: the real gspread + google-auth stack talks to it over HTTP.
Nothing in gspread is patched; the client is pointed at `server.url` / `server.token_uri`.

    with SheetsServer() as server:
        server.trust(email, public_pem)
        server.add_spreadsheet("sheet-id", {"Results": [["Team", "Pts"], ["A", 3]]})
        ...                                                        # client calls f"{server.url}/v4/spreadsheets/..."
        server.values("sheet-id", "Results")                        # -> [["Team", "Pts"], ["A", 3]]

It emulates what the backends send, what gspread sends for the benchmark's straightforward sync,
and what the recorded answers of the real service check (`tests/fidelity/gspread-cassettes/`,
replayed by `tests/sync/test_sheets_server.py`), the way Google does:

* `POST /token` (`auth.py`): the JWT-bearer grant of a service account. The assertion's RS256
  signature is checked against the public key trusted for its `iss`, the audience must be
  `https://oauth2.googleapis.com/token`, it must not be expired and its `scope` must contain
  `https://www.googleapis.com/auth/spreadsheets`. Every `/v4/...` call needs `Authorization:
  Bearer <a token this server issued>` (else 401).
* `spreadsheets.get` (`resource.py`: `fields`, `includeGridData`, `ranges`); the values API
  (`values.py`): `get`, `batchGet`, `update` (PUT), `batchUpdate`, `append`, `clear`; and
  `spreadsheets.batchUpdate` (`batch.py`, all or nothing) with the ten kinds of request the
  backends send: addSheet, deleteSheet, updateSheetProperties, updateDimensionProperties
  (`sheet_requests.py`), updateCells, appendCells, setDataValidation, addProtectedRange
  (`cell_requests.py`), createDeveloperMetadata and deleteDeveloperMetadata (spreadsheet-level,
  `metadata.py`).
* Every JSON body and query string is validated against the API's discovery document
  (`discovery.py`, `validation.py`): unknown names, wrong JSON types and bad enum values get
  Google's 400 `Invalid JSON payload received...` answers.
* Errors use Google's JSON error shape `{"error": {"code", "message", "status"[, "details"]}}`
  (`errors.py`); injected faults (`faults.py`) answer as Google's front end does (`http.py`).

What it does not emulate is answered 501 with a JSON error naming it, never with a made-up answer:
every other method of the API (values:batchClear, getByDataFilter, create, ...), every other kind of
batchUpdate request (repeatCell, mergeCells, sortRange, named ranges, ...), developer metadata on
rows, columns or sheets, protected named ranges, and the options nothing here sends
(includeValuesInResponse, insertDataOption INSERT_ROWS, values written by columns,
includeSpreadsheetInResponse, `fields` on methods other than spreadsheets.get). Drive API paths
are answered 404.

Beyond the API, a test can: `add_spreadsheet`, `put_tab` (a judge's edit, no request), `values`,
`sheet`, `cell` (one stored CellData), `spreadsheet` (the metadata resource), `tab_names`,
`has_spreadsheet`; turn Google's per-minute quotas on (`SheetsServer(quota=Quota(...))`: a request past them is
answered 429, counted in `quota.refused`); `inject` faults, `clear_faults`, set `chaos` (a function choosing a fault for
any request no queued fault matches); `count` and read `requests`, `wait_idle` (until no request is
being served); `trust`, `issue_token` (skip the JWT dance), `revoke_tokens` (the next call gets a
401, as after expiry), `token_requests`; and read `errors` (tracebacks of bugs in this server, each
answered with a 500).

Where it is knowingly rough (a test must not rely on these):

* No formula evaluation: a cell whose userEnteredValue is a `formulaValue` reads back as its
  formula text under every valueRenderOption (Google would compute it).
* USER_ENTERED input parses numbers (`1,234.5`, `50%`, `$3`), TRUE/FALSE, `'`-escapes and
  `=formulas`, but not dates/times; number formats are ignored when rendering FORMATTED_VALUE.
* No `effectiveFormat` in grid data.
* values.append's table detection is a heuristic fitted to the recorded answers.
* A values body whose `range` disagrees with the URL's is not rejected (Google rejects it).
* Only the JWT-bearer grant exists at /token; the scope must include .../auth/spreadsheets (Google
  would also accept .../auth/drive).
* Messages of semantic errors that the recordings do not show are best guesses (e.g. "No sheet
  with id: N"); the shape ({"error": {"code", "message", "status"}}) is always Google's.
"""

from tests.support.sheets_server.auth import (
    GOOGLE_TOKEN_AUDIENCE,
    SERVICE_ACCOUNT_EMAIL,
    SPREADSHEETS_SCOPE,
    RsaKeyPair,
    make_rsa_key,
    service_account_info,
)
from tests.support.sheets_server.discovery import discovery_document
from tests.support.sheets_server.faults import Fault
from tests.support.sheets_server.quota import Quota
from tests.support.sheets_server.server import Recorded, SheetsServer

__all__ = [
    "GOOGLE_TOKEN_AUDIENCE",
    "SERVICE_ACCOUNT_EMAIL",
    "SPREADSHEETS_SCOPE",
    "Fault",
    "Quota",
    "Recorded",
    "RsaKeyPair",
    "SheetsServer",
    "discovery_document",
    "make_rsa_key",
    "service_account_info",
]

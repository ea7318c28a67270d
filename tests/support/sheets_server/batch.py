"""spreadsheets.batchUpdate: the requests applied in order to a copy of the spreadsheet, kept only if all succeed
(Google's batches are atomic). The kinds emulated are registered here by name; any other is answered 501."""

from __future__ import annotations

from typing import Any

from tests.support.sheets_server import cell_requests, metadata, sheet_requests
from tests.support.sheets_server.call import Call, Request
from tests.support.sheets_server.discovery import snake
from tests.support.sheets_server.errors import ApiError, Invalid, NotEmulated, bad_request
from tests.support.sheets_server.model import clone

REQUESTS: dict[str, Request] = {**sheet_requests.REQUESTS, **cell_requests.REQUESTS, **metadata.REQUESTS}
"""Every kind of request the backends send, by the name Google gives it."""


def batch_update(call: Call) -> dict[str, Any]:
    requests = call.body.get("requests", [])
    if not requests:
        raise ApiError(400, "Must specify at least one request.")
    if call.body.get("includeSpreadsheetInResponse"):
        raise NotEmulated("includeSpreadsheetInResponse")
    work = clone(call.book)
    replies = []
    for i, req in enumerate(requests):
        kinds = list(req)
        if not kinds:
            raise ApiError(400, f"Invalid requests[{i}]: No request set.")
        if len(kinds) > 1:
            message = (
                f"Invalid JSON payload received. Oneof field 'kind' is already set. Cannot set '{snake(kinds[1])}'"
            )
            raise bad_request([(f"requests[{i}]", message)])
        kind = kinds[0]
        apply = REQUESTS.get(kind)
        if apply is None:
            raise NotEmulated(f"requests[{i}].{kind}")
        try:
            reply = apply(work, req[kind], call)
        except Invalid as exc:
            raise ApiError(400, f"Invalid requests[{i}].{kind}: {exc}") from None
        except NotEmulated as exc:
            raise NotEmulated(f"requests[{i}].{kind} with {exc}") from None
        replies.append(reply or {})
    call.book = work
    return {"spreadsheetId": work.id, "replies": replies}

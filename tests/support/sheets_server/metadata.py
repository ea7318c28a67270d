"""Developer metadata, the spreadsheet-level kind, as Google keeps it: `createDeveloperMetadata` and
`deleteDeveloperMetadata` inside a batchUpdate, and the `developerMetadata` field of the Spreadsheet resource.

What Google does and this copy does too: an id is unique in the spreadsheet (a create with an id
already taken fails, and with it the whole batch), an id must be positive, a key and a visibility
are required, and a create without an id gets a random one. Not emulated (answered 501): metadata
on rows, columns or sheets, and deletes by location. A delete whose filter matches nothing
succeeds and deletes nothing (a best guess: no recorded answer shows it).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from tests.support.sheets_server.call import Call, Request
from tests.support.sheets_server.errors import Invalid, NotEmulated
from tests.support.sheets_server.model import Book

LOOKUP_FIELDS = ("metadataId", "metadataKey", "metadataValue", "visibility")


def create(book: Book, request: Mapping[str, Any], call: Call) -> dict[str, Any]:
    """Add one spreadsheet-level metadata; the reply holds it as Google echoes it."""
    held = book.developer_metadata
    wanted = dict(request.get("developerMetadata", {}))
    location = dict(wanted.get("location", {}))
    if not location.get("spreadsheet") or set(location) - {"spreadsheet", "locationType"}:
        raise NotEmulated("developer metadata on rows, columns or sheets")
    if not wanted.get("metadataKey"):
        raise Invalid("Developer metadata must always have a key specified.")
    if wanted.get("visibility") in (None, "DEVELOPER_METADATA_VISIBILITY_UNSPECIFIED"):
        raise Invalid("Developer metadata must always have a visibility specified.")
    taken = {m["metadataId"] for m in held}
    metadata_id = wanted.get("metadataId")
    if metadata_id is None:
        metadata_id = call.rng.randrange(1, 2**31 - 1)
        while metadata_id in taken:
            metadata_id = call.rng.randrange(1, 2**31 - 1)
    elif int(metadata_id) <= 0:
        raise Invalid(f"Developer metadata id must be positive, got {metadata_id}.")
    elif int(metadata_id) in taken:
        raise Invalid(f"Developer metadata with id {metadata_id} already exists.")
    made = {
        "metadataId": int(metadata_id),
        "metadataKey": wanted["metadataKey"],
        **({"metadataValue": wanted["metadataValue"]} if "metadataValue" in wanted else {}),
        "location": {"locationType": "SPREADSHEET", "spreadsheet": True},
        "visibility": wanted["visibility"],
    }
    held.append(made)
    return {"createDeveloperMetadata": {"developerMetadata": copy.deepcopy(made)}}


def delete(book: Book, request: Mapping[str, Any], call: Call) -> dict[str, Any]:
    """Remove every metadata the filter's lookup matches (all of its fields that are set)."""
    lookup = dict(request.get("dataFilter", {}).get("developerMetadataLookup", {}))
    criteria = {k: v for k, v in lookup.items() if k in LOOKUP_FIELDS}
    if not criteria or set(lookup) - set(LOOKUP_FIELDS):
        raise NotEmulated("a deleteDeveloperMetadata filter other than by id, key, value or visibility")
    gone = [m for m in book.developer_metadata if all(m.get(k) == v for k, v in criteria.items())]
    book.developer_metadata[:] = [m for m in book.developer_metadata if m not in gone]
    return {"deleteDeveloperMetadata": {"deletedDeveloperMetadata": copy.deepcopy(gone)}}


REQUESTS: dict[str, Request] = {
    "createDeveloperMetadata": create,
    "deleteDeveloperMetadata": delete,
}

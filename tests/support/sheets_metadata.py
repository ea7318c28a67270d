"""Developer metadata for the local Sheets API server: the spreadsheet-level kind, as Google keeps it.

`createDeveloperMetadata` and `deleteDeveloperMetadata` inside a batchUpdate, and the
`developerMetadata` field of the Spreadsheet resource. Kept apart from `sheets_server.py` so that
the server only dispatches to these functions over the book's list of metadata.

What Google does and this copy does too: an id is unique in the spreadsheet (a create with an id
already taken fails, and with it the whole batch), an id must be positive, a key and a visibility
are required, and a create without an id gets a random one. Not served: metadata on rows, columns
or sheets (answered with a 400 saying so), and lookups by location. A delete whose filter matches
nothing succeeds and deletes nothing (a best guess: no recorded answer shows it).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

Metadata = list[dict[str, Any]]
LOOKUP_FIELDS = ("metadataId", "metadataKey", "metadataValue", "visibility")


class Refused(ValueError):
    """The request is invalid; the server answers it as Google does, with a 400 naming the request."""


def create(held: Metadata, request: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Add one spreadsheet-level metadata; the reply holds it as Google echoes it."""
    wanted = dict(request.get("developerMetadata", {}))
    location = dict(wanted.get("location", {}))
    if not location.get("spreadsheet") or set(location) - {"spreadsheet", "locationType"}:
        raise Refused("the local Sheets test server only keeps developer metadata on the whole spreadsheet "
                      "(Google would also attach it to rows, columns and sheets)")
    if not wanted.get("metadataKey"):
        raise Refused("Developer metadata must always have a key specified.")
    if wanted.get("visibility") in (None, "DEVELOPER_METADATA_VISIBILITY_UNSPECIFIED"):
        raise Refused("Developer metadata must always have a visibility specified.")
    taken = {m["metadataId"] for m in held}
    metadata_id = wanted.get("metadataId")
    if metadata_id is None:
        metadata_id = rng.randrange(1, 2**31 - 1)
        while metadata_id in taken:
            metadata_id = rng.randrange(1, 2**31 - 1)
    elif int(metadata_id) <= 0:
        raise Refused(f"Developer metadata id must be positive, got {metadata_id}.")
    elif int(metadata_id) in taken:
        raise Refused(f"Developer metadata with id {metadata_id} already exists.")
    made = {"metadataId": int(metadata_id), "metadataKey": wanted["metadataKey"],
            **({"metadataValue": wanted["metadataValue"]} if "metadataValue" in wanted else {}),
            "location": {"locationType": "SPREADSHEET", "spreadsheet": True}, "visibility": wanted["visibility"]}
    held.append(made)
    return {"createDeveloperMetadata": {"developerMetadata": copy.deepcopy(made)}}


def delete(held: Metadata, request: Mapping[str, Any]) -> dict[str, Any]:
    """Remove every metadata the filter's lookup matches (all of its fields that are set)."""
    lookup = dict(request.get("dataFilter", {}).get("developerMetadataLookup", {}))
    criteria = {k: v for k, v in lookup.items() if k in LOOKUP_FIELDS}
    if not criteria or set(lookup) - set(LOOKUP_FIELDS):
        raise Refused("the local Sheets test server deletes developer metadata by id, key, value or visibility only")
    gone = [m for m in held if all(m.get(k) == v for k, v in criteria.items())]
    held[:] = [m for m in held if m not in gone]
    return {"deleteDeveloperMetadata": {"deletedDeveloperMetadata": copy.deepcopy(gone)}}

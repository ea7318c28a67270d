"""The proof of which write batch Google applied last: spreadsheet-level developer metadata.

After an answer lost on the way back, one read of the marker tells whether the batch landed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

Json = dict[str, Any]

MARKER_FIELDS = "developerMetadata(metadataId,metadataKey,metadataValue)"
"""What the one read after a lost answer asks for: the spreadsheet's own developer metadata."""
MARKER_KEY = "league.write"
"""Key of the developer metadata that proves which batch was applied last."""


class Marker(NamedTuple):
    """The proof a batch carries: spreadsheet-level developer metadata created in the same atomic batch.

    Its id is chosen by us and unique in the spreadsheet, so the same batch applied a second time
    fails whole (Google refuses a second metadata with one id) instead of appending twice."""

    metadata_id: int
    value: str


def marker_requests(metadata: Json, marker: Marker) -> list[Json]:
    """Create this batch's marker and delete the earlier ones, so the spreadsheet holds one whatever the season's length.

    The create comes first: repeating the batch fails on it, whatever happened to the older markers."""
    create: Json = {
        "createDeveloperMetadata": {
            "developerMetadata": {
                "metadataId": marker.metadata_id,
                "metadataKey": MARKER_KEY,
                "metadataValue": marker.value,
                "location": {"spreadsheet": True},
                "visibility": "DOCUMENT",
            }
        }
    }
    return [
        create,
        *(
            {"deleteDeveloperMetadata": {"dataFilter": {"developerMetadataLookup": {"metadataId": old}}}}
            for old in marker_ids(metadata)
        ),
    ]


def marker_ids(metadata: Mapping[str, Any]) -> list[int]:
    """Ids of the markers the spreadsheet holds now (developer metadata under MARKER_KEY)."""
    return [int(m["metadataId"]) for m in metadata.get("developerMetadata", []) if m.get("metadataKey") == MARKER_KEY]


def has_marker(metadata: Mapping[str, Any], marker: Marker) -> bool:
    """Whether the batch that carries `marker` was applied."""
    return any(
        m.get("metadataKey") == MARKER_KEY
        and m.get("metadataId") == marker.metadata_id
        and m.get("metadataValue") == marker.value
        for m in metadata.get("developerMetadata", [])
    )

"""One Sheets API call as the method answering it sees it."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tests.support.sheets_server.model import Book


@dataclass
class Call:
    """The spreadsheet a call is on, what it sent, and what a method may draw on to answer it."""

    book: Book
    """The spreadsheet; a method that works on a copy (an all-or-nothing batch) puts the copy here once it succeeded."""
    params: Mapping[str, str]
    """The path parameters, percent-decoded (`range`)."""
    query: Mapping[str, list[str]]
    body: Any
    """The JSON body, checked against the discovery document and normalised."""
    email: str
    """The account the bearer token stands for."""
    rng: random.Random
    """Draws the ids Google would pick (sheets, protections, metadata)."""
    schemas: Mapping[str, Any]
    """The discovery document's schemas, which field masks are checked against."""


Method = Callable[[Call], Any]
"""What answers one method of the API: its JSON answer."""
Request = Callable[[Book, Mapping[str, Any], Call], "dict[str, Any] | None"]
"""What applies one kind of batchUpdate request to the batch's copy of the spreadsheet: its reply, if it has one."""

"""A1 notation as Google reads and echoes it: `'Results QR1'!A1:C3`, bare titles when simple, whole rows and columns."""

from __future__ import annotations

import re
from typing import NamedTuple

from league.cells import column_letter

_SIMPLE_TITLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CELLISH = re.compile(r"([A-Za-z]{1,3}[0-9]+|[Rr][0-9]*[Cc][0-9]*|[A-Za-z]{1,3}|TRUE|FALSE)", re.IGNORECASE)
_CELL_PART = re.compile(r"\$?([A-Za-z]{0,3})\$?([0-9]*)(?::\$?([A-Za-z]{0,3})\$?([0-9]*))?")


class Span(NamedTuple):
    """Zero-based, half-open bounds of a range; None where it is open (`A:C` has no rows)."""

    r0: int | None
    r1: int | None
    c0: int | None
    c1: int | None


WHOLE = Span(None, None, None, None)


def col_index(letters: str) -> int:
    """`A` -> 0, `AA` -> 26."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n - 1


def quote_title(title: str) -> str:
    """Sheet title as Google echoes it in A1 ranges: bare when simple, else '...' quoted."""
    if _SIMPLE_TITLE.fullmatch(title) and not _CELLISH.fullmatch(title):
        return title
    return "'" + title.replace("'", "''") + "'"


def unquote_title(text: str) -> str:
    """`'It''s'` -> `It's`; a bare title as it is."""
    if len(text) >= 2 and text[0] == "'" and text[-1] == "'":
        return text[1:-1].replace("''", "'")
    return text


def a1(title: str, r0: int, r1: int, c0: int, c1: int) -> str:
    """Half-open zero-based bounds -> "Title!A1:B2" ("Title!A1" for a single cell)."""
    start = f"{column_letter(c0)}{r0 + 1}"
    if r1 - r0 <= 1 and c1 - c0 <= 1:
        return f"{quote_title(title)}!{start}"
    return f"{quote_title(title)}!{start}:{column_letter(c1 - 1)}{r1}"


def grid_limits_message(title: str, rows: int, cols: int, r0: int, r1: int, c0: int, c1: int) -> str:
    """Google's wording, title always quoted: "Range ('Sheet1'!A1001) exceeds grid limits. ..."."""
    cells = a1(title, r0, max(r1, r0 + 1), c0, max(c1, c0 + 1)).rsplit("!", 1)[1]
    quoted = "'" + title.replace("'", "''") + "'"
    return f"Range ({quoted}!{cells}) exceeds grid limits. Max rows: {rows}, max columns: {cols}"


def parse_cells(text: str) -> Span | None:
    """The cells part of an A1 range (`B2`, `A1:C3`, `A:C`, `2:4`, `C3:A1`), or None if it is not one."""
    m = _CELL_PART.fullmatch(text.strip())
    if not m:
        return None
    sc, sr, ec, er = m.groups()
    if ":" not in text:
        if not (sc and sr) or int(sr) == 0:
            return None
        r, c = int(sr) - 1, col_index(sc)
        return Span(r, r + 1, c, c + 1)
    if not (sc or sr) or not (ec or er) or (sr and int(sr) == 0) or (er and int(er) == 0):
        return None
    if (sc and not sr and not ec and er) or (sr and not sc and ec and not er):
        return None
    r0 = int(sr) - 1 if sr else None
    r1 = int(er) if er else None
    c0 = col_index(sc) if sc else None
    c1 = col_index(ec) + 1 if ec else None
    if r0 is not None and r1 is not None and r1 <= r0:
        r0, r1 = r1 - 1, r0 + 1
    if c0 is not None and c1 is not None and c1 <= c0:
        c0, c1 = c1 - 1, c0 + 1
    return Span(r0, r1, c0, c1)

"""Secrets kept out of what the tool shows: a Page token or a webhook checked without being quoted, and any echo of
one (cut short, in another case, base64- or URL-encoded) removed from what a server said before that is printed or
kept. Shared by every destination `league publish` posts to."""

from __future__ import annotations

import base64
import re
from urllib.parse import quote

from league.plain_text import one_line

ECHO = 8
"""The fewest characters of the token, in a row, that count as an echo of it (a server may echo a token cut short)."""
SHOWN = 200
"""The most characters of what a server said that a message shows."""


def token_problem(token: str) -> str | None:
    """What is wrong with a secret (never the secret itself): it must be one line of printable ASCII without spaces,
    since it travels in a header or an address and anything else ends in an error that would quote it."""
    if not token:
        return "is empty"
    one = token.rstrip("\r\n")
    if "\n" in one or "\r" in one:
        return "holds a line break"
    if one != token:
        return "ends with a line break"
    bad = next((n for n, c in enumerate(token, 1) if not " " <= c <= "~"), None)
    if bad is not None:
        return f"holds a character that is not printable ASCII (character {bad})"
    if " " in token:
        return f"holds a space (character {token.index(' ') + 1})"
    return None


def scrub(text: str, token: str) -> str:
    """The text with every echo of the token removed: any run of `ECHO` or more of its characters in a row (a token cut
    short), in any case, as sent, as Python quotes it, base64-encoded or URL-encoded; each echo becomes `[token]`."""
    if not token:
        return text
    grams: dict[int, set[str]] = {}
    for form in _echoes(token):
        size = min(ECHO, len(form))
        grams.setdefault(size, set()).update(_fold(form[i : i + size]) for i in range(len(form) - size + 1))
    folded = _fold(text)
    covered = bytearray(len(text))
    for size, found in grams.items():
        for i in range(len(folded) - size + 1):
            if folded[i : i + size] in found:
                covered[i : i + size] = b"\1" * size
    pieces, start = [], 0
    for run in re.finditer(b"\1+", covered):
        pieces += [text[start : run.start()], "[token]"]
        start = run.end()
    return "".join(pieces) + text[start:]


def _echoes(token: str) -> set[str]:
    """The token as a server may echo it: as sent, as Python quotes it, each of its lines, base64-encoded (standard or
    URL-safe, at each of the three alignments it may have inside a longer text), and each of those URL-encoded."""
    forms = {token, repr(token)[1:-1], *(part for part in token.split() if len(part) >= ECHO)}
    raw = token.encode()
    for shift in range(3):  # the token's own characters of base64("x" * shift + token): the first and last are mixed
        start, end = -(-8 * shift // 6), 8 * (shift + len(raw)) // 6
        for encode in (base64.b64encode, base64.urlsafe_b64encode):
            coded = encode(b"\0" * shift + raw).decode()[start:end]
            if coded:
                forms.add(coded)
    return forms | {quote(form, safe="") for form in forms} | {quote(form) for form in forms}


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _fold(text: str) -> str:
    """The text in lower case, character for character (only ASCII letters change, so positions stay)."""
    return text.translate(_ASCII_LOWER)


def shown(text: str, token: str, limit: int = SHOWN) -> str:
    """What a server said, safe to print and keep: the token's echoes removed, control characters as spaces, cut to
    `limit` characters."""
    safe = one_line(scrub(text, token))
    return safe if len(safe) <= limit else f"{safe[:limit]}…"

"""Text for Discord: people's words escaped so that they never ping nor format a message, and lines packed into
messages under Discord's 2,000 characters, in order.

Discord reads a message's content as markdown: `**`, `_`, `~~`, `||`, `#` and `-` at a line's start, `[text](link)`,
`<@id>`, `:emoji:` and `@everyone` all mean something. A backslash before any ASCII punctuation shows it as it is,
so every such character of a name gets one; the messages also say `allowed_mentions` is empty (nothing pings even
if an escape were missed)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from league.plain_text import one_line

LIMIT = 2000
"""The most characters of a Discord message's content."""
MARKUP = re.compile(r"([\\*_~`|<>#\-+\[\]()@:.!=/{}])")
"""Every character Discord's markdown, mentions, emoji or links could read as markup."""
LINK = re.compile(r"https?://\S+")
"""A link the tool wrote (the league's page): kept as it is, so Discord still links it."""
PART = " ({} of {})"
TITLE = 200
"""The most characters of a message's title (an event named at length is cut short)."""


def escaped(text: str) -> str:
    """People's text as Discord shows it literally, on one line: each markup character after a backslash."""
    return MARKUP.sub(r"\\\1", one_line(text))


def escaped_caption(caption: str) -> str:
    """A caption the tool wrote (names, numbers, its own words) shown literally line by line, its links left working."""
    return "\n".join(_escaped_line(line) for line in caption.splitlines())


def _escaped_line(line: str) -> str:
    pieces, start = [], 0
    for link in LINK.finditer(line):
        pieces += [escaped(line[start : link.start()]), one_line(link.group())]
        start = link.end()
    return "".join(pieces) + escaped(line[start:])


def packed(lines: Sequence[str], limit: int = LIMIT) -> list[str]:
    """The lines joined into as few messages as keep each under `limit` characters, in order, never splitting a line
    (one longer than a message is cut short); blank lines at a message's edges are dropped."""
    out: list[str] = []
    current: list[str] = []
    size = 0
    for line in (_cut(line, limit) for line in lines):
        if current and size + 1 + len(line) > limit:
            out.append("\n".join(current).strip("\n"))
            current, size = [], 0
        size += (1 if current else 0) + len(line)
        current.append(line)
    if current:
        out.append("\n".join(current).strip("\n"))
    return [message for message in out if message]


def titled(title: str, lines: Sequence[str], limit: int = LIMIT) -> list[str]:
    """Messages of the lines, each opening with the title (in bold); when there are several, the title says which
    one it is (`(2 of 3)`), so a long event's pairings read in order on a phone."""
    title = _cut(title, TITLE)
    room = limit - len(title) - 5 - len(PART.format(99, 99))  # the bold marks and the title's line break
    parts = packed(lines, room)
    if len(parts) <= 1:
        return [f"**{title}**" + "".join(f"\n{p}" for p in parts)]
    return [f"**{title}{PART.format(n, len(parts))}**\n{p}" for n, p in enumerate(parts, 1)]


def _cut(line: str, limit: int) -> str:
    """A line that would not fit a message alone, cut short (never between a backslash and what it escapes)."""
    if len(line) <= limit:
        return line
    head = line[: limit - 1]
    escapes = len(head) - len(head.rstrip("\\"))
    return (head[:-1] if escapes % 2 else head) + "…"

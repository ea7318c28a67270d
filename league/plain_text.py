"""Text from people and servers made safe to show: no C0 or C1 control character reaches a terminal or an export.

A cell may hold anything Google Sheets or Excel lets a judge type or paste: a line break, a tab, an escape sequence
that clears a terminal. The workbook keeps it as typed; everything that shows it shows it on one line, each control
character (or run of them) a space."""

from __future__ import annotations

import re

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]+")
"""C0 controls (line breaks and tabs included), DEL and C1 controls."""


def has_control(text: str) -> bool:
    """Whether the text holds a control character."""
    return CONTROL.search(text) is not None


def one_line(text: str) -> str:
    """The text with each run of control characters (a line break, a tab, an escape sequence's ESC) as one space."""
    return CONTROL.sub(" ", text) if CONTROL.search(text) else text

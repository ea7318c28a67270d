"""The cell formats of output tabs in an `.xlsx` styles part: reused, never piled up.

Every sync rewrites the output tabs, so the formats they used last time are free again. Cells
point at formats by position, and other tabs' bytes must not change, so only the formats after
the last one any kept tab uses are dropped; the tool's own always sit there. Then each needed
format is found among those left, or appended. A sync that changes nothing thus leaves the
part byte-identical, and a workbook bloated by earlier versions shrinks on its next sync.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

BOLD = '<font><b/><sz val="11"/><name val="Calibri"/></font>'
LINK = '<font><u/><sz val="11"/><color rgb="FF0563C1"/><name val="Calibri"/></font>'
WRAP = (
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1">'
    '<alignment vertical="top" wrapText="1"/></xf>'
)
FIRST_CUSTOM_FORMAT = 164
"""Number format ids below this are Excel's built-in ones."""
_USED = re.compile(r'\s(?:s|style)="(\d+)"')


def escape(text: str) -> str:
    """Text as XML character data: what `xml.sax.saxutils.escape` gives, without its import of
    urllib and http.client (a tenth of an `.xlsx` write's imports)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(text: str) -> str:
    """Text as a quoted XML attribute value, as `xml.sax.saxutils.quoteattr` gives it."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'


@dataclass
class Styles:
    """Indexes of the cell formats output tabs use."""

    header: int = 0
    link: int = 0
    wrap: int = 0
    moment: int = 0
    """A date with its time of day."""
    numbers: dict[str, int] = field(default_factory=dict)


def used_formats(sheet_parts: Iterable[bytes]) -> set[int]:
    """The cell formats that cells, rows and columns of these worksheet parts point at."""
    return {int(n) for part in sheet_parts for n in _USED.findall(part.decode("utf-8", "replace"))}


def output_styles(text: str, patterns: list[str], used: set[int]) -> tuple[str, Styles]:
    """The styles part with unused trailing formats dropped and the output tabs' formats present, and their indexes."""
    text = _compact(text, used)
    text, bold = _ensure(text, "fonts", "font", BOLD)
    text, link = _ensure(text, "fonts", "font", LINK)
    ids = {}
    for pattern in patterns:
        text, ids[pattern] = _number_format(text, pattern)
    formats = [
        _xf(0, bold, ' applyFont="1"'),
        _xf(0, link, ' applyFont="1"'),
        WRAP,
        _xf(22, 0, ' applyNumberFormat="1"'),
        *(_xf(ids[p], 0, ' applyNumberFormat="1"') for p in patterns),
    ]
    indexes = []
    for xf in formats:
        text, index = _ensure(text, "cellXfs", "xf", xf)
        indexes.append(index)
    header, link_xf, wrap, moment, *numbers = indexes
    return text, Styles(header, link_xf, wrap, moment, dict(zip(patterns, numbers)))


def _xf(number: int, font: int, applies: str) -> str:
    return f'<xf numFmtId="{number}" fontId="{font}" fillId="0" borderId="0" xfId="0"{applies}/>'


def _section(text: str, tag: str) -> re.Match[str] | None:
    """The collection element `tag` (`fonts`, `cellXfs`, ...), with its children as group 2."""
    return re.search(rf"<{tag}\b([^>]*?)(?:/>|>(.*?)</{tag}>)", text, re.S)


def _children(text: str, tag: str, child: str) -> list[str]:
    found = _section(text, tag)
    body = (found.group(2) or "") if found else ""
    return re.findall(rf"<{child}\b[^>]*?(?:/>|>.*?</{child}>)", body, re.S)


def _replace_children(text: str, tag: str, children: list[str]) -> str:
    """The collection holding exactly `children`, its count matching; other bytes unchanged."""
    found = _section(text, tag)
    if not found:
        return text
    attributes = re.sub(r'(\scount=")\d+(")', rf"\g<1>{len(children)}\g<2>", found.group(1), count=1)
    if "count=" not in attributes:
        attributes += f' count="{len(children)}"'
    return text[: found.start()] + f"<{tag}{attributes}>{''.join(children)}</{tag}>" + text[found.end() :]


def _ensure(text: str, tag: str, child: str, element: str) -> tuple[str, int]:
    """The index of `element` in the collection: an identical one already there, or a new one at its end."""
    children = _children(text, tag, child)
    if element in children:
        return text, children.index(element)
    if _section(text, tag) is None:  # a styles part without this collection: it goes first, as Excel orders them
        text = re.sub(r"(<styleSheet\b[^>]*>)", rf"\1<{tag}></{tag}>", text, count=1)
    return _replace_children(text, tag, [*children, element]), len(children)


def _number_format(text: str, pattern: str) -> tuple[str, int]:
    """The id of a custom number format with this pattern: an existing one, or a new one."""
    formats = _children(text, "numFmts", "numFmt")
    for element in formats:
        code = re.search(r'\sformatCode=("[^"]*"|\'[^\']*\')', element)
        number = re.search(r'\snumFmtId="(\d+)"', element)
        if code and number and code.group(1) == quoteattr(pattern):
            return text, int(number.group(1))
    taken = [int(n) for n in re.findall(r'numFmtId="(\d+)"', text)]
    number_id = max([FIRST_CUSTOM_FORMAT - 1, *taken]) + 1
    text, _ = _ensure(text, "numFmts", "numFmt", f'<numFmt numFmtId="{number_id}" formatCode={quoteattr(pattern)}/>')
    return text, number_id


def _compact(text: str, used: set[int]) -> str:
    """Drop the cell formats after the last used one, then fonts and number formats no remaining format uses."""
    xfs = _children(text, "cellXfs", "xf")
    keep = max(used | {0}) + 1
    if len(xfs) > keep:
        text = _replace_children(text, "cellXfs", xfs[:keep])
    formats = [*_children(text, "cellXfs", "xf"), *_children(text, "cellStyleXfs", "xf")]
    fonts = _children(text, "fonts", "font")
    font_ids = {int(n) for xf in formats for n in re.findall(r'\sfontId="(\d+)"', xf)}
    if len(fonts) > max(font_ids | {0}) + 1:
        text = _replace_children(text, "fonts", fonts[: max(font_ids | {0}) + 1])
    number_ids = {n for xf in formats for n in re.findall(r'\snumFmtId="(\d+)"', xf)}
    numbers = _children(text, "numFmts", "numFmt")
    kept = [f for f in numbers if (re.findall(r'\snumFmtId="(\d+)"', f) or [""])[0] in number_ids]
    if len(kept) < len(numbers):
        text = _replace_children(text, "numFmts", kept)
    return text

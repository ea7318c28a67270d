"""The fonts every export draws with, and which of them draws each character.

A chain of faces, tried in order for each character: DejaVu Sans, which ships with matplotlib (Latin
with every accent, Greek, Cyrillic, Hebrew, Arabic, Armenian, Georgian); the Noto faces of the
`manimgx-fonts` package (Devanagari and the other Indic scripts, Thai, Lao, Khmer, Myanmar, Ethiopic,
symbols, and Noto Emoji, drawn in the text's colour); Noto Sans CJK of `manimgx-fonts-cjk` (Chinese,
Japanese, Korean); then whatever font the system's fontconfig finds for a character still missing. A
word is drawn in one face when one face holds all of it, so Arabic stays joined and Devanagari keeps
its marks. What no face holds is reported by `missing_glyphs` (the sync lists it in `Problems`) and
drawn as U+FFFD, never as an empty box.

Nothing here loads a font before an image or a poster asks for one: the coverage of a face is read
only when the faces before it lack a character."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from league.plain_text import has_control, one_line

REPLACEMENT = "\ufffd"
"""Drawn for a character no font holds (DejaVu Sans has it): a visible mark, and the name is in `Problems`."""
SCRIPT_FACES = (
    "Arabic",
    "Hebrew",
    "Devanagari",
    "Bengali",
    "Gurmukhi",
    "Gujarati",
    "Oriya",
    "Tamil",
    "Telugu",
    "Kannada",
    "Malayalam",
    "Sinhala",
    "Thai",
    "Lao",
    "Khmer",
    "Myanmar",
    "Ethiopic",
    "Armenian",
    "Georgian",
)
"""The Noto Sans faces of `manimgx-fonts` for the scripts DejaVu Sans lacks or draws less well, in the order tried."""
CJK_FACE = 2
"""Noto Sans CJK's face for Simplified Chinese in its collection (0 JP, 1 KR, 2 SC, 3 TC, 4 HK): every face holds
every Han character, kana and Hangul; only some Han shapes follow the region."""


@dataclass(frozen=True)
class Face:
    """One font of the chain: a file, its face in a collection, and whether it has a weight axis."""

    path: Path
    index: int = 0
    variable: bool = False
    """A variable font (Noto's `[wght]` files): bold is drawn by setting its weight, not from another file."""

    @property
    def name(self) -> str:
        return f"{self.path.stem}-{self.index}"


def _package_folder(package: str) -> Path | None:
    """Where an installed package's files are, found without importing it (and without the font files loading)."""
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent


@cache
def font_file(bold: bool = False) -> Path:
    """The bundled DejaVu Sans TTF, found without importing matplotlib
    (the poster and the font test need only the file)."""
    folder = _package_folder("matplotlib")
    if folder is None:
        raise RuntimeError("matplotlib is not installed; reinstall league")
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return folder / "mpl-data" / "fonts" / "ttf" / name


@cache
def packaged_faces() -> tuple[Face, ...]:
    """The fallback faces the pip packages bring, in the order tried; a package not installed is skipped."""
    out: list[Face] = []
    noto = _package_folder("manimgx_fonts")
    if noto is not None:
        out += [Face(noto / f"NotoSans{script}[wght].ttf", variable=True) for script in SCRIPT_FACES]
    cjk = _package_folder("manimgx_fonts_cjk")
    if cjk is not None:
        out.append(Face(cjk / "NotoSansCJK-VF.otf.ttc", CJK_FACE, variable=True))
    if noto is not None:
        out += [
            Face(noto / f"{name}[wght].ttf", variable=True) for name in ("NotoEmoji", "NotoSansSymbols", "NotoSans")
        ]
    return tuple(face for face in out if face.path.is_file())


def chain(bold: bool = False) -> tuple[Face, ...]:
    """Every face tried, DejaVu Sans first."""
    return (Face(font_file(bold)), *packaged_faces())


@cache
def coverage(face: Face) -> frozenset[int]:
    """The code points a face has a glyph for, from its character map."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    with TTFont(
        str(face.path), fontNumber=face.index if face.path.suffix.lower() in (".ttc", ".otc") else -1, lazy=True
    ) as font:
        return frozenset(font.getBestCmap() or {})


@cache
def system_face(char: str) -> Face | None:
    """A font of the system that fontconfig says holds `char`, if fontconfig is there and knows one."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return None
    try:
        out = subprocess.run(
            [fc_list, f":charset={ord(char):x}", "file", "index"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    for line in sorted(out.splitlines()):
        found = re.match(r"(.+?): ?(?::index=(\d+))?$", line.strip())
        if found and Path(found.group(1)).suffix.lower() in (".ttf", ".otf", ".ttc", ".otc"):
            face = Face(Path(found.group(1)), int(found.group(2) or 0))
            if ord(char) in coverage(face):
                return face
    return None


def _ignorable(char: str) -> bool:
    """Joiners, variation selectors and tags: never drawn on their own, so never missing."""
    code = ord(char)
    return code in (0x200C, 0x200D) or 0xFE00 <= code <= 0xFE0F or 0xE0000 <= code <= 0xE01EF


def _attaches(char: str) -> bool:
    """A character that belongs to the one before it: a combining mark, a joiner, an emoji modifier."""
    return _ignorable(char) or unicodedata.category(char) in ("Mn", "Mc", "Me") or 0x1F3FB <= ord(char) <= 0x1F3FF


def face_for(char: str, bold: bool = False) -> Face | None:
    """The first face of the chain holding `char`, then a system font; None when nothing holds it."""
    code = ord(char)
    for face in chain(bold):
        if code in coverage(face):
            return face
    return system_face(char)


def _holds(face: Face, text: str) -> bool:
    cover = coverage(face)
    return all(ord(c) in cover or _ignorable(c) for c in text)


def runs(text: str, bold: bool = False) -> list[tuple[str, Face | None]]:
    """`text` cut into runs drawn with one face each, in reading order as typed (None: no face holds the run).

    A word one face holds whole stays in that face (Arabic keeps its joins); spaces stay with the word before."""
    primary = chain(bold)[0]
    if _holds(primary, text):
        return [(text, primary)]
    out: list[tuple[str, Face | None]] = []

    def add(piece: str, face: Face | None) -> None:
        if out and out[-1][1] == face:
            out[-1] = (out[-1][0] + piece, face)
        else:
            out.append((piece, face))

    for piece in re.findall(r"\s+|\S+", text):
        if piece.isspace() and out and out[-1][1] is not None and _holds(out[-1][1], piece):
            add(piece, out[-1][1])
            continue
        whole = next((face for face in chain(bold) if _holds(face, piece)), None)
        if whole is not None:
            add(piece, whole)
            continue
        for char in piece:
            if _attaches(char) and out:
                add(char, out[-1][1])
            else:
                add(char, face_for(char, bold))
    return out


def missing(text: str, bold: bool = False) -> str:
    """The characters of `text` that no font of the chain nor of the system holds, each once, in order; a control
    character is not one: it is drawn as a space (`drawable`), and `Problems` warns of it."""
    primary = chain(bold)[0]
    if _holds(primary, text):
        return ""
    lacking = (
        c for c in text if not c.isspace() and not has_control(c) and not _ignorable(c) and face_for(c, bold) is None
    )
    return "".join(dict.fromkeys(lacking))


def missing_glyphs(names: Iterable[str]) -> dict[str, str]:
    """Each name that cannot be drawn whole, with the characters no font holds (regular or bold): the sync's
    warning at that name's cell. Names every font draws are left out, so a Latin league gets an empty dict."""
    out: dict[str, str] = {}
    for name in dict.fromkeys(names):
        lacking = "".join(dict.fromkeys(missing(name) + missing(name, bold=True)))
        if lacking:
            out[name] = lacking
    return out


def drawable(text: str, bold: bool = False) -> str:
    """`text` on one line (each run of control characters a space), each character no font holds replaced by U+FFFD,
    so it never shows as a box or a gap."""
    text = one_line(text)
    lacking = set(missing(text, bold))
    return "".join(REPLACEMENT if c in lacking else c for c in text) if lacking else text

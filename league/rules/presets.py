"""Finding a ruleset by preset name or by file, with what it `extends` merged under it, and its catalog.

The domain does no I/O: the caller passes in how to read the files shipped in `league/rules/presets/` and the
organiser's own files (`Sources`), and this module does the rest: which is which, `extends`, circles, messages."""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from league.plain_text import CONTROL
from league.rules.catalog import EMPTY, Catalog, parse_catalog
from league.rules.schema import RulesetError, merged

if TYPE_CHECKING:
    from league.rules.ruleset import Ruleset

SUFFIX = ".toml"
CATALOG_SUFFIX = "-catalog.toml"


@dataclass(frozen=True)
class RulesetFile:
    """An organiser's ruleset file as the caller found it."""

    text: str | None
    """Its text; None when there is no such file."""
    source: str
    """Where it is (the resolved path): how messages name it, and how a circle of `extends` is recognised."""
    folder: str
    """The folder the files it `extends` are looked up in."""


@dataclass(frozen=True)
class Sources:
    """How to read rulesets and catalogs: the caller's I/O, passed in."""

    shipped: Callable[[str], str | None]
    """`name` -> the text of `name.toml` shipped in `league/rules/presets/` (a preset or a catalog), or None."""
    listing: Callable[[], Iterable[str]]
    """The file names in `league/rules/presets/`."""
    file: Callable[[str, str], RulesetFile]
    """(what `ruleset` or `extends` names, the folder it is relative to) -> that file. Raises `RulesetError` when
    the file is there but cannot be read."""


def preset_names(files: Iterable[str]) -> list[str]:
    """The presets among the file names of `league/rules/presets/`: every ruleset, not the catalogs."""
    return sorted(f[: -len(SUFFIX)] for f in files if f.endswith(SUFFIX) and not f.endswith(CATALOG_SUFFIX))


def toml(text: str, source: str) -> dict[str, Any]:
    """A TOML file's data; invalid TOML is refused naming the file."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{source}: not valid TOML ({exc})") from None


def ruleset_data(spec: str, folder: str, sources: Sources, seen: tuple[str, ...] = ()) -> tuple[dict[str, Any], str]:
    """A ruleset's TOML data by preset name or path (relative to `folder`), with whatever it `extends` merged under
    it; and where it came from."""
    text, source = sources.shipped(spec), spec
    if text is None:
        found = sources.file(spec, folder)
        if found.text is None:
            names = preset_names(sources.listing())
            near = difflib.get_close_matches(spec, names, n=1, cutoff=0.6)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            raise RulesetError(
                f"ruleset {spec!r} is neither a preset ({', '.join(names)}) nor a file at {found.source}{hint}"
            )
        text, source, folder = found.text, found.source, found.folder
    if source in seen:
        raise RulesetError(f"{source}: `extends` goes round in a circle ({' -> '.join([*seen, source])})")
    data = toml(text, source)
    parent = data.pop("extends", None)
    if parent is None:
        return data, source
    if not isinstance(parent, str):
        raise RulesetError(f"{source}: `extends` must be a preset name or a ruleset file, found {parent!r}")
    if CONTROL.search(parent):  # a NUL in a path stops the operating system from opening it at all
        raise RulesetError(f"{source}: `extends` holds a control character ({parent!r}); type the name without it")
    inherited, _ = ruleset_data(parent, folder, sources, (*seen, source))
    return merged(inherited, data), source


def catalog_of(ruleset: Ruleset, sources: Sources) -> Catalog:
    """The shipped catalog a component of the ruleset checks names against, or the empty one."""
    name = next((c.catalog_name for c in ruleset.components if c.catalog_name), "")
    if not name:
        return EMPTY
    text = sources.shipped(name)
    if text is None:
        raise RulesetError(f"{ruleset.source}: catalog {name!r} is not shipped with the package")
    return parse_catalog(toml(text, name), name)


def find_ruleset(spec: str, folder: str, sources: Sources) -> tuple[Ruleset, Catalog]:
    """A ruleset by preset name or by path (relative to `folder`), checked, with its catalog."""
    # Checking a ruleset needs the scoring and tiebreaker registries, and so numpy: imported here, so that
    # `league --help`, which lists the presets, does not pay for it.
    from league.rules.load import parse_ruleset

    data, source = ruleset_data(spec, folder, sources)
    ruleset = parse_ruleset(data, source)
    return ruleset, catalog_of(ruleset, sources)

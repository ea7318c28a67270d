"""The optional `[branding]` table of league.toml, checked once into a `Branding` record."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from exporters.branding import DEFAULT_GRAPH_API, Branding, contrast_warnings, logo_problem, logo_warning
from jobs.errors import ConfigError
from jobs.keys import path_setting, unknown_keys

COLOURS = ("primary", "accent", "background", "text")
TEXTS = ("title", "facebook_page_id", "facebook_api", "url")
KEYS = {*COLOURS, *TEXTS, "logo", "hashtags"}


def load_branding(table: object, path: Path) -> tuple[Branding, tuple[str, ...]]:
    """The branding and a warning per unknown key; a bad value is a config error naming `branding.<key>`."""
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: `branding` must be a table ([branding]), found {table!r}")
    warnings = unknown_keys(table, KEYS, path, "branding.")
    values: dict[str, Any] = {}
    for key in (*COLOURS, *TEXTS):
        if key in table:
            if not isinstance(table[key], str):
                raise ConfigError(f"{path}: `branding.{key}` must be a string, found {table[key]!r}")
            values[key] = table[key]
    for key in COLOURS:
        if key in values and not _is_colour(values[key]):
            raise ConfigError(
                f'{path}: `branding.{key}` must be a colour such as "#1f3b73" or "navy", found {values[key]!r}'
            )
    if "url" in values and not _is_web_address(values["url"]):
        raise ConfigError(
            f"{path}: `branding.url` must be the http:// or https:// address where the league's page is "
            f'published, such as "https://example.org/league.html", found {values["url"]!r}'
        )
    if "facebook_api" in values and not _is_web_address(values["facebook_api"]):
        raise ConfigError(
            f"{path}: `branding.facebook_api` must be the http:// or https:// address of the Graph API, "
            f'such as "{DEFAULT_GRAPH_API}", found {values["facebook_api"]!r}'
        )
    if "logo" in table:
        if not isinstance(table["logo"], str):
            raise ConfigError(f"{path}: `branding.logo` must be the path of an image file, found {table['logo']!r}")
        logo = (path.parent / os.path.expanduser(path_setting(table["logo"], "branding.logo", path))).resolve()
        if not logo.is_file():
            raise ConfigError(f"{path}: `branding.logo` names {logo}, which is not a file")
        problem = logo_problem(logo)
        if problem:
            raise ConfigError(f"{path}: `branding.logo` names {logo}, which {problem}")
        values["logo"] = logo
    tags = table.get("hashtags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise ConfigError(f"{path}: `branding.hashtags` must be a list of strings, found {tags!r}")
    values["hashtags"] = tuple(tags)
    branding = Branding(**values)
    checked = contrast_warnings(branding, f"{path}: ") if any(key in values for key in COLOURS) else ()
    melts = logo_warning(branding, f"{path}: ")
    return branding, warnings + checked + ((melts,) if melts else ())


def _is_colour(text: str) -> bool:
    from PIL import ImageColor  # only a league.toml with colours pays for the import

    try:
        ImageColor.getrgb(text)
    except ValueError:
        return False
    return True


def _is_web_address(text: str) -> bool:
    """An http(s) address with a host and nothing that can't travel in a request line."""
    if not text.isascii() or any(not c.isprintable() or c.isspace() for c in text):
        return False
    try:
        parts = urlsplit(text)
        _ = parts.port  # a port that isn't a number raises here
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)

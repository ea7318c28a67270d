"""`federation.toml`: the leagues of a federation, its own workbook, its series' points and its Google quota, read once
at the edge into a frozen record."""

from __future__ import annotations

import glob
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jobs.config import DEFAULT_SHEETS_API, SheetsTarget
from jobs.errors import ConfigError
from jobs.keys import path_setting, unknown_keys
from league.series import SeriesPoints
from sync.quota import READS_PER_MINUTE

FEDERATION_NAME = "federation.toml"
KEYS = {"name", "leagues", "workbook", "spreadsheet_id", "credentials", "sheets_api", "exports", "series", "quota"}
SERIES_KEYS = {"points", "best"}
QUOTA_KEYS = {"reads_per_minute", "writes_per_minute"}
WRITES_PER_MINUTE = 60
"""Google's write quota per user per minute (Sheets API: "Write requests per minute per user")."""


@dataclass(frozen=True)
class Federation:
    """A checked federation: its leagues' league.toml files (absolute, in the order listed), where the series goes."""

    path: Path
    name: str
    leagues: tuple[Path, ...]
    series: SeriesPoints
    workbook: Path | None = None
    """The federation's `.xlsx` file, unless it is a Google spreadsheet (`sheets`)."""
    sheets: SheetsTarget | None = None
    exports: Path = Path("exports")
    """Where the series' images, caption and page go (`exports`, default `exports` beside federation.toml)."""
    reads_per_minute: int = READS_PER_MINUTE
    writes_per_minute: int = WRITES_PER_MINUTE
    warnings: tuple[str, ...] = ()

    @property
    def max_workbook_mib(self) -> int:
        """The series workbook is the tool's own: the default limit on a `.xlsx` file's size applies."""
        from sync.xlsx_limit import MAX_WORKBOOK_MIB

        return MAX_WORKBOOK_MIB

    @property
    def quota_folder(self) -> Path:
        """Where the shared quotas of a one-machine run are kept: beside federation.toml."""
        return self.path.parent / ".league-quota"


def find_federation(given: Path | None) -> Path:
    """The federation file: the given path (a file, or a folder holding federation.toml), else ./federation.toml."""
    path = given or Path.cwd()
    if path.is_dir():
        path = path / FEDERATION_NAME
    if not path.is_file():
        raise ConfigError(
            f"no federation config at {path}; write a {FEDERATION_NAME} naming its leagues "
            '(leagues = ["stores/*/league.toml"])'
        )
    return path.resolve()


def load_federation(given: Path | None = None) -> Federation:
    """Read and check federation.toml; unknown keys become warnings, bad values errors naming the key."""
    path = find_federation(given)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path} ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    warnings = unknown_keys(data, KEYS, path)
    for key in ("name", "workbook", "spreadsheet_id", "credentials", "sheets_api", "exports"):
        if key in data and not isinstance(data[key], str):
            raise ConfigError(f"{path}: `{key}` must be a string, found {data[key]!r}")
    name = data.get("name", "").strip() or path.parent.name
    series = _table(data, "series", SERIES_KEYS, path)
    quota = _table(data, "quota", QUOTA_KEYS, path)
    sheets = _sheets(data, path)
    if "workbook" not in data and sheets is None:
        raise ConfigError(
            f"{path}: missing `workbook`: set it to the .xlsx file the Series tab goes to "
            '(workbook = "series.xlsx"), or set `spreadsheet_id` and `credentials`'
        )
    workbook = (
        (path.parent / path_setting(data["workbook"], "workbook", path)).resolve() if "workbook" in data else None
    )
    exports = (
        path.parent / os.path.expanduser(path_setting(data.get("exports", "exports"), "exports", path))
    ).resolve()
    return Federation(
        path,
        name,
        _leagues(data, path),
        _rules(series, path),
        workbook,
        sheets,
        exports,
        _per_minute(quota, "reads_per_minute", READS_PER_MINUTE, path),
        _per_minute(quota, "writes_per_minute", WRITES_PER_MINUTE, path),
        warnings,
    )


def _table(data: dict[str, Any], key: str, known: set[str], path: Path) -> dict[str, Any]:
    table = data.get(key, {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: `{key}` must be a table ([{key}]), found {table!r}")
    extra = sorted(set(table) - known)
    if extra:
        raise ConfigError(f"{path}: [{key}] has {', '.join(map(repr, extra))}; it takes {', '.join(sorted(known))}")
    return table


def _leagues(data: dict[str, Any], path: Path) -> tuple[Path, ...]:
    """Each league's league.toml, from paths and globs relative to federation.toml, each once, in the order listed
    (a glob's matches sorted); a folder stands for the league.toml in it."""
    listed = data.get("leagues")
    if not isinstance(listed, list) or not listed or not all(isinstance(p, str) for p in listed):
        raise ConfigError(
            f"{path}: `leagues` must be a list of league.toml paths or globs relative to it, such as "
            f'["stores/*/league.toml"], found {listed!r}'
        )
    found: list[Path] = []
    for pattern in listed:
        full = str(path.parent / path_setting(pattern, "leagues", path))
        matches = sorted(glob.glob(full, recursive=True)) if glob.has_magic(pattern) else [full]
        if not matches:
            raise ConfigError(f"{path}: `leagues` entry {pattern!r} matches no file")
        for match in matches:
            league = Path(match) / "league.toml" if Path(match).is_dir() else Path(match)
            league = league.resolve()
            if league not in found:
                found.append(league)
    return tuple(found)


def _rules(series: dict[str, Any], path: Path) -> SeriesPoints:
    points = series.get("points")
    if (
        not isinstance(points, list)
        or not points
        or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in points)
    ):
        raise ConfigError(
            f"{path}: [series] points must be the points for 1st, 2nd, ... place, whole numbers such as "
            f"[10, 8, 6, 6, 4, 4, 4, 4], found {points!r}"
        )
    best = series.get("best")
    if best is not None and (isinstance(best, bool) or not isinstance(best, int) or best < 1):
        raise ConfigError(
            f"{path}: [series] best must be how many of a competitor's events count, 1 or more, found {best!r}"
        )
    return SeriesPoints(tuple(points), best)


def _per_minute(quota: dict[str, Any], key: str, default: int, path: Path) -> int:
    value = quota.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"{path}: [quota] {key} must be a whole number of requests, 1 or more, found {value!r}")
    return value


def _sheets(data: dict[str, Any], path: Path) -> SheetsTarget | None:
    if "spreadsheet_id" not in data:
        return None
    if "credentials" not in data:
        raise ConfigError(f"{path}: `spreadsheet_id` needs `credentials` (the service-account key file)")
    key = path_setting(data["credentials"], "credentials", path)
    return SheetsTarget(
        data["spreadsheet_id"],
        (path.parent / os.path.expanduser(key)).resolve(),
        data.get("sheets_api", DEFAULT_SHEETS_API),
    )

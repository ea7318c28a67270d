"""`league.toml` and rulesets: read once at the edge into frozen records."""

from __future__ import annotations

import datetime as dt
import difflib
import os
import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from exporters.branding import Branding
from exporters.render import FORMATS
from jobs.branding import load_branding
from jobs.errors import ConfigError
from jobs.keys import path_setting, unknown_keys
from league.rules.catalog import Catalog
from league.rules.presets import RulesetFile, Sources, find_ruleset, preset_names
from league.rules.ruleset import Ruleset, Season
from league.rules.schema import RulesetError
from sync.xlsx_limit import MAX_WORKBOOK_MIB

CONFIG_NAME = "league.toml"
CONFIG_KEYS = {
    "ruleset",
    "workbook",
    "exports",
    "spreadsheet_id",
    "credentials",
    "sheets_api",
    "sheets_retry_seconds",
    "history",
    "branding",
    "export_formats",
    "facebook_retry_seconds",
    "discord_retry_seconds",
    "timezone",
    "reports",
    "confirm_hours",
    "stats",
    "season",
    "max_workbook_mib",
    "ratings",
}
DEFAULT_SHEETS_API = "https://sheets.googleapis.com"
PATH_KEYS = ("ruleset", "workbook", "exports", "credentials", "history")
WORKBOOK_SUFFIXES = {".xlsx", ".xlsm"}
MAX_SECONDS = 86_400
"""The longest any wait in league.toml may be: a nightly job must end before the next night's."""


@dataclass(frozen=True)
class SheetsTarget:
    """Where the Google Sheets backend goes: the spreadsheet, the key file and the API root."""

    spreadsheet_id: str
    credentials: Path
    api_root: str = DEFAULT_SHEETS_API
    retry_seconds: float = 120.0
    """Total time the whole sync may spend on retries before it gives up (exit 3)."""


@dataclass(frozen=True)
class RatingSeasons:
    """`[ratings]` in league.toml."""

    seasons: tuple[Path, ...] = ()
    """The league.toml of each earlier season whose games are rated first, oldest first (`seasons`)."""
    tab: bool = False
    """Every sync writes the `Ratings` tab (`tab = true`)."""


@dataclass(frozen=True)
class Config:
    """A checked league configuration; paths are absolute, resolved against the config's folder."""

    path: Path
    ruleset: Ruleset
    catalog: Catalog
    workbook: Path | None
    """The `.xlsx` file, when the league is kept offline."""
    exports: Path
    sheets: SheetsTarget | None = None
    """The Google spreadsheet, when `spreadsheet_id` is set (it takes precedence over `workbook`)."""
    warnings: tuple[str, ...] = ()
    branding: Branding = Branding()
    """Colours, logo, hashtags and the Facebook Page of the exports (`[branding]`)."""
    history: Path | None = None
    """The history file (`history`); None means `league-history.sqlite` beside league.toml."""
    formats: tuple[str, ...] = FORMATS
    """What a sync exports (`export_formats`): every format unless the organiser trims the list."""
    facebook_retry_seconds: float = 120.0
    """The whole time `league publish` may take, retries and every request included (`facebook_retry_seconds`)."""
    discord_retry_seconds: float = 120.0
    """The time one Discord message may take, its retries and waits included (`discord_retry_seconds`)."""
    reports: str = "Reports"
    """The tab a Google Form fills with players' own results (`reports`)."""
    reports_named: bool = False
    """`reports` is set in league.toml: a tab of that name missing is a warning, not a league without reports."""
    confirm_hours: float = 24.0
    """Hours a result reported by one side waits for the other before it is a warning (`confirm_hours`)."""
    stats: bool = False
    """Every sync writes the `Stats` tab (`stats = true`; a ruleset's `[stats] tab = true` turns it on too)."""
    max_workbook_mib: int = MAX_WORKBOOK_MIB
    """How far the `.xlsx` file's parts may inflate, in MiB, before it is refused unread (`max_workbook_mib`)."""
    ratings: RatingSeasons = field(default_factory=RatingSeasons)
    """`[ratings]`: the earlier seasons rated first, and whether every sync writes the `Ratings` tab."""


PRESETS = resources.files("league") / "rules" / "presets"
"""The rulesets and catalogs shipped with the package."""


def presets() -> list[str]:
    """Names of the rulesets that ship with the package."""
    return preset_names(_listing())


def _listing() -> list[str]:
    return [p.name for p in PRESETS.iterdir()]


def _toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: not valid TOML ({exc})") from None


def _read(path: Path) -> str:
    """A config or ruleset file's text, without the byte order mark Windows Notepad starts a UTF-8 file with;
    unreadable or not UTF-8 is a config error naming the file."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not UTF-8 text; save it as UTF-8") from None
    except OSError as exc:
        raise ConfigError(f"cannot read {path} ({exc.strerror or exc})") from None


def _shipped(name: str) -> str | None:
    file = PRESETS / f"{name}.toml"
    return file.read_text(encoding="utf-8") if file.is_file() else None


def _ruleset_file(spec: str, folder: str) -> RulesetFile:
    path = (Path(folder) / spec).resolve()
    return RulesetFile(_read(path) if path.is_file() else None, str(path), str(path.parent))


SOURCES = Sources(_shipped, _listing, _ruleset_file)
"""Where `league.rules.presets` reads rulesets and catalogs from: the package's files and the organiser's."""


def load_ruleset(spec: str, base: Path) -> tuple[Ruleset, Catalog]:
    """A ruleset by preset name or by path (relative to `base`), checked, with its catalog."""
    try:
        return find_ruleset(spec, str(base), SOURCES)
    except RulesetError as exc:
        raise ConfigError(str(exc)) from None


def find_config(given: Path | None) -> Path:
    """The config file: the given path (a file or a folder holding league.toml), else ./league.toml."""
    path = given or Path.cwd()
    if path.is_dir():
        path = path / CONFIG_NAME
    if not path.is_file():
        raise ConfigError(f"no league config at {path}; run `league demo` for an example or `league init` to start one")
    if path.suffix.lower() in WORKBOOK_SUFFIXES:
        path = path.resolve()
        beside = path.parent / CONFIG_NAME
        which = f"pass {beside} (or its folder)" if beside.is_file() else "pass the league.toml that names it"
        raise ConfigError(f"{path} is a workbook, not the league's config: {which}")
    return path.resolve()


def load_config(given: Path | None = None) -> Config:
    """Read and check league.toml once; unknown keys become warnings, bad values errors naming the key."""
    path = find_config(given)
    data = _toml(_read(path), str(path))
    warnings = unknown_keys(data, CONFIG_KEYS, path)
    for key in ("ruleset", "workbook", "exports", "spreadsheet_id", "credentials", "sheets_api", "history"):
        if key in data and not isinstance(data[key], str):
            raise ConfigError(f"{path}: `{key}` must be a string, found {data[key]!r}")
    for key in PATH_KEYS:
        if key in data:
            path_setting(data[key], key, path)
    if "ruleset" not in data:
        raise ConfigError(
            f"{path}: missing `ruleset`{_typed_as(data, 'ruleset')}: set it to one of "
            f"{', '.join(presets())}, or a path to a ruleset file"
        )
    sheets = _sheets_target(data, path)
    if "workbook" not in data and sheets is None:
        raise ConfigError(
            f"{path}: missing `workbook`{_typed_as(data, 'workbook')}: set it to the path of the "
            "league's .xlsx file, or set `spreadsheet_id`"
        )
    ruleset, catalog = load_ruleset(data["ruleset"], path.parent)
    ruleset = replace(ruleset, season=_season(data, ruleset.season, path))
    exports = Path(os.path.expanduser(data.get("exports", "exports")))
    workbook = (path.parent / data["workbook"]).resolve() if "workbook" in data else None
    branding, unknown = load_branding(data.get("branding", {}), path)
    branding = replace(branding, zone=_zone(data, path))
    if "hashtags" not in data.get("branding", {}):
        branding = replace(branding, hashtags=ruleset.hashtags)
    kept = (path.parent / os.path.expanduser(data["history"])).resolve() if "history" in data else None
    formats = data.get("export_formats", list(FORMATS))
    if not isinstance(formats, list) or not all(f in FORMATS for f in formats):
        raise ConfigError(f"{path}: `export_formats` must be a list of {', '.join(FORMATS)}, found {formats!r}")
    facebook = _seconds(data, "facebook_retry_seconds", 120.0, path)
    reports = data.get("reports", "Reports")
    if not isinstance(reports, str) or not reports.strip():
        raise ConfigError(
            f'{path}: `reports` must be the name of the tab the Form fills, such as "Form Responses 1", '
            f"found {reports!r}"
        )
    confirm = _seconds(data, "confirm_hours", 24.0, path, "hours", MAX_SECONDS // 3600 * 30)
    stats = data.get("stats", bool(ruleset.stats and ruleset.stats.tab))
    if not isinstance(stats, bool):
        raise ConfigError(f"{path}: `stats` must be true or false, found {stats!r}")
    mib = data.get("max_workbook_mib", MAX_WORKBOOK_MIB)
    if isinstance(mib, bool) or not isinstance(mib, int) or mib < 1:
        raise ConfigError(f"{path}: `max_workbook_mib` must be a whole number of MiB, 1 or more, found {mib!r}")
    return Config(
        path,
        ruleset,
        catalog,
        workbook,
        (path.parent / exports).resolve(),
        sheets,
        warnings + unknown,
        branding,
        kept,
        tuple(formats),
        facebook,
        reports=reports.strip(),
        reports_named="reports" in data,
        confirm_hours=confirm,
        stats=stats,
        max_workbook_mib=mib,
        ratings=_ratings(data, path),
        discord_retry_seconds=_seconds(data, "discord_retry_seconds", 120.0, path),
    )


def _typed_as(data: dict[str, Any], key: str) -> str:
    """A hint when a key the config holds but the tool does not know looks like the missing one (`rulset`)."""
    near = difflib.get_close_matches(key, sorted(set(data) - CONFIG_KEYS), n=1, cutoff=0.6)
    return f" (`{near[0]}` is not a key: did you mean `{key}`?)" if near else ""


def _season(data: dict[str, Any], planned: Season, path: Path) -> Season:
    """`[season]` in league.toml: `events` (how many the season holds) replaces the ruleset's, `closed = true` ends
    the season with the events it has."""
    table = data.get("season", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: `season` must be a table such as [season] events = 12, found {table!r}")
    extra = set(table) - {"events", "closed"}
    if extra:
        raise ConfigError(f"{path}: [season] has {', '.join(sorted(map(repr, extra)))}; it takes `events` and `closed`")
    events = table.get("events", planned.events)
    if events is not None and (isinstance(events, bool) or not isinstance(events, int) or events < 1):
        raise ConfigError(f"{path}: [season] events must be a whole number of events, 1 or more, found {events!r}")
    closed = table.get("closed", planned.closed)
    if not isinstance(closed, bool):
        raise ConfigError(f"{path}: [season] closed must be true or false, found {closed!r}")
    return Season(events, closed)


def _ratings(data: dict[str, Any], path: Path) -> RatingSeasons:
    """`[ratings]`: `seasons`, the earlier seasons' league.toml files (or folders), relative to this one; `tab`."""
    table = data.get("ratings", {})
    if not isinstance(table, dict):
        raise ConfigError(
            f'{path}: `ratings` must be a table such as [ratings] seasons = ["../2025/league.toml"], found {table!r}'
        )
    extra = set(table) - {"seasons", "tab"}
    if extra:
        raise ConfigError(f"{path}: [ratings] has {', '.join(sorted(map(repr, extra)))}; it takes `seasons` and `tab`")
    seasons = table.get("seasons", [])
    if not isinstance(seasons, list) or not all(isinstance(s, str) and s.strip() for s in seasons):
        raise ConfigError(
            f"{path}: [ratings] seasons must be a list of earlier seasons' league.toml files such as "
            f'["../2025/league.toml"], found {seasons!r}'
        )
    tab = table.get("tab", False)
    if not isinstance(tab, bool):
        raise ConfigError(f"{path}: [ratings] tab must be true or false, found {tab!r}")
    files = tuple((path.parent / os.path.expanduser(s.strip())).resolve() for s in seasons)
    if path in files or path.parent in files:
        raise ConfigError(f"{path}: [ratings] seasons names this league itself; list only earlier seasons")
    return RatingSeasons(files, tab)


def _sheets_target(data: dict[str, Any], path: Path) -> SheetsTarget | None:
    """The Google target from the config, with LEAGUE_SPREADSHEET_ID and GOOGLE_APPLICATION_CREDENTIALS winning."""
    budget = _seconds(data, "sheets_retry_seconds", 120.0, path)  # checked offline too
    spreadsheet = os.environ.get("LEAGUE_SPREADSHEET_ID") or data.get("spreadsheet_id")
    if not spreadsheet:
        return None
    key = os.environ.get("GOOGLE_APPLICATION_CREDENTIALS") or data.get("credentials")
    if not key:
        raise ConfigError(
            f"{path}: `spreadsheet_id` needs `credentials` (the service-account key file) "
            "or GOOGLE_APPLICATION_CREDENTIALS"
        )
    return SheetsTarget(
        spreadsheet,
        (path.parent / os.path.expanduser(key)).resolve(),
        data.get("sheets_api", DEFAULT_SHEETS_API),
        budget,
    )


def _zone(data: dict[str, Any], path: Path) -> dt.tzinfo:
    """The zone of every time shown (`timezone`, an IANA name such as "Europe/Warsaw"), else the machine's."""
    if "timezone" not in data:
        return machine_zone()
    name = data["timezone"]
    if not isinstance(name, str) or not name.strip():
        raise ConfigError(f'{path}: `timezone` must be a time zone name such as "Europe/Warsaw", found {name!r}')
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        near = difflib.get_close_matches(name.strip(), sorted(available_timezones()), n=1, cutoff=0.6)
        hint = f'; did you mean "{near[0]}"?' if near else ""
        raise ConfigError(
            f"{path}: `timezone` is {name!r}, which is no time zone: use an IANA name such as "
            f'"Europe/Warsaw" or "UTC"{hint}'
        ) from None


UTC_NAMES = {"UTC", "Etc/UTC", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu", "GMT", "Etc/GMT"}
"""Names of UTC itself: a machine on UTC gives the same `Branding` as no zone at all."""


def machine_zone() -> dt.tzinfo:
    """This machine's zone: `TZ`, else the zone /etc/localtime names, else its current offset from UTC."""
    for name in (os.environ.get("TZ", "").lstrip(":"), _localtime_name()):
        if name in UTC_NAMES:
            return dt.UTC
        if name:
            try:
                return ZoneInfo(name)
            except (ZoneInfoNotFoundError, ValueError):
                pass
    return dt.datetime.now().astimezone().tzinfo or dt.UTC


def _localtime_name() -> str:
    try:
        target = os.readlink("/etc/localtime")
    except OSError:
        return ""
    return target.partition("zoneinfo/")[2]


def _seconds(
    data: dict[str, Any], key: str, default: float, path: Path, unit: str = "seconds", most: float = MAX_SECONDS
) -> float:
    """A duration from the config: finite and within MAX_SECONDS, since TOML accepts `nan` and `inf` and a
    nightly job that never gives up would hang holding the lock."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= most:
        limit = f"{most:g} (a day)" if unit == "seconds" else f"{most:g}"
        raise ConfigError(f"{path}: `{key}` must be a number of {unit} above 0 and at most {limit}, found {value!r}")
    return float(value)

"""The Google Sheets backend: a whole sync in three requests, with retries that end.

One metadata GET, one values:batchGet of every tab, one atomic batchUpdate; a sync that fills in reported results
reads those rows again just before its write (a fourth request, only then). URLs are built from a
configurable API root (gspread's own URL constants can't be redirected), but every request goes
through gspread's HTTPClient and google-auth's AuthorizedSession.
"""

from __future__ import annotations

import itertools
import random
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import requests
from google.auth.exceptions import GoogleAuthError, RefreshError
from google.oauth2.service_account import Credentials
from gspread.exceptions import APIError

from league.cells import Cell, Grid, quote_tab
from league.sheet import Changes, Fill, Sheet
from sync.credentials import read_key_file, redact
from sync.growth import Growth, growth
from sync.layout import check_appends, find_tab, placed_fill, placed_rows, trimmed
from sync.retry import BoundedRetryClient, GaveUp, RetryPolicy, Unanswered
from sync.sheets_body import METADATA_FIELDS, Json, grids_from, init_requests, read_ranges, sync_requests, titles
from sync.sheets_marker import MARKER_FIELDS, Marker, has_marker, marker_ids, marker_requests
from sync.sheets_rows import add_rows_requests, grow_requests
from sync.workbook import BackendError
from sync.workbook import CredentialsError as CredentialsError  # where callers have always found it

SCOPES = ("https://www.googleapis.com/auth/spreadsheets",)
DEFAULT_API = "https://sheets.googleapis.com"


def load_credentials(path: Path) -> Credentials:
    """A service-account key file as credentials; the key itself never appears in a message."""
    info = read_key_file(path)
    try:
        credentials: Credentials = Credentials.from_service_account_info(info, scopes=list(SCOPES))  # type: ignore[no-untyped-call]
        return credentials
    except (ValueError, KeyError, TypeError, AttributeError, GoogleAuthError) as exc:
        reason = "missing or bad fields" if isinstance(exc, (ValueError, KeyError)) else type(exc).__name__
        raise CredentialsError(
            f"{path} is not a valid service-account key file ({reason}); download a new JSON "
            "key for the service account from the Google Cloud console"
        ) from None


class GoogleWorkbook:
    """A league workbook in a Google Sheets spreadsheet, opened by key (no Drive access needed)."""

    def __init__(
        self,
        spreadsheet_id: str,
        http: BoundedRetryClient,
        api_root: str = DEFAULT_API,
        account: str = "",
        rng: random.Random | None = None,
    ) -> None:
        self.spreadsheet_id, self.http, self.account = spreadsheet_id, http, account
        self.rng = rng or random.SystemRandom()  # picks each write's marker id: two runs never share one
        self.base = f"{api_root.rstrip('/')}/v4/spreadsheets/{spreadsheet_id}"
        self._metadata: Json | None = None
        self._grids: dict[str, Grid] = {}
        """Tabs read since the last write, by title."""

    @classmethod
    def from_key_file(
        cls, key_file: Path, spreadsheet_id: str, api_root: str = DEFAULT_API, policy: RetryPolicy = RetryPolicy()
    ) -> GoogleWorkbook:
        """The workbook reached with a service-account key file."""
        credentials = load_credentials(key_file)
        return cls(
            spreadsheet_id, BoundedRetryClient(credentials, policy=policy), api_root, credentials.service_account_email
        )

    def _call(self, method: str, url: str, **kwargs: Any) -> Json:
        with self._errors():
            answer: Json = self.http.request(method, url, **kwargs).json()
            return answer

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Every failure of a request as a BackendError (or CredentialsError) that says what to do."""
        try:
            yield
        except GaveUp as exc:
            what = (
                "Google's request quota is used up" if exc.status == 429 else f"Google Sheets kept failing ({exc.last})"
            )
            raise BackendError(
                f"{what}: gave up after {exc.tries} tries in {exc.seconds:.0f} s; nothing was changed. "
                "Run the sync again later."
            ) from None
        except Unanswered as exc:
            raise BackendError(
                f"Google Sheets did not confirm the write ({exc}): it may or may not have been applied. "
                "Run the sync again: it rewrites the output tabs whole."
            ) from None
        except APIError as exc:
            raise BackendError(self._explain(exc)) from None
        except RefreshError as exc:
            said = redact(str(exc.args[0])) if exc.args else "refresh failed"
            raise CredentialsError(
                f"Google refused the service-account key ({said}); check that the key is current and not deleted"
            ) from None
        except (requests.RequestException, ValueError) as exc:
            raise BackendError(f"could not talk to Google Sheets ({type(exc).__name__}); nothing was changed") from None

    def _explain(self, exc: APIError) -> str:
        code = exc.response.status_code
        if code == 404:
            return f"no spreadsheet with id {self.spreadsheet_id!r}; check `spreadsheet_id` in league.toml"
        message = redact(str(exc.error.get("message", ""))) if isinstance(exc.error, Mapping) else ""
        if code == 403 and ("disabled" in message or "has not been used" in message):
            return (
                f"the Google Sheets API is not enabled for the service account's project ({message}); "
                "enable it in the Google Cloud console, then sync again"
            )
        if code == 403:
            who = self.account or "the service account"
            return (
                f"the spreadsheet {self.spreadsheet_id!r} is not shared with {who}; share it with that address "
                f"as Editor (Google said: {message})"
            )
        return f"Google Sheets answered {code}: {message}; nothing was changed"

    def metadata(self) -> Json:
        """Tab titles, ids and protections: one GET with a field mask, kept for this object's life."""
        if self._metadata is None:
            self._metadata = self._call(
                "GET", self.base, params={"fields": METADATA_FIELDS, "includeGridData": "false"}
            )
        return self._metadata

    def tab_names(self) -> list[str]:
        """Tabs in spreadsheet order."""
        return list(titles(self.metadata()))

    def time_zone(self) -> str | None:
        """The spreadsheet's time zone (File > Settings),
        in which a Form writes its `Timestamp`: from the metadata GET."""
        zone = self.metadata().get("properties", {}).get("timeZone")
        return zone if isinstance(zone, str) and zone else None

    def read(self, tabs: Sequence[str]) -> dict[str, Grid]:
        """Every named tab that exists, in one values:batchGet, unformatted, dates as serial numbers.

        What was read is kept until the next write, so `add_rows` after a read costs no read of its own."""
        names = self.tab_names()
        found = {tab: title for tab in tabs if (title := find_tab(names, tab)) is not None}
        missing = sorted({title for title in found.values() if title not in self._grids})
        if missing:
            answer = self._call(
                "GET",
                f"{self.base}/values:batchGet",
                params={
                    "ranges": read_ranges(missing),
                    "valueRenderOption": "UNFORMATTED_VALUE",
                    "dateTimeRenderOption": "SERIAL_NUMBER",
                    "majorDimension": "ROWS",
                },
            )
            self._grids.update(grids_from(answer.get("valueRanges", []), missing))
        return {tab: [list(row) for row in self._grids[title]] for tab, title in found.items()}

    def write(self, changes: Changes) -> None:
        """Every change in one batchUpdate, which Google applies atomically. The cells filled in are checked empty as
        they stand now: a batchUpdate can't write a cell only if it is empty, so a write that fills reads the filled
        rows again first (one values:batchGet, only then), and a judge who typed into one since the sync read it
        wins."""
        check_appends(changes)
        now = self._filled_rows(changes.fill)
        fills = [
            add_rows_requests(self.metadata(), f.tab, f.row - 1, [placed_fill(f, now.get(f.tab.casefold()))])
            for f in changes.fill
        ]
        self._batch([*sync_requests(self.metadata(), changes), *(r for requests_ in fills for r in requests_)])

    def _filled_rows(self, fills: Sequence[Fill]) -> dict[str, Grid]:
        """Folded tab name -> its header row and the rows to fill, as they stand now (other rows empty), in one
        values:batchGet; nothing is read when nothing is filled. A missing tab is left out."""
        names = self.tab_names()
        wanted = sorted(
            {(title, row) for f in fills if (title := find_tab(names, f.tab)) is not None for row in (1, f.row)}
        )
        if not wanted:
            return {}
        answer = self._call(
            "GET",
            f"{self.base}/values:batchGet",
            params={
                "ranges": [f"{quote_tab(title)}!{row}:{row}" for title, row in wanted],
                "valueRenderOption": "UNFORMATTED_VALUE",
                "dateTimeRenderOption": "SERIAL_NUMBER",
                "majorDimension": "ROWS",
            },
        )
        grids: dict[str, Grid] = {}
        for (title, row), got in zip(wanted, answer.get("valueRanges", [])):
            grid = grids.setdefault(title.casefold(), [])
            grid.extend([] for _ in range(row - len(grid)))
            grid[row - 1] = (trimmed(got.get("values", [])) or [[]])[0]
        return grids

    def create(self, sheets: Sequence[Sheet]) -> None:
        """New input tabs for `league init`, in one batchUpdate; refuses tabs that already exist."""
        clash = [s.name for s in sheets if find_tab(self.tab_names(), s.name) is not None]
        if clash:
            raise BackendError(f"the spreadsheet already has tabs named {', '.join(clash)}; nothing was changed")
        self._batch(init_requests(self.metadata(), sheets))

    def add_rows(self, tab: str, rows: Sequence[Mapping[str, Cell]], log: Sequence[Sheet] = ()) -> None:
        """The rows below the tab's last row holding data, in one batchUpdate of values only.

        Finding that row and the headers takes the metadata GET and one values:batchGet, unless
        this object has read the tab already (as `league pair` has): then it is the one request.
        Text goes as stringValue, so nothing is parsed as a formula; formats and dropdowns stay."""
        start, placed = placed_rows(tab, self.read([tab]).get(tab), rows)
        logged = Changes(append=tuple(log))
        check_appends(logged)
        if placed or log:
            self._batch(
                [*add_rows_requests(self.metadata(), tab, start, placed), *sync_requests(self.metadata(), logged)]
            )

    def add_tabs(self, sheets: Sequence[Sheet]) -> list[Growth]:
        """What is missing, in one batchUpdate: the metadata GET and one values:batchGet of the tabs that exist
        (none when this object has read them), then the write; nothing is written when nothing is missing."""
        grids = self.read([s.name for s in sheets])
        plans = growth(sheets, {s.name: grids.get(s.name) for s in sheets})
        if plans:
            self._batch(grow_requests(self.metadata(), plans))
        return plans

    def _batch(self, requests_: list[Json]) -> None:
        """One atomic batchUpdate carrying a marker of its own, sent until Google has surely applied it once.

        When an answer is lost (cut off, timed out, a 5xx), one read of the markers says whether the
        batch was applied; if not, the same batch goes again after a backoff, within the same retry
        budget. A batch applied late, after it was sent again, fails whole on its marker's id, so
        nothing is ever applied twice; a refusal of a batch sent again is checked the same way."""
        marker = Marker(self.rng.randrange(1, 2**31 - 1), uuid.uuid4().hex)
        while marker.metadata_id in marker_ids(self.metadata()):
            marker = marker._replace(metadata_id=self.rng.randrange(1, 2**31 - 1))
        body = {"requests": [*marker_requests(self.metadata(), marker), *requests_]}
        self._metadata = None
        self._grids.clear()
        with self._errors():
            for tries in itertools.count(1):
                try:
                    self.http.request("POST", f"{self.base}:batchUpdate", json=body)
                    return
                except Unanswered as lost:
                    if self._applied(marker, str(lost)):
                        return
                    self.http.pause(tries, f"{lost}: the write was not applied")
                except APIError as refused:  # sent again after its first try was applied late: its marker says so
                    if tries == 1 or not self._applied(marker, f"HTTP {refused.response.status_code}"):
                        raise
                    return

    def _applied(self, marker: Marker, lost: str) -> bool:
        """Whether the batch carrying `marker` was applied: one metadata read (retried as reads are)."""
        try:
            answer = self.http.request("GET", self.base, params={"fields": MARKER_FIELDS}).json()
        except GaveUp:
            raise Unanswered(lost) from None
        return has_marker(answer, marker)

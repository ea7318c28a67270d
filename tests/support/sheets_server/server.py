"""`SheetsServer`: the spreadsheets, tokens and faults behind the local Sheets API, the methods it emulates by
name, and what tests ask of it directly (seeding spreadsheets, reading tabs, counting requests)."""

from __future__ import annotations

import copy
import json
import pickle
import random
import threading
import traceback
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from tests.support.sheets_server import batch, resource, values
from tests.support.sheets_server.a1 import parse_cells
from tests.support.sheets_server.auth import Tokens
from tests.support.sheets_server.call import Call, Method
from tests.support.sheets_server.discovery import check_query, discovery_document, route
from tests.support.sheets_server.errors import ApiError, NotEmulated, not_emulated, quota_error
from tests.support.sheets_server.faults import Chaos, Fault, Faults
from tests.support.sheets_server.http import Handler, HTTPServer
from tests.support.sheets_server.model import Book, Sheet
from tests.support.sheets_server.quota import Quota
from tests.support.sheets_server.validation import Validator

METHODS: dict[str, Method] = {
    "sheets.spreadsheets.get": resource.get,
    "sheets.spreadsheets.batchUpdate": batch.batch_update,
    "sheets.spreadsheets.values.get": values.get,
    "sheets.spreadsheets.values.batchGet": values.batch_get,
    "sheets.spreadsheets.values.update": values.update,
    "sheets.spreadsheets.values.batchUpdate": values.batch_update,
    "sheets.spreadsheets.values.append": values.append,
    "sheets.spreadsheets.values.clear": values.clear,
}
"""The methods emulated: what the backends send (metadata GET, values:batchGet, :batchUpdate), what gspread sends
for the benchmark's straightforward sync (values get, update, clear), and what the recorded answers check (append,
values:batchUpdate). Any other method of the API is answered 501."""
_DATA_BODIES = {"sheets.spreadsheets.values.update", "sheets.spreadsheets.values.append"}
"""Methods whose body is a ValueRange that Google's messages call `data`."""


@dataclass
class Recorded:
    """One Sheets API request as received (path percent-decoded, query parsed, JSON body parsed)."""

    method: str
    path: str
    query: dict[str, list[str]]
    body: Any


class SheetsServer:
    """ThreadingHTTPServer on 127.0.0.1 (port 0) in a daemon thread; use as a context manager.

    `trust(email, pem)` makes it accept JWT assertions of that service account; `seed` draws the ids it picks."""

    def __init__(self, *, seed: int = 0, quota: Quota | None = None) -> None:
        self._lock = threading.RLock()
        self._idle = threading.Condition(self._lock)
        self._serving = 0
        self._books: dict[str, Book] = {}
        self._rng = random.Random(seed)
        self._schemas: Mapping[str, Any] = discovery_document()["schemas"]
        self._validator = Validator(self._schemas)
        self._faults = Faults()
        self._httpd: HTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.stopping = threading.Event()
        """Set while the server stops: a delayed answer stops waiting."""
        self.tokens = Tokens()
        self.quota = quota
        """Google's per-minute quotas per account, when on: a request past them is answered 429."""
        self.chaos: Chaos | None = None
        """Chooses a fault for any Sheets request no queued fault matches."""
        self.requests: list[Recorded] = []
        self.errors: list[str] = []
        """Tracebacks of bugs in this server (each also answered with a 500)."""
        self.url = ""
        self.token_uri = ""

    # -- lifecycle
    def start(self) -> SheetsServer:
        if self._httpd is not None:
            return self
        httpd = HTTPServer(("127.0.0.1", 0), Handler)
        httpd.app = self
        self._httpd = httpd
        self.url = f"http://127.0.0.1:{httpd.server_address[1]}"
        self.token_uri = f"{self.url}/token"
        self.stopping.clear()
        self._thread = threading.Thread(
            target=httpd.serve_forever, kwargs={"poll_interval": 0.01}, name="sheets-server", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        httpd, self._httpd = self._httpd, None
        if httpd is None:
            return
        self.stopping.set()
        httpd.shutdown()
        httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> SheetsServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- accounts and tokens
    def trust(self, email: str, public_pem: str) -> None:
        """Accept JWT assertions from `email` signed by the key whose public half is `public_pem`."""
        self.tokens.trust(email, public_pem)

    def issue_token(self, email: str) -> str:
        """An access token for `email` without the JWT dance (for tests that are not about auth)."""
        return self.tokens.issue(email)

    def revoke_tokens(self) -> None:
        """Forget every issued access token (the next API call gets a 401, as after expiry)."""
        self.tokens.revoke()

    @property
    def token_requests(self) -> int:
        """How many tokens the token endpoint granted."""
        return self.tokens.granted

    # -- spreadsheets, as a test sees them
    def add_spreadsheet(
        self,
        spreadsheet_id: str,
        tabs: dict[str, list[list[Any]]],
        title: str = "League",
        shared_with: Iterable[str] = ("*",),
    ) -> None:
        """A spreadsheet holding these tabs (every str a stringValue), replacing any of that id; shared with anyone
        unless `shared_with` names the accounts."""
        book = Book(spreadsheet_id, title, shared_with)
        with self._lock:
            for i, (tab, rows) in enumerate((tabs or {"Sheet1": []}).items()):
                book.sheets.append(Sheet.seeded(book.new_sheet_id(self._rng) if i else 0, tab, i, rows))
            self._books[spreadsheet_id] = book

    def put_tab(self, spreadsheet_id: str, tab: str, rows: list[list[Any]]) -> None:
        """Set a tab's values as a judge would type them (adding the tab if needed); no request, no fault."""
        with self._lock:
            book = self._books[spreadsheet_id]
            sh = book.by_title(tab)
            if sh is None:
                book.sheets.append(Sheet.seeded(book.new_sheet_id(self._rng), tab, len(book.sheets), rows))
            else:
                sh.put(rows)

    def set_time_zone(self, spreadsheet_id: str, zone: str) -> None:
        """Set the spreadsheet's time zone, as File > Settings does; no request, no fault."""
        with self._lock:
            self._books[spreadsheet_id].props["timeZone"] = zone

    def has_spreadsheet(self, spreadsheet_id: str) -> bool:
        with self._lock:
            return spreadsheet_id in self._books

    def tab_names(self, spreadsheet_id: str) -> list[str]:
        with self._lock:
            return [sh.title for sh in self._books[spreadsheet_id].sheets]

    def values(self, spreadsheet_id: str, tab: str) -> list[list[Any]]:
        """The tab's current values (str/int/float/bool; formulas as their text), trailing blanks trimmed."""
        with self._lock:
            sh = self._tab(spreadsheet_id, tab)
            return values.read(sh, 0, sh.rows, 0, sh.cols, "UNFORMATTED_VALUE", "ROWS")

    def sheet(self, spreadsheet_id: str, tab: str) -> dict[str, Any]:
        """The full Sheet resource (as GET ...?includeGridData=true shows it) for one tab."""
        with self._lock:
            sh = self._tab(spreadsheet_id, tab)
            found: dict[str, Any] = resource.trim_grid(
                {"sheets": [resource.sheet_resource(sh, [(0, sh.rows, 0, sh.cols)])]}
            )
            return dict(found["sheets"][0])

    def cell(self, spreadsheet_id: str, tab: str, ref: str) -> dict[str, Any]:
        """The stored CellData of one cell (e.g. "B2"): userEnteredValue, userEnteredFormat, note..."""
        span = parse_cells(ref)
        if span is None or span.r0 is None or span.c0 is None:
            raise ValueError(ref)
        with self._lock:
            return copy.deepcopy(self._tab(spreadsheet_id, tab).cells.get((span.r0, span.c0), {}))

    def stored_cells(self, spreadsheet_id: str, tab: str) -> list[dict[str, Any]]:
        """A copy of every stored CellData of one tab (values, formats, dropdowns), for tests that look through many
        cells: far cheaper than `sheet`, which builds the whole resource and copies each cell's dropdown apart."""
        with self._lock:
            stored = list(self._tab(spreadsheet_id, tab).cells.values())
            found: list[dict[str, Any]] = pickle.loads(pickle.dumps(stored, pickle.HIGHEST_PROTOCOL))
            return found

    def spreadsheet(self, spreadsheet_id: str) -> dict[str, Any]:
        """The Spreadsheet resource as GET (no grid data) answers it."""
        with self._lock:
            return resource.spreadsheet_resource(self._books[spreadsheet_id], self._schemas)

    def _tab(self, spreadsheet_id: str, tab: str) -> Sheet:
        book = self._books[spreadsheet_id]
        sh = book.by_title(tab)
        if sh is None:
            raise KeyError(f"no tab {tab!r} in {spreadsheet_id!r}: {[s.title for s in book.sheets]}")
        return sh

    # -- faults and requests
    def inject(self, *faults: Fault) -> None:
        """Queue faults; the first one whose `match` fits a Sheets request is applied (and used up)."""
        self._faults.inject(*faults)

    def clear_faults(self) -> None:
        self._faults.clear()

    def count(self, match: str = "") -> int:
        """How many Sheets requests were received whose "METHOD path" holds `match` (token requests are not counted)."""
        with self._lock:
            return sum(1 for r in self.requests if match in f"{r.method} {r.path}")

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Wait until no Sheets request is being served (one answered late may still be applying)."""
        with self._idle:
            return self._idle.wait_for(lambda: self._serving == 0, timeout)

    # -- for the HTTP handler
    def fault_for(self, method: str, path: str) -> Fault | None:
        return self._faults.take(method, path, self.chaos)

    @contextmanager
    def serving(self, method: str, path: str, query: dict[str, list[str]], raw: bytes) -> Iterator[None]:
        """Record a Sheets request and count it as being served until it is answered."""
        body: Any = None
        if raw:
            try:
                body = json.loads(raw)
            except ValueError:
                body = raw.decode("utf-8", "replace")
        with self._idle:
            self.requests.append(Recorded(method, path, query, body))
            self._serving += 1
        try:
            yield
        finally:
            with self._idle:
                self._serving -= 1
                self._idle.notify_all()

    def api(
        self, method: str, raw_path: str, query: dict[str, list[str]], raw: bytes, auth: str | None
    ) -> tuple[int, Any]:
        """Answer one (non-faulted) Sheets API request:
        (status, JSON payload), or (404, None) for Google's HTML page."""
        found = route(method, raw_path)
        if found is None:
            return 404, None
        spec, path_params = found
        answer = METHODS.get(spec.id)
        try:
            if answer is None:
                raise NotEmulated(spec.id)
            email = self.tokens.bearer(auth)
            if self.quota is not None and not self.quota.admit(email, method):
                return 429, quota_error(method)
            check_query(spec, query)
            if query.get("fields") and spec.id != "sheets.spreadsheets.get":
                raise NotEmulated(f"fields on {spec.id}")
            body = self._body(spec.id, spec.spec, raw)
            with self._lock:
                book = self._books.get(path_params["spreadsheetId"])
                if book is None:
                    raise ApiError(404)
                if "*" not in book.shared_with and email not in book.shared_with:
                    raise ApiError(403)
                call = Call(
                    book, {k: unquote(v) for k, v in path_params.items()}, query, body, email, self._rng, self._schemas
                )
                result = answer(call)
                self._books[book.id] = call.book
            return 200, result
        except ApiError as err:
            return err.code, err.payload()
        except NotEmulated as exc:
            return 501, not_emulated(str(exc)).payload()
        except Exception as exc:  # noqa: BLE001 - a bug in this server: answer 500 and keep it for the test
            with self._lock:
                self.errors.append(traceback.format_exc())
            return 500, ApiError(500, f"Internal error encountered. (local Sheets test server: {exc!r})").payload()

    def _body(self, method_id: str, spec: Mapping[str, Any], raw: bytes) -> Any:
        if "request" not in spec:
            return None
        try:
            parsed = json.loads(raw.decode("utf-8")) if raw.strip() else {}
        except ValueError:
            raise ApiError(400, "Invalid JSON payload received. Unexpected token.") from None
        return self._validator.check(parsed, spec["request"]["$ref"], "data" if method_id in _DATA_BODIES else "")

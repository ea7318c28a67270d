"""The HTTP side: a threading server on 127.0.0.1 and the handler that answers each request as Google's front end
would, faults included. What to answer comes from the `SheetsServer` (`server.py`) it serves."""

from __future__ import annotations

import json
import socket
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, unquote, urlsplit

from tests.support.sheets_server.errors import ApiError, google_html_error, quota_error
from tests.support.sheets_server.faults import Fault

if TYPE_CHECKING:
    from tests.support.sheets_server.server import SheetsServer


class HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    app: SheetsServer


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # else every answer waits ~40 ms for a delayed ACK
    server_version = "ESF"
    sys_version = ""
    server: HTTPServer

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._dispatch()

    def do_POST(self) -> None:
        self._dispatch()

    def do_PUT(self) -> None:
        self._dispatch()

    def do_PATCH(self) -> None:
        self._dispatch()

    def do_DELETE(self) -> None:
        self._dispatch()

    def _send(self, status: int, body: bytes, content_type: str, extra: Mapping[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Vary", "Origin, X-Origin, Referer")
            for k, v in (extra or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(body)
            self.wfile.flush()
        except (TimeoutError, BrokenPipeError, ConnectionResetError, OSError):
            self.close_connection = True

    def _json(self, status: int, payload: Any, extra: Mapping[str, str] | None = None) -> None:
        body = (json.dumps(payload, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        self._send(status, body, "application/json; charset=UTF-8", extra)

    def _html(self, status: int, path: str, extra: Mapping[str, str] | None = None) -> None:
        self._send(status, google_html_error(status, path).encode("utf-8"), "text/html; charset=UTF-8", extra)

    def _dispatch(self) -> None:
        app = self.server.app
        split = urlsplit(self.path)
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
        raw = self.rfile.read(length) if length > 0 else b""
        method = self.command
        if split.path == "/token":
            if method != "POST":
                self._html(404, split.path)
                return
            status, payload = app.tokens.grant(raw)
            self._json(status, payload, {"Cache-Control": "no-cache, no-store, max-age=0, must-revalidate"})
            return
        if not split.path.startswith("/v4/"):
            self._html(404, split.path)
            return
        query = parse_qs(split.query, keep_blank_values=True)
        path = unquote(split.path)
        with app.serving(method, path, query, raw):
            self._answer(method, split.path, path, query, raw)

    def _answer(self, method: str, raw_path: str, path: str, query: dict[str, list[str]], raw: bytes) -> None:
        app = self.server.app
        fault = app.fault_for(method, path)
        auth = self.headers.get("Authorization")
        answer = app.api(method, raw_path, query, raw, auth) if fault and fault.after else None
        if fault is not None:
            if fault.delay > 0:
                app.stopping.wait(fault.delay)
            if fault.drop:
                self._drop()
                return
            if fault.status != 200:
                self._fault(fault, method, raw_path)
                return
        status, payload = answer or app.api(method, raw_path, query, raw, auth)
        if payload is None:
            self._html(status, raw_path)
            return
        extra = {}
        if status == 401:
            extra["WWW-Authenticate"] = 'Bearer realm="https://accounts.google.com/", error="invalid_token"'
        self._json(status, payload, extra)

    def _drop(self) -> None:
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _fault(self, fault: Fault, method: str, raw_path: str) -> None:
        extra = {}
        if fault.retry_after is not None:
            ra = fault.retry_after
            extra["Retry-After"] = str(int(ra)) if float(ra).is_integer() else str(ra)
        if fault.body == "html":
            self._html(fault.status, raw_path, extra)
        else:
            self._json(
                fault.status, quota_error(method) if fault.status == 429 else ApiError(fault.status).payload(), extra
            )

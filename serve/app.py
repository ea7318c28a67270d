"""The live server: the three pages, their update stream and the export images, nothing else, GET only.

The standard library's threading server holds the load of an event day (one thread a connection; 200 phones
refreshing while syncs publish: `benchmarks/bench_live.py`), so the server needs no dependency. Each page is
drawn once per version and the same bytes are sent to every phone. An image is served only by the exact name of
a PNG file directly in the exports folder, found in its listing: no path is ever built from what a client sent."""

from __future__ import annotations

import ipaddress
import re
import socket
import socketserver
import threading
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from serve.board import LiveBoard
from serve.pages import Pages, draw

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000
"""Where `--serve` listens unless the organiser names another address: this machine only."""
KEEPALIVE_SECONDS = 15.0
"""How often an idle update stream sends a comment, so proxies and phones keep it open."""
RETRY_MS = 3000
"""How soon a browser reconnects a broken update stream."""
MAX_STREAMS = 1000
"""Update streams held at once; more are refused (503) rather than exhaust the threads."""
IDLE_SECONDS = 30.0
"""How long a connection may wait for its next request."""
SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; "
                               "script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
}
"""Sent with every page: what a page may load is its own inline style and script, its images and `/events`."""
HOST_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?")


class ServeError(Exception):
    """The server could not start (the address is taken, or not this machine's): a message for the organiser."""


def parse_address(text: str) -> tuple[str, int]:
    """`--serve [HOST:]PORT` as (host, port): `8000` listens on this machine only, `0.0.0.0:8000` on every network,
    `[::1]:8000` an IPv6 address; port 0 takes any free port. A ValueError says what is wrong and how to write it."""
    given = text.strip()
    example = "give PORT or HOST:PORT, e.g. 8000 or 192.168.1.20:8000"
    if not given:
        raise ValueError(f"no address given: {example}")
    if given.startswith("["):
        host, sep, port = given[1:].partition("]:")
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            sep = ""
        if not sep:
            raise ValueError(f"{text!r} is not an address: an IPv6 address is written [ADDRESS]:PORT, e.g. [::1]:8000")
    elif given.count(":") > 1:
        raise ValueError(f"{text!r} is not an address: write an IPv6 address in brackets, e.g. [::1]:8000")
    elif ":" in given:
        host, _, port = given.partition(":")
        if not HOST_NAME.fullmatch(host):
            raise ValueError(f"{text!r} is not an address: {'name the host before the colon' if not host else 'the host'}"
                             f"{'' if not host else ' has characters no host name has'}; {example}")
    else:
        host, port = DEFAULT_HOST, given
    if not re.fullmatch(r"[0-9]{1,5}", port) or int(port) > 65535:
        raise ValueError(f"{text!r} is not an address: the port must be a whole number from 0 to 65535; {example}")
    return host, int(port)


def address_text(host: str, port: int) -> str:
    """`host:port`, an IPv6 address in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@dataclass
class RunningServer:
    """A server running in a background thread until `stop`."""

    host: str
    port: int
    """The port it listens on (the one the system chose when 0 was asked)."""
    _server: _Server
    _thread: threading.Thread

    @property
    def url(self) -> str:
        return f"http://{address_text(self.host, self.port)}/"

    def stop(self) -> None:
        """Stop listening, end the update streams and wait for the server thread."""
        self._server.site.stopping.set()
        self._server.site.board.wake()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)


class _Site:
    """What every request handler shares: the board, the exports folder, the pages of the current version."""

    def __init__(self, board: LiveBoard, exports: Path) -> None:
        self.board, self.exports = board, exports
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        self._pages = draw(None)
        self._streams = 0

    def pages(self) -> Pages:
        """The pages of the view shown now, drawn by the first request that needs them."""
        view = self.board.current()
        version = view.version if view else 0
        with self._lock:
            if self._pages.version != version:
                self._pages = draw(view)
            return self._pages

    def image(self, name: str) -> bytes | None:
        """The bytes of the PNG file of exactly that name directly in the exports folder, if there is one."""
        try:
            found = next((p for p in self.exports.iterdir() if p.name == name), None)
            return found.read_bytes() if found and found.suffix == ".png" and found.is_file() and not found.is_symlink() else None
        except OSError:
            return None

    def open_stream(self) -> bool:
        with self._lock:
            if self._streams >= MAX_STREAMS:
                return False
            self._streams += 1
            return True

    def close_stream(self) -> None:
        with self._lock:
            self._streams -= 1


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024  # 200 phones connecting at once: the default backlog of 5 drops their first tries
    site: _Site

    def __init__(self, address: tuple[str, int], site: _Site) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.site = site
        super().__init__(address, _Handler)

    def server_bind(self) -> None:
        """Bind without looking the host's name up (`HTTPServer` asks the resolver, which may wait on a network)."""
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = str(self.server_address[0]), int(self.server_address[1])


PAGES: dict[str, Callable[[Pages], bytes]] = {
    "/": lambda p: p.index,
    "/pairings": lambda p: p.pairings,
    "/screen": lambda p: p.screen,
}


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # phones keep their connection between refreshes
    server_version, sys_version = "league", ""
    disable_nagle_algorithm = True
    timeout = IDLE_SECONDS
    server: _Server

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def __getattr__(self, name: str) -> Any:
        """Every other method (POST, PUT, DELETE, OPTIONS, anything) is refused with 405."""
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the watcher prints one line per sync, not one per phone."""

    def _not_allowed(self) -> None:
        self.close_connection = True
        self.send_response(HTTPStatus.METHOD_NOT_ALLOWED)
        self.send_header("Allow", "GET, HEAD")
        self._finish(b"Only GET and HEAD are served here.\n", "text/plain; charset=utf-8", True, close=True)

    def _answer(self, body: bool) -> None:
        path = urlsplit(self.path).path
        site = self.server.site
        if path in PAGES:
            self.send_response(HTTPStatus.OK)
            self._finish(PAGES[path](site.pages()), "text/html; charset=utf-8", body)
        elif path == "/events":
            self._stream(body)
        else:
            name = unquote(path[1:]) if path.startswith("/") else ""
            data = site.image(name) if name.endswith(".png") and "/" not in name else None
            if data is None:
                self.send_response(HTTPStatus.NOT_FOUND)
                self._finish(b"Not found.\n", "text/plain; charset=utf-8", body)
            else:
                self.send_response(HTTPStatus.OK)
                self._finish(data, "image/png", body)

    def _finish(self, data: bytes, kind: str, body: bool, close: bool = False) -> None:
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache")
        for header, value in SECURITY.items():
            self.send_header(header, value)
        if close:
            self.send_header("Connection", "close")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _stream(self, body: bool) -> None:
        """`/events`: the version now, then each new version as it is published, until the phone goes away."""
        site = self.server.site
        if not body:
            self.send_response(HTTPStatus.OK)
            self._finish(b"", "text/event-stream", False)
            return
        if not site.open_stream():
            self.send_response(HTTPStatus.SERVICE_UNAVAILABLE)
            self.send_header("Retry-After", "10")
            self._finish(b"Too many open pages; this one retries by itself.\n", "text/plain; charset=utf-8", True)
            return
        self.close_connection = True
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("X-Accel-Buffering", "no")
            self.send_header("Connection", "close")
            self.end_headers()
            view = site.board.current()
            sent = view.version if view else 0
            self.wfile.write(f"retry: {RETRY_MS}\n\nid: {sent}\ndata: {sent}\n\n".encode())
            while not site.stopping.is_set():
                newer = site.board.wait_newer(sent, KEEPALIVE_SECONDS)
                if site.stopping.is_set():
                    break
                if newer is None:
                    self.wfile.write(b": still here\n\n")
                else:
                    sent = newer.version
                    self.wfile.write(f"id: {sent}\ndata: {sent}\n\n".encode())
        except OSError:
            pass  # the phone went away
        finally:
            site.close_stream()


def start_server(board: LiveBoard, host: str, port: int, exports_dir: Path) -> RunningServer:
    """Serve the live pages of `board` (and the PNG images of `exports_dir`) from a background thread; port 0 takes
    any free port (`RunningServer.port` says which)."""
    site = _Site(board, exports_dir)
    try:
        server = _Server((host, port), site)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ServeError(f"cannot serve on {address_text(host, port)}: {reason}; "
                         "name another port with --serve PORT, or HOST:PORT for an address of this machine") from None
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, name="league-live", daemon=True)
    thread.start()
    return RunningServer(host, int(server.server_address[1]), server, thread)

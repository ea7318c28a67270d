"""The HTTP side of the live pages: the standard library's threading server, run in a process of its own.

Measured (`benchmarks/bench_live.py`), a sync drawing its images and posters in the watcher's process held the
interpreter long enough that pages waited: with 200 phones the 95th percentile rose to 0.2-0.45 s. So the watcher binds
the socket, draws each version's pages once and hands their bytes to this process through its standard input; this
process only answers phones, and ends when that input closes (the watcher stopped or died). It imports nothing but the
standard library (and its limits and scripts, `serve/limits.py` and `serve/scripts.py`, which import no more), so it
starts at once.

It serves the three pages, their update stream and the PNG images of the exports folder, nothing else, GET and HEAD
only. An image is found by the exact name a client asked for in the folder's listing: no path is ever built from what a
client sent."""

from __future__ import annotations

import argparse
import io
import socket
import struct
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import IO, Any
from urllib.parse import unquote, urlsplit

from serve.limits import Arrival, Door, Limits, turn_away
from serve.scripts import SECURITY

KEEPALIVE_SECONDS = 15.0
"""How often an idle update stream sends a comment, so proxies and phones keep it open."""
RETRY_MS = 3000
"""How soon a browser reconnects a broken update stream."""
MAX_STREAMS = 1000
"""Update streams held at once; more are refused (503) rather than exhaust the threads."""
BACKLOG = 1024
"""Connections waiting to be accepted: 200 phones connecting at once overflow the default of 5."""
STOP_POLL = 0.05
"""Seconds between the serving loop's looks at whether to stop: a stop waits up to this long (at 0.2 s, each of the
test suite's servers took 0.2 s to stop); twenty looks a second cost nothing measurable."""


@dataclass(frozen=True)
class Pages:
    """The bytes of each page for one version, drawn once and sent to every phone."""

    version: int
    index: bytes
    pairings: bytes
    screen: bytes


PAGES: dict[str, Callable[[Pages], bytes]] = {
    "/": lambda p: p.index,
    "/pairings": lambda p: p.pairings,
    "/screen": lambda p: p.screen,
}
HEAD = struct.Struct("!QIII")
"""A frame on the server's input: the version and the length of each page, then the pages' bytes."""


def frame(pages: Pages) -> bytes:
    """The pages as the watcher writes them to the server's input."""
    return (
        HEAD.pack(pages.version, len(pages.index), len(pages.pairings), len(pages.screen))
        + pages.index
        + pages.pairings
        + pages.screen
    )


def read_frame(stream: IO[bytes]) -> Pages | None:
    """The next pages from the server's input; None once it is closed."""
    head = stream.read(HEAD.size)
    if len(head) < HEAD.size:
        return None
    version, *sizes = HEAD.unpack(head)
    parts = [stream.read(size) for size in sizes]
    if any(len(part) < size for part, size in zip(parts, sizes)):
        return None
    return Pages(version, *parts)


class Shelf:
    """The pages shown now, and a way for update streams to wait for the next ones."""

    def __init__(self, pages: Pages) -> None:
        self._changed = threading.Condition()
        self._pages = pages
        self.stopping = threading.Event()
        self._streams = 0

    def put(self, pages: Pages) -> None:
        with self._changed:
            self._pages = pages
            self._changed.notify_all()

    def pages(self) -> Pages:
        with self._changed:
            return self._pages

    def wait_newer(self, version: int, timeout: float) -> int | None:
        """The version shown once it differs from `version`, waiting at most `timeout` seconds; None if none came
        by then or the server is stopping."""
        with self._changed:
            if self._pages.version == version and not self.stopping.is_set():
                self._changed.wait(timeout)
            return self._pages.version if self._pages.version != version else None

    def stop(self) -> None:
        self.stopping.set()
        with self._changed:
            self._changed.notify_all()

    def open_stream(self) -> bool:
        with self._changed:
            if self._streams >= MAX_STREAMS:
                return False
            self._streams += 1
            return True

    def close_stream(self) -> None:
        with self._changed:
            self._streams -= 1


class Server(ThreadingHTTPServer):
    """A threading HTTP server on a socket already bound and listening (the watcher's), one thread a connection,
    at most `limits.connections` of them."""

    daemon_threads = True

    def __init__(self, listening: socket.socket, shelf: Shelf, exports: Path, limits: Limits = Limits()) -> None:
        self.shelf, self.exports, self.limits = shelf, exports, limits
        self.door = Door(limits.connections)
        self.address_family = listening.family
        super().__init__(listening.getsockname()[:2], _Handler, bind_and_activate=False)
        self.socket.close()
        self.socket = listening
        self.server_address = listening.getsockname()
        self.server_name, self.server_port = str(self.server_address[0]), int(self.server_address[1])

    def process_request(self, request: Any, client_address: Any) -> None:
        """A thread for the connection if there is room, else 503 at once."""
        if not self.door.enter():
            turn_away(request)
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.door.leave()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        """The standard library's, the connection counted out before it is closed: a client that saw it close finds
        its place free."""
        try:
            self.finish_request(request, client_address)
        except Exception:
            self.handle_error(request, client_address)
        finally:
            self.door.leave()
            self.shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A phone gone mid-answer (a broken pipe, a reset, a timeout) is nobody's fault: nothing printed. Anything
        else is one line, never a traceback."""
        fault = sys.exc_info()[1]
        if not isinstance(fault, OSError):
            print(f"league live server: {type(fault).__name__} answering a page: {fault}", file=sys.stderr, flush=True)

    def image(self, name: str) -> bytes | None:
        """The bytes of the PNG file of exactly that name directly in the exports folder, if there is one (a hidden
        file, its name starting with a dot, is nobody's export: never served)."""
        try:
            found = next((p for p in self.exports.iterdir() if p.name == name), None)
            return (
                found.read_bytes()
                if found
                and found.suffix == ".png"
                and not found.name.startswith(".")
                and found.is_file()
                and not found.is_symlink()
                else None
            )
        except OSError:
            return None


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # phones keep their connection between refreshes
    server_version, sys_version = "league", ""
    disable_nagle_algorithm = True
    server: Server
    arrival: Arrival

    def setup(self) -> None:
        """The standard library's, reading requests through an `Arrival`: a request arrives in time or not at all."""
        super().setup()
        self.rfile.close()
        self.arrival = Arrival(self.connection, self.server.limits)
        self.rfile = io.BufferedReader(self.arrival)

    def parse_request(self) -> bool:
        parsed = super().parse_request()
        self.arrival.arrived()
        return parsed

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
        self.send_header("Connection", "close")
        self._finish(b"Only GET and HEAD are served here.\n", "text/plain; charset=utf-8", True)

    def _answer(self, body: bool) -> None:
        path = urlsplit(self.path).path
        if path in PAGES:
            self.send_response(HTTPStatus.OK)
            self._finish(PAGES[path](self.server.shelf.pages()), "text/html; charset=utf-8", body)
        elif path == "/events":
            self._stream(body)
        else:
            name = unquote(path[1:]) if path.startswith("/") else ""
            data = (
                self.server.image(name)
                if name.endswith(".png") and "/" not in name and not name.startswith(".")
                else None
            )
            if data is None:
                self.send_response(HTTPStatus.NOT_FOUND)
                self._finish(b"Not found.\n", "text/plain; charset=utf-8", body)
            else:
                self.send_response(HTTPStatus.OK)
                self._finish(data, "image/png", body)

    def _finish(self, data: bytes, kind: str, body: bool) -> None:
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache")
        for header, value in SECURITY.items():
            self.send_header(header, value)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _stream(self, body: bool) -> None:
        """`/events`: the version now, then each new version as it is published, until the phone goes away."""
        shelf = self.server.shelf
        if not body:
            self.send_response(HTTPStatus.OK)
            self._finish(b"", "text/event-stream", False)
            return
        if not shelf.open_stream():
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
            sent = shelf.pages().version
            self.wfile.write(f"retry: {RETRY_MS}\n\nid: {sent}\ndata: {sent}\n\n".encode())
            while not shelf.stopping.is_set():
                newer = shelf.wait_newer(sent, KEEPALIVE_SECONDS)
                if shelf.stopping.is_set():
                    break
                if newer is None:
                    self.wfile.write(b": still here\n\n")
                else:
                    sent = newer
                    self.wfile.write(f"id: {sent}\ndata: {sent}\n\n".encode())
        except OSError:
            pass  # the phone went away
        finally:
            shelf.close_stream()


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to the address and listening; OSError when the address is taken or not this machine's."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=BACKLOG, reuse_port=False)


def run(listening: socket.socket, exports: Path, source: IO[bytes], limits: Limits = Limits()) -> None:
    """Serve until `source` closes, showing each pages frame read from it."""
    first = read_frame(source)
    if first is None:
        return
    shelf = Shelf(first)
    server = Server(listening, shelf, exports, limits)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": STOP_POLL}, daemon=True)
    thread.start()
    try:
        while (pages := read_frame(source)) is not None:
            shelf.put(pages)
    finally:
        shelf.stop()
        server.shutdown()
        server.server_close()


def main() -> None:
    """`python -m serve.server --fd N --exports DIR`: serve on the listening socket `N` the watcher passed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fd", type=int, required=True)
    parser.add_argument("--exports", type=Path, required=True)
    args = parser.parse_args()
    run(socket.socket(fileno=args.fd), args.exports, sys.stdin.buffer)


if __name__ == "__main__":
    main()

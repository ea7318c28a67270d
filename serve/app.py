"""Starting and stopping the live server, and the address `--serve` takes.

The watcher binds the address (so a taken port is a clear error at once), then hands the socket to the server's
own process (`serve/server.py`) and, from a thread, the pages of each version the board publishes: drawn once
here, sent as bytes there. Where a socket can't be passed to a child process (Windows), the same server runs in a
thread of this process instead."""

from __future__ import annotations

import ipaddress
import os
import re
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from serve.board import LiveBoard
from serve.pages import draw
from serve.server import frame, listen, run

DEFAULT_HOST = "127.0.0.1"
"""Where `--serve PORT` listens: this machine only, unless the organiser names another address."""
SEPARATE_PROCESS = os.name == "posix"
"""Whether the server runs in a process of its own (a listening socket can be handed to a child process)."""
FORWARD_WAIT = 0.5
"""How long the page forwarder waits for a new version before looking whether it should stop."""
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
        if not host:
            raise ValueError(f"{text!r} is not an address: name the host before the colon; {example}")
        if not HOST_NAME.fullmatch(host):
            raise ValueError(
                f"{text!r} is not an address: the host {host!r} has characters no host name has; {example}"
            )
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
    """The live server, running until `stop`."""

    host: str
    port: int
    """The port it listens on (the one the system chose when 0 was asked)."""
    _board: LiveBoard
    _feed: IO[bytes]
    _forwarder: threading.Thread
    _stopping: threading.Event
    _child: subprocess.Popen[bytes] | None = None
    _thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://{address_text(self.host, self.port)}/"

    def stop(self) -> None:
        """Stop forwarding pages, close the server's input (it ends the update streams and stops) and wait for it."""
        self._stopping.set()
        self._board.wake()
        self._forwarder.join(timeout=10)
        try:
            self._feed.close()
        except OSError:
            pass  # the server had already gone
        if self._child is not None:
            try:
                self._child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._child.kill()
                self._child.wait(timeout=10)
        if self._thread is not None:
            self._thread.join(timeout=10)


def start_server(board: LiveBoard, host: str, port: int, exports_dir: Path) -> RunningServer:
    """Serve the live pages of `board` (and the PNG images of `exports_dir`) until `stop`; port 0 takes any free
    port (`RunningServer.port` says which). A ServeError when the address can't be had."""
    try:
        listening = listen(host, port)
    except OSError as exc:
        raise ServeError(
            f"cannot serve on {address_text(host, port)}: {exc.strerror or exc}; "
            "name another port with --serve PORT, or HOST:PORT for an address of this machine"
        ) from None
    bound = int(listening.getsockname()[1])
    child: subprocess.Popen[bytes] | None = None
    thread: threading.Thread | None = None
    with listening:
        if SEPARATE_PROCESS:
            child = subprocess.Popen(
                [sys.executable, "-m", "serve.server", "--fd", str(listening.fileno()), "--exports", str(exports_dir)],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                pass_fds=(listening.fileno(),),
                env=_importable(),
                start_new_session=True,
            )  # Ctrl-C reaches the watcher only
            assert child.stdin is not None
            feed: IO[bytes] = child.stdin
        else:
            read_end, write_end = os.pipe()
            source, feed = os.fdopen(read_end, "rb"), os.fdopen(write_end, "wb")
            thread = threading.Thread(
                target=run, args=(listening.dup(), exports_dir, source), name="league-live", daemon=True
            )
            thread.start()
    stopping = threading.Event()
    forwarder = threading.Thread(target=_forward, args=(board, feed, stopping), name="league-live-pages", daemon=True)
    forwarder.start()
    return RunningServer(host, bound, board, feed, forwarder, stopping, child, thread)


def _forward(board: LiveBoard, feed: IO[bytes], stopping: threading.Event) -> None:
    """Draw the pages of each version the board publishes and hand them to the server, until `stopping`."""
    view = board.current()
    try:
        while True:
            pages = draw(view)
            feed.write(frame(pages))
            feed.flush()
            view = None
            while view is None and not stopping.is_set():
                view = board.wait_newer(pages.version, FORWARD_WAIT)
            if stopping.is_set():
                return
    except (OSError, ValueError):
        return  # the server's input is closed: it stopped


def _importable() -> dict[str, str]:
    """The environment of the server's process, with this package importable however the watcher was started."""
    root = str(Path(__file__).resolve().parents[1])
    paths = [root, *(p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p)]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}

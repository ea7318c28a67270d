"""Headless Chromium driven through its DevTools pipe: open a page at a phone's width, type into it, read it.

`--dump-dom` can only load a page; typing a name into a search box and reading what the page then shows needs the
DevTools protocol, which Chromium speaks over file descriptors 3 (commands in) and 4 (answers out), one JSON
message each, ended by a NUL byte."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def dumped_dom(url: str) -> str:
    """The page at `url` as a laptop-wide headless Chromium leaves it after its scripts ran (`--dump-dom`)."""
    assert CHROMIUM is not None
    return subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--hide-scrollbars",
            "--window-size=1400,1000",
            "--virtual-time-budget=3000",
            "--dump-dom",
            url,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout


class Browser:
    """One headless Chromium with one page; use it in a `with` block."""

    def __init__(self, width: int, height: int = 844) -> None:
        assert CHROMIUM is not None
        to_child, self._commands = os.pipe()
        self._answers, from_child = os.pipe()

        def at_3_and_4() -> None:
            os.dup2(to_child, 3)
            os.dup2(from_child, 4)

        self._proc = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--disable-gpu",
                "--no-sandbox",
                "--no-first-run",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=at_3_and_4,
            close_fds=False,
        )
        os.close(to_child)
        os.close(from_child)
        self._next, self._buffer = 0, b""
        target = self._send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = self._send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": width < 600},
        )

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *_: object) -> None:
        os.close(self._commands)
        os.close(self._answers)
        self._proc.kill()
        self._proc.wait(timeout=30)

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """A command to the page; its result."""
        return self._send(method, params or {}, self._session)

    def evaluate(self, expression: str) -> Any:
        """The value of a script expression in the page."""
        found = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        assert "exceptionDetails" not in found, found
        return found["result"].get("value")

    def open(self, url: str) -> None:
        """Load a page and wait until it has loaded (at most 30 s)."""
        self.send("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete' && location.href === " + json.dumps(url))

    def wait_for(self, expression: str, seconds: float = 30) -> None:
        """Wait until a script expression is true in the page (a bounded wait, not a timing assertion)."""
        end = time.monotonic() + seconds
        while not self.evaluate(expression):
            assert time.monotonic() < end, f"still not true after {seconds} s: {expression}"
            time.sleep(0.05)

    def type(self, selector: str, text: str) -> None:
        """Focus a field and type into it, as a keyboard does (the page sees its input events)."""
        self.evaluate(f"document.querySelector({json.dumps(selector)}).focus()")
        for char in text:
            self.send("Input.insertText", {"text": char})

    def _send(self, method: str, params: dict[str, Any], session: str | None = None) -> dict[str, Any]:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._next:
                assert "error" not in answer, answer
                result: dict[str, Any] = answer["result"]
                return result

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._answers, 1 << 16)
            assert chunk, "Chromium closed its DevTools pipe"
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        found: dict[str, Any] = json.loads(message)
        return found

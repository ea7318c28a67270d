"""The event day's live view, an exports folder beside files no request may reach, and a live server of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from serve.app import RunningServer
from serve.board import LiveBoard
from serve.view import LiveView, live_view
from tests.support.event_day import NOW, event_day, serving


@pytest.fixture(scope="module")
def day_view() -> LiveView:
    config, ev = event_day()
    return live_view(config.branding, ev, NOW)


@pytest.fixture()
def exports(tmp_path: Path) -> Path:
    """An exports folder with one image, beside a league.toml and a secret no request may reach."""
    folder = tmp_path / "exports"
    folder.mkdir()
    (folder / "leaderboard-1200x630.png").write_bytes(b"\x89PNG\r\n\x1a\nleaderboard")
    (folder / "league.html").write_text("<p>the export</p>", encoding="utf-8")
    (folder / "sub").mkdir()
    (folder / "sub" / "inner.png").write_bytes(b"\x89PNG\r\n\x1a\ninner")
    (folder / ".hidden.png").write_bytes(
        b"\x89PNG\r\n\x1a\nhidden"
    )  # a dotfile: an editor's or a sync tool's, no export
    (tmp_path / "league.toml").write_text('ruleset = "ogaming-mtg"\n', encoding="utf-8")
    (tmp_path / "secret.png").write_bytes(b"\x89PNG\r\n\x1a\nsecret")
    (folder / "link.png").symlink_to(tmp_path / "secret.png")
    return folder


@pytest.fixture()
def live(exports: Path, day_view: LiveView) -> Iterator[tuple[RunningServer, LiveBoard]]:
    """A server on a free loopback port showing the event day."""
    with serving(day_view, exports) as running:
        yield running

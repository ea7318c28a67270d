"""The live server: its three pages of the event day, escaped; GET and HEAD only; the export images by exact
name and nothing else; the update stream; the address `--serve` takes."""

from __future__ import annotations

import ast
import http.client
import re
import socket
import sys
from dataclasses import replace
from html import escape
from pathlib import Path

import pytest

from exporters.branding import inks, readable
from league.evaluate import evaluate
from league.pairing.bracket import resolve
from league.table import Table
from serve import app, pages
from serve import server as server_module
from serve.app import RunningServer, ServeError, parse_address, start_server
from serve.board import LiveBoard
from serve.scripts import script_hash
from serve.view import LiveView, live_view
from tests.support.event_day import HOSTILE, NOW, demo_tabs, event_day, serving

Response = tuple[int, dict[str, str], bytes]


def fetch(server: RunningServer, path: str, method: str = "GET") -> Response:
    """One request sent as written (no path clean-up on the way), and its answer."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request(method, path)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def text(server: RunningServer, path: str) -> str:
    status, headers, body = fetch(server, path)
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8", (path, status)
    assert headers["content-length"] == str(len(body))
    return body.decode()


def test_the_standings_page_is_the_export_with_the_event_under_way_first(live: tuple[RunningServer, LiveBoard]) -> None:
    server, _ = live
    page = text(server, "/")
    assert page.index("Friday Night Magic W3 · 2025-01-23") < page.index("<h2>Leaderboard</h2>")
    assert '<p class="stands">round 4 of 4 under way: 4 of 8 results in</p>' in page
    assert "W3 round 4 of 4 under way: 4 of 8 results in; 0 events final" in page
    assert '<meta name="live-version" content="1">' in page
    assert '<noscript><meta http-equiv="refresh" content="30"></noscript>' in page
    assert "new EventSource('/events')" in page
    assert 'href="/pairings"' in page


def test_the_pairings_page_lists_the_current_round_by_table(live: tuple[RunningServer, LiveBoard]) -> None:
    server, _ = live
    page = text(server, "/pairings")
    assert "Round 4 of 4 · 4 of 8 results in" in page
    rows = re.findall(
        r'<tr( class="done")? data-table="(\d+)" data-label="Table"><td class="n t">\d+</td>(.*?)</tr>', page
    )
    assert [(n, bool(done)) for done, n, _ in rows] == [
        ("1", True),
        ("2", True),
        ("3", True),
        ("4", False),
        ("5", False),
        ("6", False),
        ("7", False),
        ("8", True),
    ]
    assert rows[3][2] == '<td class="name">Carla Mendes</td><td class="name">Fábio Nunes</td>'
    assert rows[7][2] == '<td class="name">Elisa Prado</td><td class="bye">bye</td>'
    assert '<input id="q" type="search"' in page and 'id="found" aria-live="polite"' in page


def test_the_screen_cycles_pairings_then_standings_then_the_leaderboard(live: tuple[RunningServer, LiveBoard]) -> None:
    server, _ = live
    page = text(server, "/screen")
    slides = re.findall(r'<section class="slide" data-seconds="(\d+)"><h2>(.*?)</h2><p class="sub">(.*?)</p>', page)
    assert slides == [
        ("20", "Friday Night Magic W3 · 2025-01-23", "Pairings · Round 4 of 4 · 4 of 8 results in"),
        ("12", "Friday Night Magic W3 · 2025-01-23 (1/2)", "round 4 of 4 under way: 4 of 8 results in · Points"),
        ("12", "Friday Night Magic W3 · 2025-01-23 (2/2)", "round 4 of 4 under way: 4 of 8 results in · Points"),
        ("12", "Leaderboard", "W3 round 4 of 4 under way: 4 of 8 results in; 0 events final · Total Points"),
    ]
    assert '<span class="t">Table 4</span><span class="n">Carla Mendes</span>' in page


def test_hostile_names_are_shown_as_typed_never_as_markup(exports: Path) -> None:
    config, ev = event_day(hostile=True)
    with serving(live_view(config.branding, ev, NOW), exports) as (server, _):
        for path in ("/", "/pairings", "/screen"):
            status, headers, body = fetch(server, path)
            page = body.decode()
            assert status == 200
            [scripts] = [d for d in headers["content-security-policy"].split("; ") if d.startswith("script-src ")]
            ran = re.findall(r"<script>(.*?)</script>", page, re.S)
            assert "'unsafe-inline'" not in scripts and ran, "each page runs only its own scripts, by their hashes"
            assert all(script_hash(script) in scripts.split() for script in ran), path
            assert "<script>alert(1)</script>" not in page and "<b>Co</b>" not in page, path
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, path
            assert "=HYPERLINK(&quot;http://evil.example&quot;,&quot;win&quot;)" in page, path
            assert "Zoë &quot;Q&quot; O&#x27;Neil &amp; &lt;b&gt;Co&lt;/b&gt;" in page, path
            assert HOSTILE[3] in page, path


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "BREW"])
def test_only_get_and_head_are_served(live: tuple[RunningServer, LiveBoard], method: str) -> None:
    server, _ = live
    status, headers, body = fetch(server, "/", method)
    assert (status, headers["allow"]) == (405, "GET, HEAD")
    assert b"Friday" not in body


def test_head_says_what_get_would_send_without_it(live: tuple[RunningServer, LiveBoard]) -> None:
    server, _ = live
    status, headers, body = fetch(server, "/pairings", "HEAD")
    assert status == 200 and body == b""
    assert int(headers["content-length"]) == len(fetch(server, "/pairings")[2])


def test_an_export_image_is_served_by_its_exact_name(live: tuple[RunningServer, LiveBoard], exports: Path) -> None:
    server, _ = live
    status, headers, body = fetch(server, "/leaderboard-1200x630.png")
    assert (status, headers["content-type"], body) == (
        200,
        "image/png",
        (exports / "leaderboard-1200x630.png").read_bytes(),
    )


@pytest.mark.parametrize(
    "path",
    [
        "/../league.toml",
        "/%2e%2e/league.toml",
        "/%2E%2E%2Fleague.toml",
        "/..%2fsecret.png",
        "/../secret.png",
        "/%2e%2e%2fsecret.png",
        "/secret.png",
        "//etc/passwd",
        "/etc/passwd",
        "/%2Fetc%2Fpasswd.png",
        "/sub/inner.png",
        "/sub%2finner.png",
        "/link.png",
        "/league.html",
        "/exports/",
        "/sub/",
        "/sub",
        "/LEADERBOARD-1200x630.PNG",
        "/leaderboard-1200x630.png/",
        "/leaderboard-1200x630.png%00.html",
        "/pairings/",
        "/index.html",
        "/favicon.ico",
        "/league.toml",
        "/.",
        "/..",
        "/.hidden.png",
        "/%2ehidden.png",
    ],
)
def test_nothing_else_is_served(live: tuple[RunningServer, LiveBoard], path: str) -> None:
    server, _ = live
    status, _, body = fetch(server, path)
    assert status == 404, path
    assert b"PNG" not in body and b"ruleset" not in body and b"export" not in body


def test_no_absolute_path_reaches_a_file(live: tuple[RunningServer, LiveBoard], exports: Path) -> None:
    server, _ = live
    image = (exports / "leaderboard-1200x630.png").resolve()
    for path in (
        str(image),
        "/" + str(image),
        f"/{str(image).replace('/', '%2F')}",
        f"http://127.0.0.1{image}",
        f"file://{image}",
        str(exports.parent / "secret.png"),
    ):
        assert fetch(server, path)[0] == 404, path


def test_before_the_first_sync_the_pages_wait_for_it(exports: Path) -> None:
    server = start_server(LiveBoard(), "127.0.0.1", 0, exports)
    try:
        for path in ("/", "/pairings", "/screen"):
            page = text(server, path)
            assert "Waiting for the first sync" in page and '<meta name="live-version" content="0">' in page
    finally:
        server.stop()


def test_the_stream_tells_each_new_version_and_the_pages_show_it(
    live: tuple[RunningServer, LiveBoard], day_view: LiveView
) -> None:
    server, board = live
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request("GET", "/events")
        resp = conn.getresponse()
        assert (resp.status, resp.getheader("Content-Type")) == (200, "text/event-stream")

        def next_data() -> str:
            while not (line := resp.fp.readline().decode()).startswith("data:"):
                assert line, "the stream ended"
            return line.strip()

        assert next_data() == "data: 1"
        board.publish(replace(day_view, league="Store Championship"))
        assert next_data() == "data: 2"
    finally:
        conn.close()
    page = text(server, "/pairings")
    assert '<meta name="live-version" content="2">' in page and "<h1>Store Championship</h1>" in page


def test_where_no_socket_can_be_passed_the_server_runs_in_a_thread(
    exports: Path, day_view: LiveView, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app, "SEPARATE_PROCESS", False)
    board = LiveBoard()
    server = start_server(board, "127.0.0.1", 0, exports)
    try:
        assert "Waiting for the first sync" in text(server, "/pairings")
        board.publish(day_view)
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request("GET", "/events")
        stream = conn.getresponse()
        while (line := stream.fp.readline()) != b"data: 1\n":
            assert line, "the stream ended before version 1"
        conn.close()
        assert "Friday Night Magic W3" in text(server, "/pairings")
        assert fetch(server, "/leaderboard-1200x630.png")[0] == 200 and fetch(server, "/../league.toml")[0] == 404
    finally:
        server.stop()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.port), timeout=5).close()


def test_a_stopped_server_refuses_connections(exports: Path) -> None:
    server = start_server(LiveBoard(), "127.0.0.1", 0, exports)
    assert server.url == f"http://127.0.0.1:{server.port}/" and server.port > 0
    server.stop()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.port), timeout=5).close()


def test_a_port_in_use_is_a_clear_error(live: tuple[RunningServer, LiveBoard], exports: Path) -> None:
    server, board = live
    with pytest.raises(ServeError, match=rf"cannot serve on 127\.0\.0\.1:{server.port}: .*--serve PORT"):
        start_server(board, "127.0.0.1", server.port, exports)


@pytest.mark.parametrize(
    ("typed", "address"),
    [
        ("8000", ("127.0.0.1", 8000)),
        (" 8080 ", ("127.0.0.1", 8080)),
        ("0", ("127.0.0.1", 0)),
        ("0.0.0.0:8000", ("0.0.0.0", 8000)),
        ("192.168.1.20:80", ("192.168.1.20", 80)),
        ("localhost:65535", ("localhost", 65535)),
        ("shop-pc.local:8000", ("shop-pc.local", 8000)),
        ("[::1]:8000", ("::1", 8000)),
        ("[::]:0", ("::", 0)),
    ],
)
def test_an_address_is_a_port_or_host_and_port(typed: str, address: tuple[str, int]) -> None:
    assert parse_address(typed) == address


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("", "no address given"),
        ("http", "the port must be a whole number"),
        ("65536", "from 0 to 65535"),
        ("-1", "whole number"),
        (":8000", "name the host before the colon"),
        ("host:", "whole number"),
        ("::1", "in brackets"),
        ("[::1]", "[ADDRESS]:PORT"),
        ("[nonsense]:80", "[ADDRESS]:PORT"),
        ("bad host:80", "characters no host name has"),
        ("1.2.3.4:80x", "whole number"),
        ("٨٠٠٠", "whole number"),
    ],
)
def test_a_wrong_address_says_how_to_write_one(typed: str, says: str) -> None:
    with pytest.raises(ValueError, match=re.escape(says)):
        parse_address(typed)


def imports(module: Path) -> set[str]:
    """The modules a source file imports, by their full names."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    return (imported | {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}) - {"__future__"}


def test_the_server_process_imports_the_standard_library_only() -> None:
    """It starts in a new interpreter for every watch: nothing of the engine, the exports or a third party in it, nor
    in the two modules of its own it reads (its limits and its pages' scripts)."""
    server = Path(server_module.__file__)
    own = {m for m in imports(server) if m.split(".")[0] not in sys.stdlib_module_names}
    assert own == {"serve.limits", "serve.scripts"}
    for module in ("limits.py", "scripts.py"):
        assert {m.split(".")[0] for m in imports(server.with_name(module))} <= sys.stdlib_module_names
    assert imports(server.with_name("__init__.py")) == set()


def test_playoff_matches_are_listed_by_match(exports: Path) -> None:
    config, tabs = demo_tabs("ogaming-mtg")
    assert config.ruleset.playoffs is not None
    seeds = [f"Seed {n}" for n in range(1, 9)]
    drawn = resolve("W1", seeds, config.ruleset.playoffs[1])
    sheet = drawn.sheet
    ev = evaluate(tabs, config.ruleset, config.catalog, {"W1": drawn.playoff})
    with serving(live_view(config.branding, ev, NOW, [Table.plain(sheet)]), exports) as (server, _):
        pairings, screen = text(server, "/pairings"), text(server, "/screen")
    assert "Playoffs: quarter-finals · 0 of 4 matches decided" in pairings
    assert (
        '<tr data-table="2" data-label="Match"><td class="n t">2</td>'
        '<td class="name">Seed 4</td><td class="name">Seed 5</td></tr>' in pairings
    )
    assert "<th>Match</th>" in pairings
    assert (
        '<span class="t">Match 1</span><span class="n">Seed 1</span>'
        '<span class="v">v</span><span class="n">Seed 8</span>' in screen
    )


def test_once_an_event_is_over_the_pairings_say_so_with_its_champion(day_view: LiveView) -> None:
    over = replace(day_view.events[0].state, bracket=True, champion="Zoë <b>Q</b>", to_fix=0)  # its final won
    done = replace(day_view.events[0], state=over, pairings=())
    assert done.final and done.champion == "Zoë <b>Q</b>"
    page = pages.pairings(replace(day_view, events=(done,)))
    assert f'<p class="stands over">{escape(done.title)} is over: champion Zoë &lt;b&gt;Q&lt;/b&gt;.</p>' in page
    assert "No round is paired yet" not in page
    assert "No round is paired yet" in pages.pairings(replace(day_view, events=()))


def test_the_pages_ink_the_branding_so_that_it_reads(day_view: LiveView) -> None:
    """A pale primary and a dark accent, as a store's logo colours may be: `/pairings` draws its links in the primary
    darkened to read on the page (as the export does), `/screen` its accent lightened to read on its dark background."""
    branding = replace(day_view.branding, primary="#f4f1a8", accent="#1b1f4a")
    view = replace(day_view, branding=branding)
    assert f".pages a{{color:{inks(branding).heading}}}" in pages.pairings(view)
    assert inks(branding).heading != branding.primary
    screen = pages.screen(view)
    lit = readable(branding.accent, (pages.SCREEN_BACKGROUND,))
    assert f"color:{lit}" in screen and f"color:{branding.accent}" not in screen and lit != branding.accent
    assert f"background:{branding.primary};\n color:{inks(branding).title}" in screen, (
        "the header's band and its title ink"
    )

"""Syncs, the history and the exports together: moves and arrows after changed results, nothing added by a sync
that changes nothing, files only inside the exports folder."""

from __future__ import annotations

import csv
import datetime as dt
import random
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

import history
from exporters.branding import Branding
from exporters.render import files
from history.snapshot import Snapshot
from jobs.cli import app
from jobs.config import Config, load_config
from jobs.errors import ConfigError, ExitCode, ExportError
from jobs.export_job import history_file, run_export, run_history
from jobs.exports import write_csv, write_files
from jobs.sync_job import run_sync
from league.cells import Grid, as_text, name_key
from league.demos.gl import build_demo
from league.sheet import LEADERBOARD_TAB
from league.table import Table
from sync.memory import MemoryWorkbook
from tests.exporters.tables import STANDINGS_COLUMNS

runner = CliRunner()
T1 = dt.datetime(2024, 9, 7, 20, 0, tzinfo=dt.UTC)


def new_league(folder: Path) -> tuple[Config, MemoryWorkbook]:
    """The demo league in memory, with its league.toml (and so its history and exports) in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "league.toml").write_text(
        'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n[branding]\nhashtags = ["GLUnmatched"]\n', encoding="utf-8"
    )
    config = load_config(folder)
    demo = build_demo(config.ruleset, config.catalog)
    tabs = {s.name: [list(s.header), *(list(r) for r in s.rows)] for s in demo.sheets(config.ruleset, config.catalog)}
    return config, MemoryWorkbook(tabs)


@pytest.fixture()
def league(tmp_path: Path) -> tuple[Config, MemoryWorkbook]:
    return new_league(tmp_path)


@pytest.fixture()
def csv_league(tmp_path: Path) -> tuple[Config, MemoryWorkbook]:
    """The demo league exporting only its CSV files, for tests of the history and the workbook: drawing the images
    and posters is most of a sync's time."""
    config, book = new_league(tmp_path)
    return replace(config, formats=("csv",)), book


def _ranks(grid: Grid) -> dict[str, tuple[object, object]]:
    move = grid[0].index("Move")
    return {name_key(r[1]): (r[0], r[move] if move < len(r) else None) for r in grid[1:]}


def _trim(row: object) -> list[str]:
    """A row as text, empty cells at its end left out: how the workbook reads it back."""
    cells = [as_text(c) for c in row]  # type: ignore[attr-defined]
    while cells and not cells[-1]:
        cells.pop()
    return cells


def _plays_qr2(book: MemoryWorkbook, player: object) -> bool:
    return any(
        row[2] == player and row[6]
        for name, grid in book.tabs.items()
        if name.startswith("Results QR2")
        for row in grid[1:]
    )


def _make_win_everything(book: MemoryWorkbook, player: str) -> None:
    """Every played match of `player` in the second qualifying round turned into a win at full health."""
    for name, grid in book.tabs.items():
        if not name.startswith("Results QR2"):
            continue
        head = grid[0]
        for row in grid[1:]:
            for me, other in (("A", "B"), ("B", "A")):
                if row[head.index(f"Player {me}")] == player and row[head.index(f"Player {other}")]:
                    row[head.index("Winner")] = player
                    row[head.index(f"Health {me}")] = row[head.index(f"Start Health {me}")]
                    row[head.index(f"Health {other}")] = 0


def lift_someone(book: MemoryWorkbook) -> str:
    """The lowest-ranked player of the second round wins every match there: the standings change (not the first
    round's). Returns the player."""
    board = book.read([LEADERBOARD_TAB])[LEADERBOARD_TAB]
    riser = next(str(r[1]) for r in reversed(board[1:]) if isinstance(r[0], int) and _plays_qr2(book, r[1]))
    _make_win_everything(book, riser)
    return riser


def test_two_syncs_give_moves_arrows_and_history(league: tuple[Config, MemoryWorkbook]) -> None:
    config, book = league
    run_sync(config, book, now=T1)
    first = book.read([LEADERBOARD_TAB])[LEADERBOARD_TAB]
    drawn = {p.name: p.stat().st_mtime_ns for p in config.exports.glob("*.png")}
    riser = lift_someone(book)
    result = run_sync(config, book, now=T1 + dt.timedelta(days=1))
    again = {p.name: p.stat().st_mtime_ns for p in config.exports.glob("*.png")}
    assert set(again) == set(drawn)
    redrawn = {name for name in drawn if again[name] != drawn[name]}
    assert "leaderboard-1080x1350.png" in redrawn and any(n.startswith("standings-qr2") for n in redrawn)
    assert not any(n.startswith("standings-qr1") for n in redrawn), "the first round's standings did not change"
    second = book.read([LEADERBOARD_TAB])[LEADERBOARD_TAB]
    before, after = _ranks(first), _ranks(second)
    assert all(m in (None, "") for _, m in before.values()), "nothing to compare with at the first sync"
    for key, (rank, move) in after.items():
        old = before[key][0]
        if isinstance(rank, int) and isinstance(old, int):
            assert move == old - rank, key
    assert isinstance(after[name_key(riser)][1], int) and int(after[name_key(riser)][1]) > 0  # type: ignore[arg-type]
    path = history_file(config)
    assert [e.id for e in history.entries(path)] == [1, 2]
    snap = history.latest(path)
    assert snap is not None and snap.leaderboard is not None
    assert [_trim(r) for r in snap.leaderboard.rows] == [_trim(r) for r in second[1:]], (
        "the history holds what was written"
    )
    caption = (config.exports / "leaderboard.txt").read_text(encoding="utf-8")
    gained = int(after[name_key(riser)][1])  # type: ignore[arg-type]
    assert f"{riser} ▲{gained}" in caption and "#GLUnmatched" in caption
    assert any(p.name == "leaderboard-1080x1350.png" for p in result.exported)
    lines = run_history(config, player=riser)
    assert len(lines) == 2 and lines[1].endswith(f"move {gained}")

    image = config.exports / "leaderboard-1080x1350.png"
    drawn = image.stat().st_mtime_ns
    run_sync(config, book, now=T1 + dt.timedelta(days=2))
    assert len(history.entries(path)) == 2, "a sync that changes nothing adds nothing"
    assert image.stat().st_mtime_ns == drawn, "and redraws nothing"
    assert _ranks(book.read([LEADERBOARD_TAB])[LEADERBOARD_TAB]) == after, "and keeps the moves"
    assert history.latest(path).time == T1 + dt.timedelta(days=1)  # type: ignore[union-attr]


def test_history_command_lists_each_sync(csv_league: tuple[Config, MemoryWorkbook]) -> None:
    config, book = csv_league
    run_sync(config, book, now=T1)
    [line] = run_history(config)
    assert line.startswith("#1  2024-09-07 20:00 UTC  inputs ")
    shown = run_history(config, at=1)
    assert shown[1].startswith("Leaderboard (Total Wins)") and len(shown) > 40
    with pytest.raises(ConfigError, match="no sync #7"):
        run_history(config, at=7)
    with pytest.raises(ConfigError, match="'Nobody Here' is on no leaderboard recorded in .*league-history.sqlite"):
        run_history(config, player="Nobody Here")


def test_history_of_a_name_on_no_leaderboard_is_a_usage_error_naming_the_closest(
    csv_league: tuple[Config, MemoryWorkbook], monkeypatch: pytest.MonkeyPatch
) -> None:
    config, book = csv_league
    run_sync(config, book, now=T1)
    name = str(book.read([LEADERBOARD_TAB])[LEADERBOARD_TAB][1][1])
    typed = name[:-1]
    with pytest.raises(ConfigError, match=f"{typed!r} is on no leaderboard recorded in .*; did you mean {name}"):
        run_history(config, player=typed)
    assert run_history(config, player=name.upper())[0].startswith("#1  2024-09-07 20:00 UTC  rank 1")
    monkeypatch.chdir(config.path.parent)
    done = runner.invoke(app, ["history", "--player", typed])
    assert done.exit_code == ExitCode.USAGE and name in done.output


def test_nothing_is_written_outside_the_exports_folder(league: tuple[Config, MemoryWorkbook]) -> None:
    config, book = league
    events = book.tabs["Events"]
    for row, hostile in zip(events[1:], ["..", "~", ". .", "-rf", "$HOME", "C;evil"]):
        old = row[0]
        row[0] = hostile
        for grid in book.tabs.values():
            for cells in grid[1:]:
                if grid is not events and cells and cells[1] == old:
                    cells[1] = hostile
    root = config.path.parent
    outside_before = {p for p in root.parent.rglob("*") if config.exports not in p.parents}
    run_sync(config, book, now=T1)
    for fmt in ("png", "txt", "html", "pdf", "csv"):
        run_export(config, fmt)
    written = sorted(p.name for p in config.exports.iterdir())
    assert {"standings.csv", "standings-2.csv", "standings-home-1080x1350.png", "standings-rf.txt"} <= set(written)
    outside_after = {p for p in root.parent.rglob("*") if config.exports not in p.parents}
    assert outside_after - outside_before == {config.exports, history_file(config), root / ".league.xlsx.lock"}
    with pytest.raises(ExportError, match="outside"):
        write_files(config.exports, [("../x.png", b"")], sweep=False)


def test_a_table_named_like_a_path_still_lands_inside(snapshot_with_paths: Snapshot, tmp_path: Path) -> None:
    """Whatever a tab name holds (the domain refuses most of these as event ids), its files stay in the folder."""
    folder = tmp_path / "out" / "exports"
    for fmt in ("png", "txt", "html", "pdf"):
        write_files(folder, files(snapshot_with_paths, Branding(), fmt), sweep=True)
    write_csv(folder, list(snapshot_with_paths.tables))
    assert {p.parent for p in tmp_path.rglob("*") if p.is_file()} == {folder}
    assert "standings-escape-1080x1350.png" in {p.name for p in folder.iterdir()}


@pytest.fixture()
def snapshot_with_paths() -> Snapshot:
    tables = tuple(
        Table.of(f"Standings {name}", STANDINGS_COLUMNS, ((1, "Ana", 1, 1, 0.5, "", ""),))
        for name in ("../../escape", "/tmp/abs", "a/../../b", "..\\..\\win", "C:evil", "..", "")
    )
    return Snapshot(T1, "x", "League", tables)


def test_csv_stays_formula_safe(league: tuple[Config, MemoryWorkbook]) -> None:
    config, book = league
    players = book.tabs["Players"]
    old = str(players[1][0])
    for grid in book.tabs.values():
        for row in grid[1:]:
            for i, cell in enumerate(row):
                if cell == old:
                    row[i] = '=HYPERLINK("x")'
    run_sync(config, book, now=T1)
    rows = list(csv.reader((config.exports / "leaderboard.csv").open(encoding="utf-8-sig", newline="")))
    assert ['\'=HYPERLINK("x")'] == [c for r in rows for c in r if "HYPERLINK" in c]
    assert "=HYPERLINK(&quot;x&quot;)" in (config.exports / "league.html").read_text(encoding="utf-8")


def test_export_before_any_sync_says_to_sync(league: tuple[Config, MemoryWorkbook]) -> None:
    config, _ = league
    with pytest.raises(ConfigError, match="run `league sync` first"):
        run_export(config, "png")


def test_export_one_event_and_the_cli(league: tuple[Config, MemoryWorkbook], monkeypatch: pytest.MonkeyPatch) -> None:
    config, book = league
    run_sync(config, book, now=T1)
    event = as_text(book.tabs["Events"][1][0])
    for path in config.exports.iterdir():
        path.unlink()
    made = run_export(config, "pdf", event.lower())
    assert sorted(p.name for p in made) == [
        f"standings-{event.casefold()}-a3.pdf",
        f"standings-{event.casefold()}-a4.pdf",
    ]
    with pytest.raises(ConfigError, match="no event 'QR9'"):
        run_export(config, "png", "QR9")
    monkeypatch.chdir(config.path.parent)
    done = runner.invoke(app, ["export", "--format", "html"])
    assert done.exit_code == 0 and "league.html" in done.output.replace("\n", "")
    assert runner.invoke(app, ["export", "--format", "gif"]).exit_code == 2
    listed = runner.invoke(app, ["history"])
    assert listed.exit_code == 0 and listed.output.startswith("#1  2024-09-07 20:00 UTC")


def test_a_new_demo_starts_a_new_history(tmp_path: Path) -> None:
    from jobs.demo_job import run_demo

    run_demo(tmp_path, ruleset_name="ogaming-mtg")
    run_demo(tmp_path)
    config = load_config(tmp_path)
    assert len(history.entries(history_file(config))) == 1
    snap = history.latest(history_file(config))
    assert snap is not None and snap.title == config.ruleset.title


def test_a_history_that_cannot_be_written_is_exit_5(league: tuple[Config, MemoryWorkbook]) -> None:
    config, book = league
    history_file(config).mkdir()
    result = run_sync(config, book, now=T1)
    assert result.code == ExitCode.EXPORTS_FAILED and "history file" in result.export_problem
    assert book.read([LEADERBOARD_TAB]), "the workbook itself was synced"


def test_a_sync_draws_the_first_image_of_each_size_and_an_export_every_page(
    league: tuple[Config, MemoryWorkbook],
) -> None:
    config, book = league
    run_sync(config, book, now=T1)
    assert len(book.read([LEADERBOARD_TAB])[LEADERBOARD_TAB]) - 1 > 22, (
        "the leaderboard needs a second page at both sizes"
    )
    synced = {p.name for p in config.exports.glob("leaderboard-*.png")}
    assert synced == {"leaderboard-1080x1350.png", "leaderboard-1200x630.png"}
    run_export(config, "png")
    exported = {p.name for p in config.exports.glob("leaderboard-*.png")}
    assert "leaderboard-1080x1350-2.png" in exported and synced < exported
    assert not any(name.startswith("leaderboard-1200x630-") for name in exported), "a link shows one card, never page 2"


def test_a_sync_reads_back_only_the_output_tabs_it_needs(
    csv_league: tuple[Config, MemoryWorkbook], monkeypatch: pytest.MonkeyPatch
) -> None:
    config, book = csv_league
    run_sync(config, book, now=T1)
    asked: list[str] = []
    read = book.read

    def spy(tabs: list[str]) -> dict[str, Grid]:
        asked.extend(tabs)
        return read(tabs)

    monkeypatch.setattr(book, "read", spy)
    again = run_sync(config, book, now=T1 + dt.timedelta(days=1))
    assert LEADERBOARD_TAB in asked and not any(t.startswith("Standings ") or t == "Problems" for t in asked)
    assert again.code is ExitCode.INPUT_ERRORS and not again.changes.remove
    asked.clear()
    preview = run_sync(config, book, dry_run=True)
    assert any(t.startswith("Standings ") for t in asked) and all(
        line.endswith("unchanged") for line in preview.preview if line.startswith("Standings ")
    )


@pytest.mark.parametrize("damage", ["random bytes", "truncated"])
def test_a_damaged_history_still_syncs_the_workbook_and_is_exit_5(
    csv_league: tuple[Config, MemoryWorkbook], damage: str
) -> None:
    """The workbook is synced, `Move` compared with its Leaderboard tab; the exports, drawn from the history, fail."""
    config, book = csv_league
    path = history_file(config)
    run_sync(config, book, now=T1)
    riser = lift_someone(book)
    first = _ranks(book.read([LEADERBOARD_TAB])[LEADERBOARD_TAB])
    path.write_bytes(random.Random(5).randbytes(5000) if damage == "random bytes" else path.read_bytes()[:2048])
    assert f"exports: would fail: the history file {path}" in run_sync(config, book, dry_run=True).preview[-1]
    result = run_sync(config, book, now=T1 + dt.timedelta(days=1))
    assert result.code == ExitCode.EXPORTS_FAILED and str(path) in result.export_problem
    assert len(book.tabs["Sync Log"]) == 3, "the workbook was synced"
    after = _ranks(book.read([LEADERBOARD_TAB])[LEADERBOARD_TAB])
    gained = first[name_key(riser)][0] - after[name_key(riser)][0]  # type: ignore[operator]
    assert gained > 0 and after[name_key(riser)][1] == gained, "Move compared with the Leaderboard tab"

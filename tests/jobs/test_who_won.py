"""Who won, decided once: no output names a winner, calls standings final or awards a prize before the evaluation
decides the event (or the season) is final, and every format names the same winner once it is.

The weekly W1 of `test_playoffs`: eight players, three Swiss rounds (Ana Lee 3-0), a top 8 to play."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from exporters.caption import caption
from exporters.html import page
from exporters.render import shown_board
from jobs.bracket_job import run_bracket
from jobs.config import Config
from jobs.demo_job import run_demo
from jobs.errors import ExitCode
from jobs.export_job import latest_snapshot, run_history, snapshot_of
from jobs.status_job import run_status
from jobs.sync_job import run_sync
from league.cells import Cell
from league.report import leaderboard_sheet, standings_sheets
from serve.pages import index
from serve.view import live_view
from sync.open import open_workbook
from tests.jobs.test_playoffs import ROUNDS, _league, _sync, _tab, _type

WINNING = ("wins", "Champion:", "Final standings")
SHOWN = ("txt", "html", "pdf")
"""The files the tests read what a standings shows in: the captions, the page and the posters."""


def _exports(config: Config, stem: str) -> str:
    """What a reader sees of one table: its caption, the page and the poster's text."""
    folder = config.exports
    poster = "".join(p.extract_text() for p in PdfReader(folder / "leaderboard-a4.pdf").pages)
    return "\n".join(
        [
            (folder / f"{stem}.txt").read_text(encoding="utf-8"),
            (folder / "league.html").read_text(encoding="utf-8"),
            poster,
        ]
    )


def _prizes(config: Config, tab: str) -> list[Cell]:
    grid = _tab(config, tab)
    at = grid[0].index("Prize")
    return [r[at] for r in grid[1:] if at < len(r) and r[at]]


def test_between_the_last_swiss_round_and_the_bracket_nothing_is_won(tmp_path: Path) -> None:
    config = _league(tmp_path, exports=SHOWN)
    assert _sync(config) == ExitCode.CLEAN
    shown = _exports(config, "standings-w1") + _exports(config, "leaderboard")
    assert not [w for w in WINNING if w in shown], "the top 8 is still to be played"
    assert "Swiss rounds complete, top 8 to play" in shown
    assert all(str(p).startswith("in line for ") for p in _prizes(config, "Leaderboard"))
    assert _prizes(config, "Standings W1") == [], "nobody is in line for the places the playoffs decide"
    status = run_status(config, open_workbook(config)).lines
    assert "W1: Swiss complete, top 8 to seed with `league bracket`" in status
    assert status[-1].startswith("league: 0 of 1 events final")


def test_after_the_final_one_champion_with_the_prizes_and_how_far_each_went(tmp_path: Path) -> None:
    config = _league(tmp_path, exports=SHOWN)
    assert _sync(config) == ExitCode.CLEAN
    assert run_bracket(config, open_workbook(config), "W1").code == ExitCode.CLEAN
    for number in (1, 2, 3):  # the lower seed wins every match
        rows = {(r[0], r[1]): r for r in _tab(config, "Bracket W1")[1:] if r[0] == number}
        _type(config, {key: (0, 2) for key in rows})
        assert _sync(config) == ExitCode.CLEAN
    champion = _tab(config, "Bracket W1")[-1][9]
    caption_text = (config.exports / "standings-w1.txt").read_text(encoding="utf-8")
    assert caption_text.startswith(f"{champion} wins Weekly 1")
    assert f"1. {champion}" in caption_text and "— Won the final · Swiss #" in caption_text
    assert "Lost the semi-final · Swiss #" in caption_text
    grid = _tab(config, "Standings W1")
    prize = grid[0].index("Prize")
    assert grid[1][2] == champion and grid[1][prize] == "1st place; Top 4"
    assert [r[prize] for r in grid[2:5]] == ["Top 4"] * 3
    ev = run_sync(config, open_workbook(config)).evaluation
    assert ev.states["W1"].final and ev.states["W1"].winner == champion
    assert not ev.season.final, "the league's season plan is not set: it only leads"
    board_caption = (config.exports / "leaderboard.txt").read_text(encoding="utf-8")
    assert " leads " in board_caption.split("\n")[0] and "In line for prizes" in board_caption
    assert board_caption.split("\n")[0].endswith(" after W1, 1 event final") and "Final standings" not in board_caption


def test_a_league_of_one_weekly_event_leads_after_week_1_until_its_season_is_final(tmp_path: Path) -> None:
    config = _league(tmp_path, exports=SHOWN)
    planned = replace(
        config, ruleset=replace(config.ruleset, playoffs=None, season=replace(config.ruleset.season, events=4))
    )
    assert run_sync(planned, open_workbook(planned)).code == ExitCode.CLEAN
    first = (planned.exports / "leaderboard.txt").read_text(encoding="utf-8").split("\n")[0]
    assert first.startswith("Ana Lee leads the ") and first.endswith(" after W1, 1 of 4 events final")
    event = (planned.exports / "standings-w1.txt").read_text(encoding="utf-8")
    assert event.startswith("Ana Lee wins Weekly 1"), "the event itself is final"
    closed = replace(planned, ruleset=replace(planned.ruleset, season=replace(planned.ruleset.season, closed=True)))
    assert run_sync(closed, open_workbook(closed)).code == ExitCode.CLEAN
    assert (closed.exports / "leaderboard.txt").read_text(encoding="utf-8").startswith("Ana Lee wins the ")
    assert "League champion" in str(_prizes(closed, "Leaderboard")[0]) and "in line" not in str(
        _prizes(closed, "Leaderboard")[0]
    )


def test_an_event_with_a_contenders_error_names_no_champion(tmp_path: Path) -> None:
    typo = tuple((r, a, b, 3, 0) if (r, a) == (3, "Ana Lee") else (r, a, b, wa, wb) for r, a, b, wa, wb in ROUNDS)
    # the leader's last match typed 3-0: a best of three cannot end so
    config = _league(tmp_path, results=typo, exports=SHOWN)
    planned = replace(config, ruleset=replace(config.ruleset, playoffs=None))
    ev = run_sync(planned, open_workbook(planned)).evaluation
    assert ev.errors and ev.states["W1"].to_fix == 1 and not ev.states["W1"].final and not ev.states["W1"].winner
    shown = _exports(planned, "standings-w1")
    assert not [w for w in WINNING if w in shown] and "All rounds played, results still to fix" in shown
    assert all(str(p).startswith("in line for ") for p in _prizes(planned, "Standings W1"))
    assert "W1: all rounds played, 1 result to fix" in run_status(planned, open_workbook(planned)).lines


def test_the_gl_demo_names_no_champion_while_a_contenders_error_remains(tmp_path: Path) -> None:
    result = run_demo(tmp_path / "demo")
    ev = result.evaluation
    assert all(s.to_fix and not s.final and not s.winner for s in ev.states.values()), (
        "every demo event has a planted error"
    )
    exports = tmp_path / "demo" / "exports"
    captions = [p.read_text(encoding="utf-8") for p in sorted(exports.glob("*.txt"))]
    page_text = (exports / "league.html").read_text(encoding="utf-8")
    assert len(captions) == 7 and all(" leads " in c.split("\n")[0] and "In line for prizes" in c for c in captions)
    assert not [c for c in captions if " wins " in c or "Final standings" in c]
    assert '"Champion: ' not in page_text and ">Champion: " not in page_text and "Final standings" not in page_text


def test_league_history_says_what_each_sync_changed(tmp_path: Path) -> None:
    config = _league(tmp_path, rounds=2, exports=SHOWN)
    assert _sync(config) == ExitCode.CLEAN
    (tmp_path / "league.xlsx").unlink()  # the judges type round 3
    config = _league(tmp_path, exports=SHOWN)
    assert _sync(config) == ExitCode.CLEAN
    assert run_bracket(config, open_workbook(config), "W1").code == ExitCode.CLEAN
    assert _sync(config) == ExitCode.CLEAN
    _type(config, {(1, 1): (2, 0)})
    assert _sync(config) == ExitCode.CLEAN
    lines = run_history(config)
    assert [line.rsplit(": ", 1)[-1] for line in lines] == [
        "first sync",
        "W1 round 3 paired; W1 round 3 complete",
        "W1 bracket seeded",
        "W1 a bracket game",
    ]


def test_renaming_every_note_and_prize_wording_in_the_writer_changes_no_export(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _league(tmp_path, drop=(3, "Hal Ives"), exports=SHOWN)
    assert run_bracket(config, open_workbook(config), "W1").code == ExitCode.CLEAN
    _type(config, {(1, 1): (2, 0), (1, 2): (0, 2)})
    ev = run_sync(config, open_workbook(config)).evaluation
    now = latest_snapshot(config).time

    def drawn() -> list[str]:
        tables = [*standings_sheets(ev), leaderboard_sheet(ev, None)]
        snap = snapshot_of(ev, tables, "f", now)
        boards = [shown_board(snap, t) for t in snap.tables]
        return (
            [caption(b, "League", snap.events, ()) for b in boards]
            + [page(boards, "League", config.branding, None)]
            + [repr(b.lines) for b in boards]
        )

    before = drawn() + [index(live_view(config.branding, ev, now))]
    import league.report as writer

    monkeypatch.setattr(writer, "TIE_NAMES", 1)
    monkeypatch.setattr(writer, "_note", lambda *_: "zzz dropped; not final; disqualified")
    monkeypatch.setattr(writer, "_prize", lambda *_: "Top 4; 1st place; zzz")
    assert drawn() + [index(live_view(config.branding, ev, now))] == before
    assert any("†" in line for line in before), "the drop typed in Drop B is marked in the exports"


def test_lg_standings_is_the_tab(tmp_path: Path) -> None:
    from league import open as open_league

    config = _league(tmp_path, exports=SHOWN)
    assert run_bracket(config, open_workbook(config), "W1").code == ExitCode.CLEAN
    for number in (1, 2, 3):
        _type(config, {(r[0], r[1]): (2, 0) for r in _tab(config, "Bracket W1")[1:] if r[0] == number})
        assert _sync(config) == ExitCode.CLEAN
    frame = open_league(config.path).standings("W1")
    grid = _tab(config, "Standings W1")
    assert [list(r[:3]) for r in frame.itertuples(index=False)] == [r[:3] for r in grid[1:]]
    assert frame["finish"].iloc[0] == "won the final" and list(frame["swiss_rank"]) == [r[1] for r in grid[1:]]

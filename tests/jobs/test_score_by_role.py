"""Every export finds the score by its role in the standings table, never by its header: a MESBG league whose
scenario-point tiebreaker is labelled `Total Scenario Points` still shows VP as the score everywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf

from jobs.config import load_config, load_ruleset
from jobs.export_job import latest_snapshot
from jobs.sync_job import run_sync
from league.demos.mesbg import build_mesbg_demo
from league.sheet import Sheet
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook

RELABELLED = """extends = "mesbg-pairs"

[[tiebreakers]]
name = "total"
label = "Total Scenario Points"
figure = "scenario"
bye = 0
display = "whole"

[[tiebreakers]]
name = "judge"
label = "Judge Order"
display = "hidden"
"""


def _league(folder: Path) -> Path:
    (folder / "relabelled.toml").write_text(RELABELLED, encoding="utf-8")
    ruleset, catalog = load_ruleset("relabelled.toml", folder)
    assert [t.label for t in ruleset.tiebreakers][0] == "Total Scenario Points"
    tabs = build_mesbg_demo().tabs(ruleset, catalog)
    XlsxWorkbook(folder / "league.xlsx").create(
        [Sheet(n, tuple(map(str, g[0])), tuple(map(tuple, g[1:]))) for n, g in tabs.items()]
    )
    (folder / "league.toml").write_text('ruleset = "relabelled.toml"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    return folder


def test_every_export_shows_vp_as_the_score_whatever_the_tiebreaker_is_called(tmp_path: Path) -> None:
    config = load_config(_league(tmp_path))
    run_sync(config, open_workbook(config))
    snap = latest_snapshot(config)
    d1 = snap.table("Standings D1")
    assert d1 is not None and d1.header[2:4] == ("VP", "Total Scenario Points")
    vp = {str(row[1]): row[2] for row in d1.rows if row[0] is not None}
    points = {str(row[1]): row[3] for row in d1.rows if row[0] is not None}
    assert any(vp[name] != points[name] for name in vp), "the test needs VP and scenario points to differ"

    caption = (config.exports / "standings-d1.txt").read_text(encoding="utf-8")
    shown = dict(re.findall(r"^(?:\S+ )?=?\d+\. (.+?)(?: [*†]| DQ)?: (\d+) VP", caption, re.M))
    assert shown and all(int(shown[name]) == vp[name] for name in shown), caption
    assert re.search(r"\d+ VP, Total Scenario Points \d+", caption.split("Top")[1].split("\n")[1]), (
        "the tiebreaker named as such"
    )

    board = (config.exports / "leaderboard.txt").read_text(encoding="utf-8")
    assert re.search(r"^(?:\S+ )?1\. .+: \d+ total VP", board, re.M), board

    html = (config.exports / "league.html").read_text(encoding="utf-8")
    scores = re.findall(r"<th>Name</th>\s*<th>([^<]*)<", html)
    assert scores == ["Total VP", "VP", "VP"], scores

    poster = "".join(page.extract_text() for page in pypdf.PdfReader(config.exports / "leaderboard-a4.pdf").pages)
    board_table = snap.leaderboard
    assert board_table is not None and "# Name Total VP" in poster
    leader = board_table.rows[0]
    assert f"{leader[1]}" in poster and re.search(
        rf"{leader[board_table.header.index('Total VP')]} {leader[5]}\n", poster
    ), poster

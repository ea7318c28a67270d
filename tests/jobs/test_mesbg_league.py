"""`league demo --ruleset mesbg-pairs`,
`league init --ruleset mesbg-pairs` and `league pair` through the real CLI and jobs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from jobs.cli import app
from jobs.config import load_config, load_ruleset
from jobs.pair_job import run_pair
from league.demos.mesbg import build_mesbg_demo
from league.sheet import Sheet
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook

runner = CliRunner()
DemoTabs = Callable[[str, str], dict[str, list[list[object]]]]


def test_the_mesbg_demo_syncs_with_its_planted_mistakes(demo_tabs: DemoTabs) -> None:
    tabs = demo_tabs("mesbg", "mesbg-pairs")
    assert tabs["Standings D1"][0] == ["Rank", "Pair", "VP", "Scenario Points", "Prize", "Note"]
    assert tabs["Leaderboard"][0] == [
        "Rank",
        "Pair",
        "D1",
        "D2",
        "Total VP",
        "Scenario Points",
        "Prize",
        "Move",
        "Note",
    ]
    notes = [str(row[5]) for row in tabs["Standings D2"][1:] if len(row) > 5]
    assert any("-5 VP: List On Time no; -5 VP: Rules Present no" in n for n in notes)
    assert any(row[0] is None and "disqualified" in str(row[5]) for row in tabs["Standings D2"][1:])


def test_init_makes_the_mesbg_input_tabs(in_tmp: Path, dropdowns: Callable[[Path, str], dict[str, str]]) -> None:
    result = runner.invoke(app, ["init", "--ruleset", "mesbg-pairs", "--event", "D1"])
    assert result.exit_code == 0, result.output
    tabs = XlsxWorkbook(in_tmp / "league.xlsx").read(["Pairs", "Results D1", "Penalties"])
    assert tabs["Pairs"][0] == [
        "Pair",
        "Event",
        "Player 1",
        "Player 2",
        "Good Army",
        "Evil Army",
        "Restricted Models",
        "List On Time",
        "Rules Present",
        "Status",
        "Judge Order",
    ]
    assert tabs["Results D1"][0] == [
        "Round",
        "Table",
        "Pair A",
        "Army A",
        "Scenario A",
        "Pair B",
        "Army B",
        "Scenario B",
        "Result",
        "Judge",
        "Notes",
    ]
    assert tabs["Penalties"][0][-1] == "Army"
    assert dropdowns(in_tmp / "league.xlsx", "Pairs") == {
        "Event": "'Events'!$A$2:$A$2000",
        "Status": '"Dropped,DQ"',
        "List On Time": '"yes,no"',
        "Rules Present": '"yes,no"',
    }
    armies = {"Army A": '"Good,Evil"', "Army B": '"Good,Evil"'}
    assert dropdowns(in_tmp / "league.xlsx", "Results D1") == {
        "Pair A": "'Pairs'!$A$2:$A$2000",
        "Pair B": "'Pairs'!$A$2:$A$2000",
        **armies,
        "Result": '"Bye,Forfeit A,Forfeit B"',
    }
    assert dropdowns(in_tmp / "league.xlsx", "Penalties")["Army"] == '"Good,Evil"'


def test_pair_writes_two_rows_per_pairing_and_one_for_a_bye(tmp_path: Path) -> None:
    ruleset, catalog = load_ruleset("mesbg-pairs", tmp_path)
    tabs = build_mesbg_demo().tabs(ruleset, catalog)
    tabs["Results D2"] = [row for row in tabs["Results D2"] if row[0] != 3]
    tabs["Pairs"] = [[None if cell == "DQ" else cell for cell in row] for row in tabs["Pairs"]]  # 11 pairs in: one bye
    XlsxWorkbook(tmp_path / "league.xlsx").create(
        [Sheet(n, tuple(map(str, g[0])), tuple(map(tuple, g[1:]))) for n, g in tabs.items()]
    )
    (tmp_path / "league.toml").write_text('ruleset = "mesbg-pairs"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    config = load_config(tmp_path)
    done = run_pair(config, open_workbook(config), "D2", seed=3, force=True)
    assert done.written and done.round == 3
    byes = [r for r in done.rows if r.get("Result") == "Bye"]
    games = [r for r in done.rows if r.get("Result") != "Bye"]
    assert len(byes) == 1 and "Army A" not in byes[0]
    assert len(games) == 2 * (len(done.pairings) - 1)
    for good, evil in zip(games[::2], games[1::2]):
        assert (good["Pair A"], good["Pair B"], good["Table"]) == (evil["Pair A"], evil["Pair B"], evil["Table"])
        assert (good["Army A"], good["Army B"], evil["Army A"], evil["Army B"]) == ("Good", "Evil", "Evil", "Good")

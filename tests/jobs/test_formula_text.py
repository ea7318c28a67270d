"""People's text that looks like a formula stays plain text in the workbook and in every export."""

from __future__ import annotations

import csv
import zipfile
from pathlib import Path

from exporters.table_csv import safe_text
from jobs.config import load_config, load_ruleset
from jobs.init_job import write_config
from jobs.sync_job import run_sync
from league.template import input_sheets
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook

SNEAKY = '=IMPORTXML("http://example.invalid","//a")'
ROSTER_A = ["Medusa", "Sinbad", "Alice", "King Arthur", "Robin Hood"]
ROSTER_B = ["Bigfoot", "Achilles", "Bloody Mary", "Sun Wukong", "Yennenga"]


def test_formula_looking_names_come_back_as_typed(tmp_path: Path) -> None:
    ruleset, catalog = load_ruleset("gl-unmatched", tmp_path)
    events = [["QR1-GB5", "Greenbelt", "2024-08-10", "Greenbelt 5", 16, "QR1", "Results QR1-GB5"]]
    players = [[SNEAKY, "QR1-GB5", *ROSTER_A, ""], ["+1", "QR1-GB5", *ROSTER_B, ""]]
    results = {
        "Results QR1-GB5": [[1, 1, SNEAKY, "Medusa", 5, 16, "+1", "Bigfoot", 0, 16, "Marmoreal", SNEAKY, "", "", ""]]
    }
    workbook = tmp_path / "league.xlsx"
    XlsxWorkbook(workbook).create(input_sheets(ruleset, catalog, events, players, results))
    write_config(tmp_path, "gl-unmatched", workbook)
    config = load_config(tmp_path)
    result = run_sync(config, open_workbook(config))
    assert [(p.code, p.severity.value, p.tab, p.cell) for p in result.evaluation.problems] == [
        ("formula-like", "warning", tab, cell)
        for tab, cell in (("Players", "A2"), ("Players", "A3"), ("Results QR1-GB5", "C2"), ("Results QR1-GB5", "G2"))
    ]
    book = XlsxWorkbook(workbook)
    standings = book.read(["Standings QR1-GB5"])["Standings QR1-GB5"]
    assert [r[1] for r in standings[1:]] == [SNEAKY, "+1"]
    with zipfile.ZipFile(workbook) as z:
        assert not any("<f>" in z.read(n).decode() for n in z.namelist() if n.startswith("xl/worksheets/"))
    with (config.exports / "standings-qr1-gb5.csv").open(encoding="utf-8-sig", newline="") as f:
        names = [row[1] for row in csv.reader(f)][1:]
    assert names == ["'" + SNEAKY, "'+1"]


def test_safe_text_leaves_ordinary_text_and_numbers_alone() -> None:
    assert safe_text("Niño Peña") == "Niño Peña"
    assert safe_text(-3) == "-3"
    assert safe_text(0.25) == "0.25"
    assert safe_text("@user") == "'@user"
    assert safe_text(None) == ""

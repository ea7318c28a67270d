"""Export file names: readable, in any script, never two tabs in one file."""

from __future__ import annotations

import csv
from pathlib import Path

from jobs.exports import file_names, write_csv
from league.sheet import Sheet


def test_names_fold_to_lowercase_words() -> None:
    assert file_names(["Standings QR1-GB5", "Leaderboard"]) == ["standings-qr1-gb5.csv", "leaderboard.csv"]


def test_tabs_that_fold_alike_get_their_own_files() -> None:
    assert file_names(["Standings QR1 AE", "Standings QR1_AE", "Standings qr1-ae"]) == [
        "standings-qr1-ae.csv", "standings-qr1-ae-2.csv", "standings-qr1-ae-3.csv"]


def test_letters_of_other_scripts_are_kept() -> None:
    assert file_names(["Standings Niño-Łódź"]) == ["standings-niño-łódź.csv"]


def test_headers_are_formula_safe_too(tmp_path: Path) -> None:
    [path] = write_csv(tmp_path, [Sheet("Leaderboard", ("Rank", "=1+1", "@S2"), ((1, "=x", "+1"),))])
    rows = list(csv.reader(path.open(encoding="utf-8-sig", newline="")))
    assert rows == [["Rank", "'=1+1", "'@S2"], ["1", "'=x", "'+1"]]

"""Export file names: readable, in any script, never two tabs in one file."""

from __future__ import annotations

from jobs.exports import file_names


def test_names_fold_to_lowercase_words() -> None:
    assert file_names(["Standings QR1-GB5", "Leaderboard"]) == ["standings-qr1-gb5.csv", "leaderboard.csv"]


def test_tabs_that_fold_alike_get_their_own_files() -> None:
    assert file_names(["Standings QR1 AE", "Standings QR1_AE", "Standings qr1-ae"]) == [
        "standings-qr1-ae.csv", "standings-qr1-ae-2.csv", "standings-qr1-ae-3.csv"]


def test_letters_of_other_scripts_are_kept() -> None:
    assert file_names(["Standings Niño-Łódź"]) == ["standings-niño-łódź.csv"]

"""Fixtures shared by the job and CLI tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest


@pytest.fixture()
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run the test from inside its own temporary folder, as a user runs `league` from a league's folder. Through
    `monkeypatch`, so a test that moves further (`monkeypatch.chdir`) still ends where the run was: the first
    change it records is the one undone."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture()
def dropdowns() -> Callable[[Path, str], dict[str, str]]:
    """Reads a tab's dropdowns from an `.xlsx` file: header -> the choices (a list or a range)."""

    def read(book: Path, tab: str) -> dict[str, str]:
        sheet = openpyxl.load_workbook(book)[tab]
        headers = {c.column_letter: c.value for c in sheet[1]}
        return {
            headers[str(v.sqref).split(":")[0].rstrip("0123456789")]: v.formula1
            for v in sheet.data_validations.dataValidation
        }

    return read


DemoTabs = Callable[[str, str], dict[str, list[list[object]]]]


@pytest.fixture()
def demo_tabs(in_tmp: Path) -> DemoTabs:
    """Runs `league demo FOLDER --ruleset PRESET` through the CLI and returns every tab of its workbook, once the
    Problems tab is found to list exactly the demo's planted mistakes, each as an error at its cell."""
    from typer.testing import CliRunner

    from jobs.cli import app
    from jobs.config import load_ruleset
    from league.demos import DEMOS
    from sync.xlsx import XlsxWorkbook

    def run(folder: str, preset: str) -> dict[str, list[list[object]]]:
        result = CliRunner().invoke(app, ["demo", folder, "--ruleset", preset])
        assert result.exit_code == 0, result.output
        book = XlsxWorkbook(in_tmp / folder / f"{preset}-league.xlsx")
        tabs: dict[str, list[list[object]]] = book.read(book.tab_names())
        planted = DEMOS[preset](*load_ruleset(preset, Path("."))).planted
        assert {(row[0], row[1], row[2]) for row in tabs["Problems"][1:]} == {("error", p.tab, p.cell) for p in planted}
        return tabs

    return run

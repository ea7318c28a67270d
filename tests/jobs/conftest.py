"""Fixtures shared by the job and CLI tests."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import openpyxl
import pytest


@pytest.fixture()
def in_tmp(tmp_path: Path) -> Iterator[Path]:
    """Run the test from inside its own temporary folder, as a user runs `league` from a league's folder."""
    old = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(old)


@pytest.fixture()
def dropdowns() -> Callable[[Path, str], dict[str, str]]:
    """Reads a tab's dropdowns from an `.xlsx` file: header -> the choices (a list or a range)."""
    def read(book: Path, tab: str) -> dict[str, str]:
        sheet = openpyxl.load_workbook(book)[tab]
        headers = {c.column_letter: c.value for c in sheet[1]}
        return {headers[str(v.sqref).split(":")[0].rstrip("0123456789")]: v.formula1 for v in sheet.data_validations.dataValidation}
    return read

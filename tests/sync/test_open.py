"""Opening the configured backend, and only loading the Google stack when a spreadsheet is configured."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from sync.google import GoogleWorkbook
from sync.open import open_workbook
from sync.xlsx import XlsxWorkbook


@dataclass(frozen=True)
class Place:
    spreadsheet_id: str
    credentials: Path
    api_root: str = "http://127.0.0.1:9"
    retry_seconds: float = 1.0


@dataclass(frozen=True)
class Target:
    workbook: Path | None = None
    sheets: Place | None = None
    max_workbook_mib: int = 256


def test_the_target_decides_the_backend(tmp_path: Path, service_account_file: Path) -> None:
    assert isinstance(open_workbook(Target(tmp_path / "league.xlsx")), XlsxWorkbook)
    book = open_workbook(Target(tmp_path / "league.xlsx", Place("1Abc", service_account_file)))
    assert isinstance(book, GoogleWorkbook) and book.spreadsheet_id == "1Abc"
    with pytest.raises(ValueError, match="either an .xlsx file or a Google spreadsheet"):
        open_workbook(Target())


def test_an_offline_workbook_never_imports_the_google_stack(tmp_path: Path) -> None:
    script = (
        "import sys\nfrom pathlib import Path\nfrom types import SimpleNamespace\nfrom sync.open import open_workbook\n"
        "from sync.workbook import CredentialsError\n"
        f"book = open_workbook(SimpleNamespace(workbook=Path({str(tmp_path / 'l.xlsx')!r}), sheets=None, "
        "max_workbook_mib=256))\n"
        "print(sorted(m for m in ('gspread', 'google.auth', 'requests') if m in sys.modules))\n"
    )
    answer = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=Path(__file__).parents[2]
    )
    assert answer.stdout.strip() == "[]"

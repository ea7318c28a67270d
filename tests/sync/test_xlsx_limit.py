"""A workbook whose parts inflate far past any league's is refused unread (exit 3), whether its parts declare their
size or lie about it; `max_workbook_mib` in league.toml sets the limit."""

from __future__ import annotations

import struct
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jobs.cli import app
from jobs.config import load_config
from jobs.errors import ConfigError, ExitCode
from league.demos.gl import build_demo
from league.sheet import Sheet
from sync.open import open_workbook
from sync.workbook import BackendError
from sync.xlsx import XlsxWorkbook
from sync.xlsx_limit import WorkbookTooLarge

PADDING = "xl/media/padding.bin"
MIB = 1 << 20


def padded(path: Path, mib: int, declared: int | None = None) -> None:
    """Add a part of `mib` MiB of zeros (a few KiB once deflated) to the workbook; `declared` forges the size its
    headers give, with the checksum of what it really holds."""
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(PADDING, bytes(mib * MIB))
    if declared is None:
        return
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info, start = archive.getinfo(PADDING), archive.start_dir
    struct.pack_into("<I", data, info.header_offset + 22, declared)  # the local header's uncompressed size
    at = start
    while data[at : at + 4] == b"PK\x01\x02":  # the central directory's entries
        name, extra, comment = struct.unpack_from("<HHH", data, at + 28)
        if data[at + 46 : at + 46 + name] == PADDING.encode():
            struct.pack_into("<I", data, at + 24, declared)
        at += 46 + name + extra + comment
    path.write_bytes(bytes(data))


@pytest.fixture()
def book(tmp_path: Path) -> Path:
    path = tmp_path / "league.xlsx"
    XlsxWorkbook(path).create([Sheet("Players", ("Name",), (("Ada",), ("Grace",)))])
    return path


def test_a_workbook_within_the_limit_is_read(book: Path) -> None:
    padded(book, 3)
    assert XlsxWorkbook(book, 4).read(["Players"]) == {"Players": [["Name"], ["Ada"], ["Grace"]]}


@pytest.mark.parametrize("read", ["calamine", "openpyxl", "tab names"])
def test_parts_declared_past_the_limit_are_refused_unread(book: Path, read: str) -> None:
    padded(book, 3)
    workbook = XlsxWorkbook(book, 2)
    with pytest.raises(WorkbookTooLarge) as refused:
        {
            "calamine": lambda: workbook.read(["Players"]),
            "openpyxl": lambda: workbook.read_openpyxl(["Players"]),
            "tab names": workbook.tab_names,
        }[read]()
    message = str(refused.value)
    assert str(book) in message and "more than 2 MiB" in message and "say they inflate to 3 MiB" in message
    assert "raise `max_workbook_mib` in league.toml (now 2)" in message
    assert isinstance(refused.value, BackendError), "exit 3, as any workbook that can't be read"


def test_a_part_that_lies_about_its_size_is_refused_when_it_inflates_past_the_limit(book: Path) -> None:
    padded(book, 3, declared=100)
    with zipfile.ZipFile(book) as archive:
        assert sum(info.file_size for info in archive.infolist()) < MIB, "the declared sizes pass the limit"
    with pytest.raises(WorkbookTooLarge, match=f"part {PADDING} inflates far past the size it declares"):
        XlsxWorkbook(book, 2).read(["Players"])


def _league(folder: Path, setting: str) -> None:
    (folder / "league.toml").write_text(
        f'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n{setting}\n', encoding="utf-8"
    )
    config = load_config(folder)
    XlsxWorkbook(folder / "league.xlsx").create(
        build_demo(config.ruleset, config.catalog).sheets(config.ruleset, config.catalog)
    )


def test_sync_of_a_workbook_past_the_setting_is_exit_3_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _league(tmp_path, "max_workbook_mib = 1")
    padded(tmp_path / "league.xlsx", 2)
    before = (tmp_path / "league.xlsx").read_bytes()
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["sync"])
    assert result.exit_code == ExitCode.BACKEND == 3, result.output
    assert "more than 1 MiB" in result.output and "max_workbook_mib" in result.output
    assert "Traceback" not in result.output and (tmp_path / "league.xlsx").read_bytes() == before


def test_the_setting_reaches_the_workbook_and_has_a_default(tmp_path: Path) -> None:
    _league(tmp_path, "max_workbook_mib = 3")
    book = open_workbook(load_config(tmp_path))
    assert isinstance(book, XlsxWorkbook) and book.limit_mib == 3
    (tmp_path / "league.toml").write_text('ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\n', encoding="utf-8")
    assert load_config(tmp_path).max_workbook_mib == 256


@pytest.mark.parametrize("value", ["0", "-5", "true", '"big"', "1.5"])
def test_a_bad_setting_is_a_config_error_naming_it(tmp_path: Path, value: str) -> None:
    (tmp_path / "league.toml").write_text(
        f'ruleset = "gl-unmatched"\nworkbook = "league.xlsx"\nmax_workbook_mib = {value}\n', encoding="utf-8"
    )
    with pytest.raises(ConfigError, match="`max_workbook_mib` must be a whole number of MiB, 1 or more"):
        load_config(tmp_path)

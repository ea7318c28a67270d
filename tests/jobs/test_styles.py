"""A season of nightly syncs leaves the `.xlsx` styles part as it was: formats reused, earlier bloat compacted."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jobs.cli import app
from jobs.config import Config, load_config
from jobs.sync_job import run_sync
from sync.open import open_workbook

STYLES = "xl/styles.xml"


@pytest.fixture()
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Config:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(app, ["init", "--event", "QR1-AE"]).exit_code == 0
    return load_config(tmp_path)


def _part(workbook: Path, name: str) -> bytes:
    with zipfile.ZipFile(workbook) as z:
        return z.read(name)


def _rewrite(workbook: Path, name: str, data: bytes) -> None:
    """The workbook with one part replaced, as another tool (or an earlier version of this one) left it."""
    copy = workbook.with_suffix(".tmp")
    with zipfile.ZipFile(workbook) as zin, zipfile.ZipFile(copy, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info, data if info.filename == name else zin.read(info.filename))
    shutil.move(copy, workbook)


def _sync(config: Config, times: int = 1) -> bytes:
    for _ in range(times):
        run_sync(config, open_workbook(config))
    assert config.workbook is not None
    return _part(config.workbook, STYLES)


def test_fifty_syncs_leave_the_styles_part_byte_identical(config: Config) -> None:
    first = _sync(config)
    assert _sync(config, 49) == first


def _count(styles: bytes, tag: str) -> int:
    found = re.search(rf'<{tag}\b[^>]*count="(\d+)"'.encode(), styles)
    assert found
    return int(found.group(1))


def test_a_workbook_bloated_by_earlier_syncs_is_compacted(config: Config) -> None:
    clean = _sync(config)
    fonts, xfs = _count(clean, "fonts"), _count(clean, "cellXfs")
    junk_fonts = b'<font><b/><sz val="11"/><name val="Calibri"/></font>' * 500
    junk_xfs = (
        f'<xf numFmtId="0" fontId="{fonts + 499}" fillId="0" borderId="0" xfId="0" applyFont="1"/>'.encode() * 1500
    )
    bloated = clean.replace(b"</fonts>", junk_fonts + b"</fonts>").replace(b"</cellXfs>", junk_xfs + b"</cellXfs>")
    bloated = bloated.replace(f'<fonts count="{fonts}"'.encode(), f'<fonts count="{fonts + 500}"'.encode())
    bloated = bloated.replace(f'<cellXfs count="{xfs}"'.encode(), f'<cellXfs count="{xfs + 1500}"'.encode())
    assert config.workbook is not None
    _rewrite(config.workbook, STYLES, bloated)
    assert _sync(config) == clean


def test_a_format_a_judges_tab_uses_is_kept(config: Config) -> None:
    clean = _sync(config)
    last = _count(clean, "cellXfs") - 1
    assert config.workbook is not None
    players = "xl/worksheets/sheet2.xml"
    part = _part(config.workbook, players)
    assert b'<c r="A1"' in part
    _rewrite(
        config.workbook, players, re.sub(rb'<c r="A1"( s="\d+")?', f'<c r="A1" s="{last}"'.encode(), part, count=1)
    )
    after = _sync(config)
    assert _count(after, "cellXfs") >= last + 1
    xfs = re.findall(rb"<xf\b[^>]*?(?:/>|>.*?</xf>)", after.split(b"<cellXfs")[1], re.S)
    assert xfs[last] == re.findall(rb"<xf\b[^>]*?(?:/>|>.*?</xf>)", clean.split(b"<cellXfs")[1], re.S)[last]
    assert _part(config.workbook, players) == re.sub(
        rb'<c r="A1"( s="\d+")?', f'<c r="A1" s="{last}"'.encode(), part, count=1
    ), "a judge's tab keeps its bytes"

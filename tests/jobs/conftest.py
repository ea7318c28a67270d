"""Fixtures shared by the job and CLI tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

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

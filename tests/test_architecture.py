"""Imports flow one way: jobs -> sync -> league, and the domain does no I/O."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
FORBIDDEN = {
    "league": {"gspread", "google", "typer", "click", "rich", "openpyxl", "filelock", "requests", "urllib", "http",
               "socket", "os", "pathlib", "io", "shutil", "tempfile", "subprocess", "importlib", "sync", "jobs"},
    "sync": {"typer", "click", "rich", "jobs"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open":
            names.add("open()")
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_downstream(package: str) -> None:
    for path in sorted((ROOT / package).glob("*.py")):
        bad = _imports(path) & (FORBIDDEN[package] | ({"open()"} if package == "league" else set()))
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"

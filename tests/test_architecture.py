"""Imports flow one way: jobs -> sync -> league, and the domain does no I/O."""

from __future__ import annotations

import ast
import datetime as dt
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
FORBIDDEN = {
    "league": {"gspread", "google", "typer", "click", "rich", "openpyxl", "filelock", "requests", "urllib", "http",
               "socket", "os", "pathlib", "io", "shutil", "tempfile", "subprocess", "importlib", "sync", "jobs"},
    "sync": {"typer", "click", "rich", "jobs"},
}


def _top(path: Path, node: ast.ImportFrom) -> str:
    """The top-level package an import brings in; a relative import is resolved against the file's own package."""
    if node.level == 0:
        return (node.module or "").split(".")[0]
    package = list(path.relative_to(ROOT).parent.parts)
    base = package[:len(package) - node.level + 1]
    return base[0] if base else "<outside the package>"


DOOR = (ROOT / "league" / "__init__.py", "open")
"""`league.open`, for notebooks: the domain's one door to I/O, handing the reading to the configuration, the workbook
backends and the history's reader (imported when called)."""
DOOR_IMPORTS = {"pathlib", "exporters", "jobs", "league", "sync"}


def _door(tree: ast.Module) -> ast.FunctionDef | None:
    return next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == DOOR[1]), None)


def _imports(path: Path, skip: ast.AST | None = None) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    door = _door(tree) if path == DOOR[0] else None
    inside = {id(n) for n in ast.walk(door)} if door else set()
    names = set()
    for node in ast.walk(tree if skip is None else skip):
        if id(node) in inside and skip is None:
            continue
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add(_top(path, node))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("open", "__import__"):
            names.add(f"{node.func.id}()")
    return names


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_downstream(package: str) -> None:
    assert len(_modules(package)) > 3
    for path in _modules(package):
        bad = _imports(path) & (FORBIDDEN[package] | ({"open()", "__import__()", "<outside the package>"} if package == "league" else set()))
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_league_open_is_the_domains_one_door_to_io() -> None:
    """Only `league.open` reads (a workbook, league.toml, the history), and only when called: nothing else in the domain
    imports `sync`, `jobs` or `exporters`, and `league.open` imports exactly these."""
    tree = ast.parse(DOOR[0].read_text(encoding="utf-8"))
    door = _door(tree)
    assert door is not None
    assert _imports(DOOR[0], skip=door) == DOOR_IMPORTS
    assert not _imports(DOOR[0]) & FORBIDDEN["league"], "outside `open`, league/__init__.py imports nothing forbidden"
    pandas = [p.relative_to(ROOT).as_posix() for p in _modules("league") if "pandas" in _imports(p)]
    assert pandas == ["league/api.py"], "pandas only behind the analysis API"


def test_the_layering_check_sees_subpackages_and_relative_imports(tmp_path: Path) -> None:
    nested = ROOT / "league" / "rules" / "components" / "catalog.py"
    assert nested in _modules("league")
    fake = ROOT / "league" / "model" / "x.py"
    node = ast.parse("from ...sync import workbook\nfrom .. import cells").body
    assert [_top(fake, n) for n in node if isinstance(n, ast.ImportFrom)] == ["<outside the package>", "league"]



def test_no_test_reads_the_wall_clock() -> None:
    """The suite runs at one frozen instant (tests/conftest.py): what a sync writes (the Problems tab's minute, the
    history's time, the images' "updated" line) cannot change as the clock crosses a minute."""
    first = dt.datetime.now(dt.UTC)
    time.sleep(0.01)
    assert dt.datetime.now(dt.UTC) == first == dt.datetime(2026, 3, 14, 18, 0, 30, tzinfo=dt.UTC)


COMPONENT_API = {"league.rules.components", "league.rules.components.base", "league.rules.components.registry"}
"""What code outside the components may import of them: the hooks and the registry, never one component."""


def _component_imports(path: Path) -> set[str]:
    """The `league.rules.components` modules a file imports (absolute imports: the packages outside use no others)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and n.level == 0 and n.module:
            names |= {n.module, *(f"{n.module}.{a.name}" for a in n.names if n.module == "league.rules.components")}
    return {m for m in names if m == "league.rules.components" or m.startswith("league.rules.components.")}


@pytest.mark.parametrize("package", ["league", "jobs", "sync", "exporters"])
def test_no_code_outside_the_components_names_one(package: str) -> None:
    """The engine and the jobs ask the ruleset's components through their hooks, so a new component touches no engine file."""
    inside = ROOT / "league" / "rules" / "components"
    for path in _modules(package):
        if inside in path.parents:
            continue
        bad = _component_imports(path) - COMPONENT_API
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}: ask the components' hooks instead"


def test_the_component_check_sees_each_form_of_import(tmp_path: Path) -> None:
    fake = tmp_path / "x.py"
    fake.write_text("import league.rules.components.cut\nfrom league.rules.components import series\n"
                    "from league.rules.components.catalog import CatalogRules\nfrom league.rules.components.base import Tab\n",
                    encoding="utf-8")
    assert _component_imports(fake) - COMPONENT_API == {"league.rules.components.cut", "league.rules.components.series",
                                                        "league.rules.components.catalog"}

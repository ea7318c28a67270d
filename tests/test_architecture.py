"""Imports flow one way: jobs -> sync -> league, and the domain does no I/O."""

from __future__ import annotations

import ast
import datetime as dt
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
FORBIDDEN = {
    "league": {
        "gspread",
        "google",
        "typer",
        "click",
        "rich",
        "openpyxl",
        "filelock",
        "requests",
        "urllib",
        "http",
        "socket",
        "os",
        "pathlib",
        "io",
        "shutil",
        "tempfile",
        "subprocess",
        "importlib",
        "sync",
        "jobs",
    },
    "sync": {"typer", "click", "rich", "jobs"},
    "history": {"typer", "click", "rich", "jobs", "exporters", "sync", "gspread", "openpyxl"},
}


def _top(path: Path, node: ast.ImportFrom) -> str:
    """The top-level package an import brings in; a relative import is resolved against the file's own package."""
    if node.level == 0:
        return (node.module or "").split(".")[0]
    package = list(path.relative_to(ROOT).parent.parts)
    base = package[: len(package) - node.level + 1]
    return base[0] if base else "<outside the package>"


DOOR = (ROOT / "league" / "__init__.py", "open")
"""`league.open`, for notebooks: the domain's one door to I/O, handing the reading to the configuration, the workbook
backends and the history's reader (imported when called)."""
DOOR_IMPORTS = {"pathlib", "history", "jobs", "league", "sync"}


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
        bad = _imports(path) & (
            FORBIDDEN[package] | ({"open()", "__import__()", "<outside the package>"} if package == "league" else set())
        )
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
    """The engine and the jobs ask the ruleset's components through their hooks,
    so a new component touches no engine file."""
    inside = ROOT / "league" / "rules" / "components"
    for path in _modules(package):
        if inside in path.parents:
            continue
        bad = _component_imports(path) - COMPONENT_API
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}: ask the components' hooks instead"


def test_the_component_check_sees_each_form_of_import(tmp_path: Path) -> None:
    fake = tmp_path / "x.py"
    fake.write_text(
        "import league.rules.components.cut\nfrom league.rules.components import series\n"
        "from league.rules.components.catalog import CatalogRules\nfrom league.rules.components.base import Tab\n",
        encoding="utf-8",
    )
    assert _component_imports(fake) - COMPONENT_API == {
        "league.rules.components.cut",
        "league.rules.components.series",
        "league.rules.components.catalog",
    }


PRODUCT = ("league", "sync", "jobs", "exporters", "serve", "history")
"""The product's packages: the tool's own code, not its tests or benchmarks."""


def _product_modules() -> list[Path]:
    return [p for package in PRODUCT if (ROOT / package).is_dir() for p in _modules(package)]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(path: Path, known: set[str]) -> set[str]:
    """The product modules a module imports, function-level imports included (but not `league.open`'s, the door)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    door = _door(tree) if path == DOOR[0] else None
    inside = {id(n) for n in ast.walk(door)} if door else set()
    own = _module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    typing_only = {
        id(n)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for n in ast.walk(node)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in inside or id(node) in typing_only:
            continue
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [*package.split(".")[: len(package.split(".")) - node.level + 1], *([base] if base else [])]
                )
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != own:
                found.add(name)
    return found


def test_no_import_cycle_in_the_product() -> None:
    """Modules import one way, function-level imports included; `league.open`, the notebooks' door, is the one place
    the domain reaches up, and only when called."""
    import networkx as nx

    paths = {_module_name(p): p for p in _product_modules()}
    graph = nx.DiGraph()
    for name, path in paths.items():
        graph.add_node(name)
        graph.add_edges_from((name, other) for other in _imported_modules(path, set(paths)))
    cycles = list(nx.simple_cycles(graph))
    assert cycles == [], f"import cycles: {cycles[:5]}"


def test_the_live_pages_and_the_exports_import_nothing_from_the_jobs() -> None:
    for package in ("serve", "exporters", "history"):
        for path in _modules(package) if (ROOT / package).is_dir() else []:
            assert "jobs" not in _imports(path), f"{path.relative_to(ROOT)} imports from jobs"


LONGEST_MODULE = 400


def test_no_module_of_the_product_is_over_400_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in _product_modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > LONGEST_MODULE
    }
    assert long == {}


def test_one_meaning_per_class_name_and_no_module_names_a_letter_apart() -> None:
    defined: dict[str, list[str]] = {}
    for path in _product_modules():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                defined.setdefault(node.name, []).append(str(path.relative_to(ROOT)))
    assert {name: where for name, where in defined.items() if len(where) > 1} == {}
    folders: dict[Path, set[str]] = {}
    for p in _product_modules():
        folders.setdefault(p.parent, set()).add(p.stem)
        if p.name == "__init__.py":
            folders.setdefault(p.parent.parent, set()).add(p.parent.name)  # a package beside a module of its folder
    close = [
        (str(folder.relative_to(ROOT)), a, b)
        for folder, stems in folders.items()
        for a in stems
        for b in stems
        if a < b and (a + "s" == b or b + "s" == a)
    ]
    assert close == [], "modules of one folder named one letter apart"

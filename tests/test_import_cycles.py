"""No import cycle in `league/`, and the records depend on no rules.

Every import counts, the ones inside functions too; only an `if TYPE_CHECKING:` block is exempt (it never runs).
Importing `a.b.c` runs `a/__init__.py` and `a/b/__init__.py` first, so it is an import of those packages as well,
except of the importer's own packages: Python starts a package before any module in it, so `a.b.x` importing
`a.b.y` runs no `a/b/__init__.py` that was not already running. Reading a name from one's own package
(`from a.b import NAME` in `a.b.x`) still counts: that name may not be there yet."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).parents[1]


def module_name(root: Path, path: Path) -> str:
    """`league/rules/load.py` -> `league.rules.load`; a package's `__init__.py` is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: at the top, in functions and classes, not under `if TYPE_CHECKING:`."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    walk_one(other)
            else:
                walk_one(child)

    def walk_one(node: ast.AST) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        else:
            walk(node)

    walk(tree)
    return found


def _ancestors(name: str) -> list[str]:
    """`a.b.c` -> `a`, `a.b`."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def imported(name: str, package: str, node: ast.Import | ast.ImportFrom, modules: set[str]) -> set[str]:
    """The modules of `modules` whose code an import statement of module `name` (in `package`) runs or reads."""
    named: set[str] = set()
    if isinstance(node, ast.Import):
        named = {a.name for a in node.names}
    else:
        base = node.module or ""
        if node.level:
            parts = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*parts, *([node.module] if node.module else [])])
        submodules = {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules}
        named = submodules
        if base not in _ancestors(name) or len(submodules) < len(node.names):
            named.add(base)  # names read from the module itself (a package's own namespace counts too)
    out = set(named)
    for target in named:
        out |= {
            p for p in _ancestors(target) if p not in _ancestors(name)
        }  # packages run on the way, but not one's own
    return (out & modules) - {name}


def import_graph(root: Path, package: str) -> nx.DiGraph:
    """Module -> the modules of the package its imports run (see the module docstring for what counts)."""
    files = {module_name(root, p): p for p in sorted((root / package).rglob("*.py"))}
    modules = set(files)
    graph = nx.DiGraph()
    for name, path in files.items():
        graph.add_node(name)
        own = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _statements(ast.parse(path.read_text(encoding="utf-8"))):
            graph.add_edges_from((name, target) for target in imported(name, own, node, modules))
    return graph


def cycles(graph: nx.DiGraph) -> list[list[str]]:
    """Each group of modules that import one another round in a circle, sorted."""
    return sorted(sorted(group) for group in nx.strongly_connected_components(graph) if len(group) > 1)


def test_league_has_no_import_cycle() -> None:
    graph = import_graph(ROOT, "league")
    assert len(graph) > 50
    found = cycles(graph)
    circles = [" -> ".join(a for a, _ in nx.find_cycle(graph.subgraph(group))) for group in found]
    assert not found, "modules importing one another in a circle (each runs the next): " + "; ".join(circles)


def test_the_records_depend_on_no_rules() -> None:
    """`league/model/` is what a workbook says; what it means is the rules', which build on the records."""
    graph = import_graph(ROOT, "league")
    for name in (n for n in graph if n == "league.model" or n.startswith("league.model.")):
        reached = nx.descendants(graph, name)
        assert not {r for r in reached if r.startswith("league.rules")}, f"{name} imports {sorted(reached)}"


# The test of the test: tiny packages with and without a cycle.


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


CASES = {
    "top-level imports": (
        {"pkg/__init__.py": "", "pkg/a.py": "import pkg.b\n", "pkg/b.py": "from pkg.a import f\n"},
        [["pkg.a", "pkg.b"]],
    ),
    "an import inside a function": (
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg import b\n",
            "pkg/b.py": "def f():\n    from pkg.a import g\n    return g\n",
        },
        [["pkg.a", "pkg.b"]],
    ),
    "an import in a class and a relative one": (
        {"pkg/__init__.py": "", "pkg/a.py": "class A:\n    from .b import x\n", "pkg/b.py": "from . import a\n"},
        [["pkg.a", "pkg.b"]],
    ),
    "a package __init__ run on the way": (
        {
            "pkg/__init__.py": "",
            "pkg/sub/__init__.py": "from pkg.sub import x\n",
            "pkg/sub/x.py": "from pkg.y import f\n",
            "pkg/y.py": "from pkg.sub.z import g\n",
            "pkg/sub/z.py": "",
        },
        [["pkg.sub", "pkg.sub.x", "pkg.y"]],
    ),
    "a name read from one's own package": (
        {"pkg/__init__.py": "from pkg.a import f\nNAME = 1\n", "pkg/a.py": "from pkg import NAME\n"},
        [["pkg", "pkg.a"]],
    ),
    "a registry package whose modules import their siblings": (
        {
            "pkg/__init__.py": "from pkg import a, b\n",
            "pkg/a.py": "from pkg.base import f\n",
            "pkg/b.py": "from pkg import base\n",
            "pkg/base.py": "",
        },
        [],
    ),
    "a TYPE_CHECKING import": (
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import f\n",
            "pkg/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import g\n",
        },
        [],
    ),
    "typing.TYPE_CHECKING, with an else that runs": (
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import f\n",
            "pkg/b.py": "import typing\nif typing.TYPE_CHECKING:\n    from pkg.a import g\nelse:\n    import pkg.c\n",
            "pkg/c.py": "import pkg.a\n",
        },
        [["pkg.a", "pkg.b", "pkg.c"]],
    ),
    "an import of something outside": (
        {"pkg/__init__.py": "", "pkg/a.py": "import os\nimport numpy\nfrom pkg import b\n", "pkg/b.py": ""},
        [],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_cycle_check_finds_exactly_the_cycles_of_a_tiny_package(tmp_path: Path, case: str) -> None:
    files, expected = CASES[case]
    assert cycles(import_graph(_package(tmp_path, files), "pkg")) == expected


def test_the_records_check_sees_an_import_through_another_module(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "league/__init__.py": "",
            "league/model/__init__.py": "",
            "league/model/m.py": "import league.cells\n",
            "league/cells.py": "def f():\n    from league.rules import x\n",
            "league/rules/__init__.py": "",
            "league/rules/x.py": "",
        },
    )
    reached = nx.descendants(import_graph(root, "league"), "league.model.m")
    assert {"league.rules", "league.rules.x"} <= reached

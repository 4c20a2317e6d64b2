"""Which app may import which: an explicit map, checked against every import of every
module (a function's own imports too). A pure package imports neither Django nor any app,
only the pure packages the map names (README, "Layout")."""

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent

# Every Django app may import the pure packages; of our apps, only those named here.
APPS = {
    "kittytd": set(),  # the installed program: its version, command and data folder
    "plumbing": set(),  # what the apps share (not an app: no models)
    "laptop": {"kittytd", "plumbing"},
    "upgrade": {"kittytd", "laptop"},
    "club": set(),
    "tournament": {"laptop", "club"},
    "register": {"club", "tournament"},
    "scoring": {"plumbing", "tournament"},
    "leaderboard": {"plumbing", "tournament", "scoring"},
    "draw": {"plumbing", "tournament", "scoring", "leaderboard"},
    "documents": {"laptop", "tournament", "scoring", "leaderboard", "draw"},
    "tables": {"laptop", "plumbing", "tournament", "scoring", "documents"},
    "backup": {"kittytd", "club", "tournament", "scoring", "leaderboard"},
    "season": {"club", "plumbing", "tournament", "scoring", "leaderboard"},
    "own_link": {"plumbing", "tournament", "scoring", "tables", "leaderboard"},
    "demo": {"club", "tournament", "scoring", "draw"},
    # settings, urls, the Jinja2 environment
    "config": {"kittytd", "laptop", "tournament", "tables"},
}
PURE = {
    "rules": set(),
    "pairing": set(),
    "standings": set(),
    "printing": {"rules"},
    "league": {"rules", "standings"},
}
OURS = set(APPS) | set(PURE)


def imported_packages(source: str) -> set[str]:
    """The top-level packages a module imports, at any depth."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def not_allowed(package: str, imported: set[str]) -> set[str]:
    if package in PURE:
        return imported & ((OURS - PURE[package] - {package}) | {"django"})
    return imported & (set(APPS) - APPS[package] - {package})


def test_every_app_of_ours_is_in_the_map():
    installed = {app for app in settings.INSTALLED_APPS if (ROOT / app).is_dir()}
    assert installed == set(APPS) - {"config", "kittytd", "plumbing"}
    for package in OURS:
        assert (ROOT / package / "__init__.py").exists(), package
    top_level = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert top_level - OURS == set(), "a package of ours the map does not name"


def test_the_map_runs_one_way():
    try:
        tuple(TopologicalSorter({**APPS, **PURE}).static_order())
    except CycleError as cycle:  # pragma: no cover - the assertion says which
        pytest.fail(f"the map has a cycle: {cycle.args[1]}")


@pytest.mark.parametrize("package", sorted(OURS))
def test_every_import_is_in_the_map(package):
    wrong = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        bad = not_allowed(package, imported_packages(path.read_text()))
        if bad:
            wrong[str(path.relative_to(ROOT))] = sorted(bad)
    assert wrong == {}


def test_the_check_sees_an_import_the_map_does_not_allow():
    source = "from django.db import models\n\ndef f():\n    from draw.rounds import publish\n"
    assert not_allowed("scoring", imported_packages(source)) == {"draw"}
    assert not_allowed("rules", imported_packages(source)) == {"django", "draw"}
    assert not_allowed("league", imported_packages("import standings\nimport pairing\n")) == {
        "pairing"
    }
    assert not_allowed("backup", imported_packages("import scoring.models\n")) == set()
    assert not_allowed("tables", imported_packages("from leaderboard import board\n")) == {
        "leaderboard"
    }


def modules_of(package: str) -> dict[str, Path]:
    """Each module of a package by its dotted name (a package's __init__ by its own)."""
    found = {}
    for path in (ROOT / package).rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports_within(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of the same package that a module imports, at any depth: a function's
    own import hides a cycle as well as it breaks one. Not those for type checking only
    (`if TYPE_CHECKING:`), which never run: two modules naming each other's types is no
    order of loading."""
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _run_at_some_point(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = here.split(".")[: len(here.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            named = [f"{base}.{alias.name}" for alias in node.names]
            # `from package import module` imports the module; `from module import name`,
            # the module.
            targets = [t for t in named if t in modules] or [base]
        else:
            continue
        for target in targets:
            while target and target not in modules:  # a name in a module: the module
                target = target.rpartition(".")[0]
            # A module's own packages are loaded before it, whoever imports what.
            if target and not f"{name}.".startswith(f"{target}."):
                found.add(target)
    return found


def _run_at_some_point(tree: ast.AST):
    """Every node of a module but the bodies of `if TYPE_CHECKING:`."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for other in node.orelse:
                yield other
                yield from _run_at_some_point(other)
            continue
        yield node
        yield from _run_at_some_point(node)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another round a loop (strongly connected
    components of more than one module), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def import_cycles(package: str) -> list[list[str]]:
    modules = modules_of(package)
    return cycles({name: imports_within(name, path, modules) for name, path in modules.items()})


@pytest.mark.parametrize("package", sorted(OURS))
def test_no_cycle_inside_a_package(package):
    """Inside an app too, imports run one way: a module that two others need sits below
    both, rather than either importing the other from inside a function."""
    assert import_cycles(package) == []


def test_the_check_sees_a_cycle_hidden_in_a_function(tmp_path):
    package = tmp_path / "app"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "page.py").write_text("def f():\n    from .actions import ACTIONS\n")
    (package / "actions.py").write_text("from app.page import f\n")
    (package / "types.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .below import x\n"
    )
    (package / "below.py").write_text("from . import actions\n")
    modules = {
        "app": package / "__init__.py",
        **{f"app.{m}": package / f"{m}.py" for m in ("page", "actions", "below", "types")},
    }
    graph = {name: imports_within(name, path, modules) for name, path in modules.items()}
    assert graph["app.below"] == {"app.actions"}
    assert graph["app.types"] == set()  # for type checking only
    assert cycles(graph) == [["app.actions", "app.page"]]


def layers() -> dict[str, int]:
    """Each app's layer: one above the highest app it may import (none: 0)."""
    found: dict[str, int] = {}

    def layer(app: str) -> int:
        if app not in found:
            found[app] = max((layer(other) + 1 for other in APPS[app]), default=0)
        return found[app]

    for app in APPS:
        layer(app)
    return found


def test_the_developers_guide_draws_the_map_as_it_is():
    """docs/developing.md pictures the layers: each app on the layer the map puts it."""
    lines = (ROOT / "docs" / "developing.md").read_text().splitlines()
    column = next(line.index("may import") for line in lines if "may import" in line)
    drawn = {}
    for line in lines:
        layer, *apps = line[:column].split() or [""]
        if layer.isdecimal():
            drawn |= {app: int(layer) for app in apps}
    assert drawn == layers()


def test_every_package_is_named_in_the_readme_and_the_guide():
    """A newcomer finds every package in the README's layout and the guide's modules."""
    readme = (ROOT / "README.md").read_text()
    guide = (ROOT / "docs" / "developing.md").read_text()
    packages = OURS - {"config"}  # the settings and addresses: a paragraph of their own
    assert {p for p in packages if f"| `{p}/` |" not in readme} == set()
    assert {p for p in OURS if f"`{p}/`" not in guide} == set()

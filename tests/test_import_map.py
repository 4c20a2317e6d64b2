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
    "laptop": {"kittytd"},
    "upgrade": {"kittytd", "laptop"},
    "club": set(),
    "tournament": {"laptop", "club"},
    "register": {"club", "tournament"},
    "scoring": {"laptop", "tournament"},
    "leaderboard": {"tournament", "scoring"},
    "draw": {"laptop", "tournament", "scoring", "leaderboard"},
    "documents": {"laptop", "tournament", "scoring", "leaderboard", "draw"},
    "tables": {"laptop", "tournament", "scoring", "documents"},
    "backup": {"kittytd", "club", "tournament", "scoring", "leaderboard"},
    "season": {"club", "tournament", "scoring", "leaderboard"},
    "own_link": {"tournament", "scoring", "tables", "leaderboard"},
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
    assert installed == set(APPS) - {"config", "kittytd"}
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

"""Imports run one way along the night: laptop <- club <- tournament <- scoring <- draw <-
documents <- backup <- season <- demo. An app imports only the apps before it and the pure
packages; a pure package imports neither Django nor any app (README, "Layout")."""

import ast
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
FLOW = ("laptop", "club", "tournament", "scoring", "draw", "documents", "backup", "season", "demo")
PURE = ("rules", "pairing", "standings", "printing", "league")


def imported_packages(source: str) -> set[str]:
    """The top-level packages a module imports, at any depth (a function's own imports too)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def modules(package: str):
    for path in sorted((ROOT / package).rglob("*.py")):
        yield path.relative_to(ROOT), imported_packages(path.read_text())


def back_imports(package: str, imported: set[str]) -> set[str]:
    if package in PURE:
        return imported & (set(FLOW) | {"django", "config"})
    later = FLOW[FLOW.index(package) + 1 :]
    return imported & set(later)


def test_every_app_of_ours_has_its_place_in_the_flow():
    ours = {app for app in settings.INSTALLED_APPS if (ROOT / app).is_dir()}
    assert ours == set(FLOW)
    for package in FLOW + PURE:
        assert (ROOT / package / "__init__.py").exists(), package


@pytest.mark.parametrize("package", FLOW + PURE)
def test_no_import_runs_back_up_the_flow(package):
    wrong = {
        str(path): sorted(back_imports(package, imported))
        for path, imported in modules(package)
        if back_imports(package, imported)
    }
    assert wrong == {}


def test_the_check_sees_an_import_that_runs_back():
    source = "from django.db import models\n\ndef f():\n    from draw.rounds import publish\n"
    assert back_imports("scoring", imported_packages(source)) == {"draw"}
    assert back_imports("rules", imported_packages(source)) == {"django", "draw"}
    assert back_imports("backup", imported_packages("import scoring.models\n")) == set()

"""Every module of the project (tests and benches included) uses its libraries through their
public APIs only: no private name of a third-party package is imported, read, written or
overridden (tests/support/private_names.py says how each is found)."""

from __future__ import annotations

import textwrap
import tomllib
from pathlib import Path

from tests.support.private_names import Project, Source, project_sources

ROOT = Path(__file__).resolve().parents[1]


def our_packages() -> list[str]:
    """The wheel's packages of code (pyproject.toml), the tests, the benches and the
    scripts beside them."""
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = wheel["tool"]["hatch"]["build"]["targets"]["wheel"]["only-include"]
    code = [name for name in included if (ROOT / name / "__init__.py").exists()]
    return [*code, "tests", "bench", "dev.py", "manage.py"]


def findings_in(*modules: tuple[str, str]) -> list[str]:
    """The checker's findings in modules of a small project of our own ("mine")."""
    sources = [
        Source(name, name.replace(".", "/") + ".py", textwrap.dedent(code))
        for name, code in modules
    ]
    return [f.message for f in Project(sources, ours={"mine"}).findings()]


def test_no_module_of_ours_uses_a_librarys_private_names():
    packages = our_packages()
    assert {"laptop", "scoring", "tests", "bench"} <= set(packages)
    ours = {name.removesuffix(".py") for name in packages}
    project = Project(project_sources(ROOT, packages), ours)
    assert len(project.trees) > 300  # the whole project was read, not a corner of it
    found = [str(finding) for finding in project.findings()]
    assert not found, "private names of libraries in use:\n" + "\n".join(found)


def test_a_private_name_imported_from_a_library_is_found():
    found = findings_in(
        ("mine.server", """
            from waitress.server import _map
            from playwright._impl._errors import TargetClosedError
            import _pytest.monkeypatch
        """),
    )
    assert found == [
        "imports _map from waitress.server, private to it",
        "imports playwright._impl._errors: _impl is private to it",
        "imports _pytest.monkeypatch: _pytest is private to it",
    ]


def test_a_private_attribute_of_a_library_is_found():
    found = findings_in(
        ("mine.watch", """
            import waitress
            from playwright.sync_api import sync_playwright

            def watch(server):
                loop = sync_playwright()._loop
                frame = getattr(server, "_map")
                waitress._fake_private = 1
                return loop, frame
        """),
    )
    assert found == [
        "uses _loop, which no module of ours defines: a library's",
        "uses _map, which no module of ours defines: a library's",
        "uses _fake_private of waitress, private to it",
    ]


def test_overriding_a_library_classs_private_method_is_found_through_our_own_bases():
    found = findings_in(
        ("mine.base", """
            from django.db.backends.sqlite3 import base

            class Wrapper(base.DatabaseWrapper):
                def _commit(self):
                    return super()._commit()
        """),
        ("mine.more", """
            from .base import Wrapper

            class Again(Wrapper):
                def _set_autocommit(self, autocommit):
                    pass
        """),
    )
    assert "Wrapper overrides _commit of django.db.backends.base.base.BaseDatabaseWrapper, " \
        "private" in found
    assert "Again overrides _set_autocommit of django.db.backends.sqlite3.base.DatabaseWrapper, " \
        "private" in found


def test_our_own_private_names_and_what_libraries_document_pass():
    found = findings_in(
        ("mine.helpers", """
            import sys
            from collections import namedtuple

            from django.db import models

            from mine import _shared
            from mine._shared import _helper

            Point = namedtuple("Point", "x y")

            class Night(models.Model):
                def _tables(self):  # a private method no library class of its bases has
                    return self._count + _helper() + _shared._TOTAL

                def __str__(self):
                    return self._meta.verbose_name + str(self._state.adding)

            class Counter:
                def __init__(self):
                    self._count = 0

            def moved(point):
                return point._replace(x=1)._asdict(), sys._getframe(0)
        """),
        ("mine._shared", """
            _TOTAL = 3

            def _helper():
                return Counter()._count
        """),
    )
    assert found == []

"""Django for a bench, on a throwaway SQLite database made for the run."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path


def start(file: str | None = None) -> None:
    """Django set up on an in-memory database or, given a file name, on that file in a
    temporary folder deleted at exit. Before any model is imported; the schema is made by
    `migrate`."""
    if file is None:
        os.environ["DATABASE_URL"] = "sqlite://:memory:"
    else:
        folder = Path(tempfile.mkdtemp(prefix="kittytd-bench-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        os.environ["DATABASE_URL"] = f"sqlite:///{folder / file}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def migrate() -> None:
    """The schema made in the empty database."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)

#!/usr/bin/env python3
"""The quick-start commands, needing nothing but Python 3.11 (Windows, macOS or Linux).

    python3 dev.py run       # set up, then serve the night to the phones in the hall
    python3 dev.py test      # virtualenv, requirements, ruff, the whole test suite
    python3 dev.py restore   # put a copy of the night back (var/backups/)
    python3 dev.py dev       # Django's development server, DEBUG on, this laptop only

`run` takes --port N, --local (this laptop only), --address A (the address phones use)
and --backup-to FOLDER (a second folder for the copies: a USB stick); `run --help`.
Extra arguments after `test` go to pytest (e.g. `python3 dev.py test tests/rules -x`); the
suite runs on every core (pytest-xdist), `-n 0` runs it in one process.
"""

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
STAMP = VENV / ".requirements.sha256"


def sh(*args: str, **kwargs) -> None:
    try:
        result = subprocess.run(args, cwd=ROOT, **kwargs)
    except KeyboardInterrupt:  # Ctrl+C reached the child too; it has said so
        sys.exit(130)
    if result.returncode:
        sys.exit(result.returncode)


def ensure_venv() -> None:
    if not PY.exists():
        print("Creating the virtualenv in .venv ...", flush=True)
        venv.create(VENV, with_pip=True)
    wanted = hashlib.sha256((ROOT / "requirements.txt").read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text() != wanted:
        print("Installing requirements ...", flush=True)
        sh(str(PY), "-m", "pip", "install", "--quiet", "-r", "requirements.txt")
        STAMP.write_text(wanted)


def laptop() -> dict[str, str]:
    """The night on this laptop: DEBUG off, its own key under var/ (config/settings.py)."""
    return {**os.environ, "LAPTOP": "1"}


def run(args: list[str]) -> None:
    ensure_venv()
    sh(str(PY), "manage.py", "serve", "--demo", *args, env=laptop())


def dev(args: list[str]) -> None:
    ensure_venv()
    sh(str(PY), "manage.py", "migrate", "--no-input", "-v", "0")
    sh(str(PY), "manage.py", "setup_demo")
    sh(str(PY), "manage.py", "runserver", "127.0.0.1:8000", *args)


def restore(args: list[str]) -> None:
    ensure_venv()
    sh(str(PY), "manage.py", "restore_copy", *args, env=laptop())


def test(args: list[str]) -> None:
    ensure_venv()
    sh(str(PY), "-m", "ruff", "check", ".")
    env = dict(os.environ)
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # One worker per core (pytest-xdist): the suite takes about two thirds of its time on two
    # cores. `-n 0` (or any -n) given after `test` says otherwise. A worker out of tests takes
    # some of another's (worksteal): the browser nights take up to a minute each, and were
    # left queued behind one worker while the other had finished.
    given = any(a.startswith(("-n", "--numprocesses")) for a in args)
    spread = [] if given else ["-n", "auto", "--dist", "worksteal"]
    sh(str(PY), "-m", "pytest", *spread, *args, env=env)


if __name__ == "__main__":
    commands = {"run": run, "test": test, "restore": restore, "dev": dev}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])

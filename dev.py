#!/usr/bin/env python3
"""The quick-start commands of a checkout, needing nothing but Python 3.11 or newer
(Windows, macOS or Linux).

    python3 dev.py run       # set up the runtime, then serve the night (kittytd run)
    python3 dev.py test      # the runtime and the test tools, ruff, the whole test suite
    python3 dev.py test --quick  # without browsers, processes of their own or sweeps
    python3 dev.py test --coverage  # the whole suite measured, each app against its floor (CI)
    python3 dev.py restore   # put a copy of the night back (kittytd restore)
    python3 dev.py dev       # Django's development server, DEBUG on, this laptop only

`run` takes every option of `kittytd run` (--port N, --local, --address A, --backup-to
FOLDER, --data FOLDER, --no-demo; `run --help`). Extra arguments after `test` go to
pytest (e.g. `python3 dev.py test tests/rules -x`); the suite runs one worker more than
there are cores (pytest-xdist), `-n 0` runs it in one process.

`run` installs the runtime only (pyproject.toml's dependencies) into .venv, and only what
is missing: a checkout whose runtime is in place starts with no network.
"""

# This file is read by whatever `python3` is: only the version check may run on an older
# Python, so nothing above it uses syntax or modules newer than Python 3.6's.
import os
import sys

MINIMUM = (3, 11)


def refuse_old_python(version=sys.version_info):
    if tuple(version[:2]) < MINIMUM:
        sys.exit(
            "Kitty TD needs Python {}.{} or newer, and this is Python {}.{}.{}: install it "
            "from https://www.python.org/downloads/ and run this again with it "
            "(python3.11 dev.py run, or py -3.11 dev.py run on Windows).".format(
                *MINIMUM, *version[:3]
            )
        )


if __name__ == "__main__":
    refuse_old_python()

import shutil  # noqa: E402 - after the version check, which must run first
import subprocess  # noqa: E402
import tomllib  # noqa: E402
import venv  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
# How the messages of `kittytd run` and `kittytd restore` name this command.
SAID_AS = ("py" if os.name == "nt" else "python3") + " dev.py"

# Run by the virtualenv's Python: which of the requirements given as arguments are not
# installed at exactly their pinned version (pyproject.toml pins every one with ==), or,
# for a name alone, not installed at all.
MISSING = """
import importlib.metadata as m, re, sys
for wanted in sys.argv[1:]:
    name, version = re.match(r"([A-Za-z0-9_.-]+)(?:\\[[^]]*\\])?(?:==([^;\\s]+))?", wanted).groups()
    try:
        found = m.version(name)
        ok = version is None or found == version
    except m.PackageNotFoundError:
        ok = False
    if not ok:
        print(wanted)
"""
# This checkout itself, installed (editable) with the runtime: .venv's `kittytd` command.
PROJECT = "kitty-td"


def sh(*args, **kwargs):
    child = subprocess.Popen(args, cwd=ROOT, **kwargs)
    while True:
        try:
            code = child.wait()
            break
        except KeyboardInterrupt:
            # Ctrl+C reached the child too: it stops as it says (the server makes its last
            # copy and folds the journal into the night's file). subprocess.run would kill
            # it a quarter of a second later.
            continue
    if code:
        sys.exit(code)


def requirements(*extras):
    """pyproject.toml's runtime dependencies, and those of the extras named."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for extra in extras:
        wanted += project["optional-dependencies"][extra]
    return wanted


def venv_is_current():
    """The virtualenv exists, was made by this Python (major.minor), and its Python runs:
    one made by another (a 3.9 left by an earlier try, a Python since removed) is not."""
    config = VENV / "pyvenv.cfg"
    if not PY.exists() or not config.exists():
        return False
    made_by = ""
    for line in config.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key.strip() in ("version_info", "version"):
            made_by = value.strip()
    if made_by.split(".")[:2] != [str(n) for n in sys.version_info[:2]]:
        return False
    return subprocess.run([str(PY), "-c", "pass"], capture_output=True).returncode == 0


def ensure_venv(*extras):
    if not venv_is_current():
        if VENV.exists():
            print(f"Making .venv again with Python {sys.version.split()[0]} ...", flush=True)
            shutil.rmtree(VENV)
        else:
            print("Creating the virtualenv in .venv ...", flush=True)
        venv.create(VENV, with_pip=True)
    wanted = requirements(*extras)
    missing = subprocess.run(
        [str(PY), "-c", MISSING, *wanted, PROJECT], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    if missing in ([], [PROJECT]):
        return  # the runtime in place (it runs from the checkout itself): no network needed
    needed = [m for m in missing if m != PROJECT]
    names = ", ".join(m.split(";")[0] for m in needed[:3])
    more = f" and {len(needed) - 3} more" if len(needed) > 3 else ""
    print(f"Installing {names}{more} from the internet ...", flush=True)
    # With them, the checkout itself (editable: its `kittytd` command in .venv), once.
    project = ["--editable", "."] if PROJECT in missing else []
    log = VENV / "pip.log"
    with open(log, "w", encoding="utf-8") as out:
        # pip downloads everything before it installs anything: a failure changes nothing.
        # Bounded retries: at a hall with no internet this fails in seconds, not minutes.
        done = subprocess.run(
            [str(PY), "-m", "pip", "install", "--retries", "1", "--timeout", "15"]
            + [*needed, *project],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    if done.returncode:
        sys.exit(
            f"This version needs {names}{more}, which could not be installed (no internet?), "
            f"so nothing was changed: connect this computer to the internet once and run it "
            f"again, or go back to the version you had (git checkout, CHANGELOG.md). pip's "
            f"words are in {log}."
        )


def kittytd(*args, **env):
    sh(str(PY), "-m", "kittytd", *args, env={**os.environ, "KITTYTD_COMMAND": SAID_AS, **env})


def run(args):
    ensure_venv()
    kittytd("run", *args)


def restore(args):
    ensure_venv()
    kittytd("restore", *args)


def dev(args):
    ensure_venv()
    kittytd("migrate", "--no-input", "-v", "0", LAPTOP="0")
    kittytd("setup_demo", LAPTOP="0")
    kittytd("runserver", "127.0.0.1:8000", *args, LAPTOP="0")


def test(args):
    ensure_venv("server", "test")
    sh(str(PY), "-m", "ruff", "check", ".")
    env = dict(os.environ)
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # The suite keeps its compiled bytecode even where the environment says not to write any
    # (PYTHONDONTWRITEBYTECODE, as container images set): each worker, served laptop and
    # command it starts would compile the app again, and pytest rewrite every test module's
    # asserts again (12 s of each worker's start against 5 s; __pycache__ is git-ignored).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    # A worker more than there are cores (pytest-xdist): the browser and served tests wait on
    # processes of their own (chromium, a server), and with a worker per core the cores
    # idle while both wait. On two cores, without coverage: 14 min 30 s with two workers,
    # 12 min 3 s to 13 min 28 s with three (the cores 2% idle), 14 min 27 s with four
    # (contended). `-n 0` (or any -n) given after `test` says otherwise. A worker out of
    # tests takes some of another's (worksteal), and the slowest modules run first
    # (tests/conftest.py), so the run does not end waiting on one worker's browser night.
    given = any(a.startswith(("-n", "--numprocesses")) for a in args)
    # The cores this process may use (Linux says; Windows and macOS give all of them).
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    workers = (cores or 1) + 1
    if "--quick" in args:
        # Nothing of the quick run waits on a process of its own: a worker a core.
        args = [a for a in args if a != "--quick"] + ["-m", QUICK]
        workers -= 1
    spread = [] if given else ["-n", str(workers), "--dist", "worksteal"]
    # Measured only when asked (--coverage, as CI runs the whole suite): lines and branches
    # (pyproject.toml), then each app's figure against its floor. Tracing every line costs
    # the whole run about half again its time (21 min against 14 on two cores), which a
    # developer waiting on a verdict does not need each time.
    measured = "--coverage" in args
    if measured:
        args = [a for a in args if a != "--coverage"] + ["--cov", "--cov-report="]
    sh(str(PY), "-m", "pytest", *spread, *args, env=env)
    if measured:
        sh(str(PY), "-m", "tests.coverage_by_app", env=env)


# The inner loop's run (`test --quick`): the pure core and the Django tests, without what
# drives a browser, starts a process of its own or sweeps every address with junk.
QUICK = "not browser and not spawns and not sweep"


if __name__ == "__main__":
    commands = {"run": run, "test": test, "restore": restore, "dev": dev}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])

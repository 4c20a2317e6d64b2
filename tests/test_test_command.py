"""`python3 dev.py test` as a developer and CI run it: what it asks pytest for, and the order
the suite runs in. (How dev.py sets up its virtualenv: tests/test_dev_py.py.)"""

from __future__ import annotations

import os

import pytest

import dev
from tests.conftest import SLOWEST_FIRST

ROOT = dev.ROOT


@pytest.fixture
def commands(monkeypatch):
    """Each command `dev.py test` would run, instead of running it."""
    ran: list[tuple[str, ...]] = []
    monkeypatch.setattr(dev, "ensure_venv", lambda *extras: None)
    monkeypatch.setattr(dev, "sh", lambda *args, **kwargs: ran.append(args))
    return ran


def cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def pytest_args(ran) -> list[str]:
    (run,) = [args for args in ran if args[1:3] == ("-m", "pytest")]
    return list(run[3:])


def test_the_whole_suite_runs_a_worker_more_than_the_cores_and_measures_nothing(commands):
    dev.test([])
    assert commands[0][1:] == ("-m", "ruff", "check", ".")
    assert pytest_args(commands) == ["-n", str(cores() + 1), "--dist", "worksteal"]
    assert len(commands) == 2  # no coverage report after it


def test_the_quick_run_runs_a_worker_a_core_and_leaves_out_what_waits_or_sweeps(commands):
    dev.test(["--quick"])
    assert pytest_args(commands) == [
        "-n",
        str(cores()),
        "--dist",
        "worksteal",
        "-m",
        "not browser and not spawns and not sweep",
    ]


def test_coverage_is_measured_when_asked_and_each_app_checked_after(commands):
    dev.test(["--coverage"])
    assert pytest_args(commands)[-2:] == ["--cov", "--cov-report="]
    assert commands[-1][1:] == ("-m", "tests.coverage_by_app")


def test_a_number_of_workers_given_is_kept(commands):
    dev.test(["-n", "0", "tests/rules"])
    assert pytest_args(commands) == ["-n", "0", "tests/rules"]


def test_every_module_run_first_exists():
    """A module renamed or removed would silently fall back to the order collected."""
    missing = [path for path in SLOWEST_FIRST if not (ROOT / path).is_file()]
    assert missing == []

"""The PostgreSQL run (`--only-database-tests`, .ci/run) runs what PostgreSQL changes
(tests/conftest.py, POSTGRES_CHANGES): a module named there, one marked for PostgreSQL,
one reading DATABASE_URL itself; a page whose SQL is the same on both, and the pure core,
ran on SQLite just before."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.spawns

ROOT = Path(__file__).resolve().parents[2]

KEPT = [
    "tests/test_bad_input.py::test_a_nul_in_a_table_link_is_a_clear_400",  # named
    # in a folder named
    "tests/scoring/test_table_entry.py::test_the_entering_side_cannot_accept_its_own_hand",
    "tests/test_two_instances.py::test_nginx_alternates_and_both_instances_serve_one_release",
    "tests/config/test_deploy_check.py::test_check_deploy_reports_no_issues_in_production",
]
LEFT = [
    "tests/rules/test_rules_places.py::test_6_card_kitty_with_no_winner_is_level",  # pure
    "tests/draw/test_rounds.py::test_round_two_has_no_rematch_and_byes_rotate",  # same SQL
]


def collected(*options: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider",
         "--collect-only", "-q", *options, *KEPT, *LEFT],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return {line for line in done.stdout.splitlines() if "::" in line}


def test_the_database_run_keeps_what_postgresql_changes_and_leaves_the_rest():
    assert collected() == set(KEPT + LEFT)
    assert collected("--only-database-tests") == set(KEPT)

"""The PostgreSQL run (`--only-database-tests`, .ci/run) leaves out only what no database
setting reaches: a test that reads or writes the database, one marked for PostgreSQL, and
one reading DATABASE_URL itself are all still run there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

KEPT = [
    "tests/test_bad_input.py::test_a_nul_in_a_table_link_is_a_clear_400",  # django_db mark
    "tests/test_bad_input.py::test_a_nul_form_key_stores_no_hand",  # the db through a fixture
    "tests/test_two_instances.py::test_nginx_alternates_and_both_instances_serve_one_release",
    "tests/config/test_deploy_check.py::test_check_deploy_reports_no_issues_in_production",
]
LEFT = ["tests/rules/test_rules_places.py::test_6_card_kitty_with_no_winner_is_level"]


def collected(*options: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider",
         "--collect-only", "-q", *options, *KEPT, *LEFT],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return {line for line in done.stdout.splitlines() if "::" in line}


def test_the_database_run_keeps_every_test_a_database_reaches_and_leaves_the_rest():
    assert collected() == set(KEPT + LEFT)
    assert collected("--only-database-tests") == set(KEPT)

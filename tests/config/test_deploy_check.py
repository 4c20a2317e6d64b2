"""Production settings pass Django's deployment checklist, with nothing silenced.

Run in a subprocess because settings are read once, from the environment, at start-up:
the test process itself runs with the development defaults.
"""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

# Production settings are read with the run's DATABASE_URL: PostgreSQL's are checked too.
pytestmark = [pytest.mark.each_database, pytest.mark.spawns]

ROOT = Path(__file__).resolve().parents[2]


def production_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SECURE_"))}
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(60),
        ALLOWED_HOSTS="example.org",
        DJANGO_SETTINGS_MODULE="config.settings",
        **extra,
    )
    return env


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_reports_no_issues_in_production():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env())
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues (0 silenced)." in output
    assert "WARNING" not in output


def test_production_refuses_to_start_without_a_secret_key():
    env = production_env()
    del env["SECRET_KEY"]
    result = manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr

"""The run command's mistakes: a bad option or a port in use get one clear line, no
traceback, and nothing is set up before they are said."""

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.spawns

ROOT = Path(__file__).resolve().parents[2]


def serve(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "LAPTOP": "1",
        "DATA_DIR": str(tmp_path / "var"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'night.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    env.pop("DEBUG", None)
    return subprocess.run(
        [sys.executable, "manage.py", "serve", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def said(result: subprocess.CompletedProcess) -> list[str]:
    assert "Traceback" not in result.stderr + result.stdout
    return [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--prot", "8000"], "unrecognized arguments: --prot 8000"),
        (["--port", "eighty"], "argument --port: invalid port value: 'eighty'"),
        (["--port", "70000"], "argument --port: invalid port value: '70000'"),
        (["--port"], "argument --port: expected one argument"),
        (["--threads", "0"], "argument --threads: invalid threads value: '0'"),
        (["--port", "８０８０"], "argument --port: invalid port value: '８０８０'"),
        (["--address", "http://192.168.1.23:8000/"], "argument --address: invalid address value"),
    ],
)
def test_a_bad_option_gets_one_clear_line(tmp_path, args, words):
    result = serve(tmp_path, *args)
    assert result.returncode == 2
    (line,) = said(result)
    assert words in line
    assert "`kittytd run --help` lists the options" in line
    assert not (tmp_path / "night.sqlite3").exists()  # nothing was set up first


def test_a_port_in_use_gets_one_clear_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = serve(tmp_path, "--local", "--port", str(port))
    assert result.returncode == 1
    (line,) = said(result)
    assert f"Port {port} is in use" in line
    assert f"--port {port + 1}" in line
    assert not (tmp_path / "night.sqlite3").exists()

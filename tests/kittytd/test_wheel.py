"""The release as a club installs it: the wheel carries everything the app reads, and,
installed into a fresh virtualenv away from any checkout, `kittytd run` serves the demo
nights of every game and `kittytd restore` lists their copies.

The fresh virtualenv takes the runtime's libraries from this one (a .pth file) rather
than from the network: what is tested is the wheel, not PyPI."""

import email
import os
import signal
import sqlite3
import subprocess
import sys
import sysconfig
import tomllib
import urllib.request
import venv
import zipfile
from contextlib import closing
from pathlib import Path

import pytest

from demo.demo import FRIDAY, SUNDAY, THURSDAY, WEDNESDAY, on_weekday
from kittytd import __version__
from printing.fonts import SHIPPED, TYPEFACES
from tests.support.served import NOT_INHERITED, free_port

pytestmark = pytest.mark.spawns

ROOT = Path(__file__).resolve().parents[2]
NOT_SHIPPED = {"tests", "bench"}
# The demo's four nights, each dated on the next day it is named for (demo/demo.py).
DEMO_NIGHTS = {
    "Friday Night Kitty": FRIDAY,
    "Sunday 3 Legged Kitty": SUNDAY,
    "Ascot Wednesday": WEDNESDAY,
    "Pinochle Thursday": THURSDAY,
}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-q"]
        + ["-w", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (built,) = dist.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh virtualenv with the wheel installed; its `bin` (or `Scripts`) folder."""
    home = tmp_path_factory.mktemp("install")
    # No pip of its own (ensurepip: seconds of CPU): the tests' pip installs into it.
    venv.create(home / "venv", with_pip=False)
    bin_dir = home / "venv" / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(site, "runtime-of-the-tests.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps"]
        + ["--no-index", "-q", str(wheel)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return bin_dir


def test_the_wheel_carries_the_whole_app_and_nothing_of_the_tests(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    top = {name.split("/")[0] for name in names}
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")} - NOT_SHIPPED
    assert packages <= top
    assert not top & NOT_SHIPPED
    for folder in ("templates", "static"):
        shipped = {n for n in names if n.startswith(f"{folder}/")}
        in_tree = {
            p.relative_to(ROOT).as_posix()
            for p in (ROOT / folder).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        }
        assert shipped == in_tree, folder
    migrations = {n for n in names if "/migrations/0" in n}
    assert migrations == {
        p.relative_to(ROOT).as_posix()
        for p in ROOT.glob("*/migrations/0*.py")
        if p.parts[-3] not in NOT_SHIPPED
    }
    # The font every PDF prints with, on every system, and its licence.
    fonts = {p.relative_to(ROOT).as_posix() for p in (*SHIPPED.values(), TYPEFACES / "LICENSE")}
    assert fonts <= set(names)


def test_the_wheel_needs_the_runtime_only(wheel):
    meta_name = next(n for n in zipfile.ZipFile(wheel).namelist() if n.endswith("/METADATA"))
    meta = email.message_from_bytes(zipfile.ZipFile(wheel).read(meta_name))
    assert meta["Version"] == __version__
    assert meta["Requires-Python"] == ">=3.11"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    required = meta.get_all("Requires-Dist")
    plain = {r.lower().replace("_", "-") for r in required if "extra ==" not in r}
    assert plain == {d.lower().replace("_", "-") for d in project["dependencies"]}
    for tool in ("pytest", "playwright", "hypothesis", "ruff"):
        assert not any(r.lower().startswith(tool) for r in plain), tool
    assert "gunicorn==27.0.1; extra == 'server'" in required


def the_environment(**more: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    env.pop("PYTHONPATH", None)
    return {**env, "PYTHONUNBUFFERED": "1", **more}


def test_kittytd_says_its_version(installed, tmp_path):
    said = subprocess.run(
        [installed / "kittytd", "--version"],
        cwd=tmp_path,
        env=the_environment(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert said.stdout == f"kittytd {__version__}\n"


def test_kittytd_run_from_the_wheel_serves_every_games_demo(installed, tmp_path):
    data, port = tmp_path / "club", free_port()
    server = subprocess.Popen(
        [installed / "kittytd", "run", "--local", "--port", str(port), "--data", str(data)],
        cwd=tmp_path,
        env=the_environment(STATIC_ROOT=str(tmp_path / "static"), LOG_LEVEL="ERROR"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    said = []
    try:
        for line in server.stdout:  # until it says it serves (or ends)
            said.append(line)
            if line.startswith("Stop with Ctrl+C"):
                break
        assert said and said[-1].startswith("Stop with Ctrl+C"), "".join(said)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as answer:
            home = answer.read().decode()
        for night in ("Friday Night Kitty", "Sunday 3 Legged Kitty", "Ascot Wednesday"):
            assert night in home
        assert "Pinochle Thursday" in home
        styles = home.split('rel="stylesheet" href="')[1].split('"')[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{styles}", timeout=30) as answer:
            assert answer.status == 200 and b"--accent" in answer.read()
        # A restore while the night is served would pull the database from under it.
        refused = subprocess.run(
            [installed / "kittytd", "restore", "latest", "--data", str(data)],
            cwd=tmp_path,
            env=the_environment(),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert refused.returncode == 1
        assert f"The night is being served now (port {port}): stop it first" in refused.stderr
    finally:
        server.send_signal(signal.SIGINT)  # Ctrl+C
        said += server.stdout.readlines()
        server.wait(timeout=60)
    assert f"Kitty TD {__version__}. The club's data: {data}\n" in said
    assert said[-1] == f"Stopped. The night is kept in {data}.\n"
    assert (data / "secret-key").exists() and not (data / "serving").exists()
    # The night's file alone holds the whole night: nothing left in the write-ahead log.
    wal = data / "db.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    with closing(sqlite3.connect(f"{(data / 'db.sqlite3').as_uri()}?immutable=1", uri=True)) as db:
        assert db.execute("SELECT COUNT(*) FROM tournament_tournament").fetchone()[0] >= 4

    listed = subprocess.run(
        [installed / "kittytd", "restore", "--data", str(data)],
        cwd=tmp_path,
        env=the_environment(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert listed.returncode == 0, listed.stderr
    # The copy names the newest three nights it holds, each with its date; which three
    # depends on today (on a Thursday, Pinochle Thursday is tonight: the oldest of the four).
    dated = sorted(((on_weekday(day), night) for night, day in DEMO_NIGHTS.items()), reverse=True)
    for date, night in dated[:3]:
        assert f"\n    {night}, {date:%a %d %b %Y}\n" in listed.stdout, listed.stdout
    assert f"\n    {dated[3][1]}, " not in listed.stdout, listed.stdout

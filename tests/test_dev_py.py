"""The checkout's quick-start command (dev.py) on the machines clubs have: an older
Python refused in one line before anything is made, a virtualenv of another Python made
again, and a start that needs no network when the runtime is in place (and changes
nothing, in one line, when what a new version needs cannot be installed).

Each runs a copy of dev.py in a folder of its own, with a pyproject.toml of the test's."""

import importlib.util
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.spawns

ROOT = Path(__file__).resolve().parent.parent
# pip answering from nowhere: no configuration file, no index but a closed port.
OFFLINE = {
    "PIP_CONFIG_FILE": os.devnull,
    "PIP_INDEX_URL": "http://127.0.0.1:9/simple",
    "PIP_EXTRA_INDEX_URL": "",
    "PIP_FIND_LINKS": "",
}


def a_checkout(at: Path, *dependencies: str) -> Path:
    at.mkdir(exist_ok=True)
    shutil.copy(ROOT / "dev.py", at)
    listed = ", ".join(f'"{d}"' for d in dependencies)
    (at / "pyproject.toml").write_text(
        f'[project]\nname = "x"\ndependencies = [{listed}]\n'
        "[project.optional-dependencies]\nserver = []\ntest = []\n"
    )
    return at


def dev_py_of(checkout: Path):
    spec = importlib.util.spec_from_file_location("dev_of_test", checkout / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def older_pythons() -> list[Path]:
    found = {Path(p) for p in map(shutil.which, ("python3.9", "python3.8", "python3.6")) if p}
    found |= set(Path.home().glob(".pyenv/versions/3.[6-9].*/bin/python"))
    working = []
    for python in sorted(found):
        ran = subprocess.run([python, "-c", "pass"], capture_output=True)
        if ran.returncode == 0:
            working.append(python)
    return working


def test_an_older_python_is_refused_in_one_line():
    dev = dev_py_of(ROOT)
    with pytest.raises(SystemExit) as refused:
        dev.refuse_old_python((3, 9, 6, "final", 0))
    assert str(refused.value).startswith(
        "Kitty TD needs Python 3.11 or newer, and this is Python 3.9.6"
    )
    dev.refuse_old_python((3, 11, 0, "final", 0))  # and the minimum is let through


@pytest.mark.skipif(not older_pythons(), reason="no Python older than 3.11 on this machine")
@pytest.mark.parametrize("python", older_pythons(), ids=lambda p: p.parent.parent.name)
def test_dev_py_run_with_an_older_python_says_so_and_makes_nothing(tmp_path, python):
    checkout = a_checkout(tmp_path)
    result = subprocess.run(
        [python, "dev.py", "run"], cwd=checkout, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("Kitty TD needs Python 3.11 or newer, and this is Python 3.")
    assert sorted(p.name for p in checkout.iterdir()) == ["dev.py", "pyproject.toml"]


def test_a_virtualenv_of_another_python_is_made_again(tmp_path):
    checkout = a_checkout(tmp_path)
    dev = dev_py_of(checkout)
    assert not dev.venv_is_current()
    venv.create(checkout / ".venv", with_pip=False)
    assert dev.venv_is_current()
    config = checkout / ".venv" / "pyvenv.cfg"
    lines = config.read_text().splitlines()
    config.write_text(
        "\n".join("version_info = 3.9.18" if line.startswith("version") else line for line in lines)
    )
    assert not dev.venv_is_current()


@pytest.fixture(scope="module")
def a_checkout_with_its_venv(tmp_path_factory):
    checkout = tmp_path_factory.mktemp("checkout")
    venv.create(checkout / ".venv", with_pip=True)
    return checkout


def pip_version(checkout: Path) -> str:
    python = checkout / ".venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    ran = subprocess.run(
        [python, "-c", "import importlib.metadata as m; print(m.version('pip'))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return ran.stdout.strip()


def run_offline(checkout: Path) -> subprocess.CompletedProcess:
    """`python3 dev.py run` in the checkout, with no package index to reach."""
    return subprocess.run(
        [sys.executable, "dev.py", "run"],
        cwd=checkout,
        env={**os.environ, **OFFLINE},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_runtime_in_place_starts_without_asking_pip(a_checkout_with_its_venv):
    checkout = a_checkout(a_checkout_with_its_venv, f"pip=={pip_version(a_checkout_with_its_venv)}")
    (checkout / ".venv" / "pip.log").unlink(missing_ok=True)
    result = run_offline(checkout)
    assert "Installing" not in result.stdout
    assert not (checkout / ".venv" / "pip.log").exists()
    assert "No module named kittytd" in result.stderr  # this checkout has no program: it got there


def test_what_cannot_be_installed_is_said_in_one_line_and_changes_nothing(
    a_checkout_with_its_venv,
):
    present = f"pip=={pip_version(a_checkout_with_its_venv)}"
    checkout = a_checkout(a_checkout_with_its_venv, present, "kitty-td-needs-this==2.0")
    result = run_offline(checkout)
    assert result.returncode == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("This version needs kitty-td-needs-this==2.0, which could not be")
    assert "nothing was changed" in line and "pip.log" in line
    assert pip_version(checkout) == present.split("==")[1]

"""The club's data in one folder of the user's, and a checkout's data from before 1.0.0
moved there once with nothing lost (kittytd/data.py). No database: files only."""

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from kittytd import data

pytestmark = pytest.mark.spawns

ROOT = Path(__file__).resolve().parents[2]


def a_database(path: Path, night: str) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE night (name TEXT)")
        db.execute("INSERT INTO night VALUES (?)", (night,))
    db.close()


def nights_in(path: Path) -> list[str]:
    db = sqlite3.connect(path)
    try:
        return [row[0] for row in db.execute("SELECT name FROM night")]
    finally:
        db.close()


def an_old_checkout(root: Path, *, key: str = "the-old-key") -> Path:
    (root / "var" / "backups").mkdir(parents=True)
    a_database(root / "db.sqlite3", "Friday Night Kitty")
    (root / "var" / "secret-key").write_text(key)
    (root / "var" / "director-login.txt").write_text("director s3cret\n")
    a_database(root / "var" / "backups" / "2026-11-20_21-00-00_sheet-signed.sqlite3", "old")
    return root


def test_the_folder_is_the_platforms_own_unless_one_is_named(monkeypatch, tmp_path):
    monkeypatch.delenv("DATA_DIR", raising=False)
    monkeypatch.delenv("VAR_DIR", raising=False)
    assert data.folder() == platformdirs.user_data_path("kittytd", appauthor=False)
    assert "kittytd" in data.folder().parts
    monkeypatch.setenv("VAR_DIR", str(tmp_path / "older-name"))
    assert data.folder() == tmp_path / "older-name"
    monkeypatch.setenv("DATA_DIR", str(tmp_path / "usb"))
    assert data.folder() == tmp_path / "usb"


def test_an_old_checkouts_data_moves_once_and_whole(tmp_path):
    checkout = an_old_checkout(tmp_path / "kitty-td")
    (checkout / "db.sqlite3-wal").write_bytes(b"the last writes")
    folder = tmp_path / "data"

    said = data.adopt_checkout_data(checkout, folder)

    assert said[0] == f"The club's data kept in {checkout} is now in {folder}:"
    assert (folder / "db.sqlite3-wal").read_bytes() == b"the last writes"  # before opening it
    assert nights_in(folder / "db.sqlite3") == ["Friday Night Kitty"]
    assert (folder / "secret-key").read_text() == "the-old-key"
    assert (folder / "director-login.txt").read_text() == "director s3cret\n"
    assert nights_in(folder / "backups" / "2026-11-20_21-00-00_sheet-signed.sqlite3") == ["old"]
    assert not (checkout / "db.sqlite3").exists() and not (checkout / "var").exists()
    assert data.adopt_checkout_data(checkout, folder) == []  # once


def test_a_folder_with_its_own_night_keeps_it_and_the_checkouts_becomes_a_copy(tmp_path):
    checkout = an_old_checkout(tmp_path / "kitty-td", key="the-checkouts-key")
    folder = tmp_path / "data"
    folder.mkdir()
    a_database(folder / "db.sqlite3", "Sunday 3 Legged Kitty")
    (folder / "secret-key").write_text("the-folders-key")

    said = " ".join(data.adopt_checkout_data(checkout, folder))

    assert nights_in(folder / "db.sqlite3") == ["Sunday 3 Legged Kitty"]
    (copy,) = (folder / "backups").glob("*_before-1.0.0-from-kitty-td.sqlite3")
    assert nights_in(copy) == ["Friday Night Kitty"]
    assert f"restore {copy.name}" in said
    assert (folder / "secret-key").read_text() == "the-folders-key"
    assert data.older_keys(folder) == ["the-checkouts-key"]  # its check codes still match
    assert not (checkout / "db.sqlite3").exists()


def test_a_checkout_with_nothing_kept_is_left_alone(tmp_path):
    assert data.adopt_checkout_data(tmp_path, tmp_path / "data") == []
    assert not (tmp_path / "data").exists()


def settings_of(env: dict) -> dict:
    """The settings a fresh process reads with this environment (LAPTOP on)."""
    read = (
        "import json; from django.conf import settings as s; print(json.dumps({"
        "'key': s.SECRET_KEY, 'fallbacks': s.SECRET_KEY_FALLBACKS, "
        "'database': str(s.DATABASES['default']['NAME']), 'data': str(s.DATA_DIR), "
        "'backups': [str(f) for f in s.BACKUP_DIRS]}))"
    )
    dropped = {"DEBUG", "SECRET_KEY", "SECRET_KEY_FALLBACKS", "DATABASE_URL", "VAR_DIR"}
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {read}"],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", "LAPTOP": "1", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    import json

    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_laptop_keeps_everything_in_the_data_folder(tmp_path):
    folder = tmp_path / "data"
    read = settings_of({"DATA_DIR": str(folder)})
    assert read["data"] == str(folder)
    assert read["database"] == str(folder / "db.sqlite3")
    assert read["backups"] == [str(folder / "backups")]
    assert (folder / "secret-key").read_text() == read["key"]


def test_an_older_key_still_recognises_its_codes(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "secret-key").write_text("now")
    (folder / "older-secret-keys").write_text("before\n")
    read = settings_of({"DATA_DIR": str(folder)})
    assert read["key"] == "now" and read["fallbacks"] == ["before"]


def a_checkout_of_today(at: Path) -> Path:
    """This program as a checkout holds it: its packages, templates and static files."""
    at.mkdir()
    for item in ROOT.iterdir():
        if (item / "__init__.py").exists() and item.name not in {"tests", "bench"}:
            shutil.copytree(item, at / item.name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("templates", "static"):
        shutil.copytree(ROOT / name, at / name)
    shutil.copy(ROOT / "manage.py", at)
    return at


def test_a_club_updating_its_checkout_keeps_its_night_and_its_key(tmp_path):
    """After `git pull`, the first `restore` (or `run`) moves the data and says so; the key
    the signed sheets' check codes were made with is the one the laptop then uses."""
    checkout = a_checkout_of_today(tmp_path / "kitty-td")
    (checkout / "var" / "backups").mkdir(parents=True)
    (checkout / "var" / "secret-key").write_text("the-key-of-the-printed-sheets")
    a_database(checkout / "var" / "backups" / "2026-11-20_21-00-00_sheet-signed.sqlite3", "x")
    folder = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "VAR_DIR", "LAPTOP"}}
    env = {**env, "DATA_DIR": str(folder), "SECRET_KEY": ""}

    def manage(*args: str, **more: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=checkout,
            env={**env, **more},
            capture_output=True,
            text=True,
            timeout=120,
        )

    listed = manage("restore")
    assert listed.returncode == 0, listed.stderr
    assert f"The club's data kept in {checkout} is now in {folder}:" in listed.stdout
    assert "2026-11-20_21-00-00_sheet-signed.sqlite3" in listed.stdout  # listed from there
    assert not (checkout / "var").exists()
    key = manage(
        "shell", "-c", "from django.conf import settings; print(settings.SECRET_KEY)", LAPTOP="1"
    )
    assert key.stdout.splitlines()[-1] == "the-key-of-the-printed-sheets", key.stderr
    again = manage("restore")
    assert "is now in" not in again.stdout  # once

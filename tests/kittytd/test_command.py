"""The `kittytd` command: what each of its words runs, and a club's own night without
the demo (kittytd/cli.py)."""

import os
from pathlib import Path

import pytest
from django.core.management import call_command

from club.models import Club, default_club
from kittytd import __version__, cli
from tournament.models import Director, Tournament


@pytest.fixture
def ran(monkeypatch, tmp_path):
    """main()'s Django command line, with what it set in the environment; the checkout it
    would take old data from is an empty folder."""
    for name in ("LAPTOP", "DATA_DIR", "VAR_DIR", "KITTYTD_DATA_OPTION"):
        monkeypatch.setenv(name, "")  # so that what main() sets is undone after the test
        monkeypatch.delenv(name)
    monkeypatch.setenv("DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(cli, "CHECKOUT", tmp_path / "checkout")
    seen = []
    monkeypatch.setattr(
        "django.core.management.execute_from_command_line", lambda argv: seen.append(argv)
    )

    def run(*argv: str) -> list[str]:
        cli.main(list(argv))
        return seen[-1]

    return run


def test_run_is_the_laptops_server_with_the_demo(ran, tmp_path):
    assert ran("run", "--port", "8001") == ["kittytd", "serve", "--port", "8001", "--demo"]
    assert os.environ["LAPTOP"] == "1"
    assert (tmp_path / "data").is_dir()


def test_run_without_the_demo_and_with_a_data_folder_of_its_own(ran, tmp_path):
    usb = tmp_path / "usb"
    assert ran("run", "--no-demo", "--data", str(usb)) == ["kittytd", "serve", "--no-demo"]
    assert os.environ["DATA_DIR"] == str(usb) and usb.is_dir()
    ran("run", f"--data={tmp_path / 'other'}")
    assert os.environ["DATA_DIR"] == str(tmp_path / "other")


def test_restore_and_djangos_own_commands(ran):
    assert ran("restore", "latest") == ["kittytd", "restore_copy", "latest"]
    os.environ.pop("LAPTOP")
    assert ran("createsuperuser") == ["kittytd", "createsuperuser"]
    assert "LAPTOP" not in os.environ  # a server's command is not the laptop's


def test_the_version_and_the_help(capsys):
    cli.main(["--version"])
    assert capsys.readouterr().out == f"kittytd {__version__}\n"
    cli.main([])
    said = capsys.readouterr().out
    assert f"Kitty TD {__version__}" in said and "kittytd run" in said
    assert "The club's data:" in said


def test_what_to_type_next_names_the_data_folder_as_the_console_reads_it(monkeypatch):
    monkeypatch.setenv("KITTYTD_DATA_OPTION", "/media/ann/Kitty #2 Łódź")
    assert cli.said_as("run") == "kittytd run --data '/media/ann/Kitty #2 Łódź'"
    assert cli.said_as("run", with_data=False) == "kittytd run"
    monkeypatch.setenv("KITTYTD_DATA_OPTION", "/media/ann/KITTY")
    assert cli.said_as("restore") == "kittytd restore --data /media/ann/KITTY"
    # Windows' consoles: double quotes, and a backslash is no escape there.
    assert cli.typed(r"E:\Kitty #2 Łódź", windows=True) == r'"E:\Kitty #2 Łódź"'
    assert cli.typed(r"E:\kitty", windows=True) == r"E:\kitty"


def test_a_data_option_without_its_folder_is_said(ran):
    with pytest.raises(SystemExit) as said:
        ran("run", "--data")
    assert "--data needs a folder" in str(said.value)


@pytest.mark.django_db
def test_a_clubs_own_night_gets_the_directors_login_and_no_demo(tmp_path, monkeypatch, capsys):
    from demo.management.commands import setup_demo

    monkeypatch.setattr(setup_demo, "PASSWORD_FILE", tmp_path / "director-login.txt")
    call_command("setup_demo", "--director-only")
    username, password = Path(tmp_path / "director-login.txt").read_text().split()
    director = Director.objects.get().user
    assert director.check_password(password)
    assert not Tournament.objects.exists()
    # The club is theirs: its register, seasons and name are theirs to keep from the start.
    assert list(Club.objects.get(pk=default_club()).staff.all()) == [director]
    assert f"Director login: {username} / {password}" in capsys.readouterr().out

"""The `kittytd` command: the same program from a wheel, `python -m kittytd` or a checkout
(`python3 dev.py run` and the checkout's manage.py come here too).

    kittytd run        the night on this laptop, served to the phones in the hall
    kittytd restore    list the copies of the night, or put one back
    kittytd --version
    kittytd <command>  any of Django's commands, e.g. migrate, createsuperuser, check --deploy

`run` and `restore` keep the club's data in its folder (kittytd/data.py); `--data FOLDER`,
given to any command, names another (a USB stick).
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

from kittytd import __version__, data

# The folder above the package: a checkout's root, where data was kept before 1.0.0.
CHECKOUT = Path(__file__).resolve().parent.parent
# The laptop's own commands, and the Django command each one is.
LAPTOP_COMMANDS = {"run": "serve", "restore": "restore_copy"}


def usage() -> str:
    return f"""Kitty TD {__version__}: tournament software for card clubs.

  kittytd run [--port N] [--local] [--address A] [--backup-to FOLDER] [--data FOLDER]
              [--no-demo]
      serve the night from this laptop to the phones in the hall (`kittytd run --help`)
  kittytd restore [latest | NAME | PATH] [--data FOLDER]
      list the copies of the night, or put one back (stop `run` first)
  kittytd --version
  kittytd COMMAND ...
      any of Django's commands, for a server: migrate, createsuperuser, check --deploy,
      export_tournament, rebuild_ratings --check ... (`kittytd help` lists them)

The club's data: {data.folder()}"""


def said_as(subcommand: str, *, with_data: bool = True) -> str:
    """How the user typed this program, for the messages that tell them what to type next:
    `kittytd run`, or `python3 dev.py run` in a checkout (dev.py says so), with the data
    folder they named, so that what they type next acts on the same club's data."""
    said = f"{os.environ.get('KITTYTD_COMMAND', 'kittytd')} {subcommand}"
    named = os.environ.get("KITTYTD_DATA_OPTION") if with_data else None
    return f"{said} --data {typed(named)}" if named else said


def typed(argument: str, *, windows: bool = os.name == "nt") -> str:
    """An argument as the user types it into their console, quoted where that console would
    read it otherwise (`Kitty #2`: a space, and `#` begins a comment in a Unix shell)."""
    if windows:  # cmd and PowerShell: double quotes, which a Windows path never holds
        return f'"{argument}"' if re.search(r"[^\w\\/:.-]", argument) else argument
    return shlex.quote(argument)


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] in (["--version"], ["-V"]):
        print(f"kittytd {__version__}")
        return
    if argv in ([], ["-h"], ["--help"]):
        print(usage())
        return
    command, rest = argv[0], argv[1:]
    rest, chosen = _data_option(rest)
    if chosen is not None:
        os.environ["DATA_DIR"] = os.environ["KITTYTD_DATA_OPTION"] = chosen
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if command in LAPTOP_COMMANDS:
        os.environ["LAPTOP"] = "1"
        _prepare_data_folder()
        if command == "run":
            if "--no-demo" not in rest:  # a new database gets the demo nights
                rest = [*rest, "--demo"]
        command = LAPTOP_COMMANDS[command]
    elif os.environ.get("DATABASE_URL") is None:
        _prepare_data_folder(adopt=False)  # its SQLite file needs the folder to exist

    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(["kittytd", command, *rest])
    except BrokenPipeError:  # `kittytd restore | more` closed early: not an error to show
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)


def _data_option(args: list[str]) -> tuple[list[str], str | None]:
    """`--data FOLDER` (or `--data=FOLDER`) taken out of the arguments, for any command."""
    kept, chosen = [], None
    it = iter(args)
    for arg in it:
        if arg == "--data":
            chosen = next(it, None)
            if not chosen:
                sys.exit("--data needs a folder: kittytd run --data E:\\kitty")
        elif arg.startswith("--data="):
            chosen = arg.split("=", 1)[1]
        else:
            kept.append(arg)
    return kept, chosen


def _prepare_data_folder(*, adopt: bool = True) -> None:
    folder = data.folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        sys.exit(
            f"The folder for the club's data, {folder}, cannot be made ({error.strerror}): "
            f"name another with {said_as('run')} --data FOLDER."
        )
    if adopt:
        for line in data.adopt_checkout_data(CHECKOUT, folder):
            print(line if line.endswith(":") else f"  {line}", flush=True)

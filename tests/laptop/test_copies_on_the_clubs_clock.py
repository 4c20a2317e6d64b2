"""Copies are named on the club's clock (TIME_ZONE), as every page and sheet tells the time,
whatever the laptop's own zone: on Windows the process never takes TIME_ZONE as its own
(no time.tzset), so a laptop set to another zone named the copies on its clock, and the
list of copies said the wrong hour.

Here the process's own zone is set apart from TIME_ZONE by hand, as Windows leaves it.
"""

from __future__ import annotations

import datetime
import os
import sqlite3
import time
from io import StringIO
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command

from kittytd import data
from laptop import backups

CLUB = "America/New_York"
LAPTOP = "Asia/Tokyo"  # 13 or 14 hours ahead of the club


def club_now() -> datetime.datetime:
    """The club's wall clock, to the second, as a copy's name writes it."""
    return datetime.datetime.now(ZoneInfo(CLUB)).replace(tzinfo=None, microsecond=0)


@pytest.fixture
def laptop_on_another_clock(settings):
    """TIME_ZONE is the club's; the process's own zone, the laptop's, is another."""
    settings.TIME_ZONE = CLUB  # Django makes it the process's zone where it can ...
    before = os.environ.get("TZ")
    os.environ["TZ"] = LAPTOP  # ... which Windows cannot: its laptop's zone stays
    time.tzset()
    try:
        # The premise: the process's clock is not the club's.
        assert abs(datetime.datetime.now() - club_now()) > datetime.timedelta(hours=12)
        yield
    finally:
        if before is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = before
        time.tzset()


def a_night(path):
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tournament_tournament (name TEXT, date TEXT)")
    db.close()
    return path


def test_a_copy_is_named_on_the_clubs_clock(laptop_on_another_clock, settings, tmp_path):
    settings.BACKUP_DIRS = [tmp_path / "backups"]
    source = a_night(tmp_path / "db.sqlite3")
    before = club_now()
    backups.copy_now("sheet signed", source)
    after = club_now()
    (copy,) = backups.copies(tmp_path / "backups")
    assert before <= copy.made <= after


def test_the_copy_a_restore_keeps_is_named_on_the_clubs_clock(
    laptop_on_another_clock, settings, tmp_path, monkeypatch
):
    own = tmp_path / "backups"
    settings.BACKUP_DIRS = [own]
    database = a_night(tmp_path / "db.sqlite3")
    monkeypatch.setattr(backups, "database_file", lambda: database)
    own.mkdir()
    a_night(own / "2026-03-13_21-40-02_sheet-signed.sqlite3")
    before = club_now()
    said = StringIO()
    call_command("restore_copy", "latest", stdout=said)
    after = club_now()
    (kept,) = [c for c in backups.copies(own) if c.reason == "before restore"]
    assert before <= kept.made <= after
    assert f"kept as the copy {kept.path.name}" in said.getvalue()


def test_a_checkouts_database_kept_as_a_copy_is_named_on_the_clubs_clock(
    laptop_on_another_clock, tmp_path, monkeypatch
):
    """Moved before Django is set up (kittytd/data.py): TIME_ZONE read as settings read it."""
    monkeypatch.setenv("TIME_ZONE", CLUB)
    checkout, folder = tmp_path / "kitty-td", tmp_path / "data"
    checkout.mkdir()
    folder.mkdir()
    a_night(checkout / "db.sqlite3")
    a_night(folder / "db.sqlite3")  # the folder's own night stays; the checkout's is a copy
    before = club_now()
    data.adopt_checkout_data(checkout, folder)
    after = club_now()
    (copy,) = backups.copies(folder / "backups")
    assert copy.reason == "before 1.0.0 from kitty td"
    assert before <= copy.made <= after

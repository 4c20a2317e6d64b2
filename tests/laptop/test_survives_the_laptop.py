"""The night survives the laptop: copies of its SQLite file (laptop/backups.py) are written
beside the server once a sheet is signed, and `manage.py restore_copy` puts the latest back
after the laptop died and its database file was lost; a folder for the copies that cannot
be written stops no table, and the console says so.

Against the laptop's real server in a subprocess (tests/support/served.py), killed with
SIGKILL and started again on the same folder.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from laptop.backups import copies
from tests.scoring.test_concurrency_pg import entry_form, hands_for, page, score_table, send
from tests.support.phone import Phone
from tests.support.served import Night, Served, query, served, wait_for

pytestmark = pytest.mark.spawns

SIDES = ("North-South", "East-West")


def sign(base: str, link: str, side: int) -> str:
    """The side signs on its own link: the sign form on its page, its player chosen (the
    first, as the page offers) and the name typed. The name signed."""
    phone = Phone.at(base, timeout=30)
    form = page(phone, link).form("/sign/", side=str(side))
    assert form is not None, f"no sign form for side {side} on {link}"
    status, text = send(phone, "POST", link + "sign/", {**form, "typed": form["player"]})
    assert status == 302, text[:500]
    return form["player"]


def enter_and_accept(base: str, links: tuple[str, str], hand: dict, number: int) -> None:
    north, east = Phone.at(base, timeout=30), Phone.at(base, timeout=30)
    form = entry_form(page(north, links[0]), hand)
    assert form["slot"] == f"{number}:1"
    assert send(north, "POST", links[0] + "enter/", form)[0] == 302
    accept = page(east, links[1]).form("/accept/")
    assert accept is not None
    assert send(east, "POST", links[1] + "accept/", accept)[0] == 302


def signatures_in(database: Path, tables: list[int]) -> int:
    """The signatures at these tables of round 1, read from a night's file or a copy."""
    marks = ",".join("?" * len(tables))
    return query(
        database,
        "SELECT count(*) FROM scoring_signature s JOIN tournament_table t ON s.table_id = t.id"
        " JOIN tournament_round r ON t.round_id = r.id"
        f" WHERE r.number = 1 AND t.number IN ({marks})",
        tables,
    )[0][0]


def play_and_sign(laptop: Served, night: Night, numbers: list[int]) -> tuple[dict, float]:
    """The tables play their four hands at once (every write answered 302), then each side
    signs: the names signed per table, and the time the first side began to sign."""
    links = {n: night.tables[n - 1].links for n in numbers}
    with ThreadPoolExecutor(max_workers=len(numbers)) as pool:
        runs = list(pool.map(lambda n: score_table(laptop.url, links[n], hands_for(n)), numbers))
    assert {status for run in runs for _, status in run} == {302}
    began = time.time()
    return {n: [sign(laptop.url, links[n][side], side) for side in (0, 1)] for n in numbers}, began


def test_the_laptop_dies_its_database_is_lost_and_the_latest_copy_has_every_signed_table(
    tmp_path,
):
    with served(tmp_path / "laptop") as laptop:
        night = laptop.night(4)
        playing = night.tables[2]  # table 3 plays on, unsigned
        enter_and_accept(laptop.url, playing.links, hands_for(3)[0], 1)
        signed, signing = play_and_sign(laptop, night, [1, 2])

        # A copy newer than the last signature, with every signature in it.
        def copy_with_every_signature():
            for c in copies(laptop.backups):
                if c.path.stat().st_mtime >= signing and signatures_in(c.path, [1, 2]) == 4:
                    return c
            return None

        latest = wait_for(copy_with_every_signature, "a copy with every signature")
        for number, hand in enumerate(hands_for(3)[1:3], start=2):  # after the copy
            enter_and_accept(laptop.url, playing.links, hand, number)

        laptop.kill()  # the laptop dies, and its database file with it
        for lost in ("night.sqlite3", "night.sqlite3-wal", "night.sqlite3-shm"):
            (laptop.folder / lost).unlink(missing_ok=True)
        assert not laptop.database.exists()

        # Without an argument: the copies, newest first. (A copy asked for by the first
        # signatures may have been written after the one waited for: as new, or newer.)
        listed = laptop.manage("restore_copy").stdout
        newest = copies(laptop.backups)
        assert "Copies of the night, newest first:" in listed
        at = [listed.find(str(c.path)) for c in newest]
        assert -1 not in at and at == sorted(at), listed  # every copy, newest first
        assert newest[0].made >= latest.made
        restored = laptop.manage("restore_copy", "latest").stdout
        assert f"Restored {newest[0].path} into {laptop.database}." in restored
        laptop.start()

        facts = laptop.facts(night.slug)
        for number in (1, 2):
            table = facts["tables"][str(number)]
            assert [(h[0], h[1], h[2]) for h in table["hands"]] == [
                (n, 1, "accepted") for n in (1, 2, 3, 4)
            ]
            assert table["signatures"] == [[0, signed[number][0]], [1, signed[number][1]]]
            # Each side's page shows the signed sheet: both signatures, the four hands.
            for link in night.tables[number - 1].links:
                status, text = send(Phone.at(laptop.url, timeout=30), "GET", link)
                assert status == 200, text[:500]
                assert "Signed, final" in text
                for side, name in zip(SIDES, signed[number], strict=True):
                    assert f"<strong>{side}</strong> signed by {name}" in text
                for hand in (1, 2, 3, 4):
                    assert f"Hand {hand}" in text
        assert facts["differences"] == []

        # Table 3 has what the copy had, and plays on from there.
        kept = facts["tables"]["3"]["hands"]
        assert kept[0][:3] == [1, 1, "accepted"]
        number = len(kept) + 1
        enter_and_accept(laptop.url, playing.links, hands_for(3)[number - 1], number)


def log_in(base: str, username: str, password: str) -> Phone:
    director = Phone.at(base, timeout=30)
    form = page(director, "/login/").form("")
    assert form is not None and "csrfmiddlewaretoken" in form
    data = {**form, "username": username, "password": password}
    status, text = send(director, "POST", "/login/", data)
    assert status == 302, text[:500]
    return director


def test_a_folder_for_the_copies_that_cannot_be_written_stops_no_table_and_the_console_says_so(
    tmp_path,
):
    (tmp_path / "afile").write_text("a file, where the copies' folder was meant to be")
    stick = tmp_path / "afile" / "sub"
    with served(tmp_path / "laptop", backup_to=stick) as laptop:
        night = laptop.night(2)
        signed, _ = play_and_sign(laptop, night, [1])  # every write answered 302

        facts = laptop.facts(night.slug)
        assert len(facts["tables"]["1"]["hands"]) == 4
        assert facts["tables"]["1"]["signatures"] == [[0, signed[1][0]], [1, signed[1][1]]]
        # The laptop's own folder still gets its copy; the stick's never can.
        wait_for(lambda: copies(laptop.backups), "a copy in the laptop's own folder")
        assert not stick.exists()

        director = log_in(laptop.url, *night.director)

        def console_says_so():
            status, text = send(director, "GET", night.console)
            assert status == 200, text[:500]
            return "cannot be written" in text and str(stick) in text and text

        said = wait_for(
            console_says_so, "the console saying the copies cannot be written there", 10
        )
        # Served with --local (the worker told so by the command): links name 127.0.0.1.
        assert f"at <strong>{laptop.url}</strong>: phones cannot open these links." in said
        # Table 2 still enters its hands.
        enter_and_accept(laptop.url, night.tables[1].links, hands_for(2)[0], 1)

"""CSV import: all or nothing, every bad row reported by line number."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tournament.csv_import import read_entrants
from tournament.models import Entrant


def read(text: str | bytes, partnership=True, existing=frozenset()):
    data = text.encode() if isinstance(text, str) else text
    return read_entrants(data, partnership=partnership, existing=set(existing))


def test_good_team_file_with_and_without_team_names():
    rows, errors = read("team,player1,player2\nAces,Ann,Bob\n,Cy,Di\n")
    assert errors == []
    assert [(r.line, r.name, r.player1, r.player2) for r in rows] == [
        (2, "Aces", "Ann", "Bob"),
        (3, "Cy & Di", "Cy", "Di"),
    ]


def test_excel_bom_and_blank_lines_are_fine():
    rows, errors = read("\ufeffname\nZoë\n\nŁukasz\n".encode(), partnership=False)
    assert errors == [] and [r.name for r in rows] == ["Zoë", "Łukasz"]


def test_every_bad_row_is_reported_by_line():
    rows, errors = read(
        "player1,player2\nAnn,Bob\nCy,\nAnn,Bob\nEd,Flo,extra\nGus,Hal\n",
        existing={"gus & hal"},
    )
    assert errors == [
        "Line 3: a team needs two players (player1 and player2).",
        "Line 4: 'Ann & Bob' is also on line 2.",
        "Line 5: 3 values, the header has 2.",
        "Line 6: 'Gus & Hal' is already registered.",
    ]


def test_empty_file():
    assert read("")[1] == ["The file is empty: it needs a header row and one row per entrant."]
    assert read("name\n", partnership=False)[1] == ["The file has a header but no entrants."]


def test_wrong_header_names_what_is_expected():
    _, errors = read("naam,speler\nA,B\n")
    assert errors == [
        "Line 1: the header must be player1,player2 (and optionally team); "
        "missing player1, player2; unknown column 'naam', 'speler'."
    ]


def test_a_one_megabyte_field_is_refused_with_its_line():
    _, errors = read("name\nAnn\n" + "x" * 1_000_000 + "\n", partnership=False)
    assert len(errors) == 1 and errors[0].startswith("Line 3:")


def test_a_long_but_readable_field_says_how_long():
    _, errors = read("name\n" + "y" * 5000 + "\n", partnership=False)
    assert errors == ["Line 2: name is 5,000 characters long; at most 100."]


def test_non_utf8_file():
    _, errors = read("name\nRené\n".encode("latin-1"), partnership=False)
    assert len(errors) == 1 and "not UTF-8" in errors[0]


def upload(client, tournament, text: bytes):
    f = SimpleUploadedFile("teams.csv", text, content_type="text/csv")
    return client.post(f"/t/{tournament.slug}/entrants/import/", {"file": f})


@pytest.mark.django_db
def test_import_through_the_page_is_all_or_nothing(director_client, kitty):
    before = Entrant.objects.count()
    response = upload(director_client, kitty, b"player1,player2\nNew,One\nTeam,\n")
    assert response.status_code == 400
    assert "Line 3: a team needs two players" in response.content.decode()
    assert Entrant.objects.count() == before

    response = upload(director_client, kitty, b"team,player1,player2\nNewcomers,Ann,Bob\n")
    assert response.status_code == 302
    new = Entrant.objects.get(name="Newcomers")
    assert (new.player1, new.player2, new.order) == ("Ann", "Bob", 9)


@pytest.mark.django_db
def test_import_refuses_names_already_registered(director_client, kitty):
    response = upload(director_client, kitty, b"team,player1,player2\nteam 1,A,B\n")
    assert response.status_code == 400
    assert "Line 2: &#x27;team 1&#x27; is already registered." in response.content.decode()

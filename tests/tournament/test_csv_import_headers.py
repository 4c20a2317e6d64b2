"""CSV import refuses what is not an entrant (issue 48): a header row repeated mid-file,
or any row of the headers' words, is a bad row, listed by its line with every other bad
row, and nothing is imported. A name that only holds a header's word is still a name."""

import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.conftest import GAMES, make_tournament
from tournament.csv_import import read_entrants
from tournament.models import Entrant

# A file of each kind: its header, entrants, the header again, more entrants, a row of
# the headers' words written otherwise, an ordinary bad row; the lines refused, as said.
FILES = {
    True: (  # 6 Card Kitty: team,player1,player2
        "team,player1,player2\n"
        "Aces,Ann Bell,Bob Carr\n"
        "team,player1,player2\n"
        "Kings,Cy Dunn,Di Eyre\n"
        "Team , Player 1 , PLAYER2\n"
        ",Ed Ford,\n"
        ",player1,player2\n"
        "Name Team,Team Spirit,Name Smith\n",
        [
            "Line 3: 'team,player1,player2' is a header row, not an entrant: delete it.",
            "Line 5: 'Team,Player 1,PLAYER2' is a header row, not an entrant: delete it.",
            "Line 6: a team needs two players (player1 and player2).",
            "Line 7: 'player1,player2' is a header row, not an entrant: delete it.",
        ],
    ),
    False: (  # the three-player games: name
        "name\nAnn Bell\nname\nBob Carr\n NAME \nName Smith\nCy,Dunn\nteam\n",
        [
            "Line 3: 'name' is a header row, not an entrant: delete it.",
            "Line 5: 'NAME' is a header row, not an entrant: delete it.",
            "Line 7: 2 values, the header has 1.",
            "Line 8: 'team' is a header row, not an entrant: delete it.",
        ],
    ),
}


@pytest.mark.parametrize("partnership", [True, False], ids=["team,player1,player2", "name"])
def test_a_row_of_the_headers_words_is_a_bad_row_listed_by_its_line(partnership):
    text, refused = FILES[partnership]
    rows, errors = read_entrants(text.encode(), partnership=partnership, existing=set())
    assert errors == refused
    names = {row.name for row in rows}
    assert not names & {"name", "team", "player1", "player2", "NAME", "Team"}
    # A name that holds a header's word among others is an entrant, not a header.
    assert ("Name Team" if partnership else "Name Smith") in names


def test_the_header_repeated_as_the_first_row_of_a_second_file_pasted_in_is_refused():
    text = "name\nAnn Bell\n\ufeffname\nBob Carr\n"
    _, errors = read_entrants(text.encode(), partnership=False, existing=set())
    assert errors == ["Line 3: 'name' is a header row, not an entrant: delete it."]


def upload(client, tournament, text: str):
    f = SimpleUploadedFile("entrants.csv", text.encode(), content_type="text/csv")
    return client.post(f"/t/{tournament.slug}/entrants/import/", {"file": f})


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_the_import_page_lists_each_header_row_by_line_and_imports_nothing(director_client, game):
    tournament = make_tournament(game, entrants=2)
    text, refused = FILES[tournament.is_partnership]
    response = upload(director_client, tournament, text)
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert "Nothing was imported." in page
    listed = [line for line in page.split("<li>") if line.startswith("Line ")]
    assert [line.split("</li>")[0] for line in listed] == refused
    assert tournament.entrants.count() == 2
    assert not Entrant.objects.filter(name__iexact="name").exists()
    # The same file without those rows imports every entrant, none called "name".
    good = "\n".join(
        line for number, line in enumerate(text.splitlines(), 1) if f"Line {number}:" not in page
    )
    assert upload(director_client, tournament, good + "\n").status_code == 302
    imported = set(tournament.entrants.values_list("name", flat=True)) - {"Team 1", "Team 2"}
    imported -= {"Player 1", "Player 2"}
    assert imported == (
        {"Aces", "Kings", "Name Team"}
        if tournament.is_partnership
        else {"Ann Bell", "Bob Carr", "Name Smith"}
    )

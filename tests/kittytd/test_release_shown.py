"""The release is said where a director or a club would look for it: the foot of the
director's pages and the backup file (kittytd --version: test_command.py)."""

import json

import pytest
from django.test import Client

from backup.exporting import export_json
from backup.importing import BackupError, check_format
from kittytd import __version__
from tests.conftest import make_tournament

pytestmark = pytest.mark.django_db
FOOT = f'<footer class="release">Kitty TD {__version__}</footer>'


def test_the_directors_pages_end_with_the_release(director_client):
    tournament = make_tournament()
    for page in ("/", f"/t/{tournament.slug}/", f"/t/{tournament.slug}/edit/"):
        answer = director_client.get(page)
        assert answer.status_code == 200, page
        assert FOOT in answer.content.decode(), page


def test_the_public_pages_do_not(client: Client):
    tournament = make_tournament(published=True)
    for page in ("/", f"/t/{tournament.slug}/"):
        assert "Kitty TD 1." not in client.get(page).content.decode()
        assert 'class="release"' not in client.get(page).content.decode()


@pytest.mark.parametrize("game", ["columbus-6-card-kitty", "cutthroat-pinochle"])
def test_the_backup_file_names_the_release_that_wrote_it(game):
    written = json.loads(export_json(make_tournament(game, entrants=4)))
    assert written["release"] == __version__


def test_a_file_of_a_newer_format_names_the_release_that_wrote_it():
    with pytest.raises(BackupError) as refused:
        check_format({"format": "kitty-td/tournament", "version": 99, "release": "7.0.0"})
    assert "written by Kitty TD 7.0.0" in str(refused.value)
    assert f"in Kitty TD {__version__}" in str(refused.value)

"""The night's announcements, its round length and its players' asks to leave go with its
backup file and come back with it, for each of the four games; a file from before they
were kept still imports, with none."""

import json
from pathlib import Path

import pytest
from django.test import Client

from backup.exporting import export_tournament
from backup.importing import BackupError, import_json, import_tournament
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.floor import words
from tests.support.helpers import published_round, side_link, table_of
from tournament import leaving, news
from tournament.models import Announcement, Tournament

pytestmark = pytest.mark.django_db

OLD_FILES = Path(__file__).parent.parent / "data" / "backups"


@pytest.mark.parametrize("game", GAMES)
def test_the_announcements_come_back_with_the_night(game):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, round_minutes=40)
    published_round(tournament)
    first = news.announce(tournament, "Coffee is on", by="td")
    second = news.announce(tournament, "Last round at 22:00", by="Ann")
    entrant = tournament.entrants.first()
    leaving.ask_to_leave(entrant, after_round=1, by="Ann")
    saved = json.loads(json.dumps(export_tournament(tournament)))
    assert [a["text"] for a in saved["announcements"]] == ["Coffee is on", "Last round at 22:00"]
    tournament.delete()
    restored = import_tournament(saved)
    assert restored.round_minutes == 40
    assert [(a.text, a.by, a.at) for a in news.announcements(restored)] == [
        (second.text, "Ann", second.at),
        (first.text, "td", first.at),
    ]
    asked = restored.entrants.get(name=entrant.name)
    assert (asked.leave_after_round, asked.leave_asked_by) == (1, "Ann")
    page = words(Client().get(side_link(table_of(restored.round_set.get()), 0)))
    assert "Last round at 22:00" in page


@pytest.mark.parametrize(
    "night", sorted(p.name for p in OLD_FILES.glob("*.json") if ".expected" not in p.name)
)
def test_a_file_from_before_announcements_imports_with_none(night):
    data = json.loads((OLD_FILES / night).read_text())
    assert "announcements" not in data
    restored = import_json(json.dumps(data))
    assert news.announcements(restored) == [] and restored.round_minutes is None


def test_a_file_whose_announcement_is_no_announcement_is_refused_whole():
    tournament = make_tournament("ascot", entrants=4, published=True)
    news.announce(tournament, "Coffee is on", by="td")
    saved = export_tournament(tournament)
    saved["tournament"]["slug"] = "copy"
    for spoiled, said in [
        ({"text": "x" * 281, "by": "td"}, "announcements[0]: text"),
        ({"text": "", "by": "td"}, "announcements[0]: text"),
        ({"text": ["a", "list"]}, "announcements[0]: text: expected text"),
    ]:
        saved["announcements"] = [spoiled]
        with pytest.raises(BackupError, match=said.replace("[", r"\[").replace("]", r"\]")):
            import_tournament(saved)
        assert not Tournament.objects.filter(slug="copy").exists()
    assert Announcement.objects.count() == 1

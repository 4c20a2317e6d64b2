"""A table's history keeps each change's before and after as JSON. A backup file could hold
any shape there: the import refuses what the app never writes, and the table's pages never
trust a stored shape (one written some other way still shows, with no 500). Each game."""

import json

import pytest
from django.test import Client

from backup.exporting import export_tournament
from backup.importing import BackupError, import_json
from scoring import entry
from scoring.models import Change
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    FINISHING,
    accepted_hands,
    published_round,
    side_link,
    sign_every_side,
    table_of,
)
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

# What a hand-made file could put in a change (the probe's three, and their kin).
JUNK = [
    ("after", {"signatures": [1, "x"]}),
    ("after", {"signatures": 5}),
    ("before", {"signatures": [{"side": "0", "name": 3}]}),
    ("after", {"side": 0, "name": "Ann", "sheet": {"sides": "junk"}}),
    ("after", {"sheet": {"hands": [], "sides": []}}),
    ("before", [1, 2, 3]),
    ("before", "a note"),
    ("after", {"books": {"nested": [1]}}),
]


def signed_table(game: str, director):
    """A finished table signed by every side, then reopened: a history of every kind."""
    options, hands = FINISHING[game]
    tournament = make_tournament(
        game, entrants=ONE_TABLE[game], published=True, options=options, slug=f"{game[:12]}-n"
    )
    table = table_of(published_round(tournament))
    accepted_hands(table, hands)
    sign_every_side(table)
    entry.reopen(table, actor=entry.Actor(user=director, label="TD"), reason="a miscount")
    sign_every_side(table)
    return table


def pages(table) -> list[str]:
    slug = table.round.tournament.slug
    sides = table.seats.count()
    return [
        f"/t/{slug}/round/1/table/{table.number}/",
        *(side_link(table, side) for side in range(sides)),
        f"/t/{slug}/check/",
    ]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field, junk", JUNK)
def test_a_backup_whose_history_has_a_shape_never_written_is_refused_by_where(
    game, field, junk, director
):
    table = signed_table(game, director)
    data = json.loads(json.dumps(export_tournament(table.round.tournament)))
    data["tournament"]["slug"] = "copy"
    changes = data["rounds"][0]["tables"][0]["changes"]
    changes[-1][field] = junk
    with pytest.raises(BackupError) as refused:
        import_json(json.dumps(data))
    message = str(refused.value)
    assert f"changes[{len(changes) - 1}]: {field}:" in message
    assert not Tournament.objects.filter(slug="copy").exists()


@pytest.mark.parametrize("game", GAMES)
def test_the_history_every_write_keeps_is_imported(game, director):
    table = signed_table(game, director)
    data = export_tournament(table.round.tournament)
    data["tournament"]["slug"] = "copy"
    copy = import_json(json.dumps(data))
    kinds = set(
        Change.objects.filter(table__round__tournament=copy).values_list("action", flat=True)
    )
    assert {"entered", "accepted", "signed", "reopened"} <= kinds


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field, junk", JUNK)
def test_a_stored_shape_never_written_leaves_every_page_of_the_table_readable(
    game, field, junk, director, director_client
):
    """Written some way other than the app's (a script, an older file): the director's page,
    both sides' pages and the check page still answer, the rest of the history shown."""
    table = signed_table(game, director)
    signing = Change.objects.filter(table=table, action="signed").exclude(after__sheet=None)
    first = signing.order_by("id").first()
    Change.objects.filter(pk=first.pk).update(**{field: junk})
    slug = table.round.tournament.slug
    for url in pages(table):
        answer = (director_client if url.startswith("/t/") else Client()).get(url)
        assert answer.status_code == 200, url
        if url == pages(table)[0]:
            assert "a miscount" in answer.content.decode()  # the history still listed
    check = Client().get(
        f"/t/{slug}/check/", {"round": 1, "table": table.number, "code": "K7QM-4XPA-9DZ2"}
    )
    assert check.status_code == 200
    assert "Unknown code" in check.content.decode()

"""A tournament exported and imported again scores exactly as before; bad files change nothing."""

import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from backup.exporting import export_json, export_tournament
from backup.importing import BackupError, import_json
from leaderboard.board import standings_for
from scoring import entry
from scoring.models import Change, Hand, Ruling, Signature
from scoring.results import results_for
from tests.conftest import make_tournament
from tests.support.helpers import published_round
from tournament.models import Entrant, Seat, Table, Tournament

pytestmark = pytest.mark.django_db

MADE = {"bidding_team": 0, "level": 5, "form": "plain", "books": 12}
EW_MADE = {"bidding_team": 1, "level": 4, "form": "no", "direction": "uptown", "books": 10}
SET = {"bidding_team": 1, "level": 6, "form": "plain", "books": 9}


def play(table, hands, accept=True, start=1):
    """Enter hands at the table from North-South; East-West accept each."""
    north, east = entry.Actor(side=0, label="Table link"), entry.Actor(side=1, label="Table link")
    for number, record in enumerate(hands, start=start):
        slot = entry.next_slot(entry.table_result(table))
        hand = entry.enter_hand(table, record, actor=north, nonce=f"{table.pk}-{number}", slot=slot)
        if accept:
            entry.accept_hand(table, hand.pk, actor=east, version=hand.version)
    return hand


def sign_both(table):
    for side, seat in enumerate(table.seats.order_by("position")):
        name = seat.entrant.player2
        entry.sign(table, side=side, player=name, typed=name, actor=entry.Actor(side=side))


@pytest.fixture
def night(director):
    """Nine teams (one bye); tables signed, ruled on, replayed and part-way through."""
    tournament = make_tournament(entrants=9, published=True, slug="friday", boston_pot=12)
    round_ = published_round(tournament)
    one, two, three, four = (round_.tables.get(number=n) for n in (1, 2, 3, 4))
    play(one, [MADE, EW_MADE, SET, MADE])
    sign_both(one)
    last = play(two, [MADE, EW_MADE, MADE, MADE])
    Ruling.objects.create(
        table=two, hand=last, code="renege", offender=0, choice="books", created_by=director
    )
    voided = play(three, [MADE])
    Ruling.objects.create(table=three, hand=voided, code="misdeal", note="7 cards to West")
    play(three, [EW_MADE, SET], start=2)  # hand 1 replayed, then hand 2
    play(four, [MADE])
    play(four, [SET], accept=False, start=2)  # waiting to be accepted
    entry.edit_hand(
        four,
        Hand.objects.get(table=four, number=2).pk,
        {**SET, "books": 8},
        actor=entry.Actor(side=0, label="Table link"),
        version=1,
        reason="miscounted",
    )
    teams = list(tournament.entrants.order_by("order")[:2])
    tournament.playoff_seeds = [teams[1].pk, teams[0].pk]  # ids inside a JSON field
    tournament.save(update_fields=["playoff_seeds"])
    return tournament


def seeds(tournament: Tournament) -> list[str]:
    names = dict(tournament.entrants.values_list("pk", "name"))
    return [names[pk] for pk in tournament.playoff_seeds]


def snapshot(tournament: Tournament) -> dict:
    """Standings and every table's result, by names and numbers instead of record ids."""
    rows, entrants = standings_for(tournament, include_incomplete=True)
    name = {pk: e.name for pk, e in entrants.items()}
    standings = [
        (r.rank, name[r.entrant], r.played, r.wins, r.points, r.conceded, r.byes, r.bostons)
        + (tuple(sorted(name[o] for o in r.opponents)),)
        for r in rows
    ]
    tables = {}
    for result in results_for(tournament).values():
        tables[(result.round.number, result.table.number)] = {
            "sides": [e.name for e in result.sides],
            "hands": [
                (h.hand.number, h.hand.attempt, h.score.points, h.score.void, h.hand.created)
                for h in result.hands
            ],
            "rulings": [
                (r.code, r.offender, r.choice, r.note) for h in result.hands for r in h.rulings
            ],
            "pending": [(h.number, h.status, h.record, h.version) for h in result.pending],
            "signatures": [(s.side, s.name) for s in result.signatures],
            "match": (result.match.totals, result.match.winner, result.match.complete),
        }
    history = list(
        Change.objects.filter(table__round__tournament=tournament).values_list(
            "action", "actor", "reason", "before", "after", "at"
        )
    )
    return {"standings": standings, "tables": tables, "history": history}


def tokens(tournament: Tournament) -> set[str]:
    return set(
        Seat.objects.filter(table__round__tournament=tournament).values_list("token", flat=True)
    )


def delete(tournament: Tournament) -> None:
    for round_ in tournament.round_set.all():
        round_.delete()
    tournament.delete()


def test_a_played_round_survives_export_delete_import(night):
    before = snapshot(night)
    assert before["tables"][(1, 1)]["signatures"] and before["tables"][(1, 2)]["rulings"]
    assert any(h[1] == 2 for h in before["tables"][(1, 3)]["hands"])  # a replayed hand
    old_links = tokens(night)
    text = export_json(night)
    delete(night)
    assert not Hand.objects.exists() and not Entrant.objects.exists()

    imported = import_json(text.encode())
    assert imported.slug == "friday" and imported.boston_pot == 12
    assert seeds(imported) == ["Team 2", "Team 1"]
    assert snapshot(imported) == before
    assert Signature.objects.count() == 2
    # Who did what stays in the history as the file's words, marked as imported, and no
    # account of this database is named by the file.
    history = Change.objects.filter(table__round__tournament=imported)
    assert all(c.imported and c.user is None for c in history)
    assert {c.actor for c in history} >= {"North-South (own link)", "East-West (own link)"}
    assert Ruling.objects.get(code="renege").created_by is None
    # Every table has a new link: a link in a file is never a way in.
    assert tokens(imported).isdisjoint(old_links) and len(tokens(imported)) == len(old_links)
    assert Client().get(f"/s/{sorted(old_links)[0]}/").status_code == 404


def test_the_export_is_plain_json_without_scores(night):
    data = export_tournament(night)
    assert json.loads(json.dumps(data)) == data
    assert data["format"] == "kitty-td/tournament" and data["version"] == 1
    hand = data["rounds"][0]["tables"][0]["hands"][0]
    assert hand["record"]["books"] == 12 and "points" not in hand


def test_a_slug_that_exists_is_refused_and_nothing_is_added(night):
    text = export_json(night)
    count = Hand.objects.count()
    with pytest.raises(BackupError, match="“friday” already exists"):
        import_json(text)
    assert Tournament.objects.count() == 1 and Hand.objects.count() == count


def test_a_copy_under_a_new_slug_gets_its_own_table_links(night):
    data = export_tournament(night)
    data["tournament"]["slug"] = "friday-copy"
    copy = import_tournament_from(data)
    old, new = tokens(night), tokens(copy)
    assert old.isdisjoint(new) and len(new) == len(old)
    assert snapshot(copy)["standings"] == snapshot(night)["standings"]


def import_tournament_from(data):
    return import_json(json.dumps(data))


@pytest.mark.parametrize(
    "spoil, message",
    [
        (lambda d: "not json {", "not readable JSON"),
        # A copy of the laptop's database, taken for a night's file: what to choose instead.
        (lambda d: b"SQLite format 3\x00" + bytes(100), "a copy of the whole database"),
        (lambda d: json.dumps([1, 2]), "not a Kitty TD tournament file"),
        (lambda d: json.dumps({**d, "version": 99}), "newer than this Kitty TD reads"),
        (lambda d: json.dumps({**d, "entrants": "nobody"}), "entrants: expected a list"),
        (
            lambda d: json.dumps({**d, "tournament": {**d["tournament"], "slug": ""}}),
            "tournament: slug: This field cannot be blank",
        ),
        (
            lambda d: json.dumps({**d, "tournament": {**d["tournament"], "game": "snap"}}),
            "tournament: game: Value 'snap' is not a valid choice",
        ),
    ],
)
def test_a_malformed_file_is_refused_with_a_clear_message(night, spoil, message):
    data = export_tournament(night)
    delete(night)
    with pytest.raises(BackupError, match=message):
        import_json(spoil(data))
    assert not Tournament.objects.exists()


def test_bad_facts_are_refused_where_they_are_and_nothing_is_kept(night):
    data = export_tournament(night)
    delete(night)
    hand = data["rounds"][0]["tables"][1]["hands"][2]
    hand["record"]["books"] = 99
    with pytest.raises(BackupError, match=r"rounds\[0\]\.tables\[1\]\.hands\[2\]: record: books"):
        import_json(json.dumps(data))
    hand["record"]["books"] = 12
    data["rounds"][0]["tables"][0]["seats"][0]["entrant"] = 12345
    with pytest.raises(BackupError, match=r"seats\[0\]: entrant 12345 is not one of the file's"):
        import_json(json.dumps(data))
    data["rounds"][0]["tables"][0]["seats"][0]["entrant"] = data["entrants"][0]["id"]
    data["rounds"][0]["status"] = "finished-ish"
    with pytest.raises(BackupError, match=r"rounds\[0\]: status: .*not a valid choice"):
        import_json(json.dumps(data))
    data["rounds"][0]["status"] = "published"
    data["tournament"]["playoff_seeds"] = [777777]
    with pytest.raises(BackupError, match="playoff_seeds: entrant 777777 is not one of"):
        import_json(json.dumps(data))
    assert not Tournament.objects.exists() and not Entrant.objects.exists()


def test_the_commands_export_and_import_a_file(night, tmp_path, capsys):
    path = tmp_path / "friday.json"
    call_command("export_tournament", "friday", "-o", str(path))
    before = snapshot(night)
    with pytest.raises(CommandError, match="already exists"):
        call_command("import_tournament", str(path))
    delete(night)
    call_command("import_tournament", str(path))
    assert "Imported" in capsys.readouterr().out
    assert snapshot(Tournament.objects.get(slug="friday")) == before
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(CommandError, match="Nothing was imported: This is not a Kitty TD"):
        call_command("import_tournament", str(tmp_path / "bad.json"))
    with pytest.raises(CommandError, match="No tournament"):
        call_command("export_tournament", "nowhere")


@pytest.mark.django_db
def test_backup_and_restore_through_the_director_buttons(director_client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.support.helpers import table_of

    night = make_tournament(entrants=4, published=True, slug="night")
    table = table_of(published_round(night))
    Hand.objects.create(
        table=table,
        number=1,
        nonce="a",
        status=Hand.Status.ACCEPTED,
        record={"bidding_team": 0, "level": 4, "form": "plain", "direction": None, "books": 11},
    )
    before = [(r.entrant, r.points) for r in standings_for(night, include_incomplete=True)[0]]
    response = director_client.get("/t/night/backup.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    data = response.content
    night.delete()  # a tournament that has been played can be deleted whole
    bad = director_client.post("/t/restore/", {"file": SimpleUploadedFile("b.json", b"{}")})
    assert bad.status_code == 400 and "Nothing was restored." in bad.content.decode()
    response = director_client.post("/t/restore/", {"file": SimpleUploadedFile("b.json", data)})
    assert response.status_code == 302
    restored = Tournament.objects.get(slug="night")
    after = standings_for(restored, include_incomplete=True)[0]
    names = {e.pk: e.name for e in restored.entrants.all()}
    assert sorted(p for _, p in before) == sorted(r.points for r in after) and len(names) == 4


def test_a_team_that_left_still_forfeits_after_a_restore(night):
    """A rule 41 ruling and the forfeit it caused in a later round stay linked."""
    table = night.round_set.get(number=1).tables.get(number=4)
    cause = Ruling.objects.create(table=table, code="41", offender=1)
    later_table = Table.objects.filter(round__tournament=night).exclude(pk=table.pk).first()
    Ruling.objects.create(table=later_table, code="7", offender=0, caused_by=cause)
    before = snapshot(night)
    text = export_json(night)
    delete(night)
    imported = import_json(text.encode())
    assert snapshot(imported) == before
    restored = Ruling.objects.get(code="7", table__round__tournament=imported)
    assert restored.caused_by == Ruling.objects.get(code="41", table__round__tournament=imported)

    spoiled = json.loads(text)
    for round_ in spoiled["rounds"]:
        for t in round_["tables"]:
            for r in t["rulings"]:
                if r["code"] == "7":
                    r["caused_by"] = 999999
    delete(imported)
    with pytest.raises(BackupError, match="caused_by"):
        import_json(json.dumps(spoiled).encode())

"""Each reported piece of junk input: a 4xx with a message by the field, and nothing changed.

Run these on PostgreSQL too: it refuses a NUL in text and a smallint over 32767 where
SQLite stores both.
"""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from backup.exporting import export_tournament
from backup.importing import BackupError, import_json
from scoring import entry
from scoring.models import Change, Hand, Ruling, Signature
from tests.conftest import ONE_TABLE, make_tournament
from tests.support.helpers import enter, published_round, side_link, table_of
from tournament.models import Entrant, Table, Tournament

pytestmark = pytest.mark.django_db

MADE = {"bidding_team": 0, "level": 5, "form": "plain", "books": 12}
NUL = "\x00"
LONG = "x" * 301  # the history keeps 300 characters of a reason or a note


def link(table, side: int = 0) -> str:
    return side_link(table, side)


def director_url(table) -> str:
    return f"/t/{table.round.tournament.slug}/round/{table.round.number}/table/{table.number}/"


@pytest.fixture
def table(kitty):
    return table_of(published_round(kitty))


@pytest.fixture
def entered(table):
    """A hand North-South entered, waiting for East-West."""
    slot = entry.next_slot(entry.table_result(table))
    actor = entry.Actor(side=0, label="Table link")
    return entry.enter_hand(table, MADE, actor=actor, nonce="n1", slot=slot)


def signed(table):
    """Four hands accepted and both sides signed: only a director can reopen it."""
    Hand.objects.bulk_create(
        Hand(table=table, number=n, nonce=f"s{n}", record=MADE, status=Hand.Status.ACCEPTED)
        for n in range(1, 5)
    )
    Signature.objects.bulk_create(Signature(table=table, side=s, name="x") for s in (0, 1))


def field_errors(response, form: str, field: str) -> list[str]:
    return response.context[form][field].errors


def unchanged(**before):
    counts = {
        "hands": Hand.objects.count(),
        "changes": Change.objects.count(),
        "rulings": Ruling.objects.count(),
    }
    return {k: counts[k] for k in before} == before


# --- a NUL character --------------------------------------------------------------------


def test_a_nul_in_a_table_link_is_a_clear_400():
    response = Client().get("/s/%00/")
    assert response.status_code == 400
    assert "NUL character" in response.content.decode()


def test_a_nul_form_key_stores_no_hand(client, table):
    data = {**MADE, "side": "0", "nonce": NUL, "slot": "1:1"}
    response = client.post(link(table) + "enter/", data)
    assert response.status_code == 400
    assert "reload the page" in response.content.decode()
    assert not Hand.objects.exists()


def test_a_nul_in_a_dispute_reason_is_refused_by_the_field(client, table, entered):
    response = client.post(
        link(table, 1) + "dispute/",
        {"hand": entered.pk, "version": entered.version, "reason": f"we{NUL}took"},
    )
    assert response.status_code == 400
    [form] = [f for side, f in response.context["dispute_forms"] if side.index == 1]
    assert "Null characters are not allowed." in form["reason"].errors
    assert form["reason"].value() == f"we{NUL}took"  # shown again as typed
    entered.refresh_from_db()
    assert entered.status == Hand.Status.ENTERED and unchanged(changes=1)


def test_a_nul_in_a_reopen_reason_is_refused_by_the_field(director_client, table):
    signed(table)
    response = director_client.post(director_url(table) + "reopen/", {"reason": f"a{NUL}"})
    assert response.status_code == 400
    assert "Null characters are not allowed." in field_errors(response, "reopen_form", "reason")
    assert Signature.objects.filter(table=table).count() == 2


def test_a_nul_in_the_check_in_search_is_refused_by_the_search_box(director_client, kitty):
    response = director_client.get(f"/t/{kitty.slug}/checkin/?q=%00")
    assert response.status_code == 400
    assert "Null characters are not allowed." in response.context["form"]["q"].errors
    assert len(response.context["entrants"]) == 8  # everyone is still listed


def test_a_csv_file_with_a_nul_imports_nobody(director_client):
    tournament = make_tournament(slug="csv")
    upload = SimpleUploadedFile("e.csv", b"player1,player2\nAnn,Bob\nC\x00y,Di\n")
    response = director_client.post(f"/t/{tournament.slug}/entrants/import/", {"file": upload})
    assert response.status_code == 400
    assert response.context["errors"] == [
        "Line 3: player1 contains a NUL character (\\0), which a name cannot hold."
    ]
    assert not Entrant.objects.exists()


# --- numbers the column cannot hold, formats not offered -------------------------------


def test_a_ruling_amount_beyond_the_column_is_refused_by_the_field(director_client, table):
    hand = Hand.objects.create(
        table=table, number=1, nonce="h", record=MADE, status=Hand.Status.ACCEPTED
    )
    data = {"code": "renege", "hand": hand.pk, "offender": 0, "choice": "books", "note": ""}
    for confirm in ("", "1"):
        response = director_client.post(
            director_url(table) + "ruling/", {**data, "amount": "40000", "confirm": confirm}
        )
        assert response.status_code == 400
        errors = field_errors(response, "ruling_form", "amount")
        assert errors == ["Ensure this value is less than or equal to 32767."]
    assert not Ruling.objects.exists()


def test_a_director_entering_for_a_side_not_at_the_table_is_refused(director_client, table):
    page = director_client.get(director_url(table))
    data = {**MADE, "nonce": page.context["nonce"], "slot": "1:1", "side": "9"}
    response = director_client.post(director_url(table) + "enter/", data)
    assert response.status_code == 400
    assert not Hand.objects.exists()


@pytest.mark.parametrize("export", ["ods", "xls", "yaml", "json", "pdf", NUL])
def test_only_the_offered_standings_downloads(client, kitty, export):
    response = client.get(f"/t/{kitty.slug}/standings/", {"_export": export})
    assert response.status_code == 400
    assert "CSV or XLSX" in response.content.decode()


@pytest.mark.parametrize("export", ["csv", "xlsx"])
def test_the_offered_standings_downloads_still_work(client, kitty, export):
    response = client.get(f"/t/{kitty.slug}/standings/", {"_export": export})
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith(f'standings.{export}"')


# --- reasons and notes are refused, not cut --------------------------------------------


def test_a_long_dispute_reason_is_refused_and_300_characters_are_kept_whole(client, table, entered):
    url = link(table, 1) + "dispute/"
    data = {"hand": entered.pk, "version": entered.version}
    response = client.post(url, {**data, "reason": LONG})
    assert response.status_code == 400
    [form] = [f for side, f in response.context["dispute_forms"] if side.index == 1]
    assert form["reason"].errors == ["Ensure this value has at most 300 characters (it has 301)."]
    assert unchanged(changes=1)
    assert client.post(url, {**data, "reason": LONG[:300]}).status_code == 302
    assert Change.objects.get(action="disputed").reason == LONG[:300]


def test_a_long_edit_reason_is_refused_by_the_field(director_client, table, entered):
    edit = {f"edit-{k}": v for k, v in {**MADE, "books": 11}.items()}
    response = director_client.post(
        director_url(table) + "edit/",
        {"hand": entered.pk, "version": entered.version, "reason": LONG, **edit},
    )
    assert response.status_code == 400
    [form] = [f for row, f in response.context["edit_forms"] if row.hand == entered]
    assert form.meta["reason"].errors == [
        "Ensure this value has at most 300 characters (it has 301)."
    ]
    assert form["books"].value() == "11"  # the correction as typed is kept on the page
    entered.refresh_from_db()
    assert entered.record["books"] == 12 and entered.version == 1


def test_a_long_reopen_reason_is_refused_by_the_field(director_client, table):
    signed(table)
    response = director_client.post(director_url(table) + "reopen/", {"reason": LONG})
    assert response.status_code == 400
    assert field_errors(response, "reopen_form", "reason") == [
        "Ensure this value has at most 300 characters (it has 301)."
    ]
    assert Signature.objects.filter(table=table).count() == 2


def test_a_long_ruling_note_is_refused_by_the_field(director_client, table):
    data = {"code": "misdeal", "hand": "next", "offender": 0, "note": LONG, "confirm": "1"}
    response = director_client.post(director_url(table) + "ruling/", data)
    assert response.status_code == 400
    assert field_errors(response, "ruling_form", "note") == [
        "Ensure this value has at most 300 characters (it has 301)."
    ]
    assert response.context["ruling_form"]["code"].value() == "misdeal"  # kept as chosen
    assert not Ruling.objects.exists() and not Hand.objects.exists()


def test_a_long_withdraw_reason_is_refused_by_the_field(director_client, table):
    ruling = Ruling.objects.create(table=table, code="7", offender=0)
    response = director_client.post(
        director_url(table) + "withdraw-ruling/", {"ruling": ruling.pk, "reason": LONG}
    )
    assert response.status_code == 400
    [form] = [f for line, f in response.context["withdraw_forms"] if line.ruling == ruling]
    assert form["reason"].errors == ["Ensure this value has at most 300 characters (it has 301)."]
    ruling.refresh_from_db()
    assert ruling.active


def test_the_services_refuse_a_long_reason_too(table, entered):
    """Not only the forms: a reason is never cut on its way to the history."""
    with pytest.raises(entry.EntryError, match="Keep the reason to 300 characters"):
        entry.dispute_hand(table, entered.pk, actor=entry.Actor(side=1), version=1, reason=LONG)
    entered.refresh_from_db()
    assert entered.status == Hand.Status.ENTERED


# --- a yes/no box says yes or no --------------------------------------------------------

# Each game's yes/no boxes, with the rest of a hand that reads them.
YES_NO = [
    ("three-legged-kitty", "passed_out", {}),
    ("ascot", "passed_out", {}),
    ("ascot", "contra", {"declarer": 0, "bid": 60, "game": "hearts", "card_points": 70}),
    (
        "cutthroat-pinochle",
        "took_trick",
        {"bidder": 0, "bid": 30, "trump": "hearts", "meld": 10, "counters": 15},
    ),
]


@pytest.mark.parametrize("game, box, hand", YES_NO)
def test_junk_in_a_yes_no_box_is_refused_by_the_box(client, game, box, hand):
    tournament = make_tournament(game, entrants=3, published=True)
    table = table_of(published_round(tournament))
    response = enter(client, table, {**hand, box: "maybe"}, side=0)
    assert response.status_code == 400
    assert "must be yes or no" in response.context["form"].errors[box][0]
    assert not Hand.objects.exists()


@pytest.mark.parametrize("ticked", ["on", "true", "yes", "1"])
def test_a_ticked_box_is_yes(client, ticked):
    tournament = make_tournament("three-legged-kitty", entrants=3, published=True)
    table = table_of(published_round(tournament))
    assert enter(client, table, {"passed_out": ticked}, side=0).status_code == 302
    assert Hand.objects.get().record["passed_out"] is True


def test_an_unticked_box_is_no(client):
    tournament = make_tournament("three-legged-kitty", entrants=3, published=True)
    table = table_of(published_round(tournament))
    hand = {"cat": 1, "number": 7, "contract": "hearts", "tricks": 8}
    assert enter(client, table, hand, side=0).status_code == 302
    assert Hand.objects.get().record["passed_out"] is False


def test_junk_in_the_tournaments_yes_no_boxes_is_refused_by_the_box(director_client):
    data = {
        "name": "Club Night",
        "date": "2026-11-27",
        "game": "cutthroat-pinochle",
        "rounds": "4",
        "paper": "letter",
        "first_round": "random",
        "boston_pot": "0",
        "published": "sometimes",
        "opt_spades_double": "perhaps",
    }
    response = director_client.post("/t/new/", data)
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors["published"] == ["Tick the box or leave it empty: 'sometimes' is neither."]
    assert "must be yes or no" in form.errors["opt_spades_double"][0]
    assert not Tournament.objects.exists()
    # Unticked is no, even for an option whose default is yes.
    del data["published"], data["opt_spades_double"]
    assert director_client.post("/t/new/", data).status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.game_options["spades_double"] is False and not tournament.published


def test_the_yes_no_boxes_still_start_at_their_defaults(director_client):
    form = director_client.get("/t/new/").context["form"]
    assert 'name="verify_hands"' in str(form["verify_hands"])
    assert " checked" in str(form["verify_hands"]) and " checked" not in str(form["published"])


def test_a_number_beyond_the_column_is_refused_on_every_database(director_client):
    """SQLite stores 40000 rounds; PostgreSQL's smallint does not: the form says so on both."""
    data = {
        "name": "Club Night",
        "date": "2026-11-27",
        "game": "ascot",
        "rounds": "40000",
        "paper": "letter",
        "first_round": "random",
        "boston_pot": "0",
    }
    response = director_client.post("/t/new/", data)
    assert response.status_code == 400
    assert response.context["form"].errors["rounds"] == [
        "Ensure this value is less than or equal to 32767."
    ]


# --- a backup file is not trusted ------------------------------------------------------


@pytest.fixture
def backup(director, table):
    """A played table's backup: a hand entered by the director, a ruling, both signatures."""
    slot = entry.next_slot(entry.table_result(table))
    hand = entry.enter_hand(table, MADE, actor=entry.Actor(user=director), nonce="d1", slot=slot)
    Ruling.objects.create(
        table=table, hand=hand, code="renege", offender=1, choice="books", created_by=director
    )
    Signature.objects.bulk_create(Signature(table=table, side=s, name="x") for s in (0, 1))
    data = export_tournament(table.round.tournament)
    data["tournament"]["slug"] = "copy"
    return data


def first_table(data: dict) -> dict:
    return data["rounds"][0]["tables"][0]


def restore(client, data) -> str:
    upload = SimpleUploadedFile("b.json", json.dumps(data).encode())
    response = client.post("/t/restore/", {"file": upload})
    assert response.status_code == 400
    return response.context["error"]


@pytest.mark.parametrize(
    "spoil, message",
    [
        (
            lambda d: d["tournament"].update(options="no-renege"),
            'tournament: options: expected the game\'s options by name, not "no-renege".',
        ),
        (
            lambda d: d["tournament"].update(options=[1, 2]),
            "tournament: options: expected the game's options by name, not [1, 2].",
        ),
        (
            lambda d: first_table(d)["signatures"][1].update(side=9),
            "rounds[0].tables[0].signatures[1]: side: side 9 is not at this table "
            "(its sides are 0 to 1).",
        ),
        (
            lambda d: first_table(d)["hands"][0].update(entered_by=9),
            "rounds[0].tables[0].hands[0]: entered_by: side 9 is not at this table "
            "(its sides are 0 to 1).",
        ),
        (
            lambda d: first_table(d)["rulings"][0].update(offender=-1),
            "rounds[0].tables[0].rulings[0]: offender: side -1 is not at this table "
            "(its sides are 0 to 1).",
        ),
        (
            lambda d: first_table(d)["seats"][1].update(position=5),
            "rounds[0].tables[0].seats: positions [0, 5] do not seat the table's 2 sides "
            "(positions 0 to 1, once each).",
        ),
        (
            lambda d: first_table(d)["seats"].pop(),
            "rounds[0].tables[0].seats: positions [0] do not seat the table's 2 sides "
            "(positions 0 to 1, once each).",
        ),
        (
            lambda d: first_table(d)["changes"][0].update(reason="a\x00b"),
            "rounds[0].tables[0].changes[0].reason: contains a NUL character (\\0), "
            "which cannot be stored.",
        ),
        (
            lambda d: d["entrants"][0].update(name=["Ann", "Bob"]),
            'entrants[0]: name: expected text, not ["Ann", "Bob"].',
        ),
        (
            lambda d: first_table(d)["rulings"][0].update(amount=40000),
            "rounds[0].tables[0].rulings[0]: amount: expected a whole number from -32768 "
            "to 32767, not 40000.",
        ),
    ],
)
def test_a_backup_that_does_not_fit_its_tables_is_refused_whole(
    director_client, backup, spoil, message
):
    counts = (Tournament.objects.count(), Hand.objects.count(), Change.objects.count())
    spoil(backup)
    assert restore(director_client, backup) == message
    assert (Tournament.objects.count(), Hand.objects.count(), Change.objects.count()) == counts


def test_a_backup_nested_without_end_is_refused():
    deep = b"[" * 100_000 + b"]" * 100_000
    with pytest.raises(BackupError, match="nests deeper than a backup ever does"):
        import_json(deep)
    with pytest.raises(BackupError, match="nests deeper than a backup ever does"):
        import_json(b"[" * 200 + b"]" * 200)  # readable, but no backup looks like it


def test_restored_sides_get_new_links_and_the_files_credentials_work_nowhere(
    director_client, backup
):
    seat = first_table(backup)["seats"][0]
    seat.update(token="a", pin="123456", pin_failures=9)
    upload = SimpleUploadedFile("b.json", json.dumps(backup).encode())
    assert director_client.post("/t/restore/", {"file": upload}).status_code == 302
    restored = Table.objects.get(round__tournament__slug="copy", number=1)
    first = restored.seats.get(position=0)
    assert first.token != "a" and len(first.token) >= 22 and first.pin_failures == 0
    assert Client().get("/s/a/").status_code == 404
    assert Client().get(link(restored)).status_code == 200


def test_restored_history_names_no_local_account(director_client, director, backup):
    get_user_model().objects.create_user("boss", password="pw-for-tests-1")
    for change in first_table(backup)["changes"]:
        change["user"] = "boss"
    first_table(backup)["rulings"][0]["created_by"] = "boss"
    upload = SimpleUploadedFile("b.json", json.dumps(backup).encode())
    assert director_client.post("/t/restore/", {"file": upload}).status_code == 302
    history = Change.objects.filter(table__round__tournament__slug="copy")
    assert history.exists()
    assert all(c.user is None and c.imported for c in history)
    assert [c.actor for c in history] == ["Director td"]  # the file's words, kept
    assert Ruling.objects.get(table__round__tournament__slug="copy").created_by is None
    restored = Table.objects.get(round__tournament__slug="copy", number=1)
    page = director_client.get(director_url(restored))
    assert 'Director td <small class="muted">(imported)</small>: entered' in page.content.decode()


@pytest.mark.parametrize("ticked", ["99999999999999999999", "9" * 5000, "-1", "x\x00", "1.5"])
def test_a_directors_box_ticked_with_an_impossible_id_is_refused_by_the_field(
    director_client, kitty, ticked
):
    url = f"/t/{kitty.slug}/edit/"
    staff = set(kitty.staff.values_list("pk", flat=True))
    assert staff
    form = director_client.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and v is not False}
    data = {k: ("on" if v is True else v) for k, v in data.items()}
    data.update(date="2026-11-20", staff=[ticked])
    response = director_client.post(url, data)
    assert response.status_code == 400
    assert "is not one of the available choices" in response.context["form"].errors["staff"][0]
    assert set(kitty.staff.values_list("pk", flat=True)) == staff  # nothing changed


# --- a number no hand can have ------------------------------------------------------------

# The typed numbers of a hand (the others are buttons), with a hand to type them into.
TYPED_NUMBERS = {
    "ascot": ({"bid": "60", "game": "suit", "declarer": "2"}, "card_points"),
    "cutthroat-pinochle": ({"bidder": "0", "bid": "21", "trump": "hearts"}, "meld"),
}


@pytest.mark.parametrize("game", TYPED_NUMBERS)
@pytest.mark.parametrize("typed", ["9" * 13, "9" * 23])
def test_a_number_too_long_for_any_hand_is_refused_in_the_players_words(game, typed):
    hand, field = TYPED_NUMBERS[game]
    table = table_of(
        published_round(make_tournament(game, entrants=ONE_TABLE[game], published=True))
    )
    response = enter(Client(), table, {**hand, field: typed})
    assert response.status_code == 400
    text = response.content.decode()
    assert "no number this long is possible here" in text
    assert "Ensure this value" not in text and "characters" not in text
    assert not Hand.objects.exists()


def test_a_meld_over_the_limit_says_the_limit():
    table = table_of(
        published_round(
            make_tournament(
                "cutthroat-pinochle", entrants=ONE_TABLE["cutthroat-pinochle"], published=True
            )
        )
    )
    hand, field = TYPED_NUMBERS["cutthroat-pinochle"]
    response = enter(Client(), table, {**hand, field: "99999999999"})
    assert response.status_code == 400
    assert "Meld must be 0 to 999" in response.content.decode()
    assert not Hand.objects.exists()

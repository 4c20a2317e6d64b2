"""A signed sheet's check code, as a player holding the paper and the director would try
it, in each of the four games: printed, scanned, typed, corrected after signing, forged,
and restored from a backup."""

import re
from io import BytesIO
from urllib.parse import urlsplit

import pypdfium2
import pytest
import zxingcpp
from django.conf import settings
from django.test import Client
from pypdf import PdfReader

from backup.exporting import export_json
from backup.importing import import_json
from scoring.models import Hand
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    CORRECTED,
    FINISHING,
    accept_pending,
    enter,
    published_round,
    side_link,
    table_of,
)

pytestmark = pytest.mark.django_db

REOPENED = "North-South say hand 1 was miscounted"
EDITED = "Counted again with both sides at the table"
CODE = re.compile(r"Code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})")


def play(table) -> None:
    options, hands = FINISHING[table.round.tournament.game]
    for hand in hands:
        assert enter(Client(), table, hand, side=0).status_code == 302
        assert accept_pending(Client(), table, side=1).status_code == 302


def sign_all(table, player: int = 0) -> None:
    for seat in table.seats.order_by("position"):
        name = seat.entrant.players[min(player, len(seat.entrant.players) - 1)]
        signed = Client().post(
            side_link(table, seat.position) + "sign/", {"player": name, "typed": name}
        )
        assert signed.status_code == 302


def signed_table(game: str, entrants: int | None = None):
    options, _ = FINISHING[game]
    tournament = make_tournament(
        game, entrants=entrants or ONE_TABLE[game], published=True, options=options
    )
    table = table_of(published_round(tournament))
    play(table)
    sign_all(table)
    return table


def director_url(table) -> str:
    return f"/t/{table.round.tournament.slug}/round/{table.round.number}/table/{table.number}/"


def printed(client, table) -> tuple[str, str, str]:
    """What the paper says: the code read as text, the code and the address in the QR."""
    pdf = client.get(director_url(table) + "sheet.pdf").content
    text = "".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    found = CODE.search(text)
    assert found, text
    page = pypdfium2.PdfDocument(pdf)[0]
    image = page.render(scale=4).to_pil()
    codes = zxingcpp.read_barcodes(image)
    assert len(codes) == 1
    url = codes[0].text
    query = dict(p.split("=") for p in urlsplit(url).query.split("&"))
    return found.group(1), query["code"], url


def check(table, code: str, round_=None, number=None) -> object:
    slug = table.round.tournament.slug
    data = {"round": round_ or table.round.number, "table": number or table.number, "code": code}
    return Client().get(f"/t/{slug}/check/", data)


def verdict(response) -> str:
    assert response.status_code == 200
    return response.context["verdict"].kind


def page_code(client, table) -> str:
    return client.get(director_url(table)).context["check"]["code"]


@pytest.mark.parametrize("game", GAMES)
def test_a_signed_sheet_printed_then_checked_matches_the_record(game, director_client):
    table = signed_table(game)
    text_code, qr_code, url = printed(director_client, table)
    assert text_code == page_code(director_client, table)
    assert qr_code == text_code.replace("-", "")
    # The QR code opens the public check page with everything filled in.
    parts = urlsplit(url)
    page = Client().get(parts.path + "?" + parts.query)
    assert verdict(page) == "matches"
    body = page.content.decode()
    assert "Matches the record" in body
    for seat in table.seats.all():
        assert seat.entrant.players[0] in body  # the signatures, as the paper shows them
    # Typed by hand: lower case, spaces instead of dashes, an O for the zero.
    typed = text_code.lower().replace("-", " ").replace("0", "o")
    assert verdict(check(table, typed)) == "matches"


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_corrected_after_signing_is_changed_with_who_and_why(game, director_client):
    table = signed_table(game)
    code, _, _ = printed(director_client, table)
    url = director_url(table)
    assert director_client.post(url + "reopen/", {"reason": REOPENED}).status_code == 302
    hand = Hand.objects.get(table=table, number=1, attempt=1)
    data = {"hand": hand.pk, "version": hand.version, "reason": EDITED}
    data.update({f"edit-{k}": v for k, v in CORRECTED[game].items()})
    assert director_client.post(url + "edit/", data).status_code == 302

    page = check(table, code)
    assert verdict(page) == "changed"
    body = page.content.decode()
    assert "Changed after signing" in body
    assert REOPENED in body and EDITED in body
    assert "Director td" in body  # by whom
    changes = page.context["verdict"].differences
    assert any(line.startswith("Hand 1: ") for line in changes), changes
    assert any(line.startswith("Signatures: ") for line in changes), changes

    # Signed again, the new paper has its own code; the old one still says what changed.
    sign_all(table, player=1)
    new_code, _, _ = printed(director_client, table)
    assert new_code != code
    assert verdict(check(table, new_code)) == "matches"
    assert verdict(check(table, code)) == "changed"


@pytest.mark.parametrize("game", GAMES)
def test_a_forged_or_altered_code_is_unknown(game, director_client):
    table = signed_table(game)
    code = page_code(director_client, table)
    last = code[-1]
    altered = code[:-1] + ("A" if last != "A" else "B")
    assert verdict(check(table, altered)) == "unknown"
    assert "Unknown code" in check(table, altered).content.decode()
    assert verdict(check(table, "0000-0000-0000")) == "unknown"
    # The right code under another table or round is not that table's.
    assert verdict(check(table, code, number=table.number + 1)) == "unknown"
    assert verdict(check(table, code, round_=table.round.number + 1)) == "unknown"


def test_a_code_of_one_table_is_unknown_at_the_next(director_client):
    tournament = make_tournament(entrants=4, published=True, options={"hands_per_round": 1})
    round_ = published_round(tournament)
    first, second = table_of(round_, 1), table_of(round_, 2)
    for table in (first, second):
        play(table)
        sign_all(table)
    one, two = page_code(director_client, first), page_code(director_client, second)
    assert one != two
    assert verdict(check(first, two)) == "unknown"
    assert verdict(check(second, two)) == "matches"


@pytest.mark.parametrize(
    "data, field",
    [
        ({"round": "1", "table": "1", "code": "ABC"}, "code"),
        ({"round": "1", "table": "1", "code": "ABCD-EFGH-JKM\x00"}, "code"),
        ({"round": "1", "table": "1", "code": "ABCD-EFGH-JKMU"}, "code"),  # U is never used
        ({"round": "99999999999", "table": "1", "code": "ABCD-EFGH-JKMN"}, "round"),
        ({"round": "1", "table": "x", "code": "ABCD-EFGH-JKMN"}, "table"),
        ({"round": "1", "code": "ABCD-EFGH-JKMN"}, "table"),
    ],
)
def test_a_malformed_check_is_refused_by_its_field(data, field, db):
    tournament = make_tournament(entrants=2, published=True)
    response = Client().get(f"/t/{tournament.slug}/check/", data)
    assert response.status_code == 400
    assert response.context["form"].errors[field]
    assert response.context["verdict"] is None


def test_the_check_page_is_public_once_the_tournament_is(db):
    hidden = make_tournament(entrants=2, published=False)
    assert Client().get(f"/t/{hidden.slug}/check/").status_code == 404
    shown = make_tournament(entrants=2, published=True, slug="open-night")
    page = Client().get(f"/t/{shown.slug}/check/")
    assert page.status_code == 200 and page.context["verdict"] is None


@pytest.mark.parametrize("game", GAMES)
def test_only_a_sheet_signed_by_every_side_has_a_code(game, director_client):
    options, _ = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    table = table_of(published_round(tournament))
    play(table)
    seat = table.seats.get(position=0)
    name = seat.entrant.players[0]
    Client().post(side_link(table, 0) + "sign/", {"player": name, "typed": name})
    assert director_client.get(director_url(table)).context["check"] is None
    pdf = director_client.get(director_url(table) + "sheet.pdf").content
    text = "".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    assert not CODE.search(text)


@pytest.mark.parametrize("game", GAMES)
def test_a_restored_backup_gives_the_same_codes(game, director, director_client):
    table = signed_table(game)
    code = page_code(director_client, table)
    tournament = table.round.tournament
    saved = export_json(tournament)
    tournament.delete()
    restored = import_json(saved)
    restored.staff.add(director)  # as the restore page does for the director restoring it
    table = table_of(restored.round_set.get(number=1))
    assert page_code(director_client, table) == code
    assert verdict(check(table, code)) == "matches"


def test_a_code_printed_before_the_secret_key_changed_is_known_through_the_fallbacks(
    director_client, settings
):
    table = signed_table("columbus-6-card-kitty")
    code = page_code(director_client, table)
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "a new secret key for this server, fifty characters long"
    assert page_code(director_client, table) != code  # new paper, new code
    assert verdict(check(table, code)) == "matches"
    settings.SECRET_KEY_FALLBACKS = []
    assert verdict(check(table, code)) == "unknown"


def ruled_and_signed(game: str, director_client):
    """A table whose first deal was a misdeal (every game has the ruling), then played out
    and signed: its sheet carries a ruling line."""
    options, _ = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    table = table_of(published_round(tournament))
    ruled = director_client.post(
        director_url(table) + "ruling/",
        {"code": "misdeal", "hand": "next", "offender": "0", "confirm": "1"},
    )
    assert ruled.status_code == 302, ruled.content.decode()[:2000]
    play(table)
    sign_all(table)
    return table


@pytest.mark.parametrize("game", GAMES)
def test_a_release_that_rewords_a_ruling_leaves_the_signed_sheet_matching(
    game, director_client, monkeypatch
):
    table = ruled_and_signed(game, director_client)
    code = page_code(director_client, table)
    ruleset = type(table.round.tournament.ruleset)
    said = ruleset.describe_ruling
    monkeypatch.setattr(
        ruleset, "describe_ruling", lambda self, *a, **k: "Reworded: " + said(self, *a, **k)
    )
    answer = check(table, code)
    assert verdict(answer) == "matches"
    assert "Reworded: " in answer.content.decode()  # the sheet shown is worded anew
    assert page_code(director_client, table) == code  # and prints the same code


@pytest.mark.parametrize("game", GAMES)
def test_a_code_printed_by_the_release_before_the_format_had_a_version_still_matches(
    game, director_client
):
    from scoring import check_code as codes
    from scoring.results import results_for

    table = ruled_and_signed(game, director_client)
    tournament = table.round.tournament
    result = results_for(tournament, tables=[table])[table.pk]
    old = codes.code(codes.sheet_content(result, tournament, form=1), settings.SECRET_KEY)
    assert old != page_code(director_client, table).replace("-", "")
    assert verdict(check(table, codes.shown(old))) == "matches"

"""Every link a phone opens uses the address phones reach, in each of the four games: the
table cards, the players' own links on the check-in codes, the sheet's check QR, self
check-in and the director's side links, even when the director opened the app on the
laptop as 127.0.0.1 or localhost. Served with `run --local`, where nothing listens at the
room's address, they name 127.0.0.1, and the director's pages say no phone can open them.
"""

import pypdfium2
import pytest
import zxingcpp
from django.test import Client

from laptop import network
from laptop.links import Room, room
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.printing.pdftext import pages_text, squash
from tests.support.helpers import published_round, table_of
from tests.tables.test_sheet_check import director_url, signed_table

pytestmark = pytest.mark.django_db

ROOM = "http://192.168.1.23:8000"


@pytest.fixture
def laptop(settings, monkeypatch):
    """The laptop's own server, on a hall's Wi-Fi at 192.168.1.23."""
    settings.LAPTOP = True
    settings.PHONE_ADDRESS = ""
    settings.LOCAL_ONLY = False
    monkeypatch.setattr(network, "room_addresses", lambda: ["192.168.1.23"])
    return settings


def qr_codes(pdf: bytes) -> list[str]:
    found = []
    for page in pypdfium2.PdfDocument(pdf):
        found += [code.text for code in zxingcpp.read_barcodes(page.render(scale=3).to_pil())]
    return found


def on_the_laptop(client: Client, host: str = "127.0.0.1:8000") -> Client:
    client.defaults["HTTP_HOST"] = host
    return client


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000"])
@pytest.mark.parametrize("game", GAMES)
def test_table_cards_opened_on_the_laptop_point_phones_at_the_room(
    game, host, laptop, director_client
):
    tournament = make_tournament(game, entrants=2 * ONE_TABLE[game], published=True)
    round_ = published_round(tournament)
    client = on_the_laptop(director_client, host)
    pdf = client.get(f"/t/{tournament.slug}/round/{round_.number}/pairings.pdf").content
    links = qr_codes(pdf)
    assert len(links) == 2 * ONE_TABLE[game]  # one link for each side at each table
    assert all(link.startswith(ROOM + "/s/") for link in links), links
    # The director's table page gives the same links out again.
    page = client.get(director_url(table_of(round_))).content.decode()
    assert ROOM + "/s/" in page
    assert "http://127.0.0.1" not in page and "http://localhost" not in page


@pytest.mark.parametrize("game", GAMES)
def test_checkin_codes_and_self_checkin_point_phones_at_the_room(game, laptop, director_client):
    tournament = make_tournament(game, entrants=3, published=True, self_checkin=True)
    client = on_the_laptop(director_client)
    links = qr_codes(client.get(f"/t/{tournament.slug}/checkin/codes.pdf").content)
    assert len(links) == 3 * (2 if tournament.is_partnership else 1)  # one a player
    assert all(link.startswith(f"{ROOM}/p/") for link in links), links
    page = client.get(f"/t/{tournament.slug}/checkin/").content.decode()
    assert f"{ROOM}/t/{tournament.slug}/checkin/self/" in page


@pytest.mark.parametrize("game", GAMES)
def test_the_signed_sheets_check_code_points_phones_at_the_room(game, laptop, director_client):
    table = signed_table(game)
    pdf = on_the_laptop(director_client).get(director_url(table) + "sheet.pdf").content
    (link,) = qr_codes(pdf)
    assert link.startswith(f"{ROOM}/t/{table.round.tournament.slug}/check/?")


def test_a_page_asked_for_at_the_rooms_address_links_to_that_address(laptop, director_client):
    tournament = make_tournament(entrants=2, published=True)
    published_round(tournament)
    laptop.ALLOWED_HOSTS = [*laptop.ALLOWED_HOSTS, "kitty-laptop.local"]
    client = on_the_laptop(director_client, "kitty-laptop.local:8000")
    links = qr_codes(client.get(f"/t/{tournament.slug}/round/1/pairings.pdf").content)
    assert len(links) == 2
    assert all(u.startswith("http://kitty-laptop.local:8000/s/") for u in links)


def test_the_address_the_director_chose_is_used_from_anywhere(laptop, director_client):
    laptop.PHONE_ADDRESS = "10.0.0.5"
    tournament = make_tournament(entrants=2, published=True)
    published_round(tournament)
    pdf = on_the_laptop(director_client).get(f"/t/{tournament.slug}/round/1/pairings.pdf")
    links = qr_codes(pdf.content)
    assert len(links) == 2 and all(u.startswith("http://10.0.0.5:8000/s/") for u in links)


def test_the_directors_pages_say_where_phones_join(laptop, director_client):
    tournament = make_tournament(entrants=2, published=True)
    home = on_the_laptop(director_client).get(f"/t/{tournament.slug}/").content.decode()
    assert f"Phones join at <strong>{ROOM}</strong>" in home
    # A player's page does not carry the director's line.
    assert "Phones join at" not in on_the_laptop(Client()).get("/").content.decode()


def test_a_laptop_with_no_network_says_phones_cannot_reach_it(laptop, monkeypatch, director_client):
    monkeypatch.setattr(network, "room_addresses", lambda: [])
    tournament = make_tournament(entrants=2, published=True)
    page = on_the_laptop(director_client).get(f"/t/{tournament.slug}/").content.decode()
    assert "Phones cannot reach this laptop" in page
    assert "Join the hall's Wi-Fi" in page


def test_behind_a_proxy_links_use_the_address_asked_for(settings, director_client):
    settings.LAPTOP = False
    settings.ALLOWED_HOSTS = ["td.example.org"]
    tournament = make_tournament(entrants=2, published=True)
    published_round(tournament)
    client = on_the_laptop(director_client, "td.example.org")
    pdf = client.get(f"/t/{tournament.slug}/round/1/pairings.pdf", secure=True).content
    links = qr_codes(pdf)
    assert len(links) == 2 and all(u.startswith("https://td.example.org/s/") for u in links)
    assert "Phones join at" not in client.get("/", secure=True).content.decode()


LOCAL = "http://127.0.0.1:8000"
SAID_LOCAL = "Served on this laptop only (<code>--local</code>), at <strong>{}</strong>"


@pytest.mark.parametrize(
    "local, host, expected",
    [
        (False, "127.0.0.1:8000", Room(ROOM)),
        (False, "localhost:8000", Room(ROOM)),
        (True, "127.0.0.1:8000", Room(LOCAL, local=True)),
        (True, "localhost:8123", Room("http://127.0.0.1:8123", local=True)),
        (True, "127.0.0.1", Room("http://127.0.0.1", local=True)),
    ],
)
def test_phones_are_sent_to_the_room_unless_run_local_serves_this_laptop_only(
    laptop, rf, local, host, expected
):
    laptop.LOCAL_ONLY = local
    assert room(rf.get("/", HTTP_HOST=host)) == expected


def test_under_run_local_the_chosen_address_is_not_used_either(laptop, rf):
    laptop.LOCAL_ONLY, laptop.PHONE_ADDRESS = True, "10.0.0.5"  # nothing listens there
    assert room(rf.get("/", HTTP_HOST="127.0.0.1:8000")) == Room(LOCAL, local=True)
    # Asked for by another name, something stands in front of this laptop: that name.
    laptop.ALLOWED_HOSTS = [*laptop.ALLOWED_HOSTS, "kitty-laptop.local"]
    asked = rf.get("/", HTTP_HOST="kitty-laptop.local:8000")
    assert room(asked) == Room("http://kitty-laptop.local:8000")


@pytest.mark.parametrize("local", [True, False], ids=["local", "hall"])
def test_the_console_check_in_and_the_printed_links_name_the_address_that_listens(
    local, laptop, director_client
):
    laptop.LOCAL_ONLY = local
    origin, elsewhere = (LOCAL, ROOM) if local else (ROOM, LOCAL)
    tournament = make_tournament(entrants=4, published=True, self_checkin=True)
    round_ = published_round(tournament)
    client = on_the_laptop(director_client)
    slug = tournament.slug
    console = client.get(f"/t/{slug}/round/{round_.number}/console/").content.decode()
    if local:
        assert SAID_LOCAL.format(origin) + ": phones cannot open these links." in console
    else:
        assert f"Phones join at <strong>{ROOM}</strong>" in console
        assert "--local" not in console
    checkin = client.get(f"/t/{slug}/checkin/").content.decode()
    assert f"{origin}/t/{slug}/checkin/self/" in checkin
    assert (SAID_LOCAL.format(origin) in checkin) is local
    table = client.get(director_url(table_of(round_))).content.decode()
    assert f"{origin}/s/" in table
    cards = squash(" ".join(pages_text(client.get(f"/t/{slug}/round/1/pairings.pdf").content)))
    codes = squash(" ".join(pages_text(client.get(f"/t/{slug}/checkin/codes.pdf").content)))
    assert cards.count(f"{origin}/s/") == 4  # each side's link, printed under its QR code
    assert codes.count(f"{origin}/p/") == 8 and f"{origin}/t/{slug}/checkin/self/" in codes
    for page in (console, checkin, table, cards, codes):
        assert elsewhere not in page

"""The printed sheets and pairings, read back as a director would read the paper."""

import io

import pytest
from django.test import Client
from pypdf import PdfReader

from scoring.models import Hand
from tests.conftest import make_tournament
from tests.support.helpers import published_round, side_link, table_of

pytestmark = pytest.mark.django_db


def text_of(response) -> list[str]:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    return [page.extract_text() for page in reader.pages]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_round_sheets_blank_then_filled_signed_and_ruled(director_client, kitty):
    round_ = published_round(kitty)
    base = f"/t/{kitty.slug}/round/{round_.number}/"
    pages = text_of(director_client.get(base + "sheets.pdf"))
    assert len(pages) == 4  # one sheet a page, in table order
    first = table_of(round_)
    # The sheet both sides sign carries no side's credential: those are on the table card.
    for seat in first.seats.all():
        assert seat.token not in flat(pages[0]).replace(" ", "")
    cards = flat(" ".join(text_of(director_client.get(base + "pairings.pdf"))))
    for seat in first.seats.all():
        assert (
            seat.token in cards.replace(" ", "") and f"PIN {seat.pin[:3]} {seat.pin[3:]}" in cards
        )

    for number in range(1, 5):
        Hand.objects.create(
            table=first,
            number=number,
            nonce=str(number),
            status=Hand.Status.ACCEPTED,
            record={"bidding_team": 0, "level": 5, "form": "plain", "direction": None, "books": 12},
        )
    url = base + f"table/{first.number}/"
    hand = Hand.objects.get(table=first, number=2)
    director_client.post(
        url + "ruling/",
        {"code": "renege", "hand": hand.pk, "offender": 0, "choice": "books", "confirm": "1"},
    )
    ns = first.seats.get(position=0).entrant
    ew = first.seats.get(position=1).entrant
    scorer = Client()
    scorer.post(side_link(first, 0) + "sign/", {"player": ns.player1, "typed": ns.player1})
    scorer.post(side_link(first, 1) + "sign/", {"player": ew.player2, "typed": ew.player2})

    [page] = text_of(director_client.get(url + "sheet.pdf"))
    text = flat(page)
    assert ns.name in text and ew.name in text
    assert "Hand 2 · Rules 35, 37 — Renege" in text
    # Three hands made (+6 each) and the renege hand missed: East-West +5.
    assert f"Total 18 5 Winner: {ns.name}" in text, text
    assert f"Signed by {ns.player1}" in text and f"Signed by {ew.player2}" in text
    assert "Also signed" not in text
    assert "FINAL" in text


def test_table_cards_and_list_by_name(director_client, kitty):
    round_ = published_round(kitty)
    pages = text_of(director_client.get(f"/t/{kitty.slug}/round/{round_.number}/pairings.pdf"))
    text = flat(" ".join(pages))
    for entrant in kitty.entrants.all():
        assert entrant.name in text
    assert len(pages) >= 5  # four table cards, then the list


def test_print_is_for_directors(client, kitty):
    round_ = published_round(kitty)
    response = client.get(f"/t/{kitty.slug}/round/{round_.number}/sheets.pdf")
    assert response.status_code == 302


# Hand 1 as the form sends it: the player (or team) in the second seat bids, the first
# seat deals. Ascot at four: the dealer sits out, so the declarer is another player.
FIRST_HAND = {
    "columbus-6-card-kitty": (
        2,
        {"bidding_team": 1, "level": 7, "form": "no", "direction": "downtown", "books": 13},
        "7 no downtown",
    ),
    "three-legged-kitty": (3, {"cat": 1, "number": 10, "contract": "notrump", "tricks": 10}, "10"),
    "ascot": (
        4,
        {
            "passed_out": False,
            "declarer": 1,
            "bid": 95,
            "game": "grand",
            "kitty_free": True,
            "contra": True,
            "redouble": True,
            "card_points": 72,
        },
        "95",
    ),
    "cutthroat-pinochle": (
        3,
        {
            "bidder": 1,
            "bid": 55,
            "trump": "spades",
            "conceded": "no",
            "meld": 150,
            "counters": 25,
            "took_trick": True,
        },
        "55 spades meld 150",
    ),
}


def sheet_after_first_hand(client, game: str, **options) -> tuple[str, str, str, str]:
    """The printed sheet of table 1 once hand 1 is in, and who dealt and who bid it."""
    entrants, data, bid = FIRST_HAND[game]
    tournament = make_tournament(game, entrants=entrants, published=True, options=options)
    round_ = published_round(tournament)
    table = table_of(round_)
    ruleset = tournament.ruleset
    size = tournament.ruleset.players_at_table(table.seats.count())
    record = ruleset.hand_to_dict(ruleset.parse_hand(data, size, tournament.game_options))
    Hand.objects.create(
        table=table, number=1, nonce="1", status=Hand.Status.ACCEPTED, record=record
    )
    first = table.seats.get(position=0).entrant
    second = table.seats.get(position=1).entrant
    # The first seat deals hand 1: in 6 Card Kitty that team's first player (North).
    dealer = first.player1 if tournament.is_partnership else first.name
    url = f"/t/{tournament.slug}/round/{round_.number}/table/{table.number}/sheet.pdf"
    [page] = text_of(client.get(url))
    return flat(page), dealer, second.name, bid


@pytest.mark.parametrize("game", list(FIRST_HAND))
def test_the_sheet_names_who_dealt_and_who_bid(director_client, game):
    """Players sign what the sheet says: the dealer and the bidder by name, not by seat."""
    # A 3 Legged Kitty game with a set number of hands: see the open-ended one below.
    options = {"hand_limit": 10} if game == "three-legged-kitty" else {}
    text, dealer, bidder, bid = sheet_after_first_hand(director_client, game, **options)
    assert f" 1 {dealer} {bidder} {bid} " in f" {text} ", text
    hands = text.split(" Taken ", 1)[1].split(" Total ")[0]
    assert "Seat" not in hands


def test_an_open_ended_three_legged_kitty_game_prints_hand_one_as_hand_one(director_client):
    text, dealer, bidder, bid = sheet_after_first_hand(director_client, "three-legged-kitty")
    assert f" 1 {dealer} {bidder} {bid} " in f" {text} ", text

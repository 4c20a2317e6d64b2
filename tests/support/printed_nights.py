"""A night of each game as the paper sees it: a round drawn and published, table 1 played
to its end with a director's ruling and signed by every side, table 2 part-way through.

The hands are the club's own kinds for each game: a renege ruled at 6 Card Kitty, a misdeal
at 3 Legged Kitty, an Ascot night with Seeger-Fabian scoring and a Ramsch, a Pinochle
hand whose bidder took no trick and one conceded to the kitty.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from scoring import entry, rulings
from tests.conftest import make_tournament
from tests.support.helpers import published_round, sign_every_side, table_of
from tournament.models import Table, Tournament

# Enough entrants for two tables, and what each game's night is played under.
ENTRANTS = {
    "columbus-6-card-kitty": 4,
    "three-legged-kitty": 6,
    "ascot": 8,
    "cutthroat-pinochle": 6,
}
OPTIONS = {
    "columbus-6-card-kitty": {},
    "three-legged-kitty": {},
    "ascot": {"seeger_fabian": True, "ramsch": True, "deals": 4},
    "cutthroat-pinochle": {"hands": 4},
}


def kitty(level: int, books: int, team: int) -> dict:
    return {"bidding_team": team, "level": level, "form": "plain", "books": books}


def ascot_deal(declarer: int, **facts) -> dict:
    return {"declarer": declarer, "bid": 75, "game": "suit", "card_points": 80, **facts}


def pinochle(bidder: int, bid: int, **facts) -> dict:
    return {"bidder": bidder, "bid": bid, "trump": "hearts", **facts}


# Table 1's hands, to the end of its game; then the ruling the director makes on it.
PLAYED = {
    "columbus-6-card-kitty": [kitty(5, 12, 0), kitty(4, 9, 1), kitty(6, 13, 0), kitty(4, 10, 1)],
    "three-legged-kitty": [
        {"cat": c, "number": n, "contract": "hearts", "tricks": 10} for c, n in [(0, 9)] * 4
    ],
    "ascot": [
        ascot_deal(1, game="grand", kitty_free=True, card_points=90),
        {"passed_out": True, "ramsch_0": 40, "ramsch_2": 50, "ramsch_3": 30},
        ascot_deal(3, bid=85, card_points=70),
        ascot_deal(0, card_points=61),
    ],
    "cutthroat-pinochle": [
        pinochle(1, 25, meld=15, counters=20, took_trick=True),
        pinochle(2, 30, meld=24, counters=3, took_trick=False),  # meld lost: no trick
        {"bidder": 0, "bid": 23, "conceded": "before_widow"},
        pinochle(1, 36, trump="spades", meld=20, counters=18, took_trick=True),
    ],
}
RULING = {
    "columbus-6-card-kitty": ("renege", 2, {"offender": 1, "choice": "books"}),
    "three-legged-kitty": ("misdeal", 2, {}),
    "ascot": ("out-of-turn-call", 3, {"offender": 1}),
    "cutthroat-pinochle": ("misdeal", 1, {}),
}


def director_actor() -> entry.Actor:
    user = get_user_model().objects.filter(director__isnull=False).first()
    assert user is not None, "a director (the director fixture) rules on the hands"
    return entry.Actor(user=user, label=f"Director {user}")


def played_night(game: str, **options) -> Tournament:
    """A night whose table 1 is played to the end, ruled on and signed; table 2 part-way.
    ``options`` change the game's (Ascot without Seeger-Fabian)."""
    tournament = make_tournament(
        game, entrants=ENTRANTS[game], published=True, options={**OPTIONS[game], **options}
    )
    round_ = published_round(tournament)
    first, second = table_of(round_, 1), table_of(round_, 2)
    hands = [play(first, game, number) for number in range(1, len(PLAYED[game]) + 1)]
    code, at, facts = RULING[game]
    proposal = rulings.Proposal(code=code, hand=str(hands[at - 1].pk), note="as seen", **facts)
    rulings.record(first, proposal, actor=director_actor())
    # A voided hand is dealt again under its number: the game's hands go on to its end.
    while (slot := entry.next_slot(entry.table_result(first))) is not None:
        play(first, game, slot[0], slot[1])
    sign_every_side(first)
    play(second, game, 1)
    play(second, game, 2)
    return tournament


def play(table: Table, game: str, number: int, attempt: int = 1):
    """Hand ``number`` entered by the first side and accepted by the second, as the
    table's phones would (the form's values read with the hand's dealer known)."""
    tournament = table.round.tournament
    ruleset = tournament.ruleset
    size = ruleset.players_at_table(table.seats.count())
    facts = PLAYED[game][(number - 1) % len(PLAYED[game])]
    record = ruleset.parse_hand(facts, size, tournament.game_options, number)
    hand = entry.enter_hand(
        table,
        ruleset.hand_to_dict(record),
        actor=entry.Actor(side=0),
        nonce=f"{table.pk}-{number}-{attempt}",
        slot=(number, attempt),
    )
    entry.accept_hand(table, hand.pk, actor=entry.Actor(side=1), version=hand.version)
    return hand


def new_night(game: str) -> Tournament:
    """A night whose first round is drawn and published, nothing played yet."""
    tournament = make_tournament(
        game, entrants=ENTRANTS[game], published=True, options=OPTIONS[game], slug=f"new-{game}"
    )
    published_round(tournament)
    return tournament

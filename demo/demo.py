"""The demo tournament: a night in progress, so a newcomer sees the product at once.

Round 1 is played, signed and has a renege ruling; round 2 is under way with hands
waiting to be accepted and one in dispute, which the console lists under "Needs you";
the standings follow from those facts. Its players may check themselves in.
Each of the three-player games has a night too (Ascot at tables of four): round 1 with
one table finished, ruled on and signed, and one still playing. Each side scores through
its own link; some hands are accepted by PIN on the entering side's phone, and every
night has a signed sheet whose side asked for a correction, flagged on the console.
At the Friday night, one sheet was reopened, corrected and signed again: the check code of
its first paper says what changed after signing.
The floor of each night: a round length, the clock running (Pinochle's waits for the
director to start it; the Sunday night's time is up, with a table still playing), the
director's announcements on every phone and the projector, a side at one table calling
the director, and a player asking to leave after the round.
"""

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from club.models import Club, default_club
from draw.rounds import draw_next_round, publish
from scoring import calls, entry, rulings
from scoring.models import Hand
from tournament import leaving, news
from tournament import linking as register
from tournament.models import Entrant, Round, Tournament

from . import season
from .hands import ascot_hand, kitty_hand, pinochle_hand, three_legged_hand

TEAMS = [
    ("Aces High", "Marta Kowalski", "Józef Nowak"),
    ("Kitty Litter", "Dee Johnson", "Ray Johnson"),
    ("Bostonians", "Frank O'Neil", "Paula Green"),
    ("Downtown Crew", "Li Wei", "Ana Muñoz"),
    ("Jokers Wild", "Sam Carter", "Renée Dubois"),
    ("Uptown Girls", "Grace Kim", "Hannah Müller"),
    ("Book Keepers", "Tom Baker", "Ed Stone"),
    ("Columbus Six", "Jim Hall", "Sue Hall"),
]
PLAYERS = ["Olga Petrova", "Bill Evans", "Chen Jie", "Maria Rossi", "Kofi Mensah", "Ines Díaz"]
ASCOT_PLAYERS = [
    "Hans Weber",
    "Greta Lind",
    "Otto Brandt",
    "Lena Vogel",
    "Karl Adler",
    "Ilse Roth",
    "Paul Frey",
    "Anke Busch",
]
PINOCHLE_PLAYERS = ["Earl Dunn", "Mabel Ortiz", "Gus Tanner", "Hattie Bloom", "Vern Pike", "Ida Ng"]


def _play(table, hands: list[dict]) -> list[Hand]:
    stored = []
    for number, record in enumerate(hands, start=1):
        hand = entry.enter_hand(
            table,
            record,
            actor=entry.Actor(side=0),
            nonce=f"demo-{table.pk}-{number}",
            slot=(number, 1),
        )
        # East-West accept on their own phone, or type their PIN on North-South's.
        checker = entry.Actor(side=1, how="PIN on North-South's phone" if number % 2 else "")
        entry.accept_hand(table, hand.pk, actor=checker, version=hand.version)
        stored.append(hand)
    return stored


def _sign(table, player: int = 0) -> None:
    """Every side signs, through its own link, with its first (or `player`-th) player."""
    for seat in table.seats.all():
        player_name = seat.entrant.players[min(player, len(seat.entrant.players) - 1)]
        entry.sign(
            table,
            side=seat.position,
            player=player_name,
            typed=player_name,
            actor=entry.Actor(side=seat.position),
        )


def _ask_correction(table, side: int, reason: str) -> None:
    """A side asks for a correction of its signed sheet: the console flags the table."""
    entry.ask_correction(table, actor=entry.Actor(side=side), reason=reason)


def _last_hand_with(table, key: str) -> Hand:
    """The table's last hand whose record has `key`: what a correction asked of the signed
    sheet names, so that it reads true against the sheet."""
    hands = table.hands.order_by("-number", "-attempt")
    return next(hand for hand in hands if hand.record.get(key) is not None)


def _corrected_after_signing(table, actor) -> None:
    """The director reopens a signed sheet, corrects hand 2 and both sides sign again: the
    first paper's check code now says what changed (the table's history gives both codes)."""
    entry.reopen(table, actor=actor, reason="Both sides agree hand 2 was miscounted")
    hand = Hand.objects.get(table=table, number=2, attempt=1)
    record = {k: v for k, v in hand.record.items() if v is not None}
    record["books"] += -1 if record["books"] > 0 else 1
    entry.edit_hand(
        table,
        hand.pk,
        record,
        actor=actor,
        version=hand.version,
        reason=f"Counted again at the table: {record['books']} books",
    )
    _sign(table, player=1)


DEMO_SLUGS = ("friday-night-kitty", "sunday-three-legged", "ascot-wednesday", "pinochle-thursday")
# Each night is named for its day of the week (Monday 0): it is dated on that day, the
# next one from today (today itself when it is that day), never on another.
FRIDAY, SUNDAY, WEDNESDAY, THURSDAY = 4, 6, 2, 3


def on_weekday(weekday: int, today: datetime.date | None = None) -> datetime.date:
    """The next date that is this day of the week, today included."""
    today = today or timezone.localdate()  # the club's day (TIME_ZONE), not the laptop's
    return today + datetime.timedelta(days=(weekday - today.weekday()) % 7)


@transaction.atomic
def build_demo(seed: int = 7) -> Tournament:
    rng = random.Random(seed)
    director = get_user_model().objects.filter(director__isnull=False).first()
    actor = entry.Actor(user=director, label=f"Director {director}") if director else None
    # Every night belongs to the club (the one a fresh database starts with, named here).
    club = Club.objects.get(pk=default_club())
    club.name, club.slug = "Columbus Whist Players Society", "cwps"
    club.ladder_best = 3  # each player's best three nights of a season count
    club.save()
    if director is not None:
        club.staff.add(director)
    tournament = Tournament.objects.create(
        name="Friday Night Kitty",
        slug="friday-night-kitty",
        date=on_weekday(FRIDAY),
        venue="Columbus Whist Players Society hall",
        game="columbus-6-card-kitty",
        rounds=4,
        published=True,
        boston_pot=40,
        self_checkin=True,  # players may check themselves in: /t/friday-night-kitty/checkin/self/
        round_minutes=90,
    )
    Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament, name=name, player1=p1, player2=p2, order=i + 1, checked_in=True
        )
        for i, (name, p1, p2) in enumerate(TEAMS)
    )

    # Round 1: every table played, a renege ruled at table 2, every sheet signed.
    first = draw_next_round(tournament, seed=seed)
    publish(first)
    _start_clock(first, minutes_ago=95)
    for table in first.tables.all():
        hands = _play(table, [kitty_hand(rng) for _ in range(4)])
        if table.number == 2 and actor:
            rulings.record(
                table,
                rulings.Proposal(
                    code="renege",
                    hand=str(hands[1].pk),
                    offender=1,
                    choice="books",
                    note="Led a club while holding one",
                ),
                actor=actor,
            )
        result = entry.table_result(table)
        if result.match.needs_tiebreaker:
            _play_tiebreaker(table, rng)
        _sign(table)
        if table.number == 3:
            _ask_correction(table, 1, "Hand 4: we took 8 books, not 7")
        if table.number == 4 and actor:
            _corrected_after_signing(table, actor)

    # Round 2, in progress: two tables done, one waiting on acceptance, one disputed.
    second = draw_next_round(tournament, seed=seed)
    publish(second)
    _start_clock(second, minutes_ago=12)
    tables = list(second.tables.all())
    for table in tables[:2]:
        _play(table, [kitty_hand(rng) for _ in range(4)])
        if entry.table_result(table).match.needs_tiebreaker:
            _play_tiebreaker(table, rng)
    _play(tables[2], [kitty_hand(rng) for _ in range(2)])
    entry.enter_hand(
        tables[2], kitty_hand(rng), actor=entry.Actor(side=0), nonce="demo-waiting", slot=(3, 1)
    )
    disputed = entry.enter_hand(
        tables[3], kitty_hand(rng), actor=entry.Actor(side=1), nonce="demo-disputed", slot=(1, 1)
    )
    books = disputed.record["books"]
    entry.dispute_hand(
        tables[3],
        disputed.pk,
        actor=entry.Actor(side=0),
        version=disputed.version,
        reason=f"The bidders took {books - 1 if books else 1} books, not {books}",
    )
    _floor(
        tournament,
        director,
        ["Welcome! Coffee and cake are in the back room.", "Round 3 starts at 21:30."],
        call=(tables[2], 1, "ruling"),
        leaves=("Jokers Wild", 2, "Renée Dubois"),
    )

    _three_legged_demo(rng, actor)
    _ascot_demo(rng, actor)
    _pinochle_demo(rng, actor)
    _club_season(club)
    if director is not None:  # the demo's director runs every night of the club
        for night in club.tournaments.all():
            night.staff.add(director)
    return tournament


def _floor(
    tournament: Tournament,
    director,
    said: list[str],
    *,
    call: tuple,
    leaves: tuple[str, int, str],
) -> None:
    """The night as the room sees it: the director's announcements, a side calling the
    director to its table (the table, the side, the reason), and a player asking to leave
    after a round (the entrant, the round, who asked)."""
    by = (director.get_full_name() or director.get_username()) if director else ""
    for text in said:
        news.announce(tournament, text, by=by)
    table, side, reason = call
    calls.call(table, actor=entry.Actor(side=side), reason=reason)
    name, after_round, asked_by = leaves
    leaving.ask_to_leave(tournament.entrants.get(name=name), after_round, by=asked_by)


def _start_clock(round_: Round, minutes_ago: int) -> None:
    """The director started the round's clock a while ago (the console shows since when)."""
    round_.start_clock()
    started = timezone.now() - datetime.timedelta(minutes=minutes_ago)
    Round.objects.filter(pk=round_.pk).update(started=started)


def _play_tiebreaker(table, rng: random.Random) -> None:
    slot = entry.next_slot(entry.table_result(table))
    hand = entry.enter_hand(
        table, kitty_hand(rng), actor=entry.Actor(side=0), nonce=f"demo-{table.pk}-tb", slot=slot
    )
    entry.accept_hand(table, hand.pk, actor=entry.Actor(side=1), version=hand.version)


def _players_night(
    rng: random.Random,
    *,
    name: str,
    slug: str,
    game: str,
    players: list[str],
    weekday: int,
    **settings,
) -> Tournament:
    """A three-player game's night, on the day of the week it is named for: checked-in
    players, round 1 drawn and published."""
    tournament = Tournament.objects.create(
        name=name,
        slug=slug,
        date=on_weekday(weekday),
        venue="Back room",
        game=game,
        rounds=3,
        published=True,
        **settings,
    )
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=player, order=i + 1, checked_in=True)
        for i, player in enumerate(players)
    )
    publish(draw_next_round(tournament, seed=rng.randint(1, 999)))
    return tournament


def _play_game(table, deal, rng: random.Random, hands: int | None = None) -> None:
    """Enter and accept hands made by deal(number, size) until the game is over (or for
    `hands` hands), as the table's phones would."""
    size = table.seats.count()
    played = 0
    while (slot := entry.next_slot(entry.table_result(table))) and played != hands:
        hand = entry.enter_hand(
            table,
            deal(rng, slot[0], size),
            actor=entry.Actor(side=slot[0] % size),
            nonce=f"demo-{table.pk}-{slot[0]}-{slot[1]}",
            slot=slot,
        )
        accepter = (slot[0] + 1) % size
        entry.accept_hand(table, hand.pk, actor=entry.Actor(side=accepter), version=hand.version)
        played += 1


def _director_rules(table, actor, code: str, hand: str, offender: int | None, note: str) -> None:
    if actor is not None:
        proposal = rulings.Proposal(code=code, hand=hand, offender=offender, note=note)
        rulings.record(table, proposal, actor=actor)


def _three_legged_demo(rng: random.Random, actor) -> None:
    """Round 1 of a first-to-30 night: table 1 signed after a misdeal, table 2 playing."""
    tournament = _players_night(
        rng,
        name="Sunday 3 Legged Kitty",
        slug="sunday-three-legged",
        game="three-legged-kitty",
        players=PLAYERS,
        weekday=SUNDAY,
        round_minutes=35,  # started 40 minutes ago: the time is up, table 2 still playing
    )
    _start_clock(tournament.round_set.get(), minutes_ago=40)
    first, second = tournament.round_set.get().tables.all()
    _play_game(first, three_legged_hand, rng, hands=2)
    _director_rules(first, actor, "misdeal", "next", None, "Dealt eleven to the Cat")
    _play_game(first, three_legged_hand, rng)
    _sign(first)
    hand = _last_hand_with(first, "tricks")
    tricks = hand.record["tricks"]
    said = tricks - 1 if tricks else 1
    _ask_correction(first, 2, f"Hand {hand.number}: the Cat took {said} tricks, not {tricks}")
    _play_game(second, three_legged_hand, rng, hands=3)
    _floor(
        tournament,
        _director_of(actor),
        ["Finish the hand you are playing, then sign your sheet."],
        call=(second, 1, "renege"),
        leaves=("Kofi Mensah", 1, "Kofi Mensah"),
    )


def _ascot_demo(rng: random.Random, actor) -> None:
    """Two tables of four with Ramsch and Seeger-Fabian: one finished, one playing."""
    tournament = _players_night(
        rng,
        name="Ascot Wednesday",
        slug="ascot-wednesday",
        game="ascot",
        players=ASCOT_PLAYERS,
        weekday=WEDNESDAY,
        options={"ramsch": True, "seeger_fabian": True, "deals": 8},
        round_minutes=60,
    )
    _start_clock(tournament.round_set.get(), minutes_ago=40)
    first, second = tournament.round_set.get().tables.all()
    _play_game(first, ascot_hand, rng, hands=3)
    third = first.hands.get(number=3)
    left_of_dealer = (tournament.ruleset.dealer(3, 4) + 1) % 4  # the dealer sits out
    _director_rules(first, actor, "out-of-turn-call", str(third.pk), left_of_dealer, "Passed early")
    _play_game(first, ascot_hand, rng)
    _sign(first)
    hand = _last_hand_with(first, "game")
    game = hand.record["game"]
    said = "grand" if game != "grand" else "suit"
    _ask_correction(first, 1, f"Deal {hand.number} was a {said} game, not a {game} game")
    _play_game(second, ascot_hand, rng, hands=5)
    _floor(
        tournament,
        _director_of(actor),
        ["Table 2 plays on in the back room: the front room closes at 22:00."],
        call=(second, 2, "renege"),
        leaves=("Anke Busch", 1, "Anke Busch"),
    )


def _pinochle_demo(rng: random.Random, actor) -> None:
    """A short game at each table: one signed, one with a hand waiting to be accepted; the
    round's clock not started yet (the console offers to start it)."""
    tournament = _players_night(
        rng,
        name="Pinochle Thursday",
        slug="pinochle-thursday",
        game="cutthroat-pinochle",
        players=PINOCHLE_PLAYERS,
        weekday=THURSDAY,
        options={"hands": 6},
        round_minutes=50,  # counted from when the director starts the clock
    )
    first, second = tournament.round_set.get().tables.all()
    _play_game(first, pinochle_hand, rng, hands=1)
    _director_rules(first, actor, "misdeal", "next", None, "Sixteen cards to the bidder")
    _play_game(first, pinochle_hand, rng)
    _sign(first)
    hand = _last_hand_with(first, "meld")
    meld = hand.record["meld"]
    _ask_correction(first, 2, f"Hand {hand.number}'s meld was {meld + 10}, not {meld}")
    _play_game(second, pinochle_hand, rng, hands=3)
    entry.enter_hand(
        second,
        pinochle_hand(rng, 4, 3),
        actor=entry.Actor(side=0),
        nonce="demo-pinochle-waiting",
        slot=(4, 1),
    )
    _floor(
        tournament,
        _director_of(actor),
        ["The clock starts when every table is seated."],
        call=(second, 0, "misdeal"),
        leaves=("Ida Ng", 1, "Ida Ng"),
    )


def _director_of(actor):
    return actor.user if actor is not None else None


def _club_season(club: Club) -> None:
    """The club's weeks gone by for each game, a season each that tonight's night counts in
    too, and tonight's players linked to the club's register by its matching rules.

    The register knows Renée Dubois as "Renee Dubois", typed so in the weeks gone by: tonight
    her name waits under Players to confirm. Bill Evans was typed "William Evans" in his
    first week, so the register offers the two entries as a likely duplicate to merge."""
    regulars = [player for _, *pair in TEAMS for player in pair]
    regulars = [p.replace("Renée", "Renee") for p in regulars]
    # The weeks gone by fall on each night's own day of the week, as a club's nights do.
    kitty, sunday = on_weekday(FRIDAY), on_weekday(SUNDAY)
    wednesday, thursday = on_weekday(WEDNESDAY), on_weekday(THURSDAY)
    season.past_weeks(
        club, "columbus-6-card-kitty", regulars, "kitty", "6 Card Kitty", 10, tonight=kitty
    )
    season.past_weeks(
        club,
        "three-legged-kitty",
        PLAYERS,
        "three-legged",
        "3 Legged Kitty",
        20,
        first_week={"Bill Evans": "William Evans"},
        tonight=sunday,
    )
    season.past_weeks(club, "ascot", ASCOT_PLAYERS, "ascot", "Ascot", 30, tonight=wednesday)
    season.past_weeks(
        club, "cutthroat-pinochle", PINOCHLE_PLAYERS, "pinochle", "Pinochle", 40, tonight=thursday
    )
    for night in Tournament.objects.filter(slug__in=DEMO_SLUGS):
        register.link_entrants(night, night.entrants.all())

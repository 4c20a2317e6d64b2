"""Shared steps for web-layer tests: draw and publish a round, play a table through."""

from draw.rounds import draw_next_round, publish
from tournament.models import Round, Table

# A hand each game's form takes, as a phone sends it: a short one (passed out, conceded).
SIMPLE_HAND = {
    "columbus-6-card-kitty": {"bidding_team": "0", "level": "5", "form": "plain", "books": "12"},
    "three-legged-kitty": {"passed_out": "on"},
    "ascot": {"dealer": "0", "passed_out": "on"},
    # 21, not 20: only the player left of the hand's dealer holds 20 (The Bid).
    "cutthroat-pinochle": {"bidder": "0", "bid": "21", "conceded": "before_widow"},
}

# The hands that end a match, with the option that makes them the last: a sheet to sign.
# (Ascot plays a deal per seat at least: four, the dealer sitting out of each.)
ASCOT_DEAL = {"bid": "60", "game": "suit", "card_points": "70"}
FINISHING = {
    "columbus-6-card-kitty": ({"hands_per_round": 1}, [SIMPLE_HAND["columbus-6-card-kitty"]]),
    "three-legged-kitty": (
        {"target": 1},
        [{"cat": "0", "number": "7", "contract": "hearts", "tricks": "8"}],
    ),
    "ascot": ({"deals": 1}, [{**ASCOT_DEAL, "declarer": str(n % 4)} for n in range(1, 5)]),
    "cutthroat-pinochle": ({"hands": 1}, [SIMPLE_HAND["cutthroat-pinochle"]]),
}

# Hand 1 of each game's finishing hands, as the director corrects it after signing.
CORRECTED = {
    "columbus-6-card-kitty": {"bidding_team": "0", "level": "5", "form": "plain", "books": "10"},
    "three-legged-kitty": {"cat": "0", "number": "7", "contract": "hearts", "tricks": "9"},
    "ascot": {"bid": "60", "game": "suit", "card_points": "80", "declarer": "1"},
    "cutthroat-pinochle": {"bidder": "0", "bid": "25", "conceded": "before_widow"},
}


def published_round(tournament, seed: int = 1) -> Round:
    round_ = draw_next_round(tournament, seed=seed)
    publish(round_)
    return round_


def table_of(round_: Round, number: int = 1) -> Table:
    return round_.tables.get(number=number)


def page_form_values(response) -> dict:
    """The hidden one-time key and slot of the entry form on a table page."""
    ctx = response.context
    slot = ctx["slot"]
    return {"nonce": ctx["nonce"], "slot": f"{slot[0]}:{slot[1]}"}


def side_link(table: Table, side: int) -> str:
    """The side's own link, as printed on its half of the table card."""
    return f"/s/{table.seats.get(position=side).token}/"


def pin_of(table: Table, side: int) -> str:
    return table.seats.get(position=side).pin


def _where(at, side) -> tuple[str, dict]:
    """A table means that side's own link; a string is a director's table page, which is
    told the side in the form."""
    if isinstance(at, Table):
        return side_link(at, side), {}
    return at, {} if side is None else {"side": str(side)}


def enter(client, at, hand: dict, side: int | None = 0, **extra):
    """Enter a hand as `side`: on its own link (`at` a Table) or a director's page."""
    url, told = _where(at, side)
    page = client.get(url)
    data = {**page_form_values(page), **{k: str(v) for k, v in hand.items()}, **told, **extra}
    return client.post(url + "enter/", data)


def accept_pending(client, at, side: int, **extra):
    """Accept the waiting hand as `side`: on its own link (`at` a Table) or a director's page."""
    url, told = _where(at, side)
    page = client.get(url)
    pending = page.context["pending"]
    data = {"hand": pending.hand.pk, "version": pending.hand.version, **told, **extra}
    return client.post(url + "accept/", data)


def as_record(table: Table, data: dict) -> dict:
    """A hand as a phone posts it (strings), as the ruleset stores it."""
    tournament = table.round.tournament
    ruleset = tournament.ruleset
    size = ruleset.players_at_table(table.seats.count())
    return ruleset.hand_to_dict(ruleset.parse_hand(data, size, tournament.game_options))


def accepted_hands(table: Table, hands: list[dict], start: int = 1, accept: bool = True) -> list:
    """Each hand entered by side 0 and (unless not `accept`) accepted by side 1, through
    the same writes the table page makes."""
    from scoring import entry

    stored = []
    for number, data in enumerate(hands, start=start):
        hand = entry.enter_hand(
            table,
            as_record(table, data),
            actor=entry.Actor(side=0),
            nonce=f"{table.pk}-{number}",
            slot=(number, 1),
        )
        if accept:
            entry.accept_hand(table, hand.pk, actor=entry.Actor(side=1), version=hand.version)
        stored.append(hand)
    return stored


def sign_every_side(table: Table, player: int = 0) -> None:
    """Every side signs for itself, with its first (or `player`-th) player; a side that
    forfeited the round does not sign (its signature is not needed)."""
    from scoring import entry

    to_sign = entry.table_result(table).to_sign
    for seat in table.seats.select_related("entrant").order_by("position"):
        if seat.position not in to_sign:
            continue
        name = seat.entrant.players[min(player, len(seat.entrant.players) - 1)]
        entry.sign(
            table,
            side=seat.position,
            player=name,
            typed=name,
            actor=entry.Actor(side=seat.position),
        )


def standings_drawn(client, tournament, **params):
    """The standings page drawn for this request, to read its context: a phone that asks
    after another is answered with the page kept for the version (no context), so the
    kept pages are cleared first."""
    from django.core.cache import cache

    cache.clear()
    return client.get(f"/t/{tournament.slug}/standings/", params)

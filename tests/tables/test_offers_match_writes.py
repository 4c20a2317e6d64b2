"""A table page offers exactly what its writes allow (scoring.may decides both).

For each game, at each stage of a table's round (no hand yet, a hand waiting, a hand
disputed, a hand ruled void, every hand in with one side signed, signed with a correction
asked, the director called to the table), and for each side's own link and the director:
every action the page offers (read from its forms, as a phone sees it) is posted and
succeeds; every other action the address takes, for every side and every hand or ruling
at the table, is posted and refused with a 4xx, and nothing at the table changes. Each
post is rolled back after, so every one starts from the same stage.
"""

from __future__ import annotations

import uuid
from html.parser import HTMLParser

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client

from scoring import calls, entry, rulings
from scoring.models import Change, CorrectionRequest, Hand, Ruling, Signature
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import FINISHING, as_record, published_round, side_link, table_of
from tournament.models import Seat, Table

pytestmark = pytest.mark.django_db

# What each address takes (tables.actions): a side's link, and the director's page.
LINK_ACTIONS = ("enter", "accept", "dispute", "edit", "sign", "take-back", "correction")
LINK_ACTIONS += ("first-dealer", "call")
DIRECTOR_ACTIONS = ("enter", "accept", "dispute", "edit", "sign", "first-dealer", "ruling")
DIRECTOR_ACTIONS += ("withdraw-ruling", "strike", "reopen", "answer-correction", "new-link")
DIRECTOR_ACTIONS += ("answer-call",)
DIRECTOR_ACTIONS += ("clear-pin-tries", "take-back", "correction", "call")  # a link's: no address
# Actions a side may take for another side on this phone, by typing that side's PIN.
BY_PIN = ("accept", "dispute", "sign")
STAGES = ("fresh", "waiting", "disputed", "ruled", "complete", "signed", "called")


class Offers(HTMLParser):
    """The page's forms that post to the table's actions: each one's action, its hidden
    values, the names of what a person fills in, and the choices of its lists."""

    def __init__(self, url: str):
        super().__init__()
        self.url, self.forms, self._form, self._select = url, [], None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("method") == "post" and a.get("action", "").startswith(self.url):
            action = a["action"][len(self.url) :].strip("/")
            self._form = {"action": action, "hidden": {}, "filled": set(), "options": {}}
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag == "input" and a.get("type") == "hidden":
            self._form["hidden"][a["name"]] = a.get("value", "")
        elif tag in ("input", "textarea") and a.get("name"):
            self._form["filled"].add(a["name"])
        elif tag == "select":
            self._select = self._form["options"].setdefault(a["name"], [])
        elif tag == "option" and self._select is not None:
            self._select.append(a.get("value", ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def offered(page: str, url: str, own: int | None) -> set[tuple]:
    """What the page offers, as (action, acting side, target): on a side's link the side
    acting is its own, or the one whose PIN the form asks for."""
    parser = Offers(url)
    parser.feed(page)
    keys = set()
    for form in parser.forms:
        action, hidden = form["action"], form["hidden"]
        if action == "preview":
            continue
        side = int(hidden["side"]) if "side" in hidden else None
        if own is not None:
            side = side if "pin" in form["filled"] else own
        elif action not in ("accept", "dispute", "sign", "new-link", "clear-pin-tries"):
            side = None  # the director's own write, whatever side the form names
        targets = [hidden.get("hand") or hidden.get("ruling") or hidden.get("request")]
        if action in ("new-link", "clear-pin-tries"):
            targets = [hidden["side"]]
        elif action == "strike":
            targets = form["options"]["hand"]
        keys |= {(action, side, int(t) if t else None) for t in targets}
    return keys


def stage(game: str, name: str, director) -> Table:
    """A table of the game at that stage, reached through the writes the pages make."""
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    tournament.staff.add(director)
    table = table_of(published_round(tournament))
    td = entry.Actor(user=director, label="Director td")

    def entered(number: int, accept: bool = True) -> Hand:
        data = as_record(table, hand_data(game, number))
        hand = entry.enter_hand(
            table, data, actor=entry.Actor(side=0), nonce=f"n{number}", slot=(number, 1)
        )
        if accept:
            entry.accept_hand(table, hand.pk, actor=entry.Actor(side=1), version=hand.version)
        return hand

    if name in ("waiting", "disputed"):
        hand = entered(1, accept=False)
        if name == "disputed":
            entry.dispute_hand(
                table, hand.pk, actor=entry.Actor(side=1), version=hand.version, reason="no"
            )
    elif name == "ruled":
        hand = entered(1)
        proposal = rulings.Proposal(code="misdeal", hand=str(hand.pk), offender=0, note="7")
        rulings.record(table, proposal, actor=td)  # the hand is void, and dealt again
        Seat.objects.filter(table=table, position=1).update(pin_failures=1)  # a wrong PIN
    elif name in ("complete", "signed"):
        for number in range(1, len(hands) + 1):
            entered(number)
        for seat in table.seats.order_by("position"):
            if name == "complete" and seat.position > 0:
                break
            player = seat.entrant.players[0]
            entry.sign(
                table,
                side=seat.position,
                player=player,
                typed=player,
                actor=entry.Actor(side=seat.position),
            )
        if name == "signed":
            entry.ask_correction(table, actor=entry.Actor(side=1), reason="hand 1 was 11 books")
    elif name == "called":
        calls.call(table, actor=entry.Actor(side=0), reason="misdeal")
    return table


def hand_data(game: str, number: int) -> dict:
    """Hand `number` as a phone posts it: the hands that finish the game's round."""
    hands = FINISHING[game][1]
    return {k: str(v) for k, v in hands[min(number, len(hands)) - 1].items()}


def candidates(table: Table, actions: tuple, own: int | None) -> set[tuple]:
    """Every action the address takes, for every side and every hand, ruling or request
    of the table, as (action, acting side, target); less what would repeat a write done
    already (a double tap answers as done: accepting an accepted hand, signing a signed
    side, asking again for a correction asked)."""
    sides = list(table.seats.order_by("position").values_list("position", flat=True))
    on_sheet = [h for h in Hand.objects.filter(table=table) if h.on_sheet]
    signed = set(table.signatures.values_list("side", flat=True))
    asked = set(table.corrections.filter(closed_at=None).values_list("side", flat=True))
    called = calls.open_call(table.changes.all()) is not None
    keys = set()
    for action in actions:
        actors = sides if own is None or action in BY_PIN else [own]
        if own is None and action not in ("accept", "dispute", "sign"):
            actors = [None]
        if own is None and action in ("new-link", "clear-pin-tries"):
            actors = sides
        for side in actors:
            if action in ("accept", "dispute", "edit", "take-back", "strike"):
                keys |= {
                    (action, side, h.pk)
                    for h in on_sheet
                    if not (action == "accept" and h.status == Hand.Status.ACCEPTED)
                }
            elif action == "withdraw-ruling":
                keys |= {(action, side, r.pk) for r in table.rulings.filter(withdrawn_at=None)}
            elif action == "answer-correction":
                keys |= {(action, side, c.pk) for c in table.corrections.all()}
            elif action == "sign" and side in signed:
                continue
            elif action == "correction" and own in asked:
                continue
            elif action == "call" and called:
                continue  # called already: a second call answers as done, and changes nothing
            elif action in ("new-link", "clear-pin-tries"):
                keys.add((action, side, side))
            else:
                keys.add((action, side, None))
    return keys


def post_data(table: Table, key: tuple, own: int | None) -> dict:
    """What the page's form for that action posts, filled in as a person would."""
    action, side, target = key
    game = table.round.tournament.game
    data: dict = {}
    if side is not None and (own is None or side != own):
        data["side"] = str(side)
        if own is not None:
            data["pin"] = Seat.objects.get(table=table, position=side).pin
    if action in ("new-link", "clear-pin-tries"):
        data["side"] = str(target)
    if action in ("accept", "dispute", "edit", "take-back", "strike"):
        hand = Hand.objects.get(pk=target)
        data.update(hand=str(hand.pk), version=str(hand.version), reason="not as played")
        if action == "edit":
            data.update({f"edit-{k}": v for k, v in hand_data(game, hand.number).items()})
    elif action == "enter":
        hands = [h for h in Hand.objects.filter(table=table) if h.on_sheet]
        slot = entry.next_slot(entry.table_result(table)) or (len(hands) + 1, 1)
        data.update(nonce=uuid.uuid4().hex, slot=f"{slot[0]}:{slot[1]}")
        data.update(hand_data(game, slot[0]))
    elif action == "sign":
        signing = side if side is not None else own
        player = Seat.objects.get(table=table, position=signing).entrant.players[0]
        data.update(player=player, typed=player)
    elif action == "first-dealer":
        data["first_dealer"] = "0" if table.first_dealer else "1"  # not who deals now
    elif action == "ruling":
        result = entry.table_result(table)
        played = [s.hand for s in result.hands if not s.score.void] + result.pending
        hand = str(played[0].pk) if played else "next"  # the first the page lists
        data.update(code="misdeal", hand=hand, offender="0", note="7 cards", confirm="1")
    elif action == "withdraw-ruling":
        data.update(ruling=str(target), reason="wrong table")
    elif action == "answer-correction":
        data.update(request=str(target), answer="the sheet is right")
    elif action in ("reopen", "correction"):
        data["reason"] = "a miscount"
    elif action == "call":
        data["reason"] = "ruling"
    return data


def at_the_table(table: Table) -> tuple:
    """Everything a write at the table changes."""
    return (
        list(Hand.objects.filter(table=table).values_list()),
        list(Ruling.objects.filter(table=table).values_list()),
        list(Signature.objects.filter(table=table).values_list()),
        list(Change.objects.filter(table=table).values_list("pk")),
        list(CorrectionRequest.objects.filter(table=table).values_list()),
        list(Seat.objects.filter(table=table).values_list("pk", "token", "pin")),
        Table.objects.get(pk=table.pk).first_dealer,
    )


def tried(client: Client, url: str, table: Table, key: tuple, own: int | None, before: tuple):
    """Post the action, see what it did against the stage as it was `before`, and undo it
    (so every post starts from that same stage)."""
    with transaction.atomic():
        response = client.post(f"{url}{key[0]}/", post_data(table, key, own))
        changed = at_the_table(table) != before
        transaction.set_rollback(True)
    cache.clear()  # pages kept for versions the rollback hands out again
    return response.status_code, changed


@pytest.mark.parametrize("name", STAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_page_offers_what_the_write_allows_and_nothing_else(game, name, director):
    table = stage(game, name, director)
    slug, number = table.round.tournament.slug, table.round.number
    director_client = Client()
    director_client.force_login(director)
    viewers = [(Client(), side_link(table, side), side) for side in (0, 1)]
    viewers.append((director_client, f"/t/{slug}/round/{number}/table/{table.number}/", None))
    wrong = []
    for client, url, own in viewers:
        page = client.get(url)
        assert page.status_code == 200
        offers = offered(page.content.decode(), url, own)
        actions = LINK_ACTIONS if own is not None else DIRECTOR_ACTIONS
        every = candidates(table, actions, own)
        assert offers <= every, f"{url}: offered but not tried: {offers - every}"
        before = at_the_table(table)
        for key in sorted(every, key=str):
            status, changed = tried(client, url, table, key, own, before)
            if key in offers and status != 302:
                wrong.append((own, key, "offered, but refused", status))
            elif key not in offers and (status < 400 or status >= 500 or changed):
                wrong.append((own, key, "not offered, but allowed", status, changed))
    assert wrong == []

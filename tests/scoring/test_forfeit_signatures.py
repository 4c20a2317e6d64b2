"""Forfeits and signatures as ruled (rules-decisions.md, "Every game: byes, entrants who
have not played, signatures"), through the web as the director and the sides use them.

A forfeit needs no signature from the side that forfeited: the sheet is final once the
side that was present has signed, or the director has signed for it. A signature the
director gives is printed as the director's, never in a player's name: on the table page,
the sheet PDF and the public check page. The 5-minute rule (6 Card Kitty rule 7) ruled
before 5 minutes of the round's clock have passed asks the director to confirm, the
ruling form saying how long is left, and the history records it as early.

Of the four games only 6 Card Kitty has a forfeit (rules/six_card_kitty/infractions.py:
rule 7, and rule 41 with its later rounds); the director's own signature is every game's.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta
from html import unescape

import pytest
from django.test import Client
from django.utils import timezone

from backup.exporting import export_json
from backup.importing import import_json
from scoring import entry, rulings
from scoring.history import Action
from scoring.models import Change, Ruling, Signature
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.printing.pdftext import pages_text, squash
from tests.support.helpers import (
    FINISHING,
    SIMPLE_HAND,
    accept_pending,
    enter,
    published_round,
    side_link,
    table_of,
)
from tournament.deleting import delete_night
from tournament.models import Round

pytestmark = pytest.mark.django_db

KITTY = "columbus-6-card-kitty"
NS, EW = 0, 1
CODE = re.compile(r"Code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})")
NOT_NEEDED = "Forfeited (Rule 7): no signature needed"


def night(game: str = KITTY, **options):
    """One table of the game, its round published: the night as the director starts it."""
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    return table_of(published_round(tournament))


def url_of(table) -> str:
    t = table.round.tournament
    return f"/t/{t.slug}/round/{table.round.number}/table/{table.number}/"


def clock_started(client, table, minutes_ago: float) -> None:
    """The director starts the round's clock on the console; `minutes_ago`: the minutes
    that have passed on it since (the clock's start moved back by them)."""
    t = table.round.tournament
    started = client.post(f"/t/{t.slug}/round/{table.round.number}/console/start-clock/")
    assert started.status_code == 302
    Round.objects.filter(pk=table.round_id).update(
        started=timezone.now() - timedelta(minutes=minutes_ago)
    )


def ruling_data(code: str, offender: int, **more) -> dict:
    return {"code": code, "hand": "", "offender": offender, "choice": "", "note": "", **more}


def rule_late(client, table, offender: int = EW, **more):
    """The director rules the 5-minute rule: preview, then confirm (with `more`)."""
    url = url_of(table) + "ruling/"
    preview = client.post(url, ruling_data("7", offender))
    assert preview.status_code == 200, preview.content.decode()[:2000]
    return preview, client.post(url, ruling_data("7", offender, confirm="1", **more))


def player_of(table, side: int, which: int = 0) -> str:
    return table.seats.get(position=side).entrant.players[which]


def sign_on_link(table, side: int, which: int = 0):
    name = player_of(table, side, which)
    return Client().post(side_link(table, side) + "sign/", {"player": name, "typed": name})


def pdf_text(client, table) -> str:
    response = client.get(url_of(table) + "sheet.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return "\n".join(pages_text(response.content))


def check_page(table, code: str):
    t = table.round.tournament
    data = {"round": table.round.number, "table": table.number, "code": code}
    page = Client().get(f"/t/{t.slug}/check/", data)
    assert page.status_code == 200
    return page


def signed_line(body: str) -> str:
    """The check page's line of signatures, as the paper has them."""
    found = re.search(r"<p>Signed: (.*?)</p>", body, re.S)
    assert found, body
    return found.group(1)


# --- the 5-minute rule against an absent team (the night) ----------------------


def test_a_team_absent_forfeits_and_the_side_present_signs_alone(director_client):
    """Rule 7 against East-West, absent: North-South sign on their own link and the sheet
    is final, with no signature from East-West; the paper says why there is none."""
    table = night()
    clock_started(director_client, table, minutes_ago=6)
    _, confirmed = rule_late(director_client, table)
    assert confirmed.status_code == 302

    # Before North-South sign: each side's page, and the console, say who is to sign.
    present = Client().get(side_link(table, NS))
    assert [side.index for side, _ in present.context["sign_forms"]] == [NS]
    absent = Client().get(side_link(table, EW))  # North-South may sign on it, by their PIN
    assert [side.index for side, _ in absent.context["sign_forms"]] == [NS]
    assert f"East-West</strong>: {NOT_NEEDED}." in absent.content.decode()
    t = table.round.tournament
    console = director_client.get(f"/t/{t.slug}/round/1/console/")
    (waiting,) = [need.what for need in console.context["needs"] if need.kind == "unsigned"]
    assert waiting.startswith("Waiting for North-South") and "East-West" not in waiting

    # East-West, back at the table, cannot sign now: their signature is not needed.
    refused = sign_on_link(table, EW)
    assert refused.status_code == 409
    assert "no signature is needed from them" in refused.content.decode()
    assert not Signature.objects.exists()

    assert sign_on_link(table, NS).status_code == 302
    page = director_client.get(url_of(table))
    assert page.context["sheet"].final and "Signed, final" in page.content.decode()
    assert "East-West forfeited, no signature needed" in page.context["next_step"]
    table.round.refresh_from_db()
    assert table.round.status == Round.Status.COMPLETE  # the round's only sheet is final
    signing = Change.objects.get(action=Action.SIGNED)
    assert "sheet" in signing.after  # kept for the check page, as at any final signature

    text = pdf_text(director_client, table)
    assert f"Signed by {player_of(table, NS)}" in text
    assert NOT_NEEDED in text and "Sign here" not in text
    code = CODE.search(text).group(1)
    assert code == page.context["check"]["code"]
    checked = check_page(table, code)
    assert checked.context["verdict"].kind == "matches"
    line = signed_line(checked.content.decode())
    assert player_of(table, NS) in line and "forfeited (rule 7): no signature needed" in line


def test_the_director_signs_a_forfeit_as_the_director(director_client):
    """The issue's case: the director signs a forfeit. Not for the side that forfeited
    (its signature is not needed), but for the side present, and as the director: the
    page, the paper and the check page name the director, never a player."""
    table = night()
    clock_started(director_client, table, minutes_ago=6)
    assert rule_late(director_client, table)[1].status_code == 302
    url = url_of(table) + "sign/"
    absent_player = player_of(table, EW)
    for_absent = {"side": EW, "player": absent_player, "typed": absent_player}
    refused = director_client.post(url, for_absent)
    assert refused.status_code == 409 and not Signature.objects.exists()

    form = director_client.get(url_of(table)).content.decode()
    assert "Sign for North-South as the director" in form
    assert "Sign for East-West" not in form
    # A player's name posted with it changes nothing: the signature is the director's.
    name = player_of(table, NS)
    signed = director_client.post(url, {"side": NS, "player": name, "typed": name})
    assert signed.status_code == 302
    (signature,) = Signature.objects.all()
    assert (signature.side, signature.name, signature.by_director) == (NS, "Director td", True)

    side_page = Client().get(side_link(table, NS))
    assert side_page.context["next_step"] == (
        "Signed by Director td for North-South (East-West forfeited, no signature needed): "
        "the sheet is final."
    )
    side_page = side_page.content.decode()
    assert "<strong>North-South</strong> signed for them by Director td" in side_page
    assert "Signed, final" in side_page

    text = pdf_text(director_client, table)
    assert "Signed by Director td" in text
    for seat in table.seats.all():
        for player in seat.entrant.players:
            assert f"Signed by {player}" not in text
    code = CODE.search(text).group(1)
    checked = check_page(table, code)
    assert checked.context["verdict"].kind == "matches"
    line = signed_line(checked.content.decode())
    assert "Director td" in line
    assert name not in line and absent_player not in line


def test_a_forfeit_signed_by_the_director_comes_back_from_its_backup(director_client, director):
    """Export, delete, import: the director's signature is still the director's, and the
    forfeit still final with it, its printed code matching."""
    table = night()
    clock_started(director_client, table, minutes_ago=6)
    assert rule_late(director_client, table)[1].status_code == 302
    assert director_client.post(url_of(table) + "sign/", {"side": NS}).status_code == 302
    code = director_client.get(url_of(table)).context["check"]["code"]
    text = export_json(table.round.tournament)
    # A Kitty TD reading only format 3 would print that signature in a player's name.
    assert json.loads(text)["version"] == 4
    delete_night(table.round.tournament)
    imported = import_json(text.encode())
    imported.staff.add(director)
    restored = table_of(imported.round_set.get(number=1))
    (signature,) = Signature.objects.filter(table=restored)
    assert (signature.side, signature.name, signature.by_director) == (NS, "Director td", True)
    page = director_client.get(url_of(restored))
    assert page.context["sheet"].final and page.context["check"]["code"] == code
    assert check_page(restored, code).context["verdict"].kind == "matches"


def test_the_sides_sign_as_before_where_nobody_forfeited(director_client):
    """No forfeit: the sheet waits for every side, as rule 40 has it."""
    table = night(hands_per_round=1)
    assert enter(Client(), table, SIMPLE_HAND[KITTY], side=NS).status_code == 302
    assert accept_pending(Client(), table, side=EW).status_code == 302
    assert sign_on_link(table, NS).status_code == 302
    assert not director_client.get(url_of(table)).context["sheet"].final
    assert sign_on_link(table, EW).status_code == 302
    assert director_client.get(url_of(table)).context["sheet"].final


# --- rule 41: a team leaving -------------------------------------------------------------


def test_a_team_leaving_mid_round_need_not_sign(director_client):
    """Rule 41 after a hand: the round goes to North-South, who sign it alone."""
    table = night()
    assert enter(Client(), table, SIMPLE_HAND[KITTY], side=NS).status_code == 302
    assert accept_pending(Client(), table, side=EW).status_code == 302
    url = url_of(table) + "ruling/"
    director_client.post(url, ruling_data("41", EW))
    assert director_client.post(url, ruling_data("41", EW, confirm="1")).status_code == 302
    gone = Client().get(side_link(table, EW))
    assert [side.index for side, _ in gone.context["sign_forms"]] == [NS]
    assert "Forfeited (Rule 41): no signature needed" in gone.content.decode()
    assert sign_on_link(table, EW).status_code == 409
    assert sign_on_link(table, NS, which=1).status_code == 302
    text = pdf_text(director_client, table)
    assert f"Signed by {player_of(table, NS, 1)}" in text
    assert "Forfeited (Rule 41): no signature needed" in text


def test_a_team_leaving_after_the_other_signed_makes_the_sheet_final(director_client):
    """Every hand in, North-South signed, East-West walk out unsigned: the rule 41 ruling
    makes the sheet final. What its code covers is kept with the ruling, so the code
    printed then is still told apart after a later correction."""
    table = night(hands_per_round=1)
    assert enter(Client(), table, SIMPLE_HAND[KITTY], side=NS).status_code == 302
    assert accept_pending(Client(), table, side=EW).status_code == 302
    assert sign_on_link(table, NS).status_code == 302
    url = url_of(table)
    director_client.post(url + "ruling/", ruling_data("41", EW))
    confirmed = director_client.post(url + "ruling/", ruling_data("41", EW, confirm="1"))
    assert confirmed.status_code == 302
    page = director_client.get(url)
    assert page.context["sheet"].final
    table.round.refresh_from_db()
    assert table.round.status == Round.Status.COMPLETE
    code = page.context["check"]["code"]
    (ruled,) = [c for c in page.context["history"] if c.action.startswith("ruling")]
    assert ruled.code == code  # the history shows the code of the paper the ruling made
    assert check_page(table, code).context["verdict"].kind == "matches"

    reopened = director_client.post(url + "reopen/", {"reason": "East-West came back"})
    assert reopened.status_code == 302
    assert check_page(table, code).context["verdict"].kind == "changed"


# --- the 5-minute rule before 5 minutes ---------------------------------------------------


def test_the_five_minute_rule_before_five_minutes_asks_the_director_to_confirm(
    director_client, director
):
    table = night()
    clock_started(director_client, table, minutes_ago=2)  # as in the issue: 3 min left
    started = Round.objects.get(pk=table.round_id).started
    at = f"{timezone.localtime(started) + timedelta(minutes=5):%H:%M}"

    form = director_client.get(url_of(table)).content.decode()
    assert re.search(rf"Rule 7: <time [^>]*>3 min left</time> until {at}", form), form
    assert "ruling it before then asks you to confirm" in form

    preview, unconfirmed = rule_late(director_client, table)
    early = preview.context["ruling"][1].early
    assert early is not None and early.seconds_left > 120
    said = preview.content.decode()
    assert f"until {at}: Rule 7 makes a side late only once 5 minutes" in said
    assert 'name="early" value="1"' in said and "Rule it early" in said
    # Confirmed without saying it is early: asked again, nothing ruled.
    assert unconfirmed.status_code == 409
    assert rulings.EARLY_CONFIRM in unconfirmed.content.decode()
    assert not Ruling.objects.exists()
    # Nor by the service itself, whatever posts to it.
    proposal = rulings.Proposal(code="7", offender=EW)
    with pytest.raises(entry.EntryError) as refused:
        rulings.record(table, proposal, actor=entry.Actor(user=director, label="Director td"))
    assert refused.value.status == 409 and not Ruling.objects.exists()

    confirmed = director_client.post(
        url_of(table) + "ruling/", ruling_data("7", EW, confirm="1", early="1")
    )
    assert confirmed.status_code == 302
    assert Ruling.objects.get().code == "7"
    (ruled,) = Change.objects.filter(action__startswith="ruling")
    assert ruled.action == f"ruling: 5-minute rule (Rule 7), ruled early, 3 min left until {at}"
    assert ruled.after["early"] == f"ruled early, 3 min left until {at}"
    history = squash(director_client.get(url_of(table)).content.decode())
    assert squash(f"ruled early, 3 min left until {at}") in history


def test_the_five_minute_rule_before_the_clock_starts_is_early_too(director_client):
    """No clock started: no side is late by it yet, and the director is told so."""
    table = night()
    form = unescape(director_client.get(url_of(table)).content.decode())
    assert "Rule 7: the round's clock has not been started, so no side is late" in form
    preview, unconfirmed = rule_late(director_client, table)
    assert "The round's clock has not been started" in unescape(preview.content.decode())
    assert unconfirmed.status_code == 409 and not Ruling.objects.exists()
    _, confirmed = rule_late(director_client, table, early="1")
    assert confirmed.status_code == 302
    (ruled,) = Change.objects.filter(action__startswith="ruling")
    assert ruled.action.endswith("ruled early, the round's clock not started")


def test_the_five_minute_rule_after_five_minutes_is_ruled_as_any_ruling(director_client):
    table = night()
    clock_started(director_client, table, minutes_ago=6)
    form = director_client.get(url_of(table)).content.decode()
    assert "asks you to confirm" not in form
    preview, confirmed = rule_late(director_client, table)
    assert preview.context["ruling"][1].early is None
    assert "Rule it early" not in preview.content.decode()
    assert confirmed.status_code == 302
    (ruled,) = Change.objects.filter(action__startswith="ruling")
    assert ruled.action == "ruling: 5-minute rule (Rule 7)" and "early" not in ruled.after


# --- every game: the director's signature is the director's ----------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_signature_the_director_gives_is_printed_as_the_directors(game, director_client):
    """The first side signs on its own link; the director signs for every other side (a
    phone gone flat). Page, paper and check page name the director for them."""
    options, hands = FINISHING[game]
    table = night(game, **options)
    for hand in hands:
        assert enter(Client(), table, hand, side=0).status_code == 302
        assert accept_pending(Client(), table, side=1).status_code == 302
    assert sign_on_link(table, 0).status_code == 302
    others = list(table.seats.exclude(position=0).order_by("position"))
    for seat in others:
        name = seat.entrant.players[0]
        data = {"side": seat.position, "player": name, "typed": name}
        assert director_client.post(url_of(table) + "sign/", data).status_code == 302
    signatures = {s.side: s for s in Signature.objects.filter(table=table)}
    assert signatures[0].name == player_of(table, 0) and not signatures[0].by_director
    assert all(signatures[s.position].name == "Director td" for s in others)

    page = Client().get(side_link(table, 0))
    assert page.context["sheet"].final
    assert page.content.decode().count("signed for them by Director td") == len(others)

    text = pdf_text(director_client, table)
    assert squash(f"Signed by {player_of(table, 0)}") in squash(text)
    assert squash(text).count(squash("Signed by Director td")) == len(others)
    for seat in others:
        assert squash(f"Signed by {seat.entrant.players[0]}") not in squash(text)
    checked = check_page(table, CODE.search(text).group(1))
    assert checked.context["verdict"].kind == "matches"
    line = signed_line(checked.content.decode())
    assert f"<strong>{player_of(table, 0)}</strong>" in line
    assert line.count("<strong>Director td</strong>") == len(others)
    for seat in others:
        assert f"<strong>{seat.entrant.players[0]}</strong>" not in line

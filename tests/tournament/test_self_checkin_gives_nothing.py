"""Self check-in checks in and gives nothing else (issue 48), for each of the four games.

A player's own link, a side's link and its PIN are each a credential for one player or
side. Anyone in the hall can type three letters of another's name on the self check-in
page and tap, or open a team's old check-in link: neither proves the phone holds any of
them. Only the printed card's QR code (the player's own link, /p/<token>/) does; the
director hands out the rest. So every answer the self check-in gives an anonymous phone
is searched for every credential of the night, and none may be there; a phone that
checked itself in by name is told where its link is."""

import re

import pytest
from django.test import Client

from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import published_round
from tournament.models import Entrant, OwnLink, Seat
from tournament.own_links import links_for

pytestmark = pytest.mark.django_db

WHERE_THE_LINK_IS = "Your link is on your check-in card, or ask the director."


@pytest.fixture(params=GAMES)
def night(request):
    """Two tables' worth of entrants, a round published (so every side has its link and
    PIN), every player's own link made (as printing the check-in codes makes them), and
    nobody checked in yet: the self check-in is open."""
    game = request.param
    tournament = make_tournament(
        game, entrants=2 * ONE_TABLE[game], published=True, self_checkin=True
    )
    published_round(tournament)
    links_for(tournament.entrants.all(), tournament.is_partnership)
    tournament.entrants.update(checked_in=False)
    return tournament


def page(tournament) -> str:
    return f"/t/{tournament.slug}/checkin/self/"


def team_link(entrant: Entrant) -> str:
    """The entrant's own check-in code of before players had links (no longer printed)."""
    return f"/t/{entrant.tournament.slug}/checkin/me/{entrant.checkin_token}/"


def credentials(tournament) -> dict[str, re.Pattern]:
    """Every credential of the night, by what it is, as a pattern finding it in a page:
    each player's own link, each side's link and PIN (as typed, and as the card prints
    it), each entrant's check-in code."""
    found = {}
    for link in OwnLink.objects.filter(entrant__tournament=tournament):
        found[f"own link of {link.entrant.name} #{link.place}"] = re.compile(re.escape(link.token))
    for seat in Seat.objects.filter(table__round__tournament=tournament).select_related("entrant"):
        found[f"side link of {seat.entrant.name}"] = re.compile(re.escape(seat.token))
        pin = seat.pin
        found[f"PIN of {seat.entrant.name}"] = re.compile(
            rf"(?<![\w]){pin}(?![\w])|(?<![\w]){pin[:3]} {pin[3:]}(?![\w])"
        )
    for entrant in tournament.entrants.all():
        found[f"check-in code of {entrant.name}"] = re.compile(re.escape(entrant.checkin_token))
    return found


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def leaked(answer, secrets: dict[str, re.Pattern], proved: str = "") -> list[str]:
    """The credentials an answer shows (its page, and where it sends the phone), leaving
    out the one the phone opened the page with (`proved`) and the form's CSRF token (random
    letters and digits, where a PIN's six could turn up by chance)."""
    text = CSRF.sub("", answer.content.decode()) + " " + answer.get("Location", "")
    for url, _ in getattr(answer, "redirect_chain", []):
        text += " " + url
    if proved:
        text = text.replace(proved, "")
    return [what for what, pattern in secrets.items() if pattern.search(text)]


def searches(entrant: Entrant) -> list[str]:
    """What a player types to find the entrant: its name, or a partner's."""
    return [entrant.name, *(p for p in (entrant.player1, entrant.player2) if p)]


def self_checkin_answers(tournament) -> list[tuple[str, object, str]]:
    """Every answer the self check-in gives anonymous phones, entrant by entrant: the
    search, the tap that checks them in and the page after it, a second tap, another
    phone's search and tap, and the team's old check-in link opened and tapped. Each with
    what was asked and the credential the phone proved it holds by asking (none here but
    the check-in code in the team link's own address)."""
    answers = []
    for entrant in tournament.entrants.order_by("order"):
        phone, other = Client(), Client()
        for query in searches(entrant):
            answers.append((f"search {query!r}", phone.get(page(tournament), {"q": query}), ""))
        tap = {"q": entrant.name, "entrant": entrant.pk}
        answers.append(("tap", phone.post(page(tournament), tap, follow=True), ""))
        for query in searches(entrant):
            after = phone.get(page(tournament), {"q": query})
            answers.append((f"search {query!r} again", after, ""))
        answers.append(("tap again", phone.post(page(tournament), tap, follow=True), ""))
        elsewhere = other.get(page(tournament), {"q": entrant.name})
        answers.append(("another phone's search", elsewhere, ""))
        answers.append(("another phone's tap", other.post(page(tournament), tap, follow=True), ""))
    for entrant in tournament.entrants.order_by("order"):
        Entrant.objects.filter(pk=entrant.pk).update(checked_in=False)
        phone, url = Client(), team_link(entrant)
        answers.append(("team link", phone.get(url), entrant.checkin_token))
        answers.append(("team link tapped", phone.post(url, follow=True), entrant.checkin_token))
        answers.append(("team link again", Client().get(url), entrant.checkin_token))
    return answers


def test_no_answer_of_the_self_checkin_shows_a_credential(night):
    secrets = credentials(night)
    players = sum(len(e.players) for e in night.entrants.all())
    assert len(secrets) == players + 3 * night.entrants.count()  # own links, sides, PINs, codes
    shown, showing = {}, 0
    answers = self_checkin_answers(night)
    for what, answer, proved in answers:
        assert answer.status_code == 200, what
        found = leaked(answer, secrets, proved)
        showing += bool(found)
        for credential in found:
            shown.setdefault(credential, []).append(what)
    print(
        f"\n{night.game}: {len(answers)} answers, {showing} showing credentials, "
        f"{len(shown)} of {len(secrets)} credentials shown: {sorted(shown)}"
    )
    assert shown == {}
    assert night.entrants.filter(checked_in=True).count() == night.entrants.count()


def test_a_phone_that_checked_itself_in_by_name_is_told_where_its_link_is(night):
    entrant = night.entrants.order_by("order").last()
    phone = Client()
    tap = {"q": entrant.name, "entrant": entrant.pk}
    done = phone.post(page(night), tap, follow=True)
    html = done.content.decode()
    assert f"{entrant.name}: checked in: welcome! {WHERE_THE_LINK_IS}" in html
    assert "Your link for the night" not in html and "/p/" not in html
    again = phone.post(page(night), tap, follow=True).content.decode()
    assert f"{entrant.name}: already checked in. {WHERE_THE_LINK_IS}" in again
    by_code = Client().post(team_link(night.entrants.order_by("order").first()), follow=True)
    said = by_code.content.decode()
    assert "checked in: welcome!" in said and WHERE_THE_LINK_IS in said and "/p/" not in said


def test_the_printed_cards_own_link_still_checks_its_player_in(night):
    """The proof: the QR code on the player's card opens their own page, which checks them
    in with one tap (own_link/), and shows them their own page, nobody else's link."""
    link = OwnLink.objects.filter(entrant__tournament=night).order_by("entrant__order").first()
    phone = Client()
    opened = phone.get(f"/p/{link.token}/")
    assert opened.status_code == 200
    done = phone.post(f"/p/{link.token}/check-in/", follow=True)
    assert done.status_code == 200
    assert Entrant.objects.get(pk=link.entrant_id).checked_in
    secrets = {k: v for k, v in credentials(night).items() if not k.startswith("own link")}
    others = OwnLink.objects.filter(entrant__tournament=night).exclude(pk=link.pk)
    assert not [o for o in others if o.token in done.content.decode()]
    assert leaked(done, {k: v for k, v in secrets.items() if k.startswith("check-in")}) == []

"""A refused hand comes back as the form the table first showed: the players' names on the
seat buttons, the same seats offered (not the dealer who sits out), the same fields, what
was typed kept and each message by its field (issue 31, item 2)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client

from scoring.models import Hand
from tests.conftest import ONE_TABLE, make_tournament
from tests.support.helpers import enter, page_form_values, published_round, side_link, table_of

pytestmark = pytest.mark.django_db


BLOCKS = ("div", "fieldset")  # what a field is drawn in, and what it holds


class HandFields(HTMLParser):
    """One form's hand fields as a player sees them: for each field (by its input's name)
    the buttons offered with their words, what is typed or chosen, and its messages."""

    def __init__(self, html: str, action_end: str, prefix: str = ""):
        super().__init__()
        self.action_end, self.prefix = action_end, prefix
        self.fields: dict[str, dict] = {}
        self._in_form = False
        self._field: dict | None = None  # the .field being read (a group of buttons: a fieldset)
        self._depth = 0
        self._text: list[str] | None = None
        self._option: tuple[str, str] | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self._in_form = (attrs.get("action") or "").endswith(self.action_end)
            return
        if not self._in_form:
            return
        if tag in BLOCKS and self._field is not None:
            self._depth += 1
        elif tag in BLOCKS and "field" in (attrs.get("class") or "").split():
            self._field = {"buttons": {}, "value": None, "errors": [], "name": None}
            self._depth = 1
        if self._field is None:
            return
        if tag in ("input", "select", "textarea") and attrs.get("name"):
            self._field["name"] = attrs["name"]
            if attrs.get("type") == "radio":
                self._option = (attrs.get("value") or "", "checked" in attrs)
            elif attrs.get("type") == "checkbox":
                self._field["value"] = "checked" in attrs
            else:
                self._field["value"] = attrs.get("value") or ""
        elif tag == "span" and self._option is not None:
            self._text = []
        elif tag == "p" and "error" in (attrs.get("class") or "").split():
            self._text = []

    def handle_data(self, data):
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "form":
            self._in_form = False
        if self._field is None:
            return
        if tag == "span" and self._option is not None and self._text is not None:
            value, checked = self._option
            self._field["buttons"][value] = " ".join("".join(self._text).split())
            if checked:
                self._field["value"] = value
            self._option = self._text = None
        elif tag == "p" and self._text is not None:
            self._field["errors"].append(" ".join("".join(self._text).split()))
            self._text = None
        elif tag in BLOCKS:
            self._depth -= 1
            if self._depth == 0:
                name = self._field.pop("name")
                if name and name.startswith(self.prefix):
                    self.fields[name] = self._field
                self._field = None

    def shape(self) -> dict[str, dict[str, str]]:
        """What the form offers, whatever is typed: each field and its buttons' words."""
        return {name: field["buttons"] for name, field in self.fields.items()}


# For each game: a hand the table refuses, typed as a phone posts it, and the field whose
# message says why. Ascot plays with Ramsch (its four-player table: the dealer sits out of
# each deal, three Ramsch fields); Pinochle's bid is left blank.
REFUSED = {
    "columbus-6-card-kitty": (
        {},
        {"bidding_team": "1", "level": "5", "form": "no", "books": "12"},
        "direction",
    ),
    "three-legged-kitty": (
        {},
        {"cat": "2", "number": "7", "tricks": "8"},
        "contract",
    ),
    "ascot": (
        {"ramsch": True},
        {
            "declarer": "2",
            "bid": "75",
            "game": "suit",
            "contra": "on",
            "card_points": "85",
        },
        "contra",
    ),
    "cutthroat-pinochle": (
        {},
        {"bidder": "2", "trump": "hearts", "meld": "30", "counters": "25"},
        "bid",
    ),
}


# A hand 1 each game's table takes (Ascot: seat 0 deals it and sits out).
TAKEN = {
    "columbus-6-card-kitty": {"bidding_team": "0", "level": "5", "form": "plain", "books": "12"},
    "three-legged-kitty": {"cat": "0", "number": "7", "contract": "hearts", "tricks": "8"},
    "ascot": {"declarer": "2", "bid": "80", "game": "suit", "card_points": "85"},
    "cutthroat-pinochle": {
        "bidder": "0",
        "bid": "30",
        "trump": "hearts",
        "meld": "15",
        "counters": "20",
        "took_trick": "on",
    },
}


def names_of(table) -> list[str]:
    return [s.entrant.name for s in table.seats.select_related("entrant").order_by("position")]


def seated(game: str):
    options = REFUSED[game][0]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    return table_of(published_round(tournament))


@pytest.fixture(params=list(REFUSED))
def game(request) -> str:
    return request.param


def post_typed(client, url: str, page, action: str, typed: dict):
    """Send the hand as typed into the page's form: entered (`enter`), shown with its score
    by the form's own button on a phone without the script (`preview`), or as the correction
    of the waiting hand (`edit`)."""
    if action == "edit":
        hand = page.context["pending"].hand
        fields = {f"edit-{k}": v for k, v in typed.items()}
        data = {"hand": hand.pk, "version": hand.version, "edit-reason": "miscounted", **fields}
        return client.post(url + "edit/", data)
    data = {**page_form_values(page), **typed}
    if action == "preview":
        return client.post(url + "preview/", {**data, "show": "enter"})
    return client.post(url + "enter/", data)


@pytest.mark.parametrize("action", ["enter", "edit", "preview"])
def test_a_refused_hand_comes_back_as_the_first_form(game, action):
    _, typed, field = REFUSED[game]
    table = seated(game)
    client, url = Client(), side_link(table, 0)
    if action == "edit":  # the entering side corrects its hand while it waits
        assert enter(client, table, TAKEN[game], side=0).status_code == 302
    form_action, prefix = ("/edit/", "edit-") if action == "edit" else ("/enter/", "")
    first = client.get(url)
    shown = HandFields(first.content.decode(), form_action, prefix)
    assert shown.fields, first.content.decode()
    stored = list(Hand.objects.values_list("record", flat=True))

    refused = post_typed(client, url, first, action, typed)

    assert refused.status_code == 400
    assert list(Hand.objects.values_list("record", flat=True)) == stored  # nothing changed
    again = HandFields(refused.content.decode(), form_action, prefix)
    assert again.shape() == shown.shape()  # the same fields, seats and words
    if not table.round.tournament.is_partnership:  # one player a side: named on the buttons
        seats = next(
            f["buttons"]
            for name, f in shown.fields.items()
            if name.removeprefix(prefix) in ("cat", "declarer", "bidder")
        )
        assert set(seats.values()) <= set(names_of(table)), seats
    for name, value in typed.items():  # what was typed is kept
        kept = again.fields[prefix + name]["value"]
        assert kept == (True if value == "on" else value), (name, kept)
    assert again.fields[prefix + field]["errors"], again.fields  # the message by its field
    assert all(not f["errors"] for name, f in again.fields.items() if name != prefix + field)


def test_without_the_script_the_form_shows_the_score_beside_the_enter_button(game):
    table = seated(game)
    client, url = Client(), side_link(table, 0)
    first = client.get(url)
    shown = HandFields(first.content.decode(), "/enter/")
    assert 'name="show" value="enter"' in first.content.decode()  # the form's own button

    previewed = post_typed(client, url, first, "preview", TAKEN[game])

    assert previewed.status_code == 200
    assert not Hand.objects.exists()
    html = previewed.content.decode()
    again = HandFields(html, "/enter/")
    assert again.shape() == shown.shape()
    for name, value in TAKEN[game].items():
        assert again.fields[name]["value"] == (True if value == "on" else value), name
    bar = html[html.index('<div class="enter-bar">') :]
    preview = bar[: bar.index("</p>")]
    assert "Scores as: " in preview and preview.split("Scores as: ")[1].strip(), preview
    assert "Enter hand 1" in bar[: bar.index("</div>")]
    # Entered as previewed, it scores as previewed.
    assert post_typed(client, url, client.get(url), "enter", TAKEN[game]).status_code == 302
    assert preview.split("Scores as: ", 1)[1] in client.get(url).content.decode()


def test_ascot_offers_the_same_seats_after_a_refusal_as_before():
    """At four, hand 1's dealer sits out: not offered as declarer, no Ramsch field."""
    tournament = make_tournament("ascot", entrants=4, published=True, options={"ramsch": True})
    table = table_of(published_round(tournament))
    ruleset = tournament.ruleset
    out = ruleset.sits_out(1, 4)
    names = names_of(table)
    client, url = Client(), side_link(table, 0)
    first = client.get(url)
    typed = {"passed_out": "on", **{f"ramsch_{s}": "50" for s in range(4) if s != out}}
    refused = client.post(url + "enter/", {**page_form_values(first), **typed})

    assert refused.status_code == 400
    form = HandFields(refused.content.decode(), "/enter/")
    players = [seat for seat in range(4) if seat != out]
    assert form.fields["declarer"]["buttons"] == {str(s): names[s] for s in players}
    assert sorted(n for n in form.fields if n.startswith("ramsch_")) == [
        f"ramsch_{s}" for s in players
    ]
    for seat in players:  # what was typed is kept
        assert form.fields[f"ramsch_{seat}"]["value"] == "50"
    assert "more than the 120 in the deck" in refused.content.decode()  # said at the top

"""The table page builds each of its sections once a request, in each of the four games:
one sheet and one list of rulings, whatever the page shows of them (the sheet, the
rulings under it, the signed sheet's check code), and each hand's facts scored once,
the history's words of a corrected hand through the same memo as the sheet's rows."""

import sys
from collections import Counter

import pytest
from django.test import Client

from scoring import entry, sheet_view
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    CORRECTED,
    FINISHING,
    accepted_hands,
    as_record,
    published_round,
    side_link,
    sign_every_side,
    table_of,
)
from tests.support.printed_nights import director_actor

pytestmark = pytest.mark.django_db


def corrected_after_signing(game: str):
    """A table played out and signed, reopened, hand 1 corrected and signed again: a final
    sheet (its check code on the page) whose history words a hand's facts before and
    after."""
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    table = table_of(published_round(tournament))
    first = accepted_hands(table, hands)[0]
    sign_every_side(table)
    director = director_actor()
    entry.reopen(table, actor=director, reason="hand 1 was miscounted")
    first.refresh_from_db()
    record = as_record(table, CORRECTED[game])
    entry.edit_hand(table, first.pk, record, actor=director, version=first.version, reason="again")
    sign_every_side(table)
    return table


def calls_to(monkeypatch, function) -> list:
    """Every call of `function` from here on, under whichever module's name it is called."""
    calls = []

    def counting(*args, **kwargs):
        calls.append(args)
        return function(*args, **kwargs)

    name = function.__name__
    for module_name, module in list(sys.modules.items()):
        ours = module_name.split(".")[0] in ("scoring", "documents", "tables")
        if ours and vars(module).get(name) is function:
            monkeypatch.setattr(module, name, counting)
    return calls


def hands_scored(monkeypatch, ruleset) -> Counter:
    """Each hand's facts the game scores, with the hand's number: how often."""
    scored = Counter()
    score_hand = type(ruleset).score_hand

    def counting(self, record, size, options, rulings, number=None, *args, **kwargs):
        scored[repr(record), number] += 1
        return score_hand(self, record, size, options, rulings, number, *args, **kwargs)

    monkeypatch.setattr(type(ruleset), "score_hand", counting)
    return scored


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("who", ["side", "director"])
def test_one_page_builds_its_sheet_and_rulings_once(game, who, director_client, monkeypatch):
    table = corrected_after_signing(game)
    if who == "side":
        client, url = Client(), side_link(table, 0)
    else:
        client, url = director_client, f"/t/{table.round.tournament.slug}/round/1/table/1/"
    assert client.get(url).status_code == 200  # drawn once: every module it calls is loaded
    sheets = calls_to(monkeypatch, sheet_view.build_sheet)
    lines = calls_to(monkeypatch, sheet_view.ruling_lines)
    scored = hands_scored(monkeypatch, table.round.tournament.ruleset)

    page = client.get(url)

    assert page.status_code == 200
    assert page.context["check"] is not None  # the signed sheet's code, from the same sheet
    assert "was: " in page.content.decode()  # the correction, in words
    assert (len(sheets), len(lines)) == (1, 1)
    assert scored, "the history's words are the game's own"
    assert {facts: n for facts, n in scored.items() if n > 1} == {}  # none scored twice

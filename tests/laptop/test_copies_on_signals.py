"""A write never calls the laptop: a round published and a sheet signed say so through
plumbing.signals once stored, and the laptop, listening (laptop/apps.py), asks for one copy
each; a write rolled back says nothing and asks for none."""

import pytest
from django.db import transaction
from django.test import Client

from draw.rounds import draw_next_round, publish
from laptop import backups
from plumbing import signals
from scoring import entry
from scoring.writes import Actor
from tests.conftest import ONE_TABLE, make_tournament
from tests.support.helpers import FINISHING, published_round, side_link, table_of
from tests.tables.test_sheet_check import play

pytestmark = pytest.mark.django_db(transaction=True)

GAME = "columbus-6-card-kitty"


class RolledBack(Exception):
    """Raised inside a write's transaction, which is then not stored."""


@pytest.fixture
def asked(monkeypatch):
    """The copies asked for, as the copier is asked (copies kept, none written)."""
    asked = []
    monkeypatch.setattr(backups, "enabled", lambda: True)
    monkeypatch.setattr(backups, "copier", lambda: type("C", (), {"ask": asked.append})())
    return asked


@pytest.fixture
def sent():
    """Each signal as sent: its name and what it names."""
    sent = []

    def heard(signal, **named):
        sent.append((signal, named))

    receivers = {
        signals.round_published: lambda sender, round, **_: heard("round", round=round.pk),
        signals.sheet_signed: lambda sender, table, **_: heard("sheet", table=table.pk),
    }
    for signal, receiver in receivers.items():
        signal.connect(receiver, weak=False)
    yield sent
    for signal, receiver in receivers.items():
        signal.disconnect(receiver)


def night():
    options, _ = FINISHING[GAME]
    return make_tournament(GAME, entrants=ONE_TABLE[GAME], published=True, options=options)


def sign(table, side: int) -> None:
    """One side signs, as its phone does."""
    name = table.seats.get(position=side).entrant.players[0]
    posted = Client().post(side_link(table, side) + "sign/", {"player": name, "typed": name})
    assert posted.status_code == 302


def test_a_publish_and_a_signature_each_ask_for_one_copy_through_their_signal(asked, sent):
    round_ = published_round(night())
    assert sent == [("round", {"round": round_.pk})]
    assert asked == ["round published"]
    table = table_of(round_)
    play(table)
    sign(table, 0)
    assert asked == ["round published"]  # the sheet is not final yet
    sign(table, 1)
    assert sent[1:] == [("sheet", {"table": table.pk})]
    assert asked == ["round published", "sheet signed"]
    sign(table, 1)  # a double tap stores nothing: it says nothing
    assert asked == ["round published", "sheet signed"]


def test_the_copies_are_asked_for_by_the_laptop_listening_and_by_nothing_else(asked):
    signals.round_published.disconnect(dispatch_uid="laptop.round_published")
    signals.sheet_signed.disconnect(dispatch_uid="laptop.sheet_signed")
    try:
        table = table_of(published_round(night()))
        play(table)
        sign(table, 0)
        sign(table, 1)
    finally:
        signals.round_published.connect(
            backups.round_published, dispatch_uid="laptop.round_published"
        )
        signals.sheet_signed.connect(backups.sheet_signed, dispatch_uid="laptop.sheet_signed")
    assert asked == []


def test_a_publish_rolled_back_asks_for_no_copy(asked, sent):
    round_ = draw_next_round(night(), seed=1)
    with pytest.raises(RolledBack), transaction.atomic():
        publish(round_)
        raise RolledBack
    assert sent == [] and asked == []
    round_.refresh_from_db()
    assert round_.status == round_.Status.DRAFT


def test_a_signature_rolled_back_asks_for_no_copy(asked, sent):
    table = table_of(published_round(night()))
    play(table)
    sign(table, 0)
    del sent[:], asked[:]
    last = table.seats.get(position=1).entrant.players[0]
    with pytest.raises(RolledBack), transaction.atomic():
        entry.sign(table, side=1, player=last, typed=last, actor=Actor(side=1))
        raise RolledBack
    assert sent == [] and asked == []
    assert table.signatures.count() == 1

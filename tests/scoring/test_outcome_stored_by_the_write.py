"""Every write at a table stores the table's outcome itself (scoring.writes): a reopened
sheet, a ruling and its withdrawal leave the stored outcome right with the signals that
drop it disconnected (they are kept for edits made outside the app: the admin, a
script), and with them connected no write drops the row to have it scored again."""

import pytest
from django.db import connection
from django.db.models.signals import post_delete, post_save
from django.test.utils import CaptureQueriesContext

from scoring import entry, outcomes, rulings
from scoring.models import Hand, Ruling, Signature, TableOutcome
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    FINISHING,
    SIMPLE_HAND,
    accepted_hands,
    published_round,
    sign_every_side,
    table_of,
)

pytestmark = pytest.mark.django_db
FACTS = (Hand, Ruling, Signature)


@pytest.fixture
def no_signals():
    """The safety net off: only the writes themselves keep the stored outcome."""
    for model in FACTS:
        for signal in (post_save, post_delete):
            assert signal.disconnect(outcomes._facts_changed, sender=model)
    yield
    for model in FACTS:
        for signal in (post_save, post_delete):
            signal.connect(outcomes._facts_changed, sender=model)


def signed_table(game: str):
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    table = table_of(published_round(tournament))
    accepted_hands(table, hands)
    sign_every_side(table)
    return table


def stored_right(table) -> TableOutcome:
    assert outcomes.verify(table.round.tournament) == []
    return TableOutcome.objects.get(table=table)


def reopen_rule_withdraw(table, director) -> None:
    """Reopen the signed sheet, rule a misdeal on its first hand and on the hand not dealt
    yet, and withdraw both: after each, the outcome stored is the one the facts give."""
    td = entry.Actor(user=director, label="Director td")
    assert stored_right(table).final
    entry.reopen(table, actor=td, reason="a miscount")
    assert not stored_right(table).final
    first = Hand.objects.get(table=table, number=1, attempt=1)
    misdeal = rulings.Proposal(code="misdeal", hand=str(first.pk), offender=0, note="7 cards")
    on_first = rulings.record(table, misdeal, actor=td)
    voided = stored_right(table).data
    rulings.withdraw(table, on_first.pk, actor=td, reason="wrong table")
    assert stored_right(table).data != voided
    if entry.next_slot(entry.table_result(table)) is None:
        return  # the round is over: no hand is due to rule on
    misdeal = rulings.Proposal(code="misdeal", hand=rulings.NEXT_HAND, offender=0, note="")
    on_next = rulings.record(table, misdeal, actor=td)
    stored_right(table)
    rulings.withdraw(table, on_next.pk, actor=td, reason="dealt right after all")
    assert not Hand.objects.filter(pk=on_next.hand_id).exists()  # it stood for the ruling
    stored_right(table)


@pytest.mark.parametrize("game", GAMES)
def test_reopening_and_ruling_keep_the_stored_outcome_without_the_signals(
    game, director, no_signals
):
    reopen_rule_withdraw(signed_table(game), director)


@pytest.mark.parametrize("game", GAMES)
def test_a_ruling_on_the_hand_not_dealt_yet_and_its_withdrawal_keep_it_without_the_signals(
    game, director, no_signals
):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    table = table_of(published_round(tournament))
    accepted_hands(table, [SIMPLE_HAND[game]])
    td = entry.Actor(user=director, label="Director td")
    misdeal = rulings.Proposal(code="misdeal", hand=rulings.NEXT_HAND, offender=0, note="")
    ruling = rulings.record(table, misdeal, actor=td)
    stored_right(table)
    rulings.withdraw(table, ruling.pk, actor=td, reason="dealt right after all")
    assert not Hand.objects.filter(pk=ruling.hand_id).exists()  # it stood for the ruling
    stored_right(table)


@pytest.mark.parametrize("game", GAMES)
def test_no_write_drops_the_stored_outcome_to_have_it_scored_again(game, director):
    table = signed_table(game)
    with CaptureQueriesContext(connection) as queries:
        reopen_rule_withdraw(table, director)
    dropped = [
        q["sql"] for q in queries if q["sql"].startswith('DELETE FROM "scoring_tableoutcome"')
    ]
    assert dropped == []


def test_a_team_leaving_and_coming_back_keeps_every_table_s_outcome_without_the_signals(
    director, no_signals
):
    """6 Card Kitty's rule 41: the forfeits at the team's later tables are writes there."""
    tournament = make_tournament(entrants=4, published=True)
    first = published_round(tournament)
    for table in first.tables.all():
        accepted_hands(table, [SIMPLE_HAND["columbus-6-card-kitty"]] * 4)
    published_round(tournament, seed=2)
    table = first.tables.get(number=1)
    td = entry.Actor(user=director, label="Director td")
    code = next(i.code for i in tournament.ruleset.infractions if i.later_rounds)
    left = rulings.record(
        table, rulings.Proposal(code=code, offender=0, note="went home"), actor=td
    )
    forfeits = Ruling.objects.filter(caused_by=left)
    later = [ruling.table for ruling in forfeits]
    assert later
    for each in [table, *later]:
        stored_right(each)
    rulings.withdraw(table, left.pk, actor=td, reason="came back")
    assert not forfeits.filter(withdrawn_at=None).exists()
    for each in [table, *later]:
        stored_right(each)

"""A call to the director is what happened at the table: kept in its history through the
one write path, open until the director answers it, for each of the four games."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from backup.exporting import export_tournament
from backup.importing import import_tournament
from scoring import calls, entry
from scoring.history import Action
from scoring.models import Change
from scoring.writes import EntryError
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import published_round, table_of

pytestmark = pytest.mark.django_db

OFFERED = {
    "columbus-6-card-kitty": ("ruling", "renege", "misdeal", "other"),
    "three-legged-kitty": ("ruling", "renege", "misdeal", "other"),
    "ascot": ("ruling", "renege", "misdeal", "other"),
    "cutthroat-pinochle": ("ruling", "renege", "misdeal", "other"),
}


def history(table) -> list[tuple[str, str]]:
    return list(Change.objects.filter(table=table).values_list("action", "reason"))


def test_a_call_is_open_until_answered_and_a_second_call_changes_nothing(table, director):
    td = entry.Actor(user=director, label="Director td")
    assert calls.open_call(Change.objects.filter(table=table)) is None
    assert calls.call(table, actor=entry.Actor(side=1), reason="misdeal")
    called = calls.open_call(Change.objects.filter(table=table))
    assert called is not None and called.reason == "A misdeal" and called.table_id == table.pk
    assert called.who.endswith(" (own link)")
    assert not calls.call(table, actor=entry.Actor(side=0), reason="ruling")
    assert history(table) == [("called the director", "A misdeal")]
    calls.answer(table, actor=td)
    assert calls.open_call(Change.objects.filter(table=table)) is None
    with pytest.raises(EntryError, match="No call to the director is open") as refused:
        calls.answer(table, actor=td)
    assert refused.value.status == 409
    assert calls.call(table, actor=entry.Actor(side=0))  # a new call, with no reason
    assert history(table) == [
        ("called the director", "A misdeal"),
        ("answered the call", ""),
        ("called the director", ""),
    ]


def test_each_reason_the_game_offers_is_kept_in_its_words(table):
    ruleset = table.round.tournament.ruleset
    assert tuple(key for key, _ in ruleset.call_reasons) == OFFERED[ruleset.slug]
    for key, said in ruleset.call_reasons:
        assert calls.reason_words(ruleset, key) == said
    assert calls.reason_words(ruleset, "") == ""
    with pytest.raises(EntryError) as refused:
        calls.call(table, actor=entry.Actor(side=0), reason="bribery")
    assert refused.value.errors == {"reason": "Choose a reason from the list, or none."}
    assert history(table) == []


def test_only_a_side_calls_and_only_a_director_answers(table, director):
    with pytest.raises(EntryError) as refused:
        calls.call(table, actor=entry.Actor(user=director), reason="ruling")
    assert refused.value.status == 403
    assert calls.call(table, actor=entry.Actor(side=0))
    with pytest.raises(EntryError) as refused:
        calls.answer(table, actor=entry.Actor(side=1))
    assert refused.value.status == 403
    assert len(history(table)) == 1


def test_a_call_counts_for_nothing_in_the_standings(table):
    """No hand, no outcome: calling changes nothing the standings read (and the check after
    every test finds each stored outcome as the facts give it)."""
    with CaptureQueriesContext(connection) as done:
        calls.call(table, actor=entry.Actor(side=0), reason="ruling")
    assert not [q for q in done.captured_queries if "tableoutcome" in q["sql"].lower()]


def test_the_round_s_open_calls_from_its_tables_histories(director):
    tournament = make_tournament("ascot", entrants=3 * ONE_TABLE["ascot"], published=True)
    round_ = published_round(tournament)
    first, second, third = round_.tables.order_by("number")
    td = entry.Actor(user=director, label="Director td")
    calls.call(first, actor=entry.Actor(side=0), reason="renege")
    calls.call(second, actor=entry.Actor(side=2), reason="ruling")
    calls.answer(second, actor=td)
    calls.call(third, actor=entry.Actor(side=3))
    found = calls.open_calls(Change.objects.filter(table__round=round_))
    assert {t: c.reason for t, c in found.items()} == {first.pk: "A revoke claim", third.pk: ""}


@pytest.mark.parametrize("game", GAMES)
def test_a_backup_carries_the_calls(game, director):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    table = table_of(published_round(tournament))
    calls.call(table, actor=entry.Actor(side=1), reason="misdeal")
    saved = export_tournament(tournament)
    tournament.delete()
    restored = import_tournament(saved)
    changes = Change.objects.filter(table__round__tournament=restored)
    assert [Action.of(c.action) for c in changes] == [Action.CALLED]
    assert calls.open_call(changes).reason == "A misdeal"
